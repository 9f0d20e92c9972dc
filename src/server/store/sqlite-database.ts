/**
 * The embedded database: node:sqlite in DATA_DIR, WAL journal, full sync so a commit
 * survives a crash right after it, and migrations applied in order at start.
 *
 * One connection serves the whole process, and a transaction spans awaits: every statement
 * outside a transaction waits for the open one to finish, so nothing slips into it.
 */
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { sqliteSchema } from './migrations.ts';
import type { Database, SqlClient, SqlValue } from './sql.ts';

export const DATABASE_FILE = 'nordstern.sqlite';
/** The database holds applicants' data: readable by the server's user alone, like the uploads and a restored database. */
const DATABASE_FILE_MODE = 0o600;

export function openSqliteDatabase(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATABASE_FILE);
  // SQLite would create a missing file with mode 644; an empty file is a new database to it, and
  // its -wal and -shm files are given the database file's mode. An existing file is left as it is.
  closeSync(openSync(file, 'a', DATABASE_FILE_MODE));
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  // Deleted rows are overwritten, not only unlinked: an erased address leaves no readable bytes.
  db.exec('PRAGMA secure_delete = ON');
  migrateSqlite(db);
  return wrap(db);
}

function migrateSqlite(db: DatabaseSync): void {
  const { user_version: current } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  const steps = sqliteSchema();
  for (let version = current; version < steps.length; version += 1) {
    sqliteTransaction(db, () => {
      db.exec(steps[version]!);
      db.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
}

/** A synchronous transaction on a raw connection (migrations, restore). */
export function sqliteTransaction<T>(db: DatabaseSync, fn: () => T): T {
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

function wrap(db: DatabaseSync): Database {
  const statements = new Map<string, StatementSync>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const direct: SqlClient = {
    dialect: 'sqlite',
    all: async <T>(sql: string, params: readonly SqlValue[] = []) => prepare(sql).all(...params) as T[],
    get: async <T>(sql: string, params: readonly SqlValue[] = []) => prepare(sql).get(...params) as T | undefined,
    run: async (sql: string, params: readonly SqlValue[] = []) => Number(prepare(sql).run(...params).changes),
  };

  let queue: Promise<unknown> = Promise.resolve();
  /** Runs fn once everything queued before it has finished. */
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const result = queue.then(fn);
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    dialect: 'sqlite',
    all: (sql, params) => exclusive(() => direct.all(sql, params)),
    get: (sql, params) => exclusive(() => direct.get(sql, params)),
    run: (sql, params) => exclusive(() => direct.run(sql, params)),
    transaction: <T>(fn: (tx: SqlClient) => Promise<T>) =>
      exclusive(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn(direct);
          db.exec('COMMIT');
          return result;
        } catch (error) {
          if (db.isTransaction) db.exec('ROLLBACK');
          throw error;
        }
      }),
    ping: () => exclusive(async () => void prepare('SELECT 1').get()),
    // A checkpoint that copies every page into the database file and empties the log; a reader holding it open can delay it.
    purgeDeleted: async () => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const { busy } = (await exclusive(async () => db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get())) as {
          busy: number;
        };
        if (busy === 0) return true;
        await sleep(100);
      }
      return false;
    },
    close: () =>
      exclusive(async () => {
        db.close();
      }),
  };
}
