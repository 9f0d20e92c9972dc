/**
 * The content JSON, read at start, with each file's bytes and ETag ready to serve, and a page
 * bundle (every block of a folder) per content folder. Most content is a few hundred small
 * files and stays in memory. Insights articles are many and grow with the years (10,000 a
 * language must fit a heap of 96 MB): their folders are listed at start, their files are read
 * from disk when a page or the browser asks, through a cache bounded in bytes.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ArticleCheck, changedArticle, isArticleFolder, listContent } from './content-listing.ts';
import { type ContentSettings, SETTING_PATTERN } from './content-settings.ts';
import { forEachInSlices } from './time-slices.ts';

export interface StoredFile {
  /** The parsed JSON, frozen: shared by every request. */
  value: unknown;
  body: Buffer;
  etag: string;
  /** When the file last changed on disk; for a page bundle, its newest file. The sitemap's lastmod reads it. */
  modifiedMs: number;
}

export interface ContentStore {
  /** A file kept in memory by its path below the content folder, e.g. en/navigation.json; an article's files are not (see read). */
  get(relativePath: string): StoredFile | undefined;
  /** Every block of a folder kept in memory, e.g. en/homepage/services, as one document; an article's folder is not (see readPage). */
  page(relativeFolder: string): StoredFile | undefined;
  /** Any file: from memory, or an article's from disk through the bounded cache. */
  read(relativePath: string, options?: ReadOptions): Promise<StoredFile | undefined>;
  /** Any folder's blocks as one document: from memory, or an article's from disk through the bounded cache. */
  readPage(relativeFolder: string, options?: ReadOptions): Promise<StoredFile | undefined>;
  /**
   * An article file's parsed JSON (settings filled in), read synchronously, past the cache and
   * without an ETag; undefined for no such file. For the pass over every article that builds an
   * index: it reads a few articles between two turns of the event loop, so its pace does not
   * depend on how many requests wait in each turn (an awaited read per file would).
   */
  readValueNow(relativePath: string): unknown;
  /** Paths of every file whose path starts with prefix, sorted. */
  paths(prefix: string): string[];
  /** The article folders of a language, e.g. en/homepage/insights/bigquery-cost-control, sorted. */
  articleFolders(language: string): readonly string[];
  /** When an article folder's newest file changed, as listed at the last load; 0 for no such folder. */
  articleModifiedMs(folder: string): number;
  /** Every folder except the article folders, as listed at the last load; '' is the content folder itself. */
  residentFolders(): readonly string[];
  /**
   * An article folder whose files differ on disk from the last load (a file edited, added or
   * removed inside it, or the folder gone), if any: a stat per folder and per file, in short
   * slices. stop() is asked between slices and ends the check early.
   */
  changedArticle(stop?: () => boolean): Promise<ArticleCheck>;
  readonly fileCount: number;
  /** Counts the loads: a new number after each reload, so work derived from content knows when to redo itself. */
  readonly generation: number;
  /** Reads the content folder again; on failure the content stays as it was. */
  reload(): Promise<void>;
}

export interface ReadOptions {
  /** false: read for a pass over every article (building an index), which would only flush what visitors asked for. */
  cache?: boolean;
}

export interface ContentStoreOptions {
  /** Filled into {{name}} in content, from the server's configuration. */
  settings?: ContentSettings;
  /** Bytes of article files and bundles kept after reading, least recently used out first. */
  cacheBytes?: number;
}

/** Enough for the articles visitors read most, a few hundred at a time. */
const DEFAULT_CACHE_BYTES = 8 * 1024 * 1024;
/** A parsed document takes a few times its JSON's bytes in the heap; the cache counts that, not just the text. */
const PARSED_OVERHEAD = 3;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function stored(value: unknown, body: Buffer, modifiedMs: number): StoredFile {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { value: deepFreeze(value), body, etag, modifiedMs };
}

export class ContentLoadError extends Error {
  override name = 'ContentLoadError';
}

export { isArticleFolder };

/** What is known of an article's folder without reading it: its block files and when it last changed. */
interface ArticleEntry {
  /** Block names, shared between folders with the same files, so 10,000 folders hold few arrays. */
  blocks: readonly string[];
  modifiedMs: number;
  /** The folder's and its files' change times and sizes, summed: any edit, added or removed file changes it (see changedArticle). */
  signature: number;
}

interface ContentSnapshot {
  files: Map<string, StoredFile>;
  pages: Map<string, StoredFile>;
  articles: Map<string, ArticleEntry>;
  /** The sorted article folders of each language. */
  articlesOf: Map<string, string[]>;
  /** Each language's {{name}} values, worked out once from its own content files. */
  settingValues: (language: string) => Readonly<Record<string, string>>;
  folders: readonly string[];
}

/** Fills {{name}} in every string of value; a name without a value fails the load. */
function fillSettings(value: unknown, values: Readonly<Record<string, string>>, relative: string): unknown {
  if (typeof value === 'string') {
    return value.replace(SETTING_PATTERN, (_, name: string) => {
      const filled = values[name];
      if (filled === undefined)
        throw new ContentLoadError(`content/${relative} names {{${name}}}, which the server does not know`);
      return filled;
    });
  }
  if (Array.isArray(value)) return value.map((item) => fillSettings(item, values, relative));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, fillSettings(child, values, relative)]),
    );
  return value;
}

