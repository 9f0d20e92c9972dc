/**
 * PostgreSQL for several replicas (DATABASE_URL): a connection pool, the same statements as
 * node:sqlite with `?` turned into `$1, $2, …`, and the migrations applied at start under an
 * advisory lock, so replicas starting together migrate once.
 */
import pg from 'pg';
import { postgresSchema } from './migrations.ts';
import type { Database, SqlClient, SqlValue } from './sql.ts';

/** Any fixed number; every replica takes the same lock before it looks at the schema. */
const MIGRATION_LOCK = 4_711_202_611;

export interface PostgresOptions {
  url: string;
  /** Connections per replica. */
  poolSize?: number;
  /** How long a request waits for a connection (or for the server to answer one) before it fails. */
  connectTimeoutMs?: number;
}

/** 64-bit integers (counts, times in milliseconds) as numbers; they stay far below 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** `?` placeholders as `$n`; the statements never hold a question mark inside a string literal. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** One per database: each statement's text is converted once, not once per transaction. */
function numberedTexts(): (sql: string) => string {
  const cache = new Map<string, string>();
  return (sql) => {
    let converted = cache.get(sql);
    if (converted === undefined) {
      converted = numbered(sql);
      cache.set(sql, converted);
    }
    return converted;
  };
}

function client(
  text: (sql: string) => string,
  query: (sql: string, params: readonly SqlValue[]) => Promise<pg.QueryResult>,
): SqlClient {
  return {
    dialect: 'postgres',
    all: async <T>(sql: string, params: readonly SqlValue[] = []) => (await query(text(sql), params)).rows as T[],
    get: async <T>(sql: string, params: readonly SqlValue[] = []) =>
      (await query(text(sql), params)).rows[0] as T | undefined,
    run: async (sql: string, params: readonly SqlValue[] = []) => (await query(text(sql), params)).rowCount ?? 0,
  };
}

export async function openPostgresDatabase(
  options: PostgresOptions,
  onError: (error: Error) => void,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    // A statement that hangs on a half-dead connection fails instead of holding a request forever.
    query_timeout: 30_000,
    idleTimeoutMillis: 30_000,
    types,
  });
  // An idle connection the server drops (a restart) must not crash the process; the pool replaces it.
  pool.on('error', onError);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const text = numberedTexts();
  const viaPool = client(text, (sql, params) => pool.query(sql, params as SqlValue[]));

  return {
    ...viaPool,
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
      const connection = await pool.connect();
      let broken: Error | undefined;
      // A server going away mid-transaction is an event on the checked-out connection; unheard, it would end the process.
      const lost = (error: Error) => {
        broken = error;
      };
      connection.on('error', lost);
      try {
        await connection.query('BEGIN');
        const result = await fn(client(text, (sql, params) => connection.query(sql, params as SqlValue[])));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        // A connection that was lost or could not even roll back is dropped, not handed to the next request.
        connection.off('error', lost);
        connection.release(broken);
      }
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    // Deleted rows stay in PostgreSQL's pages until vacuum reuses them; that is its business, not ours.
    purgeDeleted: async () => false,
    async close() {
      await pool.end();
    },
  };
}

async function migratePostgres(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect();
  const lost = () => {};
  connection.on('error', lost);
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await connection.query('CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)');
      const { rows } = await connection.query<{ version: number }>('SELECT version FROM schema_version');
      const steps = postgresSchema();
      const current = rows[0]?.version ?? 0;
      if (current > steps.length)
        throw new Error(`the database schema is version ${current}, newer than this release knows (${steps.length})`);
      for (let version = current; version < steps.length; version += 1) {
        await connection.query('BEGIN');
        try {
          await connection.query(steps[version]!);
          await connection.query('DELETE FROM schema_version');
          await connection.query('INSERT INTO schema_version (version) VALUES ($1)', [version + 1]);
          await connection.query('COMMIT');
        } catch (error) {
          await connection.query('ROLLBACK');
          throw error;
        }
      }
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    connection.off('error', lost);
    connection.release();
  }
}
