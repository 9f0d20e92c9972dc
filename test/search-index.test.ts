/**
 * The compact insights search index: what it finds and in which order (checked against a
 * plain, slow reference of the same scoring), hostile queries, and at 10,000 documents that
 * it still answers right, with its size and speed printed for the record.
 */
import t from 'tap';
import type { IndexedArticle, LanguageIndex } from '#server/insights/insights-index.ts';
import { SEARCH_RESULT_LIMIT, searchArticles } from '#server/insights/insights-queries.ts';
import { normalizeTerm } from '#server/insights/normalize.ts';
import {
  createSearchIndex,
  createSearchIndexBuilder,
  MAX_QUERY_TERMS,
  type SearchIndexOptions,
} from '#server/insights/search-index.ts';
import { forEachWord, wordsOf } from '#server/insights/search-tokens.ts';
import { freezeTerms } from '#server/insights/term-dictionary.ts';
import { TermInterner } from '#server/insights/term-interner.ts';

type Field = 'headline' | 'text' | 'authors' | 'tags';
type Document = { id: string } & Record<Field, string>;
const OPTIONS: SearchIndexOptions<Field> = {
  fields: ['headline', 'text', 'authors', 'tags'],
  boost: { headline: 3, tags: 2, authors: 1.5, text: 1 },
  prefix: true,
  fuzzy: 0.2,
};
const doc = (id: string, fields: Partial<Record<Field, string>>): Document => ({
  id,
  headline: '',
  text: '',
  authors: '',
  tags: '',
  ...fields,
});
const ids = (hits: { id: string }[]) => hits.map((hit) => hit.id);

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
}

const SMALL = [
  doc('bigquery-costs', {
    headline: 'Keeping BigQuery costs under control',
    text: 'Partitioning and clustering explained.',
    authors: 'Jonas Petersen',
    tags: 'BigQuery FinOps',
  }),
  doc('ueber-tracking', {
    headline: 'Über serverseitiges Tracking',
    text: 'Warum Datenqualität zählt, auf der Straße wie im Browser.',
    tags: 'Tagging',
  }),
  doc('consent', {
    headline: 'Consent in practice',
    text: 'Our analysis of consent rates. Consent banners are everywhere.',
  }),
  doc('body-consent', {
    headline: 'Banners and rates',
    text: 'A long text that mentions consent once among many other words about measurement and analytics.',
  }),
  doc('measurement', {
    headline: 'Measurement plans',
    text: 'Analytics needs a plan: events, parameters and a dashboard.',
  }),
];

t.test('exact words, prefixes, typos and folded spellings', async (t) => {
  const index = createSearchIndex(OPTIONS, SMALL);
  const first = (query: string) => index.search(query, 'AND', 10)[0]?.id;
  t.equal(first('partitioning'), 'bigquery-costs', 'an exact word');
  t.equal(first('partition'), 'bigquery-costs', 'a prefix');
  t.equal(first('bigqeury'), 'bigquery-costs', 'two letters swapped');
  t.equal(first('BIGQUERY'), 'bigquery-costs', 'any case');
  for (const query of ['Über', 'über', 'ueber', 'uber', 'UEBER']) t.equal(first(query), 'ueber-tracking', query);
  for (const query of ['Straße', 'strasse', 'Datenqualitat', 'datenqualitaet'])
    t.equal(first(query), 'ueber-tracking', query);
  t.equal(first('petersen'), 'bigquery-costs', 'an author');
  t.equal(first('finops'), 'bigquery-costs', 'a tag');
  t.same(index.search('zzzqqq', 'OR', 10), [], 'nothing for nonsense');
  t.same(ids(index.search('ob', 'AND', 10)), [], 'no typo allowed in two letters (not "of")');
});

t.test('a headline match outranks a body match, and ties keep the order of adding', async (t) => {
  const index = createSearchIndex(OPTIONS, SMALL);
  t.same(ids(index.search('consent', 'AND', 10)), ['consent', 'body-consent']);
  const twins = createSearchIndex(OPTIONS, [
    doc('b', { text: 'same words here' }),
    doc('a', { text: 'same words here' }),
    doc('c', { headline: 'same' }),
  ]);
  t.same(ids(twins.search('same', 'OR', 10)), ['c', 'b', 'a'], 'headline first, then equal scores as added');
});

