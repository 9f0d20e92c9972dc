/**
 * Whether the site can write: a full disk, an I/O error or an unreachable PostgreSQL makes
 * submissions fail, and the site then answers 503 with Retry-After, reports not ready and
 * logs the cause once per episode. While writes fail, a small probe write is tried every few
 * seconds, so the site becomes ready again by itself once space or the server returns.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './sql.ts';

/** SQLite result codes (the primary code, the low byte) that mean the storage cannot take writes. */
const SQLITE_STORAGE_CODES = new Set([8 /* READONLY */, 10 /* IOERR */, 13 /* FULL */, 14 /* CANTOPEN */]);
/** File system errors that mean the same for uploads and the database. */
const FS_STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

/** Socket errors on the way to PostgreSQL. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL SQLSTATE classes and codes that mean the server cannot take the write now:
 * connection exceptions (08), insufficient resources such as a full disk (53), operator
 * intervention such as a shutdown (57P01–57P03), and a read-only standby (25006).
 */
const POSTGRES_STORAGE = (state: string) =>
  state.startsWith('08') || state.startsWith('53') || /^57P0[123]$/.test(state) || state === '25006';
/** What node-postgres says when the server went away mid-query or the pool timed out waiting for one. */
const POSTGRES_LOST =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/;

/** Whether an error, raised by the storage itself, means it cannot take writes now. */
function meansStorageCannotWrite(error: unknown): boolean {
  const { code, errcode, message } = (error ?? {}) as { code?: unknown; errcode?: unknown; message?: unknown };
  if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number') return SQLITE_STORAGE_CODES.has(errcode & 0xff);
  if (typeof code === 'string' && (FS_STORAGE_CODES.has(code) || NETWORK_CODES.has(code))) return true;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return POSTGRES_STORAGE(code);
  return typeof message === 'string' && POSTGRES_LOST.test(message);
}

/**
 * Set on an error by the storage layer that raised it. The same codes come from elsewhere: a
 * visitor's aborted upload is ECONNRESET, a mail server's dropped connection too. Only errors
 * the database, the uploads folder or the bucket raised may make the site report not ready.
 */
const RAISED_BY_STORAGE = Symbol('raised by storage');

/** Marks an error the database or the uploads folder raised, when it means writes fail; answers the error. */
export function raisedByStorage<T>(error: T): T {
  if (typeof error === 'object' && error !== null && meansStorageCannotWrite(error) && Object.isExtensible(error)) {
    Object.defineProperty(error, RAISED_BY_STORAGE, { value: true });
  }
  return error;
}

/** Runs a storage operation; a failure of the storage itself comes out marked. */
export async function onStorage<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw raisedByStorage(error);
  }
}

export function isStorageFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && RAISED_BY_STORAGE in error;
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

  let probing = false;
  async function probe(): Promise<void> {
    if (probing) return;
    probing = true;
    try {
      await onStorage(() =>
        db.run(`INSERT INTO storage_probe (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at`, [
          new Date().toISOString(),
        ]),
      );
    } catch (error) {
      if (isStorageFailure(error)) return;
      log.error({ err: error }, 'storage probe failed');
      return;
    } finally {
      probing = false;
    }
    if (!failing) return;
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
      log.error(
        { err: error },
        'storage cannot take writes: submissions are refused with 503 and the site reports not ready until a write works again',
      );
      timer = setInterval(() => void probe(), probeMs);
      timer.unref();
    },
    episodes: () => count,
    close() {
      clearInterval(timer);
    },
  };
}
