/** `npm run restore -- --check`'s work: a backup checked against its manifest, changing nothing. */
import { DatabaseSync } from 'node:sqlite';
import { SECRET_FILE } from '../forms/tokens.ts';
import { DATABASE_FILE } from '../store/database.ts';
import { MIGRATIONS } from '../store/migrations.ts';
import { UPLOADS_FOLDER } from '../uploads/attachment-store.ts';
import { type Digest, hashFile } from './files.ts';
import { type FileEntry, type Manifest, readManifest, underRoot } from './manifest.ts';
import { integrity, schemaVersion, tableCounts } from './snapshot.ts';

export interface CheckReport {
  manifest: Manifest;
  /** What makes the backup unusable; a restore refuses while there is one. */
  problems: string[];
  /** What the manifest says went wrong when the backup was taken; a restore goes ahead. */
  warnings: string[];
}

/** Checks a backup against its manifest without changing anything. */
export async function checkBackup(dir: string): Promise<CheckReport> {
  const manifest = await readManifest(dir);
  const problems: string[] = [];
  const checkFile = async (entry: FileEntry): Promise<boolean> => {
    const file = underRoot(dir, entry.path);
    let found: Digest;
    try {
      found = await hashFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      problems.push(`${entry.path}: missing`);
      return false;
    }
    if (found.size !== entry.size || found.sha256 !== entry.sha256) {
      problems.push(
        `${entry.path}: checksum does not match the manifest (${found.size} bytes, sha256 ${found.sha256.slice(0, 12)}…; expected ${entry.size} bytes, ${entry.sha256.slice(0, 12)}…)`,
      );
      return false;
    }
    return true;
  };

  // Each file may only land where the server keeps files of its kind: no entry of a made-up
  // manifest can put, say, a -wal file beside the restored database.
  if (manifest.database.path !== DATABASE_FILE)
    problems.push(`the database is named ${JSON.stringify(manifest.database.path)}, not ${DATABASE_FILE}`);
  if (manifest.tokenSecret && manifest.tokenSecret.path !== SECRET_FILE)
    problems.push(`the token secret is named ${JSON.stringify(manifest.tokenSecret.path)}, not ${SECRET_FILE}`);
  const uploadPaths = new Set<string>();
  for (const upload of manifest.uploads) {
    if (!upload.path.startsWith(`${UPLOADS_FOLDER}/`) || uploadPaths.has(upload.path))
      problems.push(`${upload.path}: not a place for an uploaded file, or listed twice`);
    uploadPaths.add(upload.path);
  }
  if (problems.length > 0) return { manifest, problems, warnings: [] };

  if (await checkFile(manifest.database)) {
    const db = new DatabaseSync(underRoot(dir, manifest.database.path), { readOnly: true });
    try {
      const checked = integrity(db);
      if (checked !== 'ok') problems.push(`${manifest.database.path}: PRAGMA integrity_check says ${checked}`);
      const version = schemaVersion(db);
      if (version !== manifest.schemaVersion)
        problems.push(
          `${manifest.database.path}: schema version ${version}, the manifest says ${manifest.schemaVersion}`,
        );
      if (version > MIGRATIONS.length)
        problems.push(
          `${manifest.database.path}: schema version ${version} is newer than this version of the site knows (${MIGRATIONS.length}); restore it with the release that took it`,
        );
      const tables = tableCounts(db);
      for (const name of new Set([...Object.keys(tables), ...Object.keys(manifest.tables)])) {
        if (tables[name] !== manifest.tables[name])
          problems.push(
            `${manifest.database.path}: table ${name} has ${tables[name] ?? 'no'} rows, the manifest says ${manifest.tables[name] ?? 'none'}`,
          );
      }
      const listed = new Set([
        ...manifest.uploads.map((upload) => upload.attachment),
        ...manifest.problems.map((problem) => problem.attachment),
      ]);
      const unlisted = (db.prepare('SELECT id FROM attachments').all() as { id: string }[]).filter(
        (row) => !listed.has(row.id),
      );
      if (unlisted.length > 0)
        problems.push(
          `${manifest.database.path}: ${unlisted.length} attachment(s) without a file in the manifest (first ${unlisted[0]!.id})`,
        );
    } finally {
      db.close();
    }
  }
  if (manifest.tokenSecret) await checkFile(manifest.tokenSecret);
  for (const upload of manifest.uploads) await checkFile(upload);
  const warnings = manifest.problems.map(
    (problem) => `attachment ${problem.attachment} (${problem.storedPath}): ${problem.problem}`,
  );
  return { manifest, problems, warnings };
}
