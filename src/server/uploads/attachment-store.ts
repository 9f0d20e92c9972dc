/**
 * Where uploaded files are kept once their submission is stored. A file arrives in the
 * replica's scratch folder (checked there by its bytes and size); inside the submission's
 * transaction it moves to its place:
 * - embedded (node:sqlite): a folder per submission under DATA_DIR/uploads;
 * - with DATABASE_URL: rows of 256 KiB chunks in PostgreSQL, written by the same transaction,
 *   so every replica can mail and list them and a rollback leaves nothing behind.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { SqlClient } from '../store/sql.ts';

export const UPLOADS_FOLDER = 'uploads';
/** Where a DATA_DIR keeps uploaded files, one folder per submission (and, per replica, files still arriving). */
export const uploadsDirOf = (dataDir: string) => path.join(dataDir, UPLOADS_FOLDER);

export interface AttachmentStore {
  /** Where a submission's file will be kept: a path on disk, or a key in the database. */
  placeOf(submissionId: string, fileName: string): string;
  /** Inside the submission's transaction: moves a received file to its place. */
  keep(tx: SqlClient, receivedFile: string, storedPath: string): Promise<void>;
  /** After the transaction failed: removes what keep left outside the database. */
  forget(submissionId: string): Promise<void>;
  /** Reads a kept file, chunk by chunk. */
  open(storedPath: string): Readable;
}

export function diskAttachmentStore(uploadsDir: string): AttachmentStore {
  return {
    placeOf: (submissionId, fileName) => path.join(uploadsDir, submissionId, fileName),
    async keep(_tx, receivedFile, storedPath) {
      await mkdir(path.dirname(storedPath), { recursive: true });
      await rename(receivedFile, storedPath);
    },
    forget: (submissionId) => rm(path.join(uploadsDir, submissionId), { recursive: true, force: true }),
    open: (storedPath) => createReadStream(storedPath),
  };
}

/** Marks a stored path as a key in the database rather than a file. */
export const DATABASE_FILE_PREFIX = 'db:';
const CHUNK_BYTES = 256 * 1024;

export function databaseAttachmentStore(db: SqlClient): AttachmentStore {
  return {
    placeOf: (submissionId, fileName) => `${DATABASE_FILE_PREFIX}${submissionId}/${fileName}`,
    async keep(tx, receivedFile, storedPath) {
      let seq = 0;
      for await (const chunk of createReadStream(receivedFile, { highWaterMark: CHUNK_BYTES })) {
        await tx.run('INSERT INTO attachment_chunks (stored_path, seq, data) VALUES (?, ?, ?)', [storedPath, seq, chunk as Buffer]);
        seq += 1;
      }
    },
    // The chunks were written by the transaction that failed: nothing is left.
    forget: async () => {},
    open(storedPath) {
      return Readable.from(
        (async function* chunks() {
          for (let seq = 0; ; seq += 1) {
            const row = await db.get<{ data: Uint8Array }>('SELECT data FROM attachment_chunks WHERE stored_path = ? AND seq = ?', [storedPath, seq]);
            if (!row) return;
            yield Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
          }
        })(),
      );
    },
  };
}

export const isDatabaseFile = (storedPath: string) => storedPath.startsWith(DATABASE_FILE_PREFIX);
