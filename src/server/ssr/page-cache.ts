/**
 * Rendered pages whose HTML depends only on their path, their language and the content: the
 * same bytes for every visitor (no nonce; the page's policy names its inline scripts' hashes),
 * kept with a brotli and a gzip copy made once at best quality, bounded in bytes (every copy
 * counted, least recently used first out) and in age, emptied when the content is reloaded.
 * The copies are made in the background a few at a time (compression-queue.ts); a page whose
 * turn was lost is queued again at its next hit. Keys are made from a page's canonical path
 * only: the page handler redirects every other spelling of it (canonical-path.ts).
 *
 * Each copy has a strong ETag made from the document and its policy, so a content reload or a
 * deploy changes the ETag of exactly the pages whose bytes changed, and every replica gives an
 * unchanged page the same ETag. A page rendered again after its time with the same bytes keeps
 * its compressed copies: only a changed page is compressed again.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { BROTLI_WINDOW_BITS, type ContentEncoding } from '../http/encoding.ts';
import { type CompressionQueue, createCompressionQueue } from './compression-queue.ts';

/** The encodings a kept page is compressed in. */
export type StoredEncoding = Exclude<ContentEncoding, 'identity'>;

export interface CachedPage {
  readonly html: Buffer;
  /** The Content-Security-Policy header naming the hashes of the page's inline scripts. */
  readonly policy: string;
  /** The hash of the document and its policy; the ETag of each compressed copy adds a suffix. */
  readonly hash: string;
  storedAt: number;
  /** Filled once the background compression is done. */
  compressed?: Readonly<Record<StoredEncoding, Buffer>>;
  /**
   * Settles once the background compression is over: done, failed, or pushed out of the
   * compression queue (then the page's next hit queues it again). Never rejects.
   */
  compressing: Promise<void>;
}

export interface PageCacheOptions {
  /** Upper bound of the bytes held, all copies counted; 0 turns the cache off. */
  maxBytes: number;
  /** An entry older than this is rendered again: career listings and past events change with time. */
  ttlMs: number;
  now?: () => number;
  log: FastifyBaseLogger;
  /** Where the copies are made; by default at most two at once and eight waiting. */
  compressions?: CompressionQueue;
}

export interface PageCache {
  readonly enabled: boolean;
  /** The entry while it is younger than the TTL. */
  get(key: string): CachedPage | undefined;
  /** Stores the document with its policy and starts compressing it; the copies join the entry when ready. */
  put(key: string, html: Buffer, policy: string): CachedPage | undefined;
  clear(): void;
  stats(): { entries: number; bytes: number };
}

export function pageCacheKey(language: string, pathname: string): string {
  return `${language} ${pathname}`;
}

/** A strong ETag per representation: each one is the same bytes for every answer. */
export function entityTag(page: CachedPage, encoding: ContentEncoding): string {
  return encoding === 'identity' ? `"${page.hash}"` : `"${page.hash}-${encoding}"`;
}

/**
 * True when If-None-Match names the representation this answer would send (or is `*`). The
 * comparison is the weak one RFC 9110 prescribes for If-None-Match; another encoding's tag
 * does not match, as its bytes are not the ones this answer carries.
 */
