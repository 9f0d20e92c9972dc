/** Reads a test server's database directly, read-only. */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export function rows(dataDir: string, sql: string, ...params: (string | number)[]): Record<string, unknown>[] {
  const db = new DatabaseSync(path.join(dataDir, 'nordstern.sqlite'), { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/** Waits until a query returns at least count rows. */
export async function waitForRows(
  dataDir: string,
  sql: string,
  count: number,
  timeoutMs = 15_000,
): Promise<Record<string, unknown>[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = rows(dataDir, sql);
    if (found.length >= count || Date.now() > until) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
