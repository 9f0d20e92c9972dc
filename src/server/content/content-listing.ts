/**
 * What the content folder holds, found without reading a file: the files kept in memory, the
 * folders around them, and each article folder's block files with a signature of their change
 * times and sizes. The signature lets a watcher see an edit inside one of 20,000 article folders
 * by asking stat, without a file system watcher per folder.
 */
import type { Dirent, Stats } from 'node:fs';
import { statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { INSIGHTS_CONTENT_FOLDER } from '#app/insights/model.ts';

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

/** Article folders listed at once: enough to keep the disk busy, few enough to keep the listing's memory small. */
const LISTING_CONCURRENCY = 8;
/** Stats per turn of the event loop while checking article folders: a few milliseconds, then requests are answered again. */
const CHECK_BATCH = 500;

const stamp = (stats: Pick<Stats, 'mtimeMs' | 'size'>) => stats.mtimeMs + stats.size;
const relativeTo = (folder: string, name: string) => (folder === '' ? name : `${folder}/${name}`);
const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function listArticle(contentDir: string, folder: string): Promise<ArticleListing | undefined> {
  const full = path.join(contentDir, folder);
  try {
    const [entries, folderStats] = await Promise.all([readdir(full, { withFileTypes: true }), stat(full)]);
    const blocks = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.json')).map((entry) => entry.name.slice(0, -'.json'.length)).sort();
    const files = await Promise.all(blocks.map((block) => stat(path.join(full, `${block}.json`))));
    let modifiedMs = 0;
    let signature = stamp(folderStats);
    for (const file of files) {
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

/** Lists the content folder: one folder's entries at a time, so 20,000 article folders never make one long array of entries. */
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
  articleFolders.sort();
  let next = 0;
  const worker = async () => {
    while (next < articleFolders.length) {
      const folder = articleFolders[next++]!;
      const listing = await listArticle(contentDir, folder);
      if (listing) articles.set(folder, listing);
    }
  };
  await Promise.all(Array.from({ length: LISTING_CONCURRENCY }, worker));
  return { resident: resident.sort(), folders: folders.sort(), articles };
}

/** The signature an article folder has on disk now; NaN when it is gone. */
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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The first article folder whose files differ on disk from its listing (edited, added or
 * removed inside it, or the folder gone), or undefined. Stats run synchronously in short
 * batches, cheaper than one callback each, with the event loop free between batches.
 */
export async function changedArticle(contentDir: string, articles: Iterable<[string, { blocks: readonly string[]; signature: number }]>, shouldStop: () => boolean = () => false): Promise<string | undefined> {
  let stats = 0;
  for (const [folder, { blocks, signature }] of articles) {
    if (signatureNow(contentDir, folder, blocks) !== signature) return folder;
    stats += 1 + blocks.length;
    if (stats >= CHECK_BATCH) {
      stats = 0;
      await nextTurn();
      if (shouldStop()) return undefined;
    }
  }
  return undefined;
}