export function matchesEntityTag(
  ifNoneMatch: string | undefined,
  page: CachedPage,
  encoding: ContentEncoding,
): boolean {
  if (!ifNoneMatch) return false;
  const tag = entityTag(page, encoding);
  return ifNoneMatch.split(',').some((candidate) => {
    const trimmed = candidate.trim().replace(/^W\//, '');
    return trimmed === '*' || trimmed === tag;
  });
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The kept brotli copy's quality. 10, not 11: on a 77 KB article 11 saves 2 % of the bytes
 * (14,444 against 14,783) for 2.5 times the CPU (56 against 23 ms), and every page a crawler
 * reaches cold pays it once; on 2 cores that slowed rendering the next pages.
 */
export const KEPT_BROTLI_QUALITY = 10;

/**
 * Done once per page in the thread pool, off the event loop. The brotli window is the
 * streaming one (256 KB): a page up to that size gets the same bytes at the same cost as with
 * the default 4 MB window, and a larger one makes neither the compressor nor a browser's
 * decoder hold 4 MB for it.
 */
function compressCopies(html: Buffer): Promise<Record<StoredEncoding, Buffer>> {
  return Promise.all([
    brotli(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzip(html, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]).then(([br, gz]) => ({ br, gzip: gz }));
}

/** Room kept up front for the copies: together they are well under half of the HTML. */
const COPIES_ALLOWANCE = 0.5;

const sizeOf = (page: CachedPage) =>
  page.html.length + (page.compressed ? page.compressed.br.length + page.compressed.gzip.length : 0);

/** Copies made at once: two keep a core for rendering on a 2-core machine. */
const COMPRESSIONS_AT_ONCE = 2;
/** Pages waiting for their copies; an older one is pushed out by a newer one past this. */
const COMPRESSIONS_WAITING = 8;

export function createPageCache({
  maxBytes,
  ttlMs,
  now = Date.now,
  log,
  compressions = createCompressionQueue({ concurrency: COMPRESSIONS_AT_ONCE, maxWaiting: COMPRESSIONS_WAITING }),
}: PageCacheOptions): PageCache {
  // Map order is use order: a hit moves its entry to the end, eviction takes from the front.
  // An entry past its TTL stays until it is replaced or evicted, so that a render of the same
  // bytes can take over its compressed copies.
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  let generation = 0;

  const remove = (key: string) => {
    const page = entries.get(key);
    if (!page) return;
    entries.delete(key);
    bytes -= sizeOf(page);
  };
  const makeRoom = (needed: number) => {
    for (const key of entries.keys()) {
      if (bytes + needed <= maxBytes) break;
      remove(key);
    }
  };
  const insert = (key: string, page: CachedPage) => {
    remove(key);
    makeRoom(sizeOf(page));
    entries.set(key, page);
    bytes += sizeOf(page);
  };
  /** Pages whose turn in the compression queue was lost: their next hit queues them again. */
  const unqueued = new WeakSet<CachedPage>();
  /** Makes the page's copies in turn; they join the entry if it is still the one kept under its key. */
  const compress = (key: string, page: CachedPage): Promise<void> => {
    const startedIn = generation;
    // The entry may have been replaced, evicted or cleared meanwhile: then its copies are not made, or not kept.
    const isKept = () => generation === startedIn && entries.get(key) === page;
    return compressions
      .run(() => (isKept() ? compressCopies(page.html) : Promise.resolve(null)))
      .then(
        (compressed) => {
          if (compressed === undefined) {
            unqueued.add(page);
            return;
          }
          if (compressed === null || !isKept()) return;
          entries.delete(key);
          bytes -= page.html.length;
          page.compressed = compressed;
          insert(key, page);
        },
        (error: unknown) => log.error({ err: error, key }, 'page not compressed for the cache'),
      );
  };

  return {
    enabled: maxBytes > 0,
    get(key) {
      const page = entries.get(key);
      if (!page || now() - page.storedAt >= ttlMs) return undefined;
      entries.delete(key);
      entries.set(key, page);
      if (unqueued.delete(page)) page.compressing = compress(key, page);
      return page;
    },
    put(key, html, policy) {
      if (maxBytes === 0 || html.length * (1 + COPIES_ALLOWANCE) > maxBytes) return undefined;
      const hash = createHash('sha256').update(policy).update('\0').update(html).digest('base64url').slice(0, 27);
      const previous = entries.get(key);
      if (previous?.hash === hash) {
        // The same bytes again: the copies made for them still fit.
        previous.storedAt = now();
        entries.delete(key);
        entries.set(key, previous);
        return previous;
      }
      const page: CachedPage = { html, policy, hash, storedAt: now(), compressing: Promise.resolve() };
      insert(key, page);
      page.compressing = compress(key, page);
      return page;
    },
    clear() {
      generation += 1;
      entries.clear();
      bytes = 0;
    },
    stats: () => ({ entries: entries.size, bytes }),
  };
}
