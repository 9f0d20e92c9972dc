/** What crawlers and validators read: robots.txt, the feeds' enclosures, markup validators flag. */
import { statSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { build } from './helpers/build.ts';

t.test('robots.txt keeps crawlers out of the API, read first-match or longest-match', async (t) => {
  const app = await build(t);
  const robots = await app.inject({ url: '/robots.txt' });
  t.equal(robots.statusCode, 200);
  const rules = robots.body.split('\n').filter((line) => /^(Allow|Disallow):/.test(line));
  t.equal(rules[0], 'Disallow: /api/', 'the API rule comes before any Allow');
});

t.test('every RSS enclosure states the real size of its image', async (t) => {
  const app = await build(t);
  for (const language of ['en', 'de']) {
    const feed = await app.inject({ url: `/feeds/insights-${language}.xml` });
    const enclosures = [
      ...feed.body.matchAll(/<enclosure url="http:\/\/localhost:3000([^"]+)" type="image\/jpeg" length="(\d+)"\/>/g),
    ];
    t.ok(enclosures.length > 0, `${language}: the feed has enclosures`);
    t.equal(enclosures.length, [...feed.body.matchAll(/<item>/g)].length, `${language}: one per item`);
    for (const [, url, length] of enclosures)
      t.equal(Number(length), statSync(path.join('static', url!)).size, `${language}: ${url}`);
  }
});

t.test('the insights search suggestions carry no attribute a datalist may not have', async (t) => {
  const app = await build(t);
  const page = await app.inject({ url: '/insights' });
  const datalists = [...page.body.matchAll(/<datalist[^>]*>/g)].map((match) => match[0]);
  t.ok(datalists.length > 0);
  for (const tag of datalists) t.notMatch(tag, 'aria-label', tag);
});

t.test('a page and an error page each have exactly one title', async (t) => {
  const app = await build(t);
  for (const url of [
    '/',
    '/company',
    '/unternehmen/kontakt',
    '/insights',
    '/nope',
    '/company/nope',
    '/insights/nope',
    '/unternehmen/events/nope/x/2020/01',
  ]) {
    const page = await app.inject({ url });
    t.equal([...page.body.matchAll(/<title>/g)].length, 1, `${url} (${page.statusCode})`);
  }
});
