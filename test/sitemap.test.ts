/** GET /sitemap.xml and GET /robots.txt: what a search engine reads to find every page in both languages. */
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import t from 'tap';
import { isLanguage, LANGUAGES, type Language } from '#app/i18n/language.ts';
import { matchPageRoute } from '#app/match-page.ts';
import { PAGE_ROUTES } from '#app/page-table.ts';
import { careerPath, EVENTS_PATH } from '#app/paths.ts';
import { createCareersService } from '#server/careers/careers-service.ts';
import { loadContentStore } from '#server/content/content-store.ts';
import { createInsightsService } from '#server/insights/insights-service.ts';
import { sitemapPlugin } from '#server/plugins/sitemap.ts';
import { build, copyContent, editJson } from './helpers/build.ts';
import { type ParsedUrl, parseSitemap } from './helpers/sitemap.ts';

const SITE_URL = 'http://localhost:3000';

/**
 * Routes of the table that the sitemap leaves out by design. Thank-you pages are no routes
 * (a form page with ?sent=) and error pages neither; neither ever appears (checked below).
 */
const NOT_LISTED: Readonly<Record<string, string>> = {
  'newsletter-confirm': "its path is a subscriber's confirmation token",
  'newsletter-unsubscribe': "its path is a subscriber's unsubscribe token",
  'event-confirm': "its path is a registration's confirmation token",
  events: "a redirect to the events overview in the visitor's language, with no content of its own",
  'event-redirect': 'a redirect to an event page, with no content of its own',
};

async function readSitemap(t: Parameters<typeof build>[0], env: Record<string, string> = {}) {
  const app = await build(t, env);
  const response = await app.inject({ url: '/sitemap.xml' });
  return { app, response, urls: parseSitemap(response.body, env.SITE_URL ?? SITE_URL) };
}

/** The route and language a sitemap URL stands for: the path's own language, or the one its ?lang= names. */
function pageOf(url: ParsedUrl): { routeId: string; language: Language; shared: boolean } {
  const address = new URL(url.loc);
  const route = matchPageRoute(address.pathname)?.route;
  if (!route) throw new Error(`${url.loc} matches no route`);
  const language = route.language === 'shared' ? address.searchParams.get('lang') : route.language;
  if (!isLanguage(language)) throw new Error(`${url.loc} names no language`);
  return { routeId: route.id, language, shared: route.language === 'shared' };
}

const subfolders = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

t.test('the sitemap is well-formed XML in the sitemaps.org shape, as application/xml', async (t) => {
  const { response, urls } = await readSitemap(t);
  t.equal(response.statusCode, 200);
  t.equal(response.headers['content-type'], 'application/xml; charset=utf-8');
  t.match(response.body, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset /);
  t.ok(urls.length > 50, `${urls.length} URLs`);
  const now = Date.now();
  for (const url of urls) t.ok(Date.parse(url.lastmod) <= now, `${url.loc}: lastmod ${url.lastmod} is not ahead`);
  for (const language of LANGUAGES)
    t.comment(`${language}: ${urls.filter((url) => pageOf(url).language === language).length} pages`);
});

