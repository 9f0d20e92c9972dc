/**
 * Full-text search over the insights of one language, small enough for 10,000 articles per
 * language in a server whose whole heap is 96 MB. MiniSearch kept a Map per word per field
 * per article on the heap; this index keeps, outside it, one sorted dictionary and for each
 * word one run of bytes naming the articles that contain it. Articles are added one at a
 * time, so whoever builds the index never holds all their text at once.
 *
 * Matching and ranking are MiniSearch's with the site's options, so results stay in the
 * order they had: a query word finds itself, the longer words it starts (prefix) and the
 * words a few edits away (fuzzy), the last two weighted lower; BM25+ per field, times the
 * field's boost; all words (AND) or any (OR); a document's score times the number of query
 * words it matched.
 *
 * A word's run of bytes: its document count per field, then per document one varint of
 * (gap to the previous document number × 2^(fields + 1) + ONES + field bits), ONES meaning
 * the word occurs once in each of those fields; without it, a varint count per field follows.
 */
import { normalizeTerm } from './normalize.ts';
import { PostingPool } from './posting-pool.ts';
import type { SearchIndex } from './search-index-types.ts';
import { ScoredSearchIndex } from './search-scoring.ts';
import { forEachWord } from './search-tokens.ts';
import { freezeTerms } from './term-dictionary.ts';
import { TermInterner } from './term-interner.ts';
import { grown, varintSize, writeVarint } from './typed-arrays.ts';

export { MAX_QUERY_TERMS } from './search-scoring.ts';

export interface SearchIndexOptions<Field extends string> {
  fields: readonly Field[];
  /** Score factor per field; 1 for a field not named. */
  boost: Readonly<Partial<Record<Field, number>>>;
  /** Whether a query word also finds the longer words it starts. */
  prefix: boolean;
  /** Edits allowed per character of a query word, rounded (0.2: one edit from 3 characters, two from 8); 0 for none. */
  fuzzy: number;
}

export type SearchDocument<Field extends string> = { readonly id: string } & { readonly [Name in Field]: string };

export interface SearchIndexBuilder<Field extends string> {
  /** Indexes one document; the index keeps none of its text. */
  add(document: SearchDocument<Field>): void;
  /** The index of every document added; the builder lets go of its working memory and takes no more. */
  finish(): SearchIndex;
}

const MAX_FIELDS = 6;
/** Document gaps times the field bits stay below 2^31, what the varints hold. */
const MAX_DOCUMENTS = 1 << 22;

class CompactSearchIndexBuilder<Field extends string> implements SearchIndexBuilder<Field> {
  readonly #options: SearchIndexOptions<Field>;
  readonly #fieldCount: number;
  #ids: string[] = [];
  #seenIds = new Set<string>();
  /** Words as they are written, so each spelling is folded once, not at every occurrence. */
  #words = new TermInterner();
  /** Per written word: its term, −1 if it folds to nothing, and the (document, field) that last counted it. */
  #termOfWord = new Int32Array(0);
  #wordSeen = new Int32Array(0);
  #terms = new TermInterner();
  #pool = new PostingPool();
  /** Per term: the last document written to its postings, documents per field, and its slot in the current document. */
  #lastDocument = new Int32Array(0);
  #documentFrequency = new Uint32Array(0);
  #slotDocument = new Int32Array(0);
  #slotOf = new Uint32Array(0);
  /** The current document's terms and their counts per field. */
  #slotTerms = new Uint32Array(0);
  #slotCounts = new Uint32Array(0);
  #lengths = new Uint16Array(0);
  #lengthSums: Float64Array;
  #finished = false;

  constructor(options: SearchIndexOptions<Field>) {
    if (options.fields.length === 0 || options.fields.length > MAX_FIELDS)
      throw new RangeError(`a search index has 1 to ${MAX_FIELDS} fields`);
    this.#options = options;
    this.#fieldCount = options.fields.length;
    this.#lengthSums = new Float64Array(this.#fieldCount);
  }

