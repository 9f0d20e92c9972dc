/**
 * The site's database: node:sqlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is
 * set. Both answer the same interface, so every storage module works on either.
 */
import { checkDataDir } from './data-dir.ts';
import { openPostgresDatabase } from './postgres-database.ts';
import { openSqliteDatabase } from './sqlite-database.ts';
import type { Database } from './sql.ts';

export type { Database, SqlClient } from './sql.ts';
export { DATABASE_FILE } from './sqlite-database.ts';

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Told of errors on idle PostgreSQL connections (a server restart), which the pool survives. */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase({ dataDir, databaseUrl, onConnectionError = () => {} }: DatabaseOptions): Promise<Database> {
  if (databaseUrl) return openPostgresDatabase({ url: databaseUrl }, onConnectionError);
  // The operator tools open it too: a folder they cannot write gets the server's plain message, not node:sqlite's.
  checkDataDir(dataDir);
  return openSqliteDatabase(dataDir);
}