t.test('a strict reader refuses what is not a sitemap', async (t) => {
  const good = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>${SITE_URL}/a</loc><lastmod>2026-01-02</lastmod></url></urlset>`;
  t.equal(parseSitemap(good, SITE_URL).length, 1);
  const broken: [string, string][] = [
    [good.replace('</urlset>', ''), 'unclosed'],
    [good.replace('/a<', '/a?x=1&y=2<'), 'unescaped ampersand'],
    [good.replace('sitemap/0.9', 'sitemap/0.8'), 'wrong namespace'],
    [good.replace(' xmlns:xhtml="http://www.w3.org/1999/xhtml"', ''), 'no xhtml namespace'],
    [good.replace('</loc>', `</loc><loc>${SITE_URL}/b</loc>`), 'two locs'],
    [good.replace(`${SITE_URL}/a`, '/a'), 'relative loc'],
    [good.replace(`${SITE_URL}/a`, 'https://elsewhere.example/a'), 'loc elsewhere'],
    [good.replace('2026-01-02', '2026-02-30'), 'no such day'],
    [good.replace('2026-01-02', '02.01.2026'), 'not W3C'],
    [good.replace('2026-01-02', '2026-01-02T10:00'), 'time without zone'],
    [good.replace('</url>', `</url><url><loc>${SITE_URL}/a</loc><lastmod>2026-01-02</lastmod></url>`), 'duplicate loc'],
  ];
  for (const [xml, problem] of broken) t.throws(() => parseSitemap(xml, SITE_URL), problem);
});

t.test('the sitemap lists every route with content, in each language it exists in', async (t) => {
  const { urls } = await readSitemap(t);
  const covered = new Set(urls.map((url) => `${pageOf(url).routeId} ${pageOf(url).language}`));
  for (const route of PAGE_ROUTES) {
    for (const language of route.language === 'shared' ? LANGUAGES : [route.language]) {
      const listed = covered.has(`${route.id} ${language}`);
      if (NOT_LISTED[route.id]) t.notOk(listed, `${route.id} (${language}) is not listed: ${NOT_LISTED[route.id]}`);
      else t.ok(listed, `${route.id} (${language}) is listed`);
    }
  }
  for (const url of urls) t.notMatch(url.loc, /[?&]sent=/, `${url.loc} is no thank-you page`);
});

t.test('dynamic routes are expanded from the content that exists', async (t) => {
  const { urls } = await readSitemap(t);
  const locs = new Set(urls.map((url) => url.loc));
  const technology: Record<Language, string> = { en: 'technology', de: 'technologie' };
  for (const language of LANGUAGES) {
    const content = path.join('content', language, 'homepage');
    const shared = (pagePath: string) => `${SITE_URL}${pagePath}?lang=${language}`;
    const expected = [
      ...subfolders(path.join(content, 'insights')).map((slug) => shared(`/insights/${slug}`)),
      ...subfolders(path.join(content, 'services')).flatMap((slug) => [
        shared(`/services/${slug}`),
        ...subfolders(path.join(content, 'services', slug)).map((sub) => shared(`/services/${slug}/${sub}`)),
      ]),
      ...subfolders(path.join(content, technology[language])).map(
        (slug) => `${SITE_URL}/${technology[language]}/${slug}`,
      ),
      ...subfolders(path.join(content, technology[language], 'google-marketing-platform-partner')).map(
        (sub) => `${SITE_URL}/${technology[language]}/google-marketing-platform-partner/${sub}`,
      ),
      ...(
        JSON.parse(readFileSync(path.join('content', language, 'careers', 'positions.json'), 'utf8')) as {
          activePositions: { generic: { folder: string } }[];
        }
      ).activePositions.map((position) => `${SITE_URL}${careerPath(language, position.generic.folder)}`),
    ];
    t.ok(expected.length > 30, `${language}: ${expected.length} content folders and positions`);
    for (const loc of expected) t.ok(locs.has(loc), `${language}: ${loc}`);
    const events = JSON.parse(
      readFileSync(path.join(content, language === 'en' ? 'company' : 'unternehmen', 'events', 'events.json'), 'utf8'),
    ) as { folders: string[] };
    for (const event of events.folders) {
      t.ok(
        [...locs].some((loc) => loc.startsWith(`${SITE_URL}${EVENTS_PATH[language]}/${event}`)),
        `${language}: the event ${event} has a page`,
      );
    }
  }
});

t.test('every hreflang pair points both ways with the same set, each with an x-default', async (t) => {
  const { urls } = await readSitemap(t);
  const byLoc = new Map(urls.map((url) => [url.loc, url]));
  const versionsOf = (url: ParsedUrl) =>
    url.alternates
      .filter((alternate) => alternate.hreflang !== 'x-default')
      .map((alternate) => `${alternate.hreflang} ${alternate.href}`)
      .sort();
  for (const url of urls) {
    const { language, shared } = pageOf(url);
    const versions = versionsOf(url);
    t.ok(versions.includes(`${language} ${url.loc}`), `${url.loc} names itself as ${language}`);
    t.equal(
      new Set(url.alternates.map((alternate) => alternate.hreflang)).size,
      url.alternates.length,
      `${url.loc}: each hreflang once`,
    );
    const xDefaults = url.alternates.filter((alternate) => alternate.hreflang === 'x-default');
    t.equal(xDefaults.length, 1, `${url.loc} has one x-default`);
    for (const alternate of url.alternates.filter((other) => other.hreflang !== 'x-default')) {
      const other = byLoc.get(alternate.href);
      if (!other) {
        t.fail(`${url.loc}: the alternate ${alternate.href} is not in the sitemap`);
        continue;
      }
      t.equal(pageOf(other).language, alternate.hreflang, `${alternate.href} is ${alternate.hreflang}`);
      t.same(versionsOf(other), versions, `${alternate.href} names the same versions as ${url.loc}`);
      t.same(
        other.alternates.find((a) => a.hreflang === 'x-default'),
        xDefaults[0],
        `${alternate.href} has the same x-default`,
      );
    }
    const english = url.alternates.find((alternate) => alternate.hreflang === 'en');
    if (shared && versions.length > 1)
      t.equal(
        xDefaults[0]?.href,
        `${SITE_URL}${new URL(url.loc).pathname}`,
        `${url.loc}: x-default is the bare shared path`,
      );
    else if (english) t.equal(xDefaults[0]?.href, english.href, `${url.loc}: x-default is the English version`);
    else t.equal(xDefaults[0]?.href, url.loc, `${url.loc}: a page alone is its own x-default`);
  }
  t.ok(
    urls.some((url) => versionsOf(url).length === 1),
    'a page without a translation (the German-only cdp event) lists only itself',
  );
});

t.test(
  'every page of the sitemap answers 200, may be indexed, calls itself canonical, and no two share a title within a language',
  async (t) => {
    const { app, urls } = await readSitemap(t);
    const titles = new Map<string, string[]>();
    for (const url of urls) {
      const { language } = pageOf(url);
      const address = new URL(url.loc);
      // Each address decides its language whatever the visitor sends: the cookie names the other one.
      const cookie = language === 'en' ? 'de' : 'en';
      const response = await app.inject({
        url: `${address.pathname}${address.search}`,
        headers: { cookie: `language=${cookie}` },
      });
      t.equal(response.statusCode, 200, `${url.loc} answers 200`);
      t.match(response.body, `<html lang="${language}"`, `${url.loc} is ${language}`);
      t.notMatch(
        response.body,
        /<meta name="robots" content="[^"]*noindex/,
        `${url.loc} does not ask to stay out of the index`,
      );
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(response.body)?.[1];
      t.equal(canonical, url.loc, `${url.loc}: the page names this address as canonical`);
      const alternates = [...response.body.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)]
        .map((match) => `${match[1]} ${match[2]}`)
        .sort();
      t.same(
        alternates,
        url.alternates.map((alternate) => `${alternate.hreflang} ${alternate.href}`).sort(),
        `${url.loc}: the page names the same alternates as the sitemap`,
      );
      const title = /<title>([^<]*)<\/title>/.exec(response.body)?.[1];
      t.ok(title, `${url.loc} has a title`);
      const key = `${language} ${title}`;
      titles.set(key, [...(titles.get(key) ?? []), url.loc]);
    }
    for (const [key, locs] of titles) t.equal(locs.length, 1, `"${key}" is the title of ${locs.join(', ')}`);
  },
);

t.test('robots.txt names the sitemap by its absolute address, after the API rule', async (t) => {
  for (const siteUrl of [SITE_URL, 'https://www.nordstern-digital.example']) {
    const app = await build(t, { SITE_URL: siteUrl });
    const robots = await app.inject({ url: '/robots.txt' });
    t.equal(robots.statusCode, 200);
    t.equal(robots.headers['content-type'], 'text/plain; charset=utf-8');
    const lines = robots.body.split('\n');
    t.same(
      lines.filter((line) => line.startsWith('Sitemap:')),
      [`Sitemap: ${siteUrl}/sitemap.xml`],
      siteUrl,
    );
    t.same(
      lines.filter((line) => /^(Allow|Disallow):/.test(line)),
      ['Disallow: /api/', 'Allow: /'],
      'the API rule comes first',
    );
    const sitemap = await app.inject({
      url: new URL(lines.find((line) => line.startsWith('Sitemap:'))!.slice('Sitemap: '.length)).pathname,
    });
    t.ok(
      parseSitemap(sitemap.body, siteUrl).every((url) => url.loc.startsWith(`${siteUrl}/`)),
      `the sitemap's addresses are on ${siteUrl}`,
    );
    const head = await app.inject({ method: 'HEAD', url: '/robots.txt' });
    t.equal(head.statusCode, 200);
    t.equal(head.body, '');
  }
});

