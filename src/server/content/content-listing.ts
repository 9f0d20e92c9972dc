/**
 * What the content folder holds, found without reading a file: the files kept in memory, the
 * folders around them, and each article folder's block files with a signature of their change
 * times and sizes. The signature lets a watcher see an edit inside one of 20,000 article folders
 * by asking stat, without a file system watcher per folder.
 */
import type { Dirent, Stats } from 'node:fs';
import { readdirSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { INSIGHTS_CONTENT_FOLDER } from '#app/insights/model.ts';
import { forEachInSlices } from './time-slices.ts';

/** en/homepage/insights/{slug}: an article's folder, read on demand. */
const ARTICLE_FOLDER = new RegExp(`^[a-z]{2}/${INSIGHTS_CONTENT_FOLDER.replaceAll('/', '\\/')}/[^/]+$`);
export const isArticleFolder = (folder: string) => ARTICLE_FOLDER.test(folder);

/** An article folder as listed on disk: its block files, sorted, and what stat said of them. */
export interface ArticleListing {
  blocks: string[];
  /** Its newest file's change, in whole milliseconds. */
  modifiedMs: number;
  /** The folder's and its files' change times and sizes, summed: an edit, an added or a removed file changes it. */
  signature: number;
}

export interface ContentListing {
  /** Paths of the files kept in memory, below the content folder, sorted. */
  resident: string[];
  /** Every folder except the article folders, '' for the content folder itself, sorted. */
  folders: string[];
  /** By folder, e.g. en/homepage/insights/bigquery-cost-control. */
  articles: Map<string, ArticleListing>;
}

const stamp = (stats: Pick<Stats, 'mtimeMs' | 'size'>) => stats.mtimeMs + stats.size;
const relativeTo = (folder: string, name: string) => (folder === '' ? name : `${folder}/${name}`);
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

function listArticle(contentDir: string, folder: string): ArticleListing | undefined {
  const full = path.join(contentDir, folder);
  try {
    const folderStats = statSync(full);
    const blocks = readdirSync(full, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
      .map((entry) => entry.name.slice(0, -'.json'.length))
      .sort();
    let modifiedMs = 0;
    let signature = stamp(folderStats);
    for (const block of blocks) {
      const file = statSync(path.join(full, `${block}.json`));
      modifiedMs = Math.max(modifiedMs, Math.floor(file.mtimeMs));
      signature += stamp(file);
    }
    return { blocks, modifiedMs, signature };
  } catch (error) {
    // Removed while it was being listed: the watcher sees the removal and lists again.
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Lists the content folder: the few resident folders one by one, the article folders in slices of synchronous calls. */
export async function listContent(contentDir: string): Promise<ContentListing> {
  const resident: string[] = [];
  const folders: string[] = [];
  const articleFolders: string[] = [];
  const pending = [''];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    folders.push(folder);
    const entries: Dirent[] = await readdir(path.join(contentDir, folder), { withFileTypes: true });
    for (const entry of entries) {
      const relative = relativeTo(folder, entry.name);
      if (entry.isDirectory()) (isArticleFolder(relative) ? articleFolders : pending).push(relative);
      else if (entry.isFile() && entry.name.endsWith('.json')) resident.push(relative);
    }
  }
  const articles = new Map<string, ArticleListing>();
  await forEachInSlices(articleFolders.sort(), (folder) => {
    const listing = listArticle(contentDir, folder);
    if (listing) articles.set(folder, listing);
  });
  return { resident: resident.sort(), folders: folders.sort(), articles };
}

/** The signature an article folder has on disk now; NaN when it or one of its files is gone. */
function signatureNow(contentDir: string, folder: string, blocks: readonly string[]): number {
  const full = path.join(contentDir, folder);
  const folderStats = statSync(full, { throwIfNoEntry: false });
  if (!folderStats) return Number.NaN;
  let signature = stamp(folderStats);
  for (const block of blocks) {
    const file = statSync(path.join(full, `${block}.json`), { throwIfNoEntry: false });
    if (!file) return Number.NaN;
    signature += stamp(file);
  }
  return signature;
}

/** What a check of the article folders found: the first folder that changed, if any, and the time the check kept the event loop busy. */
export interface ArticleCheck {
  changed: string | undefined;
  busyMs: number;
}

/**
 * The first article folder whose files differ on disk from its listing (edited, added or
 * removed inside it, or the folder gone), or undefined; stop() ends the check early.
 */
export async function changedArticle(
  contentDir: string,
  articles: Iterable<[string, { blocks: readonly string[]; signature: number }]>,
  stop: () => boolean = () => false,
): Promise<ArticleCheck> {
  let changed: string | undefined;
  const { busyMs } = await forEachInSlices(
    articles,
    ([folder, { blocks, signature }]) => {
      if (changed === undefined && signatureNow(contentDir, folder, blocks) !== signature) changed = folder;
    },
    () => changed !== undefined || stop(),
  );
  return { changed, busyMs };
}
