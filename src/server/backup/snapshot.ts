/** What backup and check read from a database copy: its rows per table, schema version, integrity and attachments. */
import { DatabaseSync } from 'node:sqlite';
import { BackupError } from './manifest.ts';

export function tableCounts(db: DatabaseSync): Record<string, number> {
  const tables = db
    .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [
      name,
      Number((db.prepare(`SELECT COUNT(*) AS n FROM "${name.replaceAll('"', '""')}"`).get() as { n: number }).n),
    ]),
  );
}

export const schemaVersion = (db: DatabaseSync) =>
  Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
export const integrity = (db: DatabaseSync) =>
  (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[])
    .map((row) => row.integrity_check)
    .join('; ');

export interface AttachmentRow {
  id: string;
  submission_id: string;
  stored_path: string;
  sha256: string;
}

/** Read from the copy, not the live database: the files and counts are those of the snapshot. */
export function readSnapshot(file: string): {
  attachments: AttachmentRow[];
  tables: Record<string, number>;
  version: number;
} {
  const copy = new DatabaseSync(file, { readOnly: true });
  try {
    const checked = integrity(copy);
    if (checked !== 'ok')
      throw new BackupError(
        `The copied database fails PRAGMA integrity_check (${checked}); the live database may be damaged.`,
      );
    const attachments = copy
      .prepare('SELECT id, submission_id, stored_path, sha256 FROM attachments ORDER BY submission_id, id')
      .all() as unknown as AttachmentRow[];
    return { attachments, tables: tableCounts(copy), version: schemaVersion(copy) };
  } finally {
    copy.close();
  }
}
