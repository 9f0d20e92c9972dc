import t from 'tap';
import { build } from './helpers/build.ts';
import { type FixtureArticle, insightsContent } from './helpers/insights-fixture.ts';

const ARTICLES: FixtureArticle[] = Array.from({ length: 12 }, (_, i) => ({
  folder: `story-${String(i + 1).padStart(2, '0')}`,
  headline: `Story ${String(i + 1).padStart(2, '0')} about ${i % 2 ? 'measurement' : 'privacy & <consent>'}`,
  type: i % 3 === 0 ? 'case-study' : 'article',
  datetime: `2026-04-${String(i + 1).padStart(2, '0')}T10:00:00+02:00`,
  services: [i % 2 ? 'analytics' : 'ad-technology'],
  authors: ['Deniz Yilmaz'],
}));

const cards = (html: string) => [...html.matchAll(/data-folder="([a-z0-9-]+)"/g)].map((match) => match[1]);

t.test('the overview renders the filtered first page from the URL on the server', async (t) => {
  const app = await build(t, { CONTENT_DIR: await insightsContent(t, ARTICLES) });
  const plain = await app.inject({ url: '/insights', headers: { cookie: 'language=en' } });
  t.equal(plain.statusCode, 200);
  t.same(
    cards(plain.body),
    ['story-12', 'story-11', 'story-10', 'story-09', 'story-08', 'story-07', 'story-06', 'story-05', 'story-04'],
    'newest first',
  );
  t.match(plain.body, '12 results');
  t.match(plain.body, '>Show 3 more insights</button>', 'more pages to load, and how many');

  const filter = encodeURIComponent(JSON.stringify({ primary: ['case-study'], secondary: [] }));
  const filtered = await app.inject({
    url: `/insights?filter=${filter}&sort=datetime:desc`,
    headers: { cookie: 'language=en' },
  });
  t.same(cards(filtered.body), ['story-10', 'story-07', 'story-04', 'story-01'], 'case studies, newest first');
  t.match(filtered.body, '4 results');
  t.notMatch(filtered.body, 'more insights</button>');
  t.match(filtered.body, /<button type="button" class="chip" data-value="case-study" aria-pressed="true"/);

  const searched = await app.inject({ url: '/insights?search=measurement', headers: { cookie: 'language=de' } });
  t.equal(searched.statusCode, 200);
  t.same(cards(searched.body).sort(), ['story-02', 'story-04', 'story-06', 'story-08', 'story-10', 'story-12']);
  t.match(searched.body, 'value="measurement"', 'the search term stays in the box');

  const broken = await app.inject({
    url: '/insights?filter=%7Bbroken&sort=nonsense',
    headers: { cookie: 'language=en' },
  });
  t.equal(broken.statusCode, 200, 'a broken URL shows the unfiltered list');
  t.equal(cards(broken.body).length, 9);
  t.match(
    plain.body,
    '<link rel="alternate" type="application/rss+xml" title="Nordstern Digital – Insights" href="/feeds/insights-en.xml"/>',
  );
});

t.test('an article shows its paragraphs, authors and recommendations', async (t) => {
  const app = await build(t, { CONTENT_DIR: await insightsContent(t, ARTICLES) });
  const response = await app.inject({ url: '/insights/story-03', headers: { cookie: 'language=en' } });
  t.equal(response.statusCode, 200);
  t.match(response.body, 'Story 03 about privacy &amp; &lt;consent&gt;');
  t.match(response.body, 'Deniz Yilmaz');
  t.match(response.body, 'Recommended for you');
  t.equal(cards(response.body).length, 3, 'three recommendations');
  t.notOk(cards(response.body).includes('story-03'), 'not the article itself');
  const missing = await app.inject({ url: '/insights/story-99' });
  t.equal(missing.statusCode, 404);
});

t.test('RSS feeds per language list the newest insights', async (t) => {
  const app = await build(t, { CONTENT_DIR: await insightsContent(t, ARTICLES) });
  const feed = await app.inject({ url: '/feeds/insights-en.xml' });
  t.equal(feed.statusCode, 200);
  t.equal(feed.headers['content-type'], 'application/rss+xml; charset=utf-8');
  t.match(feed.body, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
  t.match(feed.body, '<language>en-GB</language>');
  const items = [...feed.body.matchAll(/<item><title>([^<]+)<\/title>/g)].map((match) => match[1]);
  t.equal(items.length, 12);
  t.equal(items[0], 'Story 12 about measurement', 'newest first');
  t.match(feed.body, 'Story 11 about privacy &amp; &lt;consent&gt;', 'escaped');
  t.match(
    feed.body,
    '<link>http://localhost:3000/insights/story-12?lang=en</link>',
    "each item links to its language's own address",
  );
  t.match(feed.body, '<dc:creator>Deniz Yilmaz</dc:creator>');
  const german = await app.inject({ url: '/feeds/insights-de.xml' });
  t.match(german.body, '<language>de-DE</language>');
  t.match(
    german.body,
    '<link>http://localhost:3000/insights?lang=de</link>',
    'the channel links to the German overview',
  );
  t.match(
    german.body,
    /<item><title>[^<]+<\/title><link>http:\/\/localhost:3000\/insights\/[a-z0-9-]+\?lang=de<\/link>/,
    'items link to German addresses',
  );
  for (const url of ['/feeds/insights-fr.xml', '/feeds/other.xml'])
    t.equal((await app.inject({ url })).statusCode, 404, url);
});

t.test('with CONTENT_WATCH a new insight is found without a restart', async (t) => {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const path = await import('node:path');
  const dir = await insightsContent(t, ARTICLES);
  const app = await build(t, { CONTENT_DIR: dir, CONTENT_WATCH: 'true' });
  await app.ready();
  const find = async () =>
    (await app.inject({ url: '/api/insights/articles/en/search/zeppelin' })).json() as { sum: number };
  t.equal((await find()).sum, 0);
  const folder = path.join(dir, 'en', 'homepage', 'insights', 'zeppelin-data');
  await mkdir(folder, { recursive: true });
  const write = (file: string, value: unknown) => writeFile(path.join(folder, file), JSON.stringify(value));
  await write('stage.json', { headline: 'Zeppelin data in the cloud', description: 'A new story.' });
  await write('general_information.json', {
    type: 'article',
    datetime: '2026-06-01T10:00:00+02:00',
    services: ['analytics'],
  });
  let found = 0;
  for (let i = 0; i < 60 && found === 0; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    found = (await find()).sum;
  }
  t.equal(found, 1, 'the index was rebuilt');
  t.equal((await app.inject({ url: '/api/insights/articles/en/1' })).json().sum, 13);
});
