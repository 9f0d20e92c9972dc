/** Streams an uploaded file to disk, never holding it in memory, counting and hashing as it goes. */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { raisedByStorage } from '../store/storage-health.ts';

export interface SavedFile {
  path: string;
  size: number;
  sha256: string;
}

export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
}

export async function saveStream(source: Readable, directory: string, maxBytes: number): Promise<SavedFile> {
  const target = path.join(directory, randomUUID());
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new FileTooLargeError(`more than ${maxBytes} bytes`));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    // A full disk fails the file being written; the visitor's connection failing is not the storage's fault.
    const sink = createWriteStream(target, { flags: 'wx', mode: 0o600 }).once('error', raisedByStorage);
    await pipeline(source, meter, sink);
    // The multipart parser ends a stream at its own size limit instead of failing it.
    if ((source as Readable & { truncated?: boolean }).truncated)
      throw new FileTooLargeError(`more than ${maxBytes} bytes`);
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return { path: target, size, sha256: hash.digest('hex') };
}