t.test('HEAD /sitemap.xml answers the headers without a body', async (t) => {
  const app = await build(t);
  const head = await app.inject({ method: 'HEAD', url: '/sitemap.xml' });
  t.equal(head.statusCode, 200);
  t.equal(head.headers['content-type'], 'application/xml; charset=utf-8');
  t.equal(head.body, '');
});

t.test('bad requests for the sitemap get the answers the rest of the site gives', async (t) => {
  const app = await build(t);
  const plain = await app.inject({ url: '/sitemap.xml' });
  const query = await app.inject({ url: '/sitemap.xml?x=<script>alert(1)</script>' });
  t.equal(query.statusCode, 200, 'a query is ignored');
  t.equal(query.body, plain.body, 'and changes nothing');
  t.notMatch(query.body, '<script>');

  const slash = await app.inject({ url: '/sitemap.xml/' });
  t.equal(slash.statusCode, 404, 'a trailing slash is an unknown page');
  t.match(slash.headers['content-type'], 'text/html');

  for (const method of ['POST', 'PUT', 'DELETE'] as const) {
    const sitemap = await app.inject({ method, url: '/sitemap.xml', payload: { a: 1 } });
    const feed = await app.inject({ method, url: '/feeds/insights-en.xml', payload: { a: 1 } });
    t.equal(sitemap.statusCode, feed.statusCode, `${method} is answered like ${method} on a feed`);
    t.equal(sitemap.statusCode, 404, `${method} answers 404`);
    t.notMatch(sitemap.body, /\n\s+at /, `${method}: no stack trace`);
  }
  const after = await app.inject({ url: '/sitemap.xml' });
  t.equal(after.statusCode, 200, 'the server still answers');
});

