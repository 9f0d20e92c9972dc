import t from 'tap';
import { build } from './helpers/build.ts';
import { type FixtureArticle, insightsContent } from './helpers/insights-fixture.ts';

const TYPES = ['article', 'case-study', 'event', 'fact-sheet', 'video', 'whitepaper'];
const SERVICES = ['analytics', 'ad-technology', 'data-platforms'];

/** 20 articles: a known mix of types, services and topics, one a day from 1 March 2026. */
const ARTICLES: FixtureArticle[] = Array.from({ length: 20 }, (_, i) => ({
  folder: `article-${String(i + 1).padStart(2, '0')}`,
  headline: `Insight number ${String(i + 1).padStart(2, '0')}`,
  type: TYPES[i % TYPES.length]!,
  datetime: `2026-03-${String(i + 1).padStart(2, '0')}T09:00:00+01:00`,
  services: [SERVICES[i % SERVICES.length]!],
  topics: i % 2 === 0 ? ['privacy'] : ['measurement'],
  technology: i < 5 ? ['bigquery'] : [],
}));

const SPECIAL: FixtureArticle[] = [
  {
    folder: 'ueber-server-side',
    headline: 'Über serverseitiges Tracking',
    type: 'article',
    datetime: '2026-05-01T09:00:00+02:00',
    services: ['analytics'],
    topics: ['measurement'],
    tags: ['Tagging'],
  },
  {
    folder: 'strasse-der-daten',
    headline: 'Die Straße der Daten',
    type: 'whitepaper',
    datetime: '2026-05-02T09:00:00+02:00',
    services: ['data-platforms'],
    text: 'Warum Datenqualität zählt.',
  },
  {
    folder: 'bigquery-costs',
    headline: 'Keeping BigQuery costs under control',
    type: 'article',
    datetime: '2026-05-03T09:00:00+02:00',
    text: 'Partitioning and clustering explained.',
    authors: ['Jonas Petersen'],
    services: ['cloud-engineering'],
  },
  {
    folder: 'consent-in-practice',
    headline: 'Consent in practice',
    type: 'article',
    datetime: '2026-05-04T09:00:00+02:00',
    text: 'Our analysis of consent rates and what the numbers mean. Consent banners are everywhere.',
  },
];

const json = <T>(response: { json(): unknown }) => response.json() as T;
interface Page {
  articles: { folderName: string; headline: string; text: string; path: string; imageUrl: string; linkText: string }[];
  sum: number;
  page: number;
  more: boolean;
}

