/** `npm run backup`'s work: a consistent copy of DATA_DIR taken while the site runs, its manifest written last. */
import { chmod, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SECRET_FILE } from '../forms/tokens.ts';
import { DATABASE_FILE } from '../store/database.ts';
import { UPLOADS_FOLDER } from '../uploads/attachment-store.ts';
import {
  copyHashed,
  type Digest,
  entriesOf,
  exists,
  FILE_MODE,
  FOLDER_MODE,
  hashFile,
  syncFile,
  syncFolder,
  toPosix,
} from './files.ts';
import {
  BackupError,
  type FileEntry,
  type FileProblem,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_FILE,
  type Manifest,
  type UploadEntry,
  underRoot,
} from './manifest.ts';
import { type AttachmentRow, readSnapshot } from './snapshot.ts';

/**
 * Where an attachment's file is, and the name it gets in the backup. The server records an
 * absolute path inside DATA_DIR; a relative one is read against DATA_DIR, and a path under a
 * DATA_DIR that has since moved falls back to the server's own layout, uploads/<submission>/<file>.
 */
async function locateUpload(dataDir: string, row: AttachmentRow): Promise<{ source: string; name: string }> {
  const recorded = path.resolve(dataDir, row.stored_path);
  const inDataDir = path.relative(dataDir, recorded);
  const layout = path.join(UPLOADS_FOLDER, row.submission_id, path.basename(recorded));
  if (inDataDir !== '' && !inDataDir.startsWith('..') && !path.isAbsolute(inDataDir))
    return { source: recorded, name: toPosix(inDataDir) };
  const moved = path.join(dataDir, layout);
  return { source: (await exists(recorded)) || !(await exists(moved)) ? recorded : moved, name: toPosix(layout) };
}

export interface BackupReport {
  dir: string;
  manifest: Manifest;
  ms: number;
}

/**
 * Writes a backup of dataDir into dir. The database is copied with VACUUM INTO: one read
 * transaction, so the copy is the database as of one instant even while the server commits
 * submissions from its own process (WAL lets it write on meanwhile), and only live rows are
 * written, never the freed pages of erased ones. SQLite's online backup API would copy the
 * pages in steps and start over whenever another process wrote between two of them.
 */
export async function createBackup(dataDir: string, dir: string, now: () => number = Date.now): Promise<BackupReport> {
  const started = now();
  // The manifest records absolute paths: the files' places must not depend on the working folder.
  dataDir = path.resolve(dataDir);
  dir = path.resolve(dir);
  const present = await entriesOf(dir);
  if (present.length > 0) {
    throw new BackupError(
      `${dir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): a backup goes into a new or empty folder.`,
    );
  }
  const sourceFile = path.join(dataDir, DATABASE_FILE);
  if (!(await exists(sourceFile)))
    throw new BackupError(`There is no database at ${sourceFile}: is DATA_DIR set as for the server?`);
  await mkdir(dir, { recursive: true, mode: FOLDER_MODE });
  try {
    return await writeBackup(dataDir, dir, sourceFile, started, now);
  } catch (error) {
    // The folder was empty: what is in it now is this backup's, and half a backup is no use.
    for (const name of await entriesOf(dir)) await rm(path.join(dir, name), { recursive: true, force: true });
    throw error;
  }
}

async function writeBackup(
  dataDir: string,
  dir: string,
  sourceFile: string,
  started: number,
  now: () => number,
): Promise<BackupReport> {
  const databaseCopy = path.join(dir, DATABASE_FILE);
  // Opened without openDatabase: a backup never migrates or otherwise writes the live database.
  const source = new DatabaseSync(sourceFile);
  try {
    source.exec('PRAGMA busy_timeout = 5000');
    source.prepare('VACUUM INTO ?').run(databaseCopy);
    await chmod(databaseCopy, FILE_MODE);
    // SQLite leaves a VACUUM INTO file unsynced.
    await syncFile(databaseCopy);
    await syncFolder(dir);
    const { attachments, tables, version } = readSnapshot(databaseCopy);

    // Only the files the snapshot references are copied: a file written after it belongs to a row
    // the copy does not have, and the uploads folder's temporary files belong to no row at all.
    const uploads: UploadEntry[] = [];
    const problems: FileProblem[] = [];
    const names = new Set<string>();
    const stillStored = source.prepare('SELECT 1 FROM attachments WHERE id = ?');
    for (const row of attachments) {
      const located = await locateUpload(dataDir, row);
      // Two rows never share a file in the server's layout; should they, the second is kept apart.
      const name = names.has(located.name)
        ? `${UPLOADS_FOLDER}/${row.submission_id}/${row.id}-${path.posix.basename(located.name)}`
        : located.name;
      names.add(name);
      let digest: Digest;
      try {
        digest = await copyHashed(located.source, underRoot(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        const removedSince = stillStored.get(row.id) === undefined;
        problems.push({
          attachment: row.id,
          storedPath: row.stored_path,
          problem: removedSince
            ? 'removed from the site while the backup ran (retention or an erasure)'
            : `file missing: ${located.source}`,
          removedSince,
        });
        continue;
      }
      uploads.push({ path: name, ...digest, attachment: row.id, storedPath: row.stored_path });
      if (digest.sha256 !== row.sha256) {
        problems.push({
          attachment: row.id,
          storedPath: row.stored_path,
          problem: `${name} differs from the checksum recorded at upload; copied as it is`,
          removedSince: false,
        });
      }
    }

    let tokenSecret: FileEntry | null = null;
    const secretFile = path.join(dataDir, SECRET_FILE);
    if (await exists(secretFile))
      tokenSecret = { path: SECRET_FILE, ...(await copyHashed(secretFile, path.join(dir, SECRET_FILE))) };

    const database: FileEntry = { path: DATABASE_FILE, ...(await hashFile(databaseCopy)) };
    const files = [database, ...(tokenSecret ? [tokenSecret] : []), ...uploads];
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date(started).toISOString(),
      dataDir,
      schemaVersion: version,
      database,
      tables,
      tokenSecret,
      uploads,
      problems,
      totals: { files: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) },
    };
    await syncFolder(path.join(dir, UPLOADS_FOLDER));
    const partial = path.join(dir, `.${MANIFEST_FILE}.partial`);
    const handle = await open(partial, 'wx', FILE_MODE);
    try {
      await handle.writeFile(JSON.stringify(manifest, null, 2) + '\n');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, path.join(dir, MANIFEST_FILE));
    await syncFolder(dir);
    return { dir, manifest, ms: now() - started };
  } finally {
    source.close();
  }
}