/** A file's JSON; a broken file fails the load, naming it. */
function parseJson(relative: string, body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new ContentLoadError(`content/${relative} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Parses one file's bytes and fills the settings in. */
function parseValue(
  relative: string,
  body: Buffer,
  settings: ContentSettings | undefined,
  values: (language: string) => Readonly<Record<string, string>>,
): unknown {
  const value = parseJson(relative, body);
  return settings && body.includes('{{') ? fillSettings(value, values(relative.split('/')[0]!), relative) : value;
}

/** Parses one file's bytes, fills the settings in, and keeps it ready to serve. */
function parseFile(
  relative: string,
  body: Buffer,
  modifiedMs: number,
  settings: ContentSettings | undefined,
  values: (language: string) => Readonly<Record<string, string>>,
): StoredFile {
  const value = parseValue(relative, body, settings, values);
  // Filled-in settings change the bytes served.
  return stored(value, settings && body.includes('{{') ? Buffer.from(JSON.stringify(value)) : body, modifiedMs);
}

function bundle(blocks: Record<string, unknown>, modifiedMs: number): StoredFile {
  return stored(blocks, Buffer.from(JSON.stringify(blocks)), modifiedMs);
}

/** The files kept in memory, parsed as they are on disk. */
async function readResident(
  contentDir: string,
  relativePaths: readonly string[],
): Promise<Map<string, { value: unknown; body: Buffer; modifiedMs: number }>> {
  const parsed = new Map<string, { value: unknown; body: Buffer; modifiedMs: number }>();
  await forEachInSlices(relativePaths, (relative) => {
    const full = path.join(contentDir, relative);
    const body = readFileSync(full);
    parsed.set(relative, { value: parseJson(relative, body), body, modifiedMs: Math.floor(statSync(full).mtimeMs) });
  });
  return parsed;
}

async function readContent(contentDir: string, settings: ContentSettings | undefined): Promise<ContentSnapshot> {
  const listing = await listContent(contentDir);
  // Read in a function of its own: a closure here would keep the raw files alive as long as the snapshot's settingValues.
  const parsed = await readResident(contentDir, listing.resident);
  const articles = new Map<string, ArticleEntry>();
  const sharedBlocks = new Map<string, readonly string[]>();
  for (const [folder, { blocks, modifiedMs, signature }] of listing.articles) {
    const key = blocks.join('/');
    const shared = sharedBlocks.get(key) ?? Object.freeze([...blocks]);
    sharedBlocks.set(key, shared);
    articles.set(folder, { blocks: shared, modifiedMs, signature });
  }

  const files = new Map<string, StoredFile>();
  // While the files are filled in, a setting reads the raw files; afterwards (an article read later) the kept ones.
  let raw: typeof parsed | undefined = parsed;
  const valuesOf = new Map<string, Readonly<Record<string, string>>>();
  const settingValues = (language: string) => {
    const known = valuesOf.get(language);
    if (known || !settings) return known ?? {};
    const values = settings(language, (file) => (raw ?? files).get(`${language}/${file}`)?.value);
    valuesOf.set(language, values);
    return values;
  };

  const folders = new Map<string, { blocks: Record<string, unknown>; modifiedMs: number }>();
  for (const [relative, file] of parsed) {
    const kept = parseFile(relative, file.body, file.modifiedMs, settings, settingValues);
    files.set(relative, kept);
    const folder = path.posix.dirname(relative);
    const page = folders.get(folder) ?? { blocks: {}, modifiedMs: 0 };
    page.blocks[path.posix.basename(relative, '.json')] = kept.value;
    page.modifiedMs = Math.max(page.modifiedMs, file.modifiedMs);
    folders.set(folder, page);
  }
  raw = undefined;
  const pages = new Map<string, StoredFile>();
  for (const [folder, { blocks, modifiedMs }] of folders) pages.set(folder, bundle(blocks, modifiedMs));
  const articlesOf = new Map<string, string[]>();
  for (const folder of articles.keys()) {
    const language = folder.split('/')[0]!;
    const ofLanguage = articlesOf.get(language) ?? [];
    ofLanguage.push(folder);
    articlesOf.set(language, ofLanguage);
  }
  return { files, pages, articles, articlesOf, settingValues, folders: Object.freeze(listing.folders) };
}

/** A cache of article files and bundles bounded in (estimated heap) bytes, least recently used out first. */
function createArticleCache(maxBytes: number) {
  const entries = new Map<string, StoredFile>();
  let bytes = 0;
  const weight = (file: StoredFile) => file.body.length * (1 + PARSED_OVERHEAD);
  return {
    get(key: string): StoredFile | undefined {
      const file = entries.get(key);
      if (file) {
        entries.delete(key);
        entries.set(key, file);
      }
      return file;
    },
    put(key: string, file: StoredFile): void {
      if (weight(file) > maxBytes) return;
      const previous = entries.get(key);
      if (previous) bytes -= weight(previous);
      entries.delete(key);
      entries.set(key, file);
      bytes += weight(file);
      for (const [oldest, evicted] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= weight(evicted);
      }
    },
    clear(): void {
      entries.clear();
      bytes = 0;
    },
  };
}

/** Reads the content folder; with settings, {{name}} in content is filled with the server's values. */
export async function loadContentStore(contentDir: string, options: ContentStoreOptions = {}): Promise<ContentStore> {
  const { settings, cacheBytes = DEFAULT_CACHE_BYTES } = options;
  let current = await readContent(contentDir, settings);
  let generation = 1;
  const cache = createArticleCache(cacheBytes);
  /** Reads of the same file at once share one read. */
  const reading = new Map<string, Promise<StoredFile | undefined>>();

  async function readArticleFile(relative: string, snapshot: ContentSnapshot): Promise<StoredFile | undefined> {
    const entry = snapshot.articles.get(path.posix.dirname(relative));
    if (!entry?.blocks.includes(path.posix.basename(relative, '.json'))) return undefined;
    let body: Buffer;
    try {
      body = await readFile(path.join(contentDir, relative));
    } catch (error) {
      // Removed since the folder was listed: gone until the next reload says otherwise.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    // The folder's newest change, as listed: one read per file, no second call to the file system.
    return parseFile(relative, body, entry.modifiedMs, settings, snapshot.settingValues);
  }

  async function readArticlePage(folder: string, snapshot: ContentSnapshot): Promise<StoredFile | undefined> {
    const entry = snapshot.articles.get(folder);
    if (!entry) return undefined;
    const blocks: Record<string, unknown> = {};
    let modifiedMs = 0;
    for (const block of entry.blocks) {
      const file = await readArticleFile(`${folder}/${block}.json`, snapshot);
      if (!file) continue;
      blocks[block] = file.value;
      modifiedMs = Math.max(modifiedMs, file.modifiedMs);
    }
    return bundle(blocks, modifiedMs);
  }

  function cached(
    key: string,
    load: (snapshot: ContentSnapshot) => Promise<StoredFile | undefined>,
    { cache: keep = true }: ReadOptions,
  ): Promise<StoredFile | undefined> {
    const hit = cache.get(key);
    if (hit) return Promise.resolve(hit);
    const pending = reading.get(key);
    if (pending !== undefined) return pending;
    const snapshot = current;
    const loading = load(snapshot).finally(() => reading.delete(key));
    reading.set(key, loading);
    // A read that began before a reload does not fill the cache with the old content.
    return loading.then((file) => {
      if (file && keep && snapshot === current) cache.put(key, file);
      return file;
    });
  }

  return {
    get: (relativePath) => current.files.get(relativePath),
    page: (relativeFolder) => current.pages.get(relativeFolder),
    read(relativePath, options = {}) {
      const resident = current.files.get(relativePath);
      if (resident || !isArticleFolder(path.posix.dirname(relativePath))) return Promise.resolve(resident);
      return cached(`file:${relativePath}`, (snapshot) => readArticleFile(relativePath, snapshot), options);
    },
    readValueNow(relativePath) {
      const resident = current.files.get(relativePath);
      if (resident || !isArticleFolder(path.posix.dirname(relativePath))) return resident?.value;
      const snapshot = current;
      if (
        !snapshot.articles
          .get(path.posix.dirname(relativePath))
          ?.blocks.includes(path.posix.basename(relativePath, '.json'))
      )
        return undefined;
      let body: Buffer;
      try {
        body = readFileSync(path.join(contentDir, relativePath));
      } catch (error) {
        // Removed since the folder was listed, as in readArticleFile.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      return parseValue(relativePath, body, settings, snapshot.settingValues);
    },
    readPage(relativeFolder, options = {}) {
      const resident = current.pages.get(relativeFolder);
      if (resident || !isArticleFolder(relativeFolder)) return Promise.resolve(resident);
      return cached(`page:${relativeFolder}`, (snapshot) => readArticlePage(relativeFolder, snapshot), options);
    },
    paths(prefix) {
      const resident = [...current.files.keys()].filter((key) => key.startsWith(prefix));
      const onDemand = [...current.articles].flatMap(([folder, { blocks }]) =>
        `${folder}/`.startsWith(prefix) || folder.startsWith(prefix)
          ? blocks.map((block) => `${folder}/${block}.json`).filter((file) => file.startsWith(prefix))
          : [],
      );
      return [...resident, ...onDemand].sort();
    },
    articleFolders: (language) => current.articlesOf.get(language) ?? [],
    articleModifiedMs: (folder) => current.articles.get(folder)?.modifiedMs ?? 0,
    residentFolders: () => current.folders,
    changedArticle: (stop) => changedArticle(contentDir, current.articles, stop),
    get fileCount() {
      let count = current.files.size;
      for (const { blocks } of current.articles.values()) count += blocks.length;
      return count;
    },
    get generation() {
      return generation;
    },
    async reload() {
      current = await readContent(contentDir, settings);
      cache.clear();
      generation += 1;
    },
  };
}
