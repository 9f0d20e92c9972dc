/**
 * Answers queries over a finished search index (its byte layout is described in
 * search-index.ts): finds the words each query word reaches, adds up their BM25 scores per
 * document in arrays reused from query to query, and keeps the best documents while
 * scanning, so a search allocates next to nothing however many documents match.
 */
import { normalizeTerm } from './normalize.ts';
import type { CombineWith, SearchHit, SearchIndex } from './search-index-types.ts';
import { wordsOf } from './search-tokens.ts';
import type { TermDictionary } from './term-dictionary.ts';

/** MiniSearch's defaults, so that rankings stay as they were. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const MAX_FUZZY = 6;
/** Distinct words a query reaches at most: cutting at punctuation can turn six words into dozens, and each costs a pass over postings. */
export const MAX_QUERY_TERMS = 16;

/** A query's words as terms: cut and folded as the documents were, each once, at most MAX_QUERY_TERMS. */
function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const word of wordsOf(query)) {
    const term = normalizeTerm(word);
    if (term !== null) terms.add(term);
    if (terms.size === MAX_QUERY_TERMS) break;
  }
  return [...terms];
}

/** A finished index's parts, as the builder hands them over. */
export interface IndexParts {
  ids: readonly string[];
  /** Per field, in the order of the field bits. */
  boosts: Float64Array;
  prefix: boolean;
  fuzzy: number;
  dictionary: TermDictionary;
  offsets: Uint32Array;
  postings: Uint8Array;
  lengths: Uint16Array;
  averageLengths: Float64Array;
}

export class ScoredSearchIndex implements SearchIndex {
  readonly #ids: readonly string[];
  readonly #fieldCount: number;
  readonly #boosts: Float64Array;
  readonly #prefix: boolean;
  readonly #fuzzy: number;
  readonly #dictionary: TermDictionary;
  /** The bytes of the word of rank r are #postings[#offsets[r]] up to #offsets[r + 1]. */
  readonly #offsets: Uint32Array;
  readonly #postings: Uint8Array;
  /** Distinct words per document and field, document-major. */
  readonly #lengths: Uint16Array;
  /** BM25's length normalization per field: k × (1 − b) + k × b × length / average length. */
  readonly #normBase: number;
  readonly #normPerLength: Float64Array;
  /** Per query, reused (a search runs to its end without yielding): score, query words matched, the last query word counted. */
  readonly #scores: Float64Array;
  readonly #matched: Uint8Array;
  readonly #lastTerm: Uint8Array;
  readonly #factors: Float64Array;

  constructor(parts: IndexParts) {
    this.#ids = parts.ids;
    this.#fieldCount = parts.boosts.length;
    this.#boosts = parts.boosts;
    this.#prefix = parts.prefix;
    this.#fuzzy = parts.fuzzy;
    this.#dictionary = parts.dictionary;
    this.#offsets = parts.offsets;
    this.#postings = parts.postings;
    this.#lengths = parts.lengths;
    this.#normBase = BM25.k * (1 - BM25.b);
    this.#normPerLength = parts.averageLengths.map((average) => (average > 0 ? (BM25.k * BM25.b) / average : 0));
    this.#scores = new Float64Array(parts.ids.length);
    this.#matched = new Uint8Array(parts.ids.length);
    this.#lastTerm = new Uint8Array(parts.ids.length);
    this.#factors = new Float64Array(this.#fieldCount);
  }

  get documentCount(): number {
    return this.#ids.length;
  }

  get termCount(): number {
    return this.#dictionary.size;
  }

  search(query: string, combineWith: CombineWith, limit: number): SearchHit[] {
    const wanted = Math.min(Math.floor(limit) || 0, this.documentCount);
    if (wanted <= 0) return [];
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    try {
      for (let index = 0; index < terms.length; index += 1) {
        const found = this.#scoreTerm(terms[index]!, index + 1, combineWith === 'AND' ? index : 0);
        if (!found && combineWith === 'AND') return [];
      }
      return this.#best(wanted, combineWith === 'AND' ? terms.length : 1);
    } finally {
      this.#scores.fill(0);
      this.#matched.fill(0);
      this.#lastTerm.fill(0);
    }
  }