t.test('AND needs every word, OR any, and more words matched rank higher', async (t) => {
  const index = createSearchIndex(OPTIONS, SMALL);
  t.same(ids(index.search('consent measurement', 'AND', 10)), ['body-consent']);
  const or = index.search('consent measurement', 'OR', 10);
  t.same(ids(or).sort(), ['body-consent', 'consent', 'measurement']);
  const alone = (query: string) => index.search(query, 'OR', 10).find((hit) => hit.id === 'body-consent')!.score;
  const both = or.find((hit) => hit.id === 'body-consent')!.score;
  t.ok(
    Math.abs(both - 2 * (alone('consent') + alone('measurement'))) < 1e-9,
    'a document matching two words scores twice their sum',
  );
  t.same(index.search('consent zzzqqq', 'AND', 10), [], 'one word found nowhere empties an AND');
  t.same(ids(index.search('consent zzzqqq', 'OR', 10)), ['consent', 'body-consent']);
});

t.test('the limit caps the answer and keeps the best', async (t) => {
  const documents = Array.from({ length: 120 }, (_, i) =>
    doc(`d${i}`, { text: `${'common '.repeat(1 + (i % 7))} filler${i}` }),
  );
  const index = createSearchIndex(OPTIONS, documents);
  const all = index.search('common', 'AND', 1000);
  t.equal(all.length, 120);
  const top = index.search('common', 'AND', 10);
  t.same(top, all.slice(0, 10), 'the first ten of the full ranking');
  for (let i = 1; i < all.length; i += 1) t.ok(all[i - 1]!.score >= all[i]!.score, `sorted at ${i}`);
  t.same(index.search('common', 'AND', 0), []);
  t.same(index.search('common', 'AND', Number.NaN), []);
  t.same(index.search('common', 'AND', -5), []);
});

t.test('empty and hostile queries', async (t) => {
  const index = createSearchIndex(OPTIONS, [
    ...SMALL,
    doc('proto', { text: 'the constructor of __proto__ and hasOwnProperty' }),
  ]);
  for (const query of ['', '   ', '.,;:!?–—', '\u0000', '"\'()[]{}'])
    t.same(index.search(query, 'OR', 10), [], JSON.stringify(query));
  t.same(index.search('x'.repeat(100_000), 'OR', 10), [], 'a very long word');
  t.same(ids(index.search('consent '.repeat(5000), 'AND', 10)), ['consent', 'body-consent'], 'a word repeated');
  t.same(ids(index.search(Array.from({ length: 500 }, (_, i) => `w${i}`).join(' '), 'OR', 10)), [], 'many words');
  t.same(ids(index.search('__proto__', 'AND', 10)), ['proto']);
  t.same(ids(index.search('constructor', 'AND', 10)), ['proto']);
  t.same(ids(index.search('hasOwnProperty toString valueOf', 'OR', 10)), ['proto']);
  t.same(index.search('toString', 'AND', 10), []);
  t.equal(({} as Record<string, unknown>).consent, undefined, 'no prototype was touched');
  const empty = createSearchIndex(OPTIONS, []);
  t.same(empty.search('anything', 'OR', 10), []);
  t.equal(empty.documentCount, 0);
});

t.test(
  'the insights search answers at most SEARCH_RESULT_LIMIT cards, best first, and falls back to any word',
  async (t) => {
    const documents = Array.from({ length: 200 }, (_, i) =>
      doc(`story-${i}`, {
        headline: i === 150 ? 'Consent first' : `Story ${i}`,
        text: `consent ${'word '.repeat(i % 9)}`,
      }),
    );
    const articles = documents.map(
      (document): IndexedArticle => ({
        folderName: document.id,
        headline: document.headline,
        teaser: '',
        datetime: '',
        timestamp: 0,
        type: 'article',
        secondary: 0,
        tags: [],
        authors: [],
        modifiedMs: 0,
      }),
    );
    const index: LanguageIndex = {
      language: 'en',
      cardActions: { article: '', 'case-study': '', event: '', 'fact-sheet': '', video: '', whitepaper: '' },
      articles,
      byFolder: new Map(articles.map((article) => [article.folderName, article])),
      orders: new Map(),
      search: createSearchIndex(OPTIONS, documents),
    };
    const cards = searchArticles(index, 'consent');
    t.equal(cards.length, SEARCH_RESULT_LIMIT);
    t.equal(cards[0]!.folderName, 'story-150', 'the headline match first');
    t.same(
      searchArticles(index, 'consent zzzqqq').map((card) => card.folderName),
      cards.map((card) => card.folderName),
      'words found nowhere together: the articles with any of them',
    );
    t.same(searchArticles(index, '   '), []);
  },
);

