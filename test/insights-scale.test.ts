/**
 * The built server with a few thousand insights a language, under the heap flags `npm start`
 * ships: it starts, and the insights page, an article, a search, the RSS feed and the sitemap
 * answer. (The 10,000 figures are npm run bench:insights -- --articles 10000.)
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { generateContent } from '../scripts/content-generate/generate-content.ts';
import { SHIPPED_HEAP_FLAGS } from './helpers/loopback-clients.ts';
import { startServer } from './helpers/server-process.ts';

const ARTICLES = 2_000;

t.test(`${ARTICLES} insights a language under the shipped heap flags`, async (t) => {
  const out = await mkdtemp(path.join(tmpdir(), 'nordstern-scale-'));
  t.teardown(() => rm(out, { recursive: true, force: true }));
  const generated = generateContent({ articles: ARTICLES, out });
  const server = await startServer(
    t,
    { CONTENT_DIR: generated.contentDir, STATIC_DIR: generated.staticDir },
    { nodeArgs: SHIPPED_HEAP_FLAGS },
  );

  const listing = (await (await fetch(`${server.url}/api/insights/articles/en/1?sort=datetime:desc`)).json()) as {
    sum: number;
    articles: { folderName: string; path: string }[];
  };
  t.equal(listing.sum, ARTICLES, 'every article is listed');
  const page = await fetch(`${server.url}/insights?lang=en`);
  t.equal(page.status, 200, 'the insights page answers');
  const article = listing.articles.at(-1)!;
  const articlePage = await fetch(`${server.url}${article.path}?lang=en`);
  t.equal(articlePage.status, 200, 'an article answers');
  t.match(await articlePage.text(), /<h1/, 'with its content, read from disk');
  const bundle = await fetch(`${server.url}/content/en/homepage/insights/${article.folderName}/_page.json`);
  t.equal(bundle.status, 200, "and the browser's page document of it");
  const found = (await (
    await fetch(`${server.url}/api/insights/articles/de/search/${encodeURIComponent('Über')}`)
  ).json()) as { articles: unknown[] };
  t.ok(found.articles.length > 0 && found.articles.length <= 50, `a search answers the best ${found.articles.length}`);
  const { options } = (await (await fetch(`${server.url}/api/insights/possibilities/search/options/en`)).json()) as {
    options: { type: string }[];
  };
  t.equal(
    options.filter((option) => option.type === 'title').length,
    200,
    'the search box suggests the newest titles, not thousands',
  );
  const feed = await fetch(`${server.url}/feeds/insights-en.xml`);
  t.equal(feed.status, 200, 'the feed answers');
  t.ok(((await feed.text()).match(/<item>/g) ?? []).length <= 50, 'with the newest items only');
  const sitemap = await fetch(`${server.url}/sitemap.xml`);
  t.equal(sitemap.status, 200, 'the sitemap answers');
  const locs = ((await sitemap.text()).match(/<loc>[^<]*\/insights\/[^<]+<\/loc>/g) ?? []).length;
  t.ok(locs >= 2 * ARTICLES, `listing every article of both languages (${locs})`);
  t.equal(server.child.exitCode, null, 'the process is alive');
  t.notMatch(server.logs.join('\n'), /heap limit|out of memory/i);
});
