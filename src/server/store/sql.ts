/**
 * What the storage modules ask of a database: the same for node:sqlite and PostgreSQL.
 * Statements are written once with `?` placeholders in SQL both engines speak; the few
 * places where they differ are the fragments below, chosen by dialect.
 */
export type SqlValue = string | number | null | Uint8Array;
export type Dialect = 'sqlite' | 'postgres';

export interface SqlClient {
  readonly dialect: Dialect;
  all<T = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  get<T = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** Answers how many rows the statement changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
}

export interface Database extends SqlClient {
  /** Runs fn in one transaction: all of it is written, or none of it. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /** Throws while the database cannot be reached. */
  ping(): Promise<void>;
  /**
   * After an erasure: leaves no readable copy of deleted rows behind where the engine allows
   * it (node:sqlite truncates its write-ahead log). Answers whether that was done.
   */
  purgeDeleted(): Promise<boolean>;
  close(): Promise<void>;
}

/** `IN (…)` over one parameter holding a JSON array of strings. */
export function inJsonList(dialect: Dialect): string {
  return dialect === 'postgres'
    ? 'IN (SELECT value FROM json_array_elements_text(CAST(? AS json)) AS value)'
    : 'IN (SELECT value FROM json_each(?))';
}

/** Whether a text column holds the parameter, ignoring case. */
export function containsIgnoringCase(dialect: Dialect, column: string): string {
  return dialect === 'postgres' ? `strpos(lower(${column}), lower(?)) > 0` : `instr(lower(${column}), lower(?)) > 0`;
}

/** Locks the selected rows for this transaction and passes over rows another one holds (PostgreSQL only). */
export function skipLocked(dialect: Dialect): string {
  return dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
}