t.test('a query reaches at most MAX_QUERY_TERMS distinct words', async (t) => {
  const alphabet =
    'alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november oscar papa quebec romeo sierra tango'.split(
      ' ',
    );
  const words = alphabet.slice(0, MAX_QUERY_TERMS + 4);
  const index = createSearchIndex(OPTIONS, [
    doc('first', { text: words.slice(0, MAX_QUERY_TERMS).join(' ') }),
    doc('all', { text: words.join(' ') }),
  ]);
  t.same(
    ids(index.search(words.join(' '), 'AND', 10)).sort(),
    ['all', 'first'],
    'the words past the cap are not asked for',
  );
});

t.test('the builder streams, refuses duplicates and closes', async (t) => {
  const builder = createSearchIndexBuilder(OPTIONS);
  builder.add(doc('a', { text: 'alpha' }));
  t.throws(() => builder.add(doc('a', { text: 'again' })), /duplicate/);
  const index = builder.finish();
  t.throws(() => builder.add(doc('b', { text: 'beta' })), /finished/);
  t.throws(() => builder.finish(), /finished/);
  t.same(ids(index.search('alpha', 'AND', 10)), ['a']);
  t.throws(() => createSearchIndexBuilder({ ...OPTIONS, fields: [] }), RangeError);
});

t.test('words are cut where MiniSearch cut them', async (t) => {
  const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;
  const samples = [
    'Hello, world! Über-Straße; (GA4) e-mail: a@b.de 1.000,50 € +49 #tag',
    '„Anführungszeichen“ – Gedankenstrich… ¿Qué? «guillemets» 中文，标点。',
    '\u00a0non\u2009breaking\u3000spaces\ttab\nline\r\n',
    'astral 𝔸𝔹ℂ emoji 🙂 and 𐄀 separator, a lone \ud800 half',
    '...leading and trailing...',
    '',
  ];
  for (const text of samples)
    t.same(
      wordsOf(text),
      text.split(SPACE_OR_PUNCTUATION).filter((word) => word !== ''),
      JSON.stringify(text),
    );
  const spans: [number, number][] = [];
  forEachWord('ab  cd', (start, end) => spans.push([start, end]));
  t.same(spans, [
    [0, 2],
    [4, 6],
  ]);
});

/** Edit distance by the book, for checking the bounded one. */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1), previous[j]! + 1, current[j - 1]! + 1);
    previous = current;
  }
  return previous[b.length]!;
}

t.test('the dictionary finds words, prefixes and every word within the edit distance', async (t) => {
  const next = random(7);
  const letters = 'abcdeü';
  const word = (length: number) => Array.from({ length }, () => letters[Math.floor(next() * letters.length)]).join('');
  const words = [...new Set(Array.from({ length: 1500 }, () => word(1 + Math.floor(next() * 9))))];
  const interner = new TermInterner();
  for (const w of words) interner.id(w);
  t.equal(interner.id(words[3]!), 3, 'a known word keeps its id');
  const { dictionary } = freezeTerms(interner);
  const sorted = [...words].sort();
  t.same(
    Array.from({ length: dictionary.size }, (_, rank) => dictionary.term(rank)),
    sorted,
    'sorted by UTF-16 units',
  );
  for (let round = 0; round < 60; round += 1) {
    const query = word(1 + Math.floor(next() * 9));
    const lower = dictionary.lowerBound(query);
    t.equal(dictionary.is(lower, query), words.includes(query), `${query} found exactly when present`);
    const prefixed = sorted.filter((w) => w.startsWith(query));
    t.same(sorted.slice(lower, dictionary.prefixEnd(query, lower)), prefixed, `${query}: the words it starts`);
    const maxDistance = Math.min(6, Math.round(query.length * 0.2 + (round % 3)));
    const near: string[] = [];
    dictionary.near(query, maxDistance, (rank, distance) => {
      near.push(dictionary.term(rank));
      if (distance !== levenshtein(query, dictionary.term(rank)))
        t.fail(`${query} to ${dictionary.term(rank)}: ${distance}`);
    });
    t.same(
      near.sort(),
      sorted.filter((w) => levenshtein(query, w) <= maxDistance && maxDistance > 0),
      `${query}: within ${maxDistance}`,
    );
  }
});

