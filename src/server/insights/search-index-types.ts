/**
 * What a finished search index answers: search-index.ts builds one, search-scoring.ts answers its queries. Its own
 * module, so that neither of the two has to import the other for it.
 */
export type CombineWith = 'AND' | 'OR';

export interface SearchHit {
  id: string;
  score: number;
}

export interface SearchIndex {
  readonly documentCount: number;
  readonly termCount: number;
  /** The best `limit` documents for query, best first; equal scores in the order the documents were added. */
  search(query: string, combineWith: CombineWith, limit: number): SearchHit[];
  /** Bytes the index holds: its arrays, and references to the ids (the id strings are the caller's). */
  bytes(): number;
}