t.test('GET /api/insights/articles pages, sorts and filters', async (t) => {
  const app = await build(t, { CONTENT_DIR: await insightsContent(t, ARTICLES) });
  const get = async (url: string) => json<Page>(await app.inject({ url }));

  t.test('pagination edges', async (t) => {
    const first = await get('/api/insights/articles/en/1');
    t.equal(first.articles.length, 9);
    t.match(first, { sum: 20, page: 1, more: true });
    t.equal(first.articles[0]!.folderName, 'article-20', 'default: newest first');
    const last = await get('/api/insights/articles/en/3');
    t.equal(last.articles.length, 2, 'the last page holds the rest');
    t.match(last, { sum: 20, page: 3, more: false });
    const past = await get('/api/insights/articles/en/4');
    t.same(past, { articles: [], sum: 20, page: 4, more: false }, 'a page past the end is empty');
    t.match(first.articles[0], {
      path: '/insights/article-20',
      imageUrl: '/images/insights/article-20/image.jpg',
      linkText: 'Read case study',
    });
    // Each card names what it leads to, by its type: article-20 is a case study, 18 a whitepaper, 17 a video.
    t.same(
      first.articles.slice(0, 4).map((article) => article.linkText),
      ['Read case study', 'Read article', 'Download PDF', 'Watch video'],
    );
    t.same(
      (await get('/api/insights/articles/de/1')).articles.slice(0, 4).map((article) => article.linkText),
      ['Fallstudie lesen', 'Artikel lesen', 'PDF herunterladen', 'Video ansehen'],
    );
  });

  t.test('each sort', async (t) => {
    t.equal((await get('/api/insights/articles/en/1?sort=datetime:desc')).articles[0]!.folderName, 'article-20');
    t.equal((await get('/api/insights/articles/en/1?sort=datetime:asc')).articles[0]!.folderName, 'article-01');
    t.equal((await get('/api/insights/articles/en/1?sort=title:asc')).articles[0]!.headline, 'Insight number 01');
    t.equal((await get('/api/insights/articles/en/1?sort=title:desc')).articles[0]!.headline, 'Insight number 20');
  });

  t.test('filter combinations', async (t) => {
    const q = (filter: object) => `/api/insights/articles/en/1?filter=${encodeURIComponent(JSON.stringify(filter))}`;
    const articles = (await get(q({ primary: ['article'] }))).sum;
    t.equal(articles, 4, 'one primary value');
    // Types repeat every six articles: four articles (01, 07, 13, 19), three videos (05, 11, 17).
    t.equal((await get(q({ primary: ['article', 'video'] }))).sum, 7, 'OR within the content type');
    t.equal((await get(q({ secondary: ['analytics'] }))).sum, 7, 'one secondary value');
    t.equal((await get(q({ secondary: ['analytics', 'ad-technology'] }))).sum, 14, 'OR within a group');
    t.equal((await get(q({ secondary: ['analytics', 'privacy'] }))).sum, 4, 'AND across groups');
    t.equal(
      (await get(q({ primary: ['article'], secondary: ['analytics', 'privacy'] }))).sum,
      4,
      'primary AND secondary',
    );
    t.equal(
      (await get(q({ primary: ['case-study'], secondary: ['privacy'] }))).sum,
      0,
      'case studies are all odd: none about privacy',
    );
    t.equal((await get(q({ secondary: ['bigquery', 'measurement'] }))).sum, 2);
    t.same(
      await get(q({ secondary: ['no-such-value'] })),
      { articles: [], sum: 0, page: 1, more: false },
      'unknown values match nothing',
    );
    t.equal((await get(q({ primary: ['podcast'] }))).sum, 0);
  });

  t.test('facet counts follow the filter', async (t) => {
    const facets = json<{
      primary: { value: string; count: number }[];
      secondary: Record<string, { value: string; count: number }[]>;
    }>(
      await app.inject({
        url: `/api/insights/possibilities/filter/en?filter=${encodeURIComponent(JSON.stringify({ primary: ['article'], secondary: ['privacy'] }))}`,
      }),
    );
    // Content types counted with the secondary filter only: privacy articles are the even ones (01, 03, … 19).
    t.same(facets.primary, [
      { value: 'article', count: 4 },
      { value: 'event', count: 3 },
      { value: 'video', count: 3 },
    ]);
    // Topics counted with the content type only: the articles 01, 07, 13 and 19 are all about privacy.
    t.same(facets.secondary.topics, [{ value: 'privacy', count: 4 }]);
    t.same(facets.secondary.services, [{ value: 'analytics', count: 4 }], 'services of privacy articles');
    const all = json<{ primary: unknown[] }>(await app.inject({ url: '/api/insights/possibilities/filter/de' }));
    t.equal(all.primary.length, 6);
  });

  t.test('the bad-input table', async (t) => {
    const table: [string, string, string][] = [
      ['/api/insights/articles/fr/1', 'language', 'invalid_language'],
      ['/api/insights/articles/EN/1', 'language', 'invalid_language'],
      ['/api/insights/articles/en/0', 'page', 'invalid'],
      ['/api/insights/articles/en/-1', 'page', 'invalid'],
      ['/api/insights/articles/en/abc', 'page', 'invalid'],
      ['/api/insights/articles/en/1.5', 'page', 'invalid'],
      ['/api/insights/articles/en/1?sort=price:asc', 'sort', 'invalid'],
      ['/api/insights/articles/en/1?sort=datetime', 'sort', 'invalid'],
      ['/api/insights/articles/en/1?filter=%7Bnot-json', 'filter', 'invalid'],
      ['/api/insights/articles/en/1?filter=%5B1%2C2%5D', 'filter', 'invalid'],
      ['/api/insights/articles/en/1?filter=%7B%22primary%22%3A%22article%22%7D', 'filter', 'invalid'],
      ['/api/insights/articles/en/1?filter=%7B%22secondary%22%3A%5B1%5D%7D', 'filter', 'invalid'],
      ['/api/insights/possibilities/filter/xx', 'language', 'invalid_language'],
      ['/api/insights/possibilities/filter/en?filter=null', 'filter', 'invalid'],
      ['/api/insights/possibilities/search/options/english', 'language', 'invalid_language'],
      [`/api/insights/articles/en/search/${'x'.repeat(201)}`, 'term', 'too_long'],
    ];
    for (const [url, field, code] of table) {
      const response = await app.inject({ url });
      t.equal(response.statusCode, 400, url);
      t.match(response.json(), { field, code }, url);
    }
  });
});