/**
 * MiniSearch's scoring written out plainly over per-document word counts: the index must
 * rank and score exactly like it.
 */
function referenceSearch(
  documents: Document[],
  query: string,
  combineWith: 'AND' | 'OR',
): { id: string; score: number }[] {
  const fields = OPTIONS.fields;
  const counts = documents.map((document) =>
    fields.map((field) => {
      const map = new Map<string, number>();
      for (const word of wordsOf(document[field])) {
        const term = normalizeTerm(word);
        if (term !== null) map.set(term, (map.get(term) ?? 0) + 1);
      }
      return map;
    }),
  );
  const lengths = documents.map((document) =>
    fields.map((field) => new Set(document[field].split(/[\n\r\p{Z}\p{P}]+/u)).size),
  );
  const average = fields.map((_, f) => lengths.reduce((sum, row) => sum + row[f]!, 0) / documents.length);
  const vocabulary = new Set(counts.flatMap((row) => row.flatMap((map) => [...map.keys()])));
  const terms = [...new Set(wordsOf(query).flatMap((word) => normalizeTerm(word) ?? []))];
  const results = terms.map((term) => {
    const scores = new Map<number, number>();
    const maxDistance = Math.min(6, Math.round(term.length * 0.2));
    const derived: [string, number][] = [];
    if (vocabulary.has(term)) derived.push([term, 1]);
    for (const word of [...vocabulary].sort())
      if (word !== term && word.startsWith(term))
        derived.push([word, (0.375 * word.length) / (word.length + 0.3 * (word.length - term.length))]);
    for (const word of vocabulary) {
      const distance = levenshtein(term, word);
      if (distance > 0 && distance <= maxDistance && !word.startsWith(term))
        derived.push([word, (0.45 * word.length) / (word.length + distance)]);
    }
    for (const [word, weight] of derived) {
      fields.forEach((field, f) => {
        const frequency = counts.filter((row) => row[f]!.has(word)).length;
        counts.forEach((row, d) => {
          const count = row[f]!.get(word);
          if (count === undefined) return;
          const idf = Math.log(1 + (documents.length - frequency + 0.5) / (frequency + 0.5));
          const bm25 = idf * (0.5 + (count * 2.2) / (count + 1.2 * (1 - 0.7 + (0.7 * lengths[d]![f]!) / average[f]!)));
          scores.set(d, (scores.get(d) ?? 0) + weight * OPTIONS.boost[field]! * bm25);
        });
      });
    }
    return scores;
  });
  const matched = new Map<number, { score: number; terms: number }>();
  for (const scores of results)
    for (const [d, score] of scores)
      matched.set(d, { score: (matched.get(d)?.score ?? 0) + score, terms: (matched.get(d)?.terms ?? 0) + 1 });
  return [...matched]
    .filter(([, entry]) => combineWith === 'OR' || entry.terms === terms.length)
    .map(([d, entry]) => ({ d, id: documents[d]!.id, score: entry.score * entry.terms }))
    .sort((a, b) => b.score - a.score || a.d - b.d)
    .map(({ id, score }) => ({ id, score }));
}

