/**
 * The embedded database: node:sqlite in DATA_DIR, WAL journal, full sync so a commit
 * survives a crash right after it, and migrations applied in order at start.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations.ts';

export type Database = DatabaseSync;

export const DATABASE_FILE = 'nordstern.sqlite';

export function openDatabase(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  // Deleted rows are overwritten, not only unlinked: an erased address leaves no readable bytes.
  db.exec('PRAGMA secure_delete = ON');
  migrate(db);
  return db;
}

function migrate(db: Database): void {
  const { user_version: current } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  for (let version = current; version < MIGRATIONS.length; version += 1) {
    transaction(db, () => {
      db.exec(MIGRATIONS[version]!);
      db.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
}

/** Runs fn in one transaction: all of it is written, or none of it. */
export function transaction<T>(db: Database, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // SQLite has already rolled back after some failures (a full disk, an I/O error); a second
    // ROLLBACK would throw and hide the real cause.
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
