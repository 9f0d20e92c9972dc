import t from 'tap';
import { cardText, parseFilter, parseSort } from '#app/insights/model.ts';
import { readArticles, rememberArticle } from '#app/insights/reco-storage.ts';
import { paragraphsOf } from '#app/pages/insight-article.tsx';
import {
  articlesFailed,
  articlesLoaded,
  createInsightsState,
  searchLoaded,
  searchStarted,
  setFilter,
} from '#app/state/insights-store.ts';
import { normalizeTerm } from '#server/insights/normalize.ts';

const card = (folderName: string) => ({
  folderName,
  headline: folderName,
  text: '',
  linkText: '',
  type: 'article',
  imageUrl: '',
  path: '',
  datetime: '',
  authors: [],
});

t.test('the insights state follows the spec', async (t) => {
  const state = createInsightsState();
  t.equal(state.page, 1, 'page starts at 1');
  t.equal(state.articlesLoading, true, 'loading at start');
  articlesLoaded(state, { articles: [card('a'), card('b')], sum: 4, page: 1, more: true });
  articlesLoaded(state, { articles: [card('c'), card('d')], sum: 4, page: 2, more: false });
  t.same(
    state.articles.map((a) => a.folderName),
    ['a', 'b', 'c', 'd'],
    'a non-empty page is appended',
  );
  t.equal(state.articlesLoading, false);
  articlesLoaded(state, { articles: [], sum: 0, page: 3, more: false });
  t.same(state.articles, [], 'an empty result replaces the list');
  setFilter(state, { primary: ['video'], secondary: [] });
  t.equal(state.page, 1, 'a new filter resets to page 1');
  articlesLoaded(state, { articles: [card('x')], sum: 1, page: 1, more: false });
  articlesFailed(state);
  t.match(state, { articles: [], sum: 0, articlesLoading: false }, 'an error empties the list and sum');
  articlesLoaded(state, { articles: [card('y')], sum: 9, page: 2, more: true });
  searchStarted(state);
  t.match(state, { articles: [], page: 1, more: false, articlesLoading: true }, 'a search clears the list');
  searchLoaded(state, [card('s1'), card('s2')]);
  t.match(state, { sum: 2, page: 1, more: false, articlesLoading: false });
});

t.test('card text is at most the first 100 characters, cut where a word ends, and an ellipsis', async (t) => {
  const long = 'x'.repeat(150);
  t.equal(cardText(long), `${'x'.repeat(100)}…`, 'one word longer than the length is cut at the length');
  t.equal(cardText(long).length, 101);
  t.equal(cardText('Short text'), 'Short text…');
  const teaser =
    'Three demand-side platforms, two agencies and no shared view of frequency: Sonnwind Reisen was paying twice for the same viewers.';
  t.equal(
    cardText(teaser),
    'Three demand-side platforms, two agencies and no shared view of frequency: Sonnwind Reisen was…',
    'the word cut at 100 goes whole',
  );
  const atBoundary = `${'a'.repeat(49)} ${'b'.repeat(50)} more`;
  t.equal(cardText(atBoundary), `${'a'.repeat(49)} ${'b'.repeat(50)}…`, 'a word that ends at 100 stays');
  t.equal(cardText(`${'a'.repeat(60)}, ${'b'.repeat(50)}`), `${'a'.repeat(60)}…`, 'no comma before the ellipsis');
  t.equal(cardText(`${'a'.repeat(60)} – ${'b'.repeat(50)}`), `${'a'.repeat(60)}…`, 'no dash before the ellipsis');
  for (const text of [
    teaser,
    atBoundary,
    'Ein Satz mit Umlauten: Größe, Maßstab und Übergänge werden hier bis zur Grenze der Karte geschrieben, danach nicht.',
  ]) {
    const shown = cardText(text).slice(0, -1);
    t.ok(shown.length <= 100, `at most 100 characters: ${shown.length}`);
    t.ok(text.startsWith(shown), 'the start of the text');
    t.ok(
      text.length === shown.length || /\s|[,;:–-]/.test(text.charAt(shown.length)),
      `ends where a word ends: "${shown.slice(-12)}"`,
    );
  }
});

t.test('paragraphs: a list or one object; has_image is the text TRUE', async (t) => {
  t.same(paragraphsOf({ paragraphs: { text: 'one', has_image: 'TRUE', image: '/a.svg' } }), [
    { text: 'one', has_image: 'TRUE', image: '/a.svg', hasImage: true },
  ]);
  t.same(
    paragraphsOf({
      paragraphs: [
        { text: 'a', has_image: 'FALSE' },
        { text: 'b', has_image: 'true', image: '/b.svg' },
      ],
    }).map((p) => p.hasImage),
    [false, false],
  );
  t.same(paragraphsOf(undefined), []);
});

t.test('sort and filter travel in the URL and are checked', async (t) => {
  t.same(parseSort(null), { value: 'datetime', type: 'desc' }, 'newest first by default');
  t.same(parseSort('title:desc'), { value: 'title', type: 'desc' });
  t.equal(parseSort('title'), null);
  t.same(parseFilter(undefined), { primary: [], secondary: [] });
  t.same(parseFilter('{"secondary":["analytics"]}'), { primary: [], secondary: ['analytics'] });
  for (const bad of [
    '{',
    '[]',
    'null',
    '{"primary":"article"}',
    '{"primary":[1]}',
    `{"primary":["${'x'.repeat(61)}"]}`,
  ])
    t.equal(parseFilter(bad), null, bad);
});

t.test('search terms fold umlauts, ß and transliterations', async (t) => {
  for (const term of ['Über', 'ueber', 'uber', 'ÜBER']) t.equal(normalizeTerm(term), 'uber', term);
  t.equal(normalizeTerm('Straße'), 'strasse');
  t.equal(normalizeTerm('Qualität'), normalizeTerm('Qualitaet'));
  t.equal(normalizeTerm('Größe'), normalizeTerm('groesse'));
});

t.test('the reading history is kept per language, most recent last, without repeats', async (t) => {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  } as Storage;
  t.same(rememberArticle(storage, 'en', 'a'), []);
  t.same(rememberArticle(storage, 'en', 'b'), ['a']);
  t.same(rememberArticle(storage, 'en', 'a'), ['b'], 'a repeat moves to the end');
  t.same(readArticles(storage, 'en'), ['b', 'a']);
  t.same(readArticles(storage, 'de'), [], 'per language');
  data.set('recoStorage:de', '{"bad":1}');
  t.same(readArticles(storage, 'de'), []);
  data.set('recoStorage:de', '["ok","../evil"]');
  t.same(readArticles(storage, 'de'), ['ok'], 'only folder names');
});
