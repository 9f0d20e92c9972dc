/**
 * The frozen vocabulary of a search index: every word once, sorted, in one character
 * array with offsets, outside the JavaScript heap. Sorted, a binary search finds a word
 * and the run of words that start with a prefix; for typos, only words of about the same
 * length are looked at, a letter-set test drops most of them, and an edit distance that
 * gives up past the allowed number of edits measures the rest.
 */
import type { TermInterner } from './term-interner.ts';

/** Words longer than this share the last length bucket. */
const LONGEST_BUCKET = 64;

/** A bit per letter or digit (a few shared by everything else): each edit changes at most two bits of a word's set. */
function letterBit(unit: number): number {
  if (unit >= 97 && unit <= 122) return 1 << (unit - 97);
  if (unit >= 48 && unit <= 57) return 1 << (26 + (unit % 3));
  return 1 << (29 + (unit % 3));
}

function bitCount(value: number): number {
  let bits = value - ((value >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

export class TermDictionary {
  readonly #chars: Uint16Array;
  /** Word r is #chars[#starts[r]] up to #starts[r + 1]. */
  readonly #starts: Uint32Array;
  readonly #letters: Uint32Array;
  /** Ranks ordered by length; those of length n (capped) are #byLength[#lengthStarts[n]] up to #lengthStarts[n + 1]. */
  readonly #byLength: Uint32Array;
  readonly #lengthStarts: Uint32Array;

  constructor(chars: Uint16Array, starts: Uint32Array) {
    this.#chars = chars;
    this.#starts = starts;
    const size = starts.length - 1;
    this.#letters = new Uint32Array(size);
    this.#lengthStarts = new Uint32Array(LONGEST_BUCKET + 2);
    for (let rank = 0; rank < size; rank += 1) {
      let letters = 0;
      for (let at = starts[rank]!; at < starts[rank + 1]!; at += 1) letters |= letterBit(chars[at]!);
      this.#letters[rank] = letters;
      this.#lengthStarts[Math.min(this.length(rank), LONGEST_BUCKET) + 1]! += 1;
    }
    for (let bucket = 1; bucket < this.#lengthStarts.length; bucket += 1)
      this.#lengthStarts[bucket]! += this.#lengthStarts[bucket - 1]!;
    this.#byLength = new Uint32Array(size);
    const filled = this.#lengthStarts.slice();
    for (let rank = 0; rank < size; rank += 1)
      this.#byLength[filled[Math.min(this.length(rank), LONGEST_BUCKET)]!++] = rank;
  }

  get size(): number {
    return this.#starts.length - 1;
  }

  length(rank: number): number {
    return this.#starts[rank + 1]! - this.#starts[rank]!;
  }

  term(rank: number): string {
    let term = '';
    for (let at = this.#starts[rank]!; at < this.#starts[rank + 1]!; at += 1)
      term += String.fromCharCode(this.#chars[at]!);
    return term;
  }

  /** Sign of the word at rank against query; as a prefix, a word that starts with query counts as equal. */
  #compare(rank: number, query: string, asPrefix: boolean): number {
    const start = this.#starts[rank]!;
    const length = this.#starts[rank + 1]! - start;
    const common = Math.min(length, query.length);
    for (let at = 0; at < common; at += 1) {
      const difference = this.#chars[start + at]! - query.charCodeAt(at);
      if (difference !== 0) return difference;
    }
    return asPrefix && length >= query.length ? 0 : length - query.length;
  }

  /** The first rank from `from` whose word is not below query (as a prefix, if asked); size if none. */
  #search(query: string, from: number, asPrefix: boolean, above: boolean): number {
    let low = from;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const sign = this.#compare(middle, query, asPrefix);
      if (sign < 0 || (above && sign === 0)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The first rank whose word is not below query: where query is, or would be. */
  lowerBound(query: string): number {
    return this.#search(query, 0, false, false);
  }

  is(rank: number, query: string): boolean {
    return rank < this.size && this.#compare(rank, query, false) === 0;
  }

  /** The first rank from `from` (a lowerBound of query) whose word does not start with query. */
  prefixEnd(query: string, from: number): number {
    return this.#search(query, from, true, true);
  }

  /** Every word within maxDistance insertions, deletions and substitutions of query, with its distance. */
  near(query: string, maxDistance: number, visit: (rank: number, distance: number) => void): void {
    const shortest = Math.max(1, query.length - maxDistance);
    const longest = Math.min(LONGEST_BUCKET, query.length + maxDistance);
    const from = this.#lengthStarts[Math.min(shortest, LONGEST_BUCKET + 1)]!;
    const to = this.#lengthStarts[longest + 1]!;
    if (maxDistance <= 0 || from >= to) return;
    let letters = 0;
    for (let at = 0; at < query.length; at += 1) letters |= letterBit(query.charCodeAt(at));
    const rows = [new Uint8Array(query.length + 2), new Uint8Array(query.length + 2)] as const;
    for (let index = from; index < to; index += 1) {
      const rank = this.#byLength[index]!;
      if (bitCount(this.#letters[rank]! ^ letters) > 2 * maxDistance) continue;
      const distance = this.#distance(rank, query, maxDistance, rows);
      if (distance <= maxDistance) visit(rank, distance);
    }
  }

  /** Levenshtein distance in a band around the diagonal, or maxDistance + 1 once every cell of a row is beyond it. */
  #distance(rank: number, query: string, maxDistance: number, rows: readonly [Uint8Array, Uint8Array]): number {
    const start = this.#starts[rank]!;
    const length = this.#starts[rank + 1]! - start;
    const n = query.length;
    const beyond = maxDistance + 1;
    if (Math.abs(length - n) > maxDistance) return beyond;
    let [previous, current] = rows;
    for (let j = 0; j <= n + 1; j += 1) previous[j] = Math.min(j, beyond);
    for (let i = 1; i <= length; i += 1) {
      const unit = this.#chars[start + i - 1]!;
      const low = Math.max(1, i - maxDistance);
      const high = Math.min(n, i + maxDistance);
      current[0] = Math.min(i, beyond);
      current[low - 1] = low === 1 ? current[0] : beyond;
      let best = current[low - 1]!;
      for (let j = low; j <= high; j += 1) {
        const replace = previous[j - 1]! + (query.charCodeAt(j - 1) === unit ? 0 : 1);
        const cell = Math.min(replace, previous[j]! + 1, current[j - 1]! + 1, beyond);
        current[j] = cell;
        if (cell < best) best = cell;
      }
      current[high + 1] = beyond;
      if (best > maxDistance) return beyond;
      [previous, current] = [current, previous];
    }
    return previous[n]!;
  }

  bytes(): number {
    return (
      this.#chars.byteLength +
      this.#starts.byteLength +
      this.#letters.byteLength +
      this.#byLength.byteLength +
      this.#lengthStarts.byteLength
    );
  }
}

/** The interner's words sorted into a dictionary, and for each rank the interner's id of its word. */
export function freezeTerms(interner: TermInterner): { dictionary: TermDictionary; idOfRank: Uint32Array } {
  const source = interner.chars;
  const idOfRank = new Uint32Array(interner.size);
  for (let id = 0; id < idOfRank.length; id += 1) idOfRank[id] = id;
  idOfRank.sort((a, b) => {
    const aStart = interner.startOf(a);
    const bStart = interner.startOf(b);
    const aLength = interner.endOf(a) - aStart;
    const bLength = interner.endOf(b) - bStart;
    const common = Math.min(aLength, bLength);
    for (let at = 0; at < common; at += 1) {
      const difference = source[aStart + at]! - source[bStart + at]!;
      if (difference !== 0) return difference;
    }
    return aLength - bLength;
  });
  const starts = new Uint32Array(interner.size + 1);
  const chars = new Uint16Array(interner.size === 0 ? 0 : interner.endOf(interner.size - 1));
  let at = 0;
  for (let rank = 0; rank < idOfRank.length; rank += 1) {
    const id = idOfRank[rank]!;
    chars.set(source.subarray(interner.startOf(id), interner.endOf(id)), at);
    starts[rank] = at;
    at += interner.endOf(id) - interner.startOf(id);
  }
  starts[idOfRank.length] = at;
  return { dictionary: new TermDictionary(chars, starts), idOfRank };
}