  #termId(term: string): number {
    const before = this.#terms.size;
    const id = this.#terms.id(term);
    if (id === before) {
      const fields = this.#fieldCount;
      this.#lastDocument = grown(this.#lastDocument, id + 1);
      this.#lastDocument[id] = -1;
      this.#documentFrequency = grown(this.#documentFrequency, (id + 1) * fields);
      this.#slotDocument = grown(this.#slotDocument, id + 1);
      this.#slotOf = grown(this.#slotOf, id + 1);
      this.#pool.open(id);
    }
    return id;
  }

  add(document: SearchDocument<Field>): void {
    if (this.#finished) throw new Error('the search index is finished');
    const number = this.#ids.length;
    if (number >= MAX_DOCUMENTS) throw new RangeError(`a search index holds at most ${MAX_DOCUMENTS} documents`);
    if (this.#seenIds.has(document.id)) throw new Error(`duplicate search document id ${document.id}`);
    this.#ids.push(document.id);
    this.#seenIds.add(document.id);
    const fields = this.#fieldCount;
    this.#lengths = grown(this.#lengths, (number + 1) * fields);
    let slots = 0;
    for (let field = 0; field < fields; field += 1) {
      const text = document[this.#options.fields[field]!];
      const stamp = number * fields + field + 1;
      let distinct = 0;
      let firstStart = -1;
      let lastEnd = -1;
      forEachWord(text, (start, end) => {
        if (firstStart < 0) firstStart = start;
        lastEnd = end;
        const before = this.#words.size;
        const word = this.#words.id(text, start, end);
        if (word === before) {
          this.#termOfWord = grown(this.#termOfWord, word + 1);
          this.#wordSeen = grown(this.#wordSeen, word + 1);
          const term = normalizeTerm(text.slice(start, end));
          this.#termOfWord[word] = term === null ? -1 : this.#termId(term);
        }
        // MiniSearch measured a field in distinct words as written.
        if (this.#wordSeen[word] !== stamp) {
          this.#wordSeen[word] = stamp;
          distinct += 1;
        }
        const term = this.#termOfWord[word]!;
        if (term < 0) return;
        if (this.#slotDocument[term] !== number + 1) {
          this.#slotDocument[term] = number + 1;
          this.#slotOf[term] = slots;
          this.#slotTerms = grown(this.#slotTerms, slots + 1);
          this.#slotCounts = grown(this.#slotCounts, (slots + 1) * fields);
          this.#slotTerms[slots] = term;
          this.#slotCounts.fill(0, slots * fields, (slots + 1) * fields);
          slots += 1;
        }
        this.#slotCounts[this.#slotOf[term]! * fields + field]! += 1;
      });
      // MiniSearch split the text and counted the empty string a leading or trailing separator
      // leaves as a word too; so does this, and every ranking stays exactly as it was.
      if (firstStart !== 0 || lastEnd !== text.length) distinct += 1;
      this.#lengths[number * fields + field] = Math.min(distinct, 0xffff);
      this.#lengthSums[field]! += distinct;
    }
    const ones = 1 << fields;
    const step = 2 ** (fields + 1);
    for (let slot = 0; slot < slots; slot += 1) {
      const term = this.#slotTerms[slot]!;
      let code = ones;
      for (let field = 0; field < fields; field += 1) {
        const count = this.#slotCounts[slot * fields + field]!;
        if (count === 0) continue;
        code |= 1 << field;
        this.#documentFrequency[term * fields + field]! += 1;
        if (count !== 1) code &= ~ones;
      }
      this.#pool.writeVarint(term, (number - this.#lastDocument[term]!) * step + code);
      if ((code & ones) === 0) {
        for (let field = 0; field < fields; field += 1) {
          const count = this.#slotCounts[slot * fields + field]!;
          if (count > 0) this.#pool.writeVarint(term, count);
        }
      }
      this.#lastDocument[term] = number;
    }
  }

  finish(): SearchIndex {
    if (this.#finished) throw new Error('the search index is finished');
    this.#finished = true;
    const fields = this.#fieldCount;
    const { dictionary, idOfRank } = freezeTerms(this.#terms);
    const offsets = new Uint32Array(dictionary.size + 1);
    let total = 0;
    for (let rank = 0; rank < dictionary.size; rank += 1) {
      const id = idOfRank[rank]!;
      offsets[rank] = total;
      for (let field = 0; field < fields; field += 1)
        total += varintSize(this.#documentFrequency[id * fields + field]!);
      total += this.#pool.length(id);
    }
    offsets[dictionary.size] = total;
    const postings = new Uint8Array(total);
    for (let rank = 0; rank < dictionary.size; rank += 1) {
      const id = idOfRank[rank]!;
      let at = offsets[rank]!;
      for (let field = 0; field < fields; field += 1)
        at = writeVarint(postings, at, this.#documentFrequency[id * fields + field]!);
      this.#pool.copy(id, postings, at);
    }
    const count = this.#ids.length;
    const index = new ScoredSearchIndex({
      ids: this.#ids,
      boosts: Float64Array.from(this.#options.fields, (field) => this.#options.boost[field] ?? 1),
      prefix: this.#options.prefix,
      fuzzy: this.#options.fuzzy,
      dictionary,
      offsets,
      postings,
      lengths: this.#lengths.slice(0, count * fields),
      averageLengths: this.#lengthSums.map((sum) => (count > 0 ? sum / count : 0)),
    });
    this.#release();
    return index;
  }

  /** Drops the working memory: the builder may outlive its index's construction. */
  #release(): void {
    this.#ids = [];
    this.#seenIds = new Set();
    this.#words = new TermInterner();
    this.#terms = new TermInterner();
    this.#pool = new PostingPool();
    this.#termOfWord = this.#wordSeen = this.#lastDocument = this.#slotDocument = new Int32Array(0);
    this.#documentFrequency = this.#slotOf = this.#slotTerms = this.#slotCounts = new Uint32Array(0);
    this.#lengths = new Uint16Array(0);
  }
}

export function createSearchIndexBuilder<Field extends string>(
  options: SearchIndexOptions<Field>,
): SearchIndexBuilder<Field> {
  return new CompactSearchIndexBuilder(options);
}

/** An index of every document at once, for callers that have them at hand. */
export function createSearchIndex<Field extends string>(
  options: SearchIndexOptions<Field>,
  documents: Iterable<SearchDocument<Field>>,
): SearchIndex {
  const builder = createSearchIndexBuilder(options);
  for (const document of documents) builder.add(document);
  return builder.finish();
}