/** Documents from a small vocabulary with invented words, counts above 127 and punctuation at the edges. */
function syntheticDocuments(count: number, seed: number): Document[] {
  const next = random(seed);
  const vocabulary = [
    'data',
    'database',
    'dashboard',
    'consent',
    'consents',
    'banner',
    'bigquery',
    'tracking',
    'tagging',
    'server',
    'serverseitig',
    'über',
    'straße',
    'messung',
    'analytics',
    'analyse',
  ];
  const invented = () =>
    Array.from(
      { length: 2 + Math.floor(next() * 3) },
      () => ['ka', 'ro', 'mi', 'ne', 'tu', 'sa', 'li', 'vo'][Math.floor(next() * 8)],
    ).join('');
  const words = (length: number) =>
    Array.from({ length }, () =>
      next() < 0.75 ? vocabulary[Math.floor(next() * vocabulary.length)] : invented(),
    ).join(next() < 0.1 ? ', ' : ' ');
  return Array.from({ length: count }, (_, i) =>
    doc(`doc-${i}`, {
      headline: `${words(2 + Math.floor(next() * 5))}${next() < 0.3 ? '?' : ''}`,
      text: `${next() < 0.2 ? '– ' : ''}${words(20 + Math.floor(next() * 200))}${i % 97 === 0 ? ' tracking'.repeat(300) : ''} marker${i}.`,
      authors: next() < 0.5 ? 'Jonas Petersen' : 'Katharina Albers',
      tags: words(Math.floor(next() * 3)),
    }),
  );
}

t.test('rankings and scores are those of the reference', async (t) => {
  const documents = syntheticDocuments(300, 11);
  const index = createSearchIndex(OPTIONS, documents);
  const queries = [
    'data',
    'dat',
    'consnet',
    'consemt',
    'trackin',
    'über ueber',
    'Strasse',
    'server consent',
    'bigquery zzz',
    'marker42',
    'kamino',
    'analy tag',
    'd',
  ];
  for (const query of queries) {
    for (const combineWith of ['AND', 'OR'] as const) {
      const expected = referenceSearch(documents, query, combineWith).slice(0, 40);
      const actual = index.search(query, combineWith, 40);
      t.same(ids(actual), ids(expected), `${combineWith} ${query}: the same order`);
      const off = actual.findIndex((hit, i) => Math.abs(hit.score - expected[i]!.score) > 1e-9 * expected[i]!.score);
      t.equal(off, -1, `${combineWith} ${query}: the same scores`);
    }
  }
});

t.test('10,000 documents: right answers, size and speed', async (t) => {
  const next = random(3);
  const builder = createSearchIndexBuilder(OPTIONS);
  const started = performance.now();
  const documents = syntheticDocuments(10_000, 5);
  let textLength = 0;
  for (const document of documents) {
    textLength += document.text.length;
    builder.add(document);
  }
  const index = builder.finish();
  const buildMs = performance.now() - started;
  t.equal(index.documentCount, 10_000);
  for (const i of [0, 1, 4_999, 9_999])
    t.equal(index.search(`marker${i}`, 'AND', 50)[0]?.id, `doc-${i}`, `marker${i} finds its document first`);
  t.equal(index.search('marker', 'AND', 50).length, 50, 'a prefix of every document answers the limit');
  const both = index.search('consent bigquery', 'AND', 50);
  t.equal(both.length, 50);
  for (const hit of both) {
    const text = Object.values(documents[Number(hit.id.slice(4))]!)
      .join(' ')
      .toLowerCase();
    if (!text.includes('consent') || !text.includes('bigquery')) t.fail(`${hit.id} lacks a word`);
  }
  const queries = ['consent', 'bigqeury', 'über', 'server tracking', 'dash', 'marker1234', 'kaminero', 'zzz consent'];
  const times: number[] = [];
  for (let round = 0; round < 300; round += 1) {
    const query = queries[Math.floor(next() * queries.length)]!;
    const from = performance.now();
    if (index.search(query, 'AND', 50).length === 0) index.search(query, 'OR', 50);
    times.push(performance.now() - from);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.floor(q * times.length)]!.toFixed(2);
  t.comment(
    `10,000 documents, ${index.termCount} terms, ${(textLength / 1e6).toFixed(1)} M characters of text: index ${(index.bytes() / 1e6).toFixed(2)} MB, ` +
      `${Math.round(index.bytes() / index.documentCount)} bytes a document, built in ${buildMs.toFixed(0)} ms; search p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`,
  );
});
