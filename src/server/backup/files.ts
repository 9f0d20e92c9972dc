/** File helpers of backup and restore: copies hashed as they are written, flushed to disk, readable by the server's user alone. */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** A fresh filesystem's own entry; a volume holding only it is still empty. */
const IGNORED_ENTRIES = new Set(['lost+found']);
/** Backups and restored files hold applicants' CVs: readable by the server's user alone. */
export const FILE_MODE = 0o600;
export const FOLDER_MODE = 0o700;

export interface Digest {
  size: number;
  sha256: string;
}

export async function hashFile(file: string): Promise<Digest> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Copies a file, hashing the bytes as they are written (one read serves both), and flushes the
 * copy to disk before answering, so a backup reported as written survives a power cut.
 */
export async function copyHashed(from: string, to: string): Promise<Digest> {
  await mkdir(path.dirname(to), { recursive: true, mode: FOLDER_MODE });
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    createReadStream(from),
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(to, { flags: 'wx', mode: FILE_MODE, flush: true }),
  );
  return { size, sha256: hash.digest('hex') };
}

export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes renames and new entries in a folder durable; a filesystem that cannot sync a folder is left as it is. */
export async function syncFolder(folder: string): Promise<void> {
  try {
    await syncFile(folder);
  } catch {
    // Not every platform syncs a folder handle (Windows); the files themselves are flushed.
  }
}

export async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** A folder's entries; a missing folder has none. */
export async function entriesOf(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => !IGNORED_ENTRIES.has(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export const toPosix = (relative: string) => relative.split(path.sep).join('/');
