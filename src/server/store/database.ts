/**
 * The site's database: node:sqlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is
 * set. Both answer the same interface, so every storage module works on either.
 */
import { checkDataDir } from './data-dir.ts';
import { openPostgresDatabase } from './postgres-database.ts';
import type { Database, SqlClient, SqlValue } from './sql.ts';
import { openSqliteDatabase } from './sqlite-database.ts';
import { onStorage } from './storage-health.ts';

export type { Database, SqlClient } from './sql.ts';
export { DATABASE_FILE } from './sqlite-database.ts';

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Told of errors on idle PostgreSQL connections (a server restart), which the pool survives. */
  onConnectionError?: (error: Error) => void;
}

/** The statements of a client, each failure of the storage marked as raised by it (see storage-health.ts). */
function markedClient(client: SqlClient): SqlClient {
  return {
    dialect: client.dialect,
    all: <T>(sql: string, params?: readonly SqlValue[]) => onStorage(() => client.all<T>(sql, params)),
    get: <T>(sql: string, params?: readonly SqlValue[]) => onStorage(() => client.get<T>(sql, params)),
    run: (sql: string, params?: readonly SqlValue[]) => onStorage(() => client.run(sql, params)),
  };
}

function marked(db: Database): Database {
  return {
    ...markedClient(db),
    transaction: (fn) => onStorage(() => db.transaction((tx) => fn(markedClient(tx)))),
    ping: () => onStorage(() => db.ping()),
    purgeDeleted: () => db.purgeDeleted(),
    close: () => db.close(),
  };
}

export async function openDatabase({
  dataDir,
  databaseUrl,
  onConnectionError = () => {},
}: DatabaseOptions): Promise<Database> {
  if (databaseUrl) return marked(await openPostgresDatabase({ url: databaseUrl }, onConnectionError));
  // The operator tools open it too: a folder they cannot write gets the server's plain message, not node:sqlite's.
  checkDataDir(dataDir);
  return marked(openSqliteDatabase(dataDir));
}