  /**
   * Adds the scores of every word the query term finds: itself, the words it starts, its near
   * misses. Documents that matched fewer than `floor` earlier query words are passed over.
   */
  #scoreTerm(term: string, index: number, floor: number): boolean {
    const dictionary = this.#dictionary;
    const lower = dictionary.lowerBound(term);
    const exact = dictionary.is(lower, term) ? lower : -1;
    let found = false;
    if (exact >= 0) {
      this.#addPostings(exact, 1, index, floor);
      found = true;
    }
    const prefixEnd = this.#prefix ? dictionary.prefixEnd(term, lower) : lower;
    for (let rank = lower; rank < prefixEnd; rank += 1) {
      if (rank === exact) continue;
      // Longer completions weigh less, slowly: a prefix match stays relevant far out.
      const length = dictionary.length(rank);
      this.#addPostings(rank, (PREFIX_WEIGHT * length) / (length + 0.3 * (length - term.length)), index, floor);
      found = true;
    }
    const maxDistance = this.#fuzzy > 0 ? Math.min(MAX_FUZZY, Math.round(term.length * this.#fuzzy)) : 0;
    dictionary.near(term, maxDistance, (rank, distance) => {
      // The term itself and the words it starts were scored above, at their own weights.
      if (distance === 0 || (rank >= lower && rank < prefixEnd)) return;
      const length = dictionary.length(rank);
      this.#addPostings(rank, (FUZZY_WEIGHT * length) / (length + distance), index, floor);
      found = true;
    });
    return found;
  }

  #addPostings(rank: number, weight: number, index: number, floor: number): void {
    const postings = this.#postings;
    const fields = this.#fieldCount;
    const ones = 1 << fields;
    const shift = fields + 1;
    const factors = this.#factors;
    const total = this.documentCount;
    let at = this.#offsets[rank]!;
    const end = this.#offsets[rank + 1]!;
    for (let field = 0; field < fields; field += 1) {
      let count = 0;
      for (let bits = 0, byte = 0x80; byte & 0x80; bits += 7) {
        byte = postings[at++]!;
        count |= (byte & 0x7f) << bits;
      }
      const inverseFrequency = count === 0 ? 0 : Math.log(1 + (total - count + 0.5) / (count + 0.5));
      factors[field] = weight * this.#boosts[field]! * inverseFrequency;
    }
    let document = -1;
    while (at < end) {
      let value = 0;
      for (let bits = 0, byte = 0x80; byte & 0x80; bits += 7) {
        byte = postings[at++]!;
        value |= (byte & 0x7f) << bits;
      }
      document += value >>> shift;
      // Out of an AND already: its counts need skipping, not scoring.
      const counted = this.#matched[document]! >= floor;
      let score = 0;
      for (let field = 0; field < fields; field += 1) {
        if ((value & (1 << field)) === 0) continue;
        let frequency = 1;
        if ((value & ones) === 0) {
          frequency = 0;
          for (let bits = 0, byte = 0x80; byte & 0x80; bits += 7) {
            byte = postings[at++]!;
            frequency |= (byte & 0x7f) << bits;
          }
        }
        if (!counted) continue;
        const norm = this.#normBase + this.#normPerLength[field]! * this.#lengths[document * fields + field]!;
        score += factors[field]! * (BM25.d + (frequency * (BM25.k + 1)) / (frequency + norm));
      }
      if (!counted) continue;
      this.#scores[document]! += score;
      if (this.#lastTerm[document] !== index) {
        this.#lastTerm[document] = index;
        this.#matched[document]! += 1;
      }
    }
  }

  /** The `limit` best documents that matched at least `required` query words, kept sorted while scanning. */
  #best(limit: number, required: number): SearchHit[] {
    const documents = new Int32Array(limit);
    const scores = new Float64Array(limit);
    let count = 0;
    for (let document = 0; document < this.documentCount; document += 1) {
      const matched = this.#matched[document]!;
      if (matched === 0 || matched < required) continue;
      const score = this.#scores[document]! * matched;
      if (count === limit && score <= scores[limit - 1]!) continue;
      let position = count < limit ? count++ : limit - 1;
      while (position > 0 && scores[position - 1]! < score) {
        scores[position] = scores[position - 1]!;
        documents[position] = documents[position - 1]!;
        position -= 1;
      }
      scores[position] = score;
      documents[position] = document;
    }
    return Array.from({ length: count }, (_, rank) => ({ id: this.#ids[documents[rank]!]!, score: scores[rank]! }));
  }

  bytes(): number {
    const arrays = [
      this.#offsets,
      this.#postings,
      this.#lengths,
      this.#normPerLength,
      this.#scores,
      this.#matched,
      this.#lastTerm,
      this.#boosts,
    ];
    return this.#dictionary.bytes() + arrays.reduce((sum, array) => sum + array.byteLength, 0) + this.#ids.length * 8;
  }
}
