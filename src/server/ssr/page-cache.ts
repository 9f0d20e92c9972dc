/**
 * Rendered pages whose HTML depends only on their path, their language and the content:
 * kept with a gzip copy and a weak ETag, bounded in bytes (least recently used first out)
 * and in age, emptied when the content is reloaded.
 *
 * Every answer carries its own Content Security Policy nonce, so an entry keeps the document
 * cut where the nonce of the render that made it stood, and each piece deflated on its own:
 * an answer joins the pieces with a fresh nonce (see http/joined-gzip.ts), with no
 * compression per answer. Brotli streams cannot be joined like that, so a cached page goes
 * out as gzip to every client that takes it. The ETag is weak because the nonce differs
 * between answers; a 304 carries no policy, so the browser keeps the one of the body it holds.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ContentEncoding } from '../http/encoding.ts';
import { deflatePieces, joinGzip } from '../http/joined-gzip.ts';

export interface CachedPage {
  /** The document cut at its nonce: the nonce of each answer joins the pieces. */
  readonly pieces: readonly Buffer[];
  /** The hash of the pieces; the gzip copy's ETag adds a suffix. */
  readonly hash: string;
  readonly storedAt: number;
  /** Filled once the background compression is done. */
  deflated?: readonly Buffer[];
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
  /** Stores the document rendered with `nonce` and starts compressing it; the copy joins the entry when ready. */
  put(key: string, html: Buffer, nonce?: string): CachedPage | undefined;
  clear(): void;
  stats(): { entries: number; bytes: number };
}

export function pageCacheKey(language: string, pathname: string): string {
  return `${language} ${pathname}`;
}

/** The document as one answer sends it, with that answer's nonce. */
export function pageWithNonce(page: CachedPage, nonce: string): Buffer {
  const between = Buffer.from(nonce);
  return Buffer.concat(page.pieces.flatMap((piece, index) => (index === 0 ? [piece] : [between, piece])));
}

/** The gzip copy with this answer's nonce; undefined until the background compression is done. */
export function gzipWithNonce(page: CachedPage, nonce: string): Buffer | undefined {
  return page.deflated ? joinGzip(page.pieces, page.deflated, Buffer.from(nonce)) : undefined;
}

/** A weak ETag per representation: the bytes differ by their nonce, the page does not. */
export function entityTag(page: CachedPage, encoding: ContentEncoding): string {
  return encoding === 'identity' ? `W/"${page.hash}"` : `W/"${page.hash}-${encoding}"`;
}

/** True when If-None-Match names this page in any of its encodings (or is `*`). */
export function matchesEntityTag(ifNoneMatch: string | undefined, page: CachedPage): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === `"${page.hash}"` || tag.startsWith(`"${page.hash}-`);
  });
}

const total = (buffers: readonly Buffer[]) => buffers.reduce((sum, buffer) => sum + buffer.length, 0);
const sizeOf = (page: CachedPage) => total(page.pieces) + (page.deflated ? total(page.deflated) : 0);

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
    put(key, html, nonce) {
      // The gzip copy is about a fifth of the HTML; room for both is kept up front.
      if (maxBytes === 0 || html.length * 1.25 > maxBytes) return undefined;
      remove(key);
      makeRoom(html.length);
      const pieces = nonce ? splitAt(html, Buffer.from(nonce)) : [html];
      const hash = createHash('sha256');
      // The nonce's places are part of the page: two documents differing only there are not one.
      for (const piece of pieces) hash.update(piece).update('\0');
      const page: CachedPage = { pieces, hash: hash.digest('base64url').slice(0, 27), storedAt: now() };
      entries.set(key, page);
      bytes += html.length;
      const startedIn = generation;
      deflatePieces(pieces).then(
        (deflated) => {
          // The entry may have been replaced, evicted or cleared meanwhile.
          if (generation !== startedIn || entries.get(key) !== page) return;
          const extra = total(deflated);
          entries.delete(key);
          bytes -= html.length;
          makeRoom(html.length + extra);
          page.deflated = deflated;
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

/** The bytes between the occurrences of `separator` (a nonce: it occurs nowhere else). */
function splitAt(bytes: Buffer, separator: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  let start = 0;
  for (let found = bytes.indexOf(separator); found !== -1; found = bytes.indexOf(separator, start)) {
    pieces.push(bytes.subarray(start, found));
    start = found + separator.length;
  }
  pieces.push(bytes.subarray(start));
  return pieces;
}