t.test('search: prefix, typos, umlauts with and without transliteration, headline first', async (t) => {
  const app = await build(t, { CONTENT_DIR: await insightsContent(t, [...ARTICLES, ...SPECIAL]) });
  const search = async (term: string) =>
    json<{ articles: { folderName: string }[]; sum: number }>(
      await app.inject({ url: `/api/insights/articles/de/search/${encodeURIComponent(term)}` }),
    ).articles.map((article) => article.folderName);
  for (const term of ['Über', 'über', 'ueber', 'uber', 'UEBER'])
    t.same((await search(term))[0], 'ueber-server-side', `"${term}" finds "Über"`);
  for (const term of ['Straße', 'Strasse', 'strase'])
    t.same((await search(term))[0], 'strasse-der-daten', `"${term}" finds "Straße"`);
  t.same((await search('Datenqualitat'))[0], 'strasse-der-daten', 'ä written as a');
  t.same((await search('BigQeury'))[0], 'bigquery-costs', 'a typo');
  t.same((await search('partition'))[0], 'bigquery-costs', 'a prefix of a text word');
  t.same((await search('Petersen'))[0], 'bigquery-costs', 'an author');
  t.same((await search('tagging'))[0], 'ueber-server-side', 'a tag');
  t.same((await search('consent'))[0], 'consent-in-practice', 'a headline match ranks first');
  t.same(await search('zzzqqq'), [], 'nothing for nonsense');
  const options = json<{ options: { type: string; value: string; folderName?: string }[] }>(
    await app.inject({ url: '/api/insights/possibilities/search/options/de' }),
  ).options;
  t.ok(
    options.some(
      (option) =>
        option.type === 'title' && option.value === 'Die Straße der Daten' && option.folderName === 'strasse-der-daten',
    ),
  );
  t.ok(options.some((option) => option.type === 'term' && option.value === 'Tagging'));
});

t.test('POST /api/recommendation ranks by shared services, technology and topics', async (t) => {
  const app = await build(t, { CONTENT_DIR: await insightsContent(t, ARTICLES) });
  const recommend = async (currentArticle: string, recoStorage: string[] = []) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/recommendation/articles/en',
      payload: { currentArticle, recoStorage },
    });
    t.equal(response.statusCode, 200);
    return json<{ articles: { folderName: string; text: string }[] }>(response).articles.map(
      (article) => article.folderName,
    );
  };
  // article-01 is about analytics, bigquery and privacy. Sharing two of them: 03, 04, 05, 07, 13, 19; newer first.
  const first = await recommend('article-01');
  t.same(first, ['article-19', 'article-13', 'article-07'], 'at most three, by shared values, newer first');
  const withoutRead = await recommend('article-01', first);
  t.same(withoutRead, ['article-05', 'article-04', 'article-03'], 'read articles are left out');
  const unknown = await recommend('no-such-article', ['article-20']);
  t.same(unknown, ['article-19', 'article-18', 'article-17'], 'without a known current article: the newest unread');
  const bad = await app.inject({
    method: 'POST',
    url: '/api/recommendation/articles/en',
    payload: { currentArticle: '../etc', recoStorage: [] },
  });
  t.equal(bad.statusCode, 400);
  const badLanguage = await app.inject({
    method: 'POST',
    url: '/api/recommendation/articles/fr',
    payload: { currentArticle: 'article-01' },
  });
  t.match(badLanguage.json(), { field: 'language' });
});
