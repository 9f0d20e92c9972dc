/**
 * Rendered pages whose HTML depends only on their path, their language and the content:
 * kept as bytes with their precompressed copies and a strong ETag, bounded in bytes
 * (least recently used first out) and in age, emptied when the content is reloaded.
 *
 * Per-response CSP nonces: an entry is one run of bytes today. When pages carry a nonce,
 * the entry keeps the document cut at the nonce's places; the gzip copy then holds each
 * piece deflated up to a full flush, so a response joins the pieces with the nonce as a
 * stored block and a freshly summed trailer, with no compression per response; brotli,
 * which cannot be joined like that, is compressed per response at streaming quality.
 * A 304 carries no CSP header, so the browser keeps the nonce of the body it holds.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { precompress, type ContentEncoding, type Precompressed } from '../http/encoding.ts';

export interface CachedPage {
  readonly html: Buffer;
  /** The hash of the HTML; each encoding's ETag adds its own suffix. */
  readonly hash: string;
  readonly storedAt: number;
  /** Filled once the background compression is done. */
  compressed?: Precompressed;
}

export interface PageCacheOptions {
  /** Upper bound of the bytes held, all copies counted; 0 turns the cache off. */
  maxBytes: number;
  /** An entry older than this is rendered again: career listings and past events change with time. */
  ttlMs: number;
  now?: () => number;
  log: FastifyBaseLogger;
}

export interface PageCache {
  readonly enabled: boolean;
  get(key: string): CachedPage | undefined;
  /** Stores the HTML and starts compressing it; the copies join the entry when ready. */
  put(key: string, html: Buffer): CachedPage | undefined;
  clear(): void;
  stats(): { entries: number; bytes: number };
}

export function pageCacheKey(language: string, pathname: string): string {
  return `${language} ${pathname}`;
}

/** A strong ETag per representation: the same document in br and gzip are different bytes. */
export function entityTag(page: CachedPage, encoding: ContentEncoding): string {
  return encoding === 'identity' ? `"${page.hash}"` : `"${page.hash}-${encoding}"`;
}

/** True when If-None-Match names this page in any of its encodings (or is `*`). */
export function matchesEntityTag(ifNoneMatch: string | undefined, page: CachedPage): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === `"${page.hash}"` || tag.startsWith(`"${page.hash}-`);
  });
}

const sizeOf = (page: CachedPage) => page.html.length + (page.compressed ? page.compressed.br.length + page.compressed.gzip.length : 0);

export function createPageCache({ maxBytes, ttlMs, now = Date.now, log }: PageCacheOptions): PageCache {
  // Map order is use order: a hit moves its entry to the end, eviction takes from the front.
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

  return {
    enabled: maxBytes > 0,
    get(key) {
      const page = entries.get(key);
      if (!page) return undefined;
      if (now() - page.storedAt >= ttlMs) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, page);
      return page;
    },
    put(key, html) {
      // Compression makes the copies about a fifth of the HTML; room for all three is kept up front.
      if (maxBytes === 0 || html.length * 1.5 > maxBytes) return undefined;
      remove(key);
      makeRoom(html.length);
      const page: CachedPage = { html, hash: createHash('sha256').update(html).digest('base64url').slice(0, 27), storedAt: now() };
      entries.set(key, page);
      bytes += html.length;
      const startedIn = generation;
      precompress(html).then(
        (compressed) => {
          // The entry may have been replaced, evicted or cleared meanwhile.
          if (generation !== startedIn || entries.get(key) !== page) return;
          const extra = compressed.br.length + compressed.gzip.length;
          entries.delete(key);
          bytes -= html.length;
          makeRoom(html.length + extra);
          page.compressed = compressed;
          entries.set(key, page);
          bytes += html.length + extra;
        },
        (error: unknown) => log.error({ err: error, key }, 'page not compressed for the cache'),
      );
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
