/**
 * Compressed copies of the text answers the server sends again and again (the insights list,
 * a popular search, a feed), keyed by encoding and a hash of the bytes: hashing a few
 * kilobytes costs a tenth of compressing them, so a repeated answer is compressed once.
 * Least recently used copies go first once the copies pass their byte budget.
 */
import { hash } from 'node:crypto';
import { type ContentEncoding, compressNow } from './encoding.ts';

export interface CompressedCopies {
  compress(bytes: Buffer, encoding: Exclude<ContentEncoding, 'identity'>): Buffer;
  /** Bytes the kept copies hold, keys included. */
  readonly size: number;
}

export function createCompressedCopies(maxBytes: number): CompressedCopies {
  const copies = new Map<string, Buffer>();
  let size = 0;
  const cost = (key: string, copy: Buffer) => key.length + copy.length;
  return {
    compress(bytes, encoding) {
      const key = `${encoding} ${hash('sha256', bytes, 'base64')}`;
      const kept = copies.get(key);
      if (kept) {
        // Map order is insertion order: moving a hit to the end makes the first key the least recently used.
        copies.delete(key);
        copies.set(key, kept);
        return kept;
      }
      const copy = compressNow(bytes, encoding);
      if (cost(key, copy) > maxBytes) return copy;
      copies.set(key, copy);
      size += cost(key, copy);
      for (const [oldest, old] of copies) {
        if (size <= maxBytes) break;
        copies.delete(oldest);
        size -= cost(oldest, old);
      }
      return copy;
    },
    get size() {
      return size;
    },
  };
}