t.test('a content reload shows in the sitemap', async (t) => {
  const contentDir = await copyContent(t, async () => {});
  const store = await loadContentStore(contentDir);
  const app = Fastify({ logger: false });
  t.teardown(() => app.close());
  const careers = createCareersService({ ttlMs: 60_000, timeoutMs: 1_000, store, log: app.log });
  const insights = await createInsightsService(store);
  await app.register(sitemapPlugin, { siteUrl: SITE_URL, store, careers, insights });
  const loc = `${SITE_URL}/insights/copied-article?lang=en`;
  const before = parseSitemap((await app.inject({ url: '/sitemap.xml' })).body, SITE_URL);
  t.notOk(
    before.some((url) => url.loc === loc),
    'not listed before the article exists',
  );

  const source = path.join(contentDir, 'en/homepage/insights/consent-mode-v2-explained');
  const copy = path.join(contentDir, 'en/homepage/insights/copied-article');
  await mkdir(copy);
  await cp(source, copy, { recursive: true });
  await editJson(contentDir, 'en/homepage/insights/copied-article/meta.json', (meta) => ({
    ...meta,
    canonical: '/insights/copied-article',
  }));
  const unchanged = parseSitemap((await app.inject({ url: '/sitemap.xml' })).body, SITE_URL);
  t.same(unchanged, before, 'files alone change nothing until the content is reloaded');

  // As the server's content reload does: the store, then the insights index.
  await store.reload();
  await insights.rebuild();
  const after = parseSitemap((await app.inject({ url: '/sitemap.xml' })).body, SITE_URL);
  t.ok(
    after.some((url) => url.loc === loc),
    'listed after the reload',
  );
  t.equal(after.length, before.length + 1);
});
