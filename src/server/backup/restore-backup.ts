/** `npm run restore`'s work: a checked backup put into DATA_DIR, its files' recorded paths moved with it. */
import { mkdir, mkdtemp, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { OutgoingMail } from '../store/outbox.ts';
import { DATABASE_FILE, sqliteTransaction } from '../store/sqlite-database.ts';
import { checkBackup } from './check-backup.ts';
import { copyHashed, entriesOf, FOLDER_MODE, syncFolder } from './files.ts';
import { BackupError, type FileEntry, type Manifest, readManifest, type UploadEntry, underRoot } from './manifest.ts';

export interface RestoreReport {
  manifest: Manifest;
  warnings: string[];
  /** Where the DATA_DIR's earlier contents went (--force), if it had any. */
  movedAside?: string;
  /** Attachment rows pointed at their files' new place (a DATA_DIR other than the backup's). */
  relocated: number;
  ms: number;
}

/** The server's pending mails name their attachments by path too; those move with the files. */
function relocate(db: DatabaseSync, uploads: readonly UploadEntry[], dataDir: string): number {
  const moves = new Map<string, string>();
  for (const upload of uploads) {
    const target = underRoot(dataDir, upload.path);
    if (target !== upload.storedPath) moves.set(upload.storedPath, target);
  }
  if (moves.size === 0) return 0;
  sqliteTransaction(db, () => {
    const point = db.prepare('UPDATE attachments SET stored_path = ? WHERE id = ?');
    for (const upload of uploads) {
      const target = moves.get(upload.storedPath);
      if (target) point.run(target, upload.attachment);
    }
    const rewrite = db.prepare('UPDATE outbox SET message = ? WHERE id = ?');
    for (const row of db.prepare(`SELECT id, message FROM outbox WHERE message LIKE '%"attachments"%'`).all() as {
      id: number;
      message: string;
    }[]) {
      const mail = JSON.parse(row.message) as OutgoingMail;
      if (!mail.attachments?.some((file) => moves.has(file.path))) continue;
      mail.attachments = mail.attachments.map((file) => ({ ...file, path: moves.get(file.path) ?? file.path }));
      rewrite.run(JSON.stringify(mail), row.id);
    }
  });
  return moves.size;
}

/**
 * Puts a checked backup into dataDir. Everything is copied (and checked again as it is copied)
 * into a staging folder inside dataDir first, so the final step is renames on one filesystem,
 * the database last: a restore cut off before then leaves no database for a server to start on.
 * dataDir itself is never renamed, as it is usually a volume's mount point.
 */
export async function restoreBackup(
  dir: string,
  dataDir: string,
  { force = false, now = Date.now }: { force?: boolean; now?: () => number } = {},
): Promise<RestoreReport> {
  const started = now();
  dataDir = path.resolve(dataDir);
  // A folder that is no backup at all is named before anything else.
  await readManifest(dir);
  const present = await entriesOf(dataDir);
  if (present.length > 0 && !force) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}). Restore into an empty one, or stop the server and pass --force to move its contents aside first.`,
    );
  }
  const { manifest, problems, warnings } = await checkBackup(dir);
  if (problems.length > 0)
    throw new BackupError(
      `${dir} fails its check, nothing was restored:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  await mkdir(dataDir, { recursive: true, mode: FOLDER_MODE });
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  let movedAside: string | undefined;
  let relocated: number;
  try {
    const copies: FileEntry[] = [
      manifest.database,
      ...(manifest.tokenSecret ? [manifest.tokenSecret] : []),
      ...manifest.uploads,
    ];
    for (const entry of copies) {
      const copied = await copyHashed(underRoot(dir, entry.path), underRoot(staging, entry.path));
      if (copied.sha256 !== entry.sha256)
        throw new BackupError(`${entry.path} changed while it was restored; nothing was restored.`);
    }
    const db = new DatabaseSync(path.join(staging, manifest.database.path));
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      relocated = relocate(db, manifest.uploads, dataDir);
    } finally {
      db.close();
    }

    // Read again: whatever is there now goes, the old database's -wal and -shm above all, which
    // SQLite would otherwise replay into the restored database.
    const replaced = (await entriesOf(dataDir)).filter((name) => name !== path.basename(staging));
    if (replaced.length > 0 && !force)
      throw new BackupError(
        `Files appeared in DATA_DIR ${dataDir} during the restore (${replaced.join(', ')}): is the server running? Nothing was restored.`,
      );
    if (replaced.length > 0) {
      movedAside = path.join(dataDir, `.before-restore-${new Date(started).toISOString().replace(/[:.]/g, '-')}`);
      await mkdir(movedAside, { mode: FOLDER_MODE });
      for (const name of replaced) await rename(path.join(dataDir, name), path.join(movedAside, name));
    }
    const staged = await entriesOf(staging);
    for (const name of staged.filter((entry) => entry !== manifest.database.path))
      await rename(path.join(staging, name), path.join(dataDir, name));
    await syncFolder(dataDir);
    await rename(path.join(staging, manifest.database.path), path.join(dataDir, DATABASE_FILE));
    await syncFolder(dataDir);
    await rmdir(staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { manifest, warnings, ...(movedAside ? { movedAside } : {}), relocated, ms: now() - started };
}
