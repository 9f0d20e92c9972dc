/**
 * All content JSON in memory: read once at start, parsed, with each file's bytes and
 * ETag ready to serve, and a page bundle (every block of a folder) per content folder.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SETTING_PATTERN, type ContentSettings } from './content-settings.ts';

export interface StoredFile {
  /** The parsed JSON, frozen: shared by every request. */
  value: unknown;
  body: Buffer;
  etag: string;
  /** When the file last changed on disk; for a page bundle, its newest file. The sitemap's lastmod reads it. */
  modifiedMs: number;
}

export interface ContentStore {
  /** A file by its path below the content folder, e.g. en/navigation.json. */
  get(relativePath: string): StoredFile | undefined;
  /** Every block of a folder, e.g. en/homepage/services, as one document. */
  page(relativeFolder: string): StoredFile | undefined;
  /** Paths of every file whose path starts with prefix, sorted. */
  paths(prefix: string): string[];
  readonly fileCount: number;
  /** Counts the loads: a new number after each reload, so work derived from content knows when to redo itself. */
  readonly generation: number;
  /** Reads the content folder again; on failure the content stays as it was. */
  reload(): Promise<void>;
}

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

async function listJsonFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export class ContentLoadError extends Error {
  override name = 'ContentLoadError';
}

interface ContentSnapshot {
  files: Map<string, StoredFile>;
  pages: Map<string, StoredFile>;
}

/** Fills {{name}} in every string of value; a name without a value fails the load. */
function fillSettings(value: unknown, values: Readonly<Record<string, string>>, relative: string): unknown {
  if (typeof value === 'string') {
    return value.replace(SETTING_PATTERN, (_, name: string) => {
      const filled = values[name];
      if (filled === undefined) throw new ContentLoadError(`content/${relative} names {{${name}}}, which the server does not know`);
      return filled;
    });
  }
  if (Array.isArray(value)) return value.map((item) => fillSettings(item, values, relative));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, fillSettings(child, values, relative)]));
  return value;
}

async function readContent(contentDir: string, settings: ContentSettings | undefined): Promise<ContentSnapshot> {
  const parsed = new Map<string, { value: unknown; body: Buffer; modifiedMs: number }>();
  for (const relative of await listJsonFiles(contentDir)) {
    const full = path.join(contentDir, relative);
    const [body, { mtimeMs }] = await Promise.all([readFile(full), stat(full)]);
    try {
      parsed.set(relative, { value: JSON.parse(body.toString('utf8')), body, modifiedMs: Math.floor(mtimeMs) });
    } catch (error) {
      throw new ContentLoadError(`content/${relative} is not valid JSON: ${(error as Error).message}`);
    }
  }
  // Each language's values are worked out once, from its own content files.
  const valuesOf = new Map<string, Readonly<Record<string, string>>>();
  const settingsFor = (fill: ContentSettings, language: string) => {
    const known = valuesOf.get(language);
    if (known) return known;
    const values = fill(language, (file) => parsed.get(`${language}/${file}`)?.value);
    valuesOf.set(language, values);
    return values;
  };

  const files = new Map<string, StoredFile>();
  const folders = new Map<string, { blocks: Record<string, unknown>; modifiedMs: number }>();
  for (const [relative, file] of parsed) {
    let { value, body } = file;
    if (settings && body.includes('{{')) {
      value = fillSettings(value, settingsFor(settings, relative.split('/')[0]!), relative);
      body = Buffer.from(JSON.stringify(value));
    }
    files.set(relative, stored(value, body, file.modifiedMs));
    const folder = path.posix.dirname(relative);
    const block = path.posix.basename(relative, '.json');
    const page = folders.get(folder) ?? { blocks: {}, modifiedMs: 0 };
    page.blocks[block] = value;
    page.modifiedMs = Math.max(page.modifiedMs, file.modifiedMs);
    folders.set(folder, page);
  }
  const pages = new Map<string, StoredFile>();
  for (const [folder, { blocks, modifiedMs }] of folders) pages.set(folder, stored(blocks, Buffer.from(JSON.stringify(blocks)), modifiedMs));
  return { files, pages };
}

/** Reads the content folder; with settings, {{name}} in content is filled with the server's values. */
export async function loadContentStore(contentDir: string, settings?: ContentSettings): Promise<ContentStore> {
  let current = await readContent(contentDir, settings);
  let generation = 1;
  return {
    get: (relativePath) => current.files.get(relativePath),
    page: (relativeFolder) => current.pages.get(relativeFolder),
    paths: (prefix) => [...current.files.keys()].filter((key) => key.startsWith(prefix)),
    get fileCount() {
      return current.files.size;
    },
    get generation() {
      return generation;
    },
    async reload() {
      current = await readContent(contentDir, settings);
      generation += 1;
    },
  };
}
