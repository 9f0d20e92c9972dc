/**
 * Whether the site can write: a full disk or an I/O error makes submissions fail, and the
 * site then answers 503 with Retry-After, reports not ready and logs the cause once per
 * episode. While writes fail, a small probe write is tried every few seconds, so the site
 * becomes ready again by itself once space returns.
 */
import type { FastifyBaseLogger } from 'fastify';
import { transaction, type Database } from './database.ts';

/** SQLite result codes (the primary code, the low byte) that mean the storage cannot take writes. */
const SQLITE_STORAGE_CODES = new Set([8 /* READONLY */, 10 /* IOERR */, 13 /* FULL */, 14 /* CANTOPEN */]);
/** File system errors that mean the same for uploads and the database. */
const FS_STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

export function isStorageFailure(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') return SQLITE_STORAGE_CODES.has(errcode & 0xff);
  return typeof code === 'string' && FS_STORAGE_CODES.has(code);
}

export interface StorageHealth {
  healthy(): boolean;
  /** A write failed for want of storage: logged if it starts an episode, and probed until a write works. */
  failed(error: unknown): void;
  /** How many episodes began since start (for the metrics). */
  episodes(): number;
  close(): void;
}

export function createStorageHealth(db: Database, log: FastifyBaseLogger, probeMs: number): StorageHealth {
  let failing = false;
  let count = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  function probe(): void {
    try {
      transaction(db, () => {
        db.prepare(`INSERT INTO storage_probe (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at`).run(new Date().toISOString());
      });
    } catch (error) {
      if (isStorageFailure(error)) return;
      log.error({ err: error }, 'storage probe failed');
      return;
    }
    failing = false;
    clearInterval(timer);
    timer = undefined;
    log.info('storage takes writes again; the site is ready');
  }

  return {
    healthy: () => !failing,
    failed(error) {
      if (failing) return;
      failing = true;
      count += 1;
      log.error({ err: error }, 'storage cannot take writes: submissions are refused with 503 and the site reports not ready until a write works again');
      timer = setInterval(probe, probeMs);
      timer.unref();
    },
    episodes: () => count,
    close() {
      clearInterval(timer);
    },
  };
}
