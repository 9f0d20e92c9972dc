/**
 * Where uploaded files are kept once their submission is stored. A file arrives in the
 * replica's scratch folder (checked there by its bytes and size) and then goes to its place:
 * - embedded (node:sqlite): a folder per submission under DATA_DIR/uploads;
 * - with DATABASE_URL: rows of 256 KiB chunks in PostgreSQL, written by the submission's
 *   transaction, so every replica can mail and list them and a rollback leaves nothing behind;
 * - with DATABASE_URL and S3_BUCKET: objects in an S3-compatible bucket (object-storage.ts).
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { inJsonList, type SqlClient } from '../store/sql.ts';

export const UPLOADS_FOLDER = 'uploads';
/** Where a DATA_DIR keeps uploaded files, one folder per submission (and, per replica, files still arriving). */
export const uploadsDirOf = (dataDir: string) => path.join(dataDir, UPLOADS_FOLDER);

/** A received file, checked and hashed, waiting in the scratch folder. */
export interface ReceivedFile {
  path: string;
  size: number;
  /** Hex digest of the bytes. */
  sha256: string;
  contentType: string;
}

export interface AttachmentStore {
  /** Where a submission's file will be kept: a path on disk, or a key. */
  placeOf(submissionId: string, fileName: string): string;
  /** Before the submission's transaction: puts the file in its place when that is outside the database. */
  store(file: ReceivedFile, storedPath: string): Promise<void>;
  /** Inside the submission's transaction: writes the file when it is kept in the database. */
  storeInTransaction(tx: SqlClient, file: ReceivedFile, storedPath: string): Promise<void>;
  /** After the submission's transaction failed: removes what store left outside the database. */
  forget(submissionId: string): Promise<void>;
  /** Reads a kept file, chunk by chunk. */
  open(storedPath: string): Readable;
  /** After the rows of removed submissions are committed: deletes their files outside the database. */
  discard(removed: RemovedFiles): Promise<void>;
  /**
   * Deletes files older than `before` that belong to no stored submission: left by a process
   * that died between putting a file in place and committing its submission, or by a discard
   * that failed after the rows were gone.
   */
  sweep(before: Date): Promise<number>;
}

export interface RemovedFiles {
  submissionIds: readonly string[];
  storedPaths: readonly string[];
}

/** Of these submission ids, the ones still stored. */
export async function storedSubmissions(db: SqlClient, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.all<{ id: string }>(`SELECT id FROM submissions WHERE id ${inJsonList(db.dialect)}`, [
    JSON.stringify(ids),
  ]);
  return new Set(rows.map((row) => row.id));
}

/** Submission ids are UUIDs; nothing else under the uploads folder is ever swept. */
const SUBMISSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isSubmissionId = (name: string) => SUBMISSION_ID.test(name);

/** Mode of every folder made under the uploads folder, the uploads folder itself included. */
export const UPLOAD_FOLDER_MODE = 0o700;

export function diskAttachmentStore(uploadsDir: string, db: SqlClient): AttachmentStore {
  const folderOf = (submissionId: string) => path.join(uploadsDir, submissionId);
  return {
    placeOf: (submissionId, fileName) => path.join(folderOf(submissionId), fileName),
    async store(file, storedPath) {
      // Folders of applicants' files are the server's alone, like the files in them (600).
      await mkdir(path.dirname(storedPath), { recursive: true, mode: UPLOAD_FOLDER_MODE });
      await rename(file.path, storedPath);
    },
    storeInTransaction: async () => {},
    forget: (submissionId) => rm(folderOf(submissionId), { recursive: true, force: true }),
    open: (storedPath) => createReadStream(storedPath),
    async discard({ submissionIds, storedPaths }) {
      // A stored path is only ever deleted inside the uploads folder, whatever a row says.
      const files = [...storedPaths, ...submissionIds.map(folderOf)].filter((file) => isInside(uploadsDir, file));
      for (const file of files) await rm(file, { recursive: true, force: true });
    },
    async sweep(before) {
      const entries = await readdir(uploadsDir, { withFileTypes: true }).catch(() => []);
      const candidates: string[] = [];
      for (const entry of entries) {
        if (!entry.isDirectory() || !isSubmissionId(entry.name)) continue;
        if ((await stat(folderOf(entry.name))).mtime < before) candidates.push(entry.name);
      }
      const stored = await storedSubmissions(db, candidates);
      const orphans = candidates.filter((id) => !stored.has(id));
      for (const id of orphans) await rm(folderOf(id), { recursive: true, force: true });
      return orphans.length;
    },
  };
}

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Marks a stored path as a key in the database rather than a file. */
export const DATABASE_FILE_PREFIX = 'db:';
/** Marks a stored path as an object in the S3 bucket. */
export const OBJECT_FILE_PREFIX = 's3:';
const CHUNK_BYTES = 256 * 1024;

export const isDatabaseFile = (storedPath: string) => storedPath.startsWith(DATABASE_FILE_PREFIX);
export const isObjectFile = (storedPath: string) => storedPath.startsWith(OBJECT_FILE_PREFIX);
/** Whether a stored path names a file on this replica's disk, which a mail can attach by path. */
export const isKeptOnDisk = (storedPath: string) => !isDatabaseFile(storedPath) && !isObjectFile(storedPath);

/** Reads a file kept as chunks in the database, one chunk in memory at a time. */
export function openDatabaseFile(db: SqlClient, storedPath: string): Readable {
  return Readable.from(
    (async function* chunks() {
      for (let seq = 0; ; seq += 1) {
        const row = await db.get<{ data: Uint8Array }>(
          'SELECT data FROM attachment_chunks WHERE stored_path = ? AND seq = ?',
          [storedPath, seq],
        );
        if (!row) return;
        yield Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      }
    })(),
  );
}

export function databaseAttachmentStore(db: SqlClient): AttachmentStore {
  return {
    placeOf: (submissionId, fileName) => `${DATABASE_FILE_PREFIX}${submissionId}/${fileName}`,
    store: async () => {},
    async storeInTransaction(tx, file, storedPath) {
      let seq = 0;
      for await (const chunk of createReadStream(file.path, { highWaterMark: CHUNK_BYTES })) {
        await tx.run('INSERT INTO attachment_chunks (stored_path, seq, data) VALUES (?, ?, ?)', [
          storedPath,
          seq,
          chunk as Buffer,
        ]);
        seq += 1;
      }
    },
    // The chunks were written by the transaction that failed: nothing is left.
    forget: async () => {},
    open(storedPath) {
      if (isObjectFile(storedPath)) throw new Error(`${storedPath} is kept in an S3 bucket, but S3_BUCKET is not set`);
      return openDatabaseFile(db, storedPath);
    },
    async discard({ storedPaths }) {
      // Chunks go with their rows; objects in a bucket need the bucket.
      const objects = storedPaths.filter(isObjectFile);
      if (objects.length > 0)
        throw new Error(`${objects.length} file(s) kept in an S3 bucket were not deleted: S3_BUCKET is not set`);
    },
    // Chunks are only ever written in their submission's transaction.
    sweep: async () => 0,
  };
}
