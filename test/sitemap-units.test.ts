/** The sitemap's parts alone: which pages it lists, their lastmod, the XML it writes and its limits. */
import { readdir, readFile, utimes } from 'node:fs/promises';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import t from 'tap';
import type { Position } from '#app/careers/model.ts';
import { isPast, pastSince } from '#app/events/model.ts';
import { LANGUAGES, type Language } from '#app/i18n/language.ts';
import { LOADED_PAGE_ROUTES } from '#app/page-loading.ts';
import { loadContentStore } from '#server/content/content-store.ts';
import { createInsightsService } from '#server/insights/insights-service.ts';
import { folderReader } from '#server/seo/route-params.ts';
import { articleSummaries, listSitePages, type SitePage } from '#server/seo/site-pages.ts';
import { MAX_BYTES, MAX_URLS, SitemapLimitError, sitemapDocuments, sitemapXml } from '#server/seo/sitemap.ts';
import { copyContent, editJson } from './helpers/build.ts';
import { isW3cDatetime } from './helpers/sitemap.ts';

const SITE_URL = 'http://localhost:3000';
const OLD = new Date('2020-01-01T00:00:00Z');

/** Every file of a content copy dated 2020, so a date the content states is told apart from the files' time. */
async function agedContent(
  t: Parameters<typeof copyContent>[0],
  change: (dir: string) => Promise<void> = async () => {},
) {
  const dir = await copyContent(t, change);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) await utimes(path.join(entry.parentPath, entry.name), OLD, OLD);
  }
  return dir;
}

async function positionsOf(dir: string): Promise<Record<Language, Position[]>> {
  const read = async (language: Language) =>
    (
      JSON.parse(await readFile(path.join(dir, language, 'careers/positions.json'), 'utf8')) as {
        activePositions: Position[];
      }
    ).activePositions;
  return { en: await read('en'), de: await read('de') };
}

async function pagesAt(dir: string, now: Date): Promise<SitePage[]> {
  const store = await loadContentStore(dir);
  const insights = await createInsightsService(store);
  const articles = (language: Language) => articleSummaries(insights.index(language));
  return listSitePages({ store, articles, positions: await positionsOf(dir), siteUrl: SITE_URL, now });
}

const lastmodOf = (pages: SitePage[], language: Language, pagePath: string) =>
  pages.find((page) => page.language === language && page.path === pagePath)?.lastmod;

t.test(
  'an edition turns past at the start of the Berlin day after it ends, summer, winter and at the clock changes',
  async (t) => {
    const table: [end: string, since: string][] = [
      ['2026-06-18T21:30:00+02:00', '2026-06-18T22:00:00.000Z'],
      ['2027-01-28T18:30:00+01:00', '2027-01-28T23:00:00.000Z'],
      // Ends late on the Saturday before summer time starts; the next midnight is still winter time.
      ['2026-03-28T23:30:00+01:00', '2026-03-28T23:00:00.000Z'],
      // Ends on the Sunday clocks go forward: the next midnight is summer time.
      ['2026-03-29T12:00:00+02:00', '2026-03-29T22:00:00.000Z'],
      // Ends on the Sunday clocks go back: the next midnight is winter time.
      ['2026-10-25T12:00:00+01:00', '2026-10-25T23:00:00.000Z'],
    ];
    for (const [end, since] of table) {
      const edition = { end };
      t.equal(pastSince(edition).toISOString(), since, end);
      t.notOk(isPast(edition, new Date(pastSince(edition).getTime() - 1)), `${end}: not past a moment before`);
      t.ok(isPast(edition, pastSince(edition)), `${end}: past from then on`);
    }
  },
);

t.test(
  'lastmod: a date the content states, an edition turning past, else the newest file of the page folder',
  async (t) => {
    const dir = await agedContent(t, async (copy) => {
      await editJson(copy, 'en/homepage/insights/bigquery-cost-control/general_information.json', (info) => ({
        ...info,
        datetime: '2099-01-01T09:00:00+01:00',
      }));
    });
    const positions = await positionsOf(dir);
    const pages = await pagesAt(dir, new Date('2026-11-25T12:00:00Z'));
    for (const page of pages) t.ok(isW3cDatetime(page.lastmod), `${page.path}: ${page.lastmod}`);

    t.equal(
      lastmodOf(pages, 'en', '/insights/meridian-marketing-mix-modelling'),
      '2025-10-08T07:00:00Z',
      'an article: its publication date',
    );
    t.equal(
      lastmodOf(pages, 'en', '/insights/bigquery-cost-control'),
      '2020-01-01T00:00:00Z',
      'an article dated ahead: its files',
    );
    t.equal(
      lastmodOf(pages, 'en', '/company/career/senior-data-engineer'),
      positions.en.find((p) => p.generic.folder === 'senior-data-engineer')?.generic.date_posted,
      'a job: its posting date',
    );
    t.equal(lastmodOf(pages, 'en', '/company/about-us'), '2020-01-01T00:00:00Z', 'any other page: its files');
    const newestArticle = pages
      .filter(
        (page) =>
          page.language === 'en' && page.routeId === 'insight-article' && page.lastmod !== '2020-01-01T00:00:00Z',
      )
      .map((page) => page.lastmod)
      .sort()
      .at(-1);
    t.ok(newestArticle, 'some articles state their date');
    t.equal(
      lastmodOf(pages, 'en', '/insights'),
      newestArticle,
      'the insights overview: its newest article that is out',
    );
    t.equal(lastmodOf(pages, 'en', '/'), newestArticle, 'the homepage, which shows the newest articles: the same');
    t.equal(
      lastmodOf(pages, 'en', '/company/events/analytics-hub'),
      '2026-06-18T22:00:00Z',
      'an event: when its June edition turned past',
    );

    const overview = lastmodOf(pages, 'en', '/company/events');
    const eventPages = pages.filter(
      (page) => page.language === 'en' && page.path.startsWith('/company/events/') && page.routeId.includes('event'),
    );
    t.ok(eventPages.length >= 3);
    t.equal(
      overview,
      eventPages
        .map((page) => page.lastmod)
        .sort()
        .at(-1),
      'the events overview: when the latest of its editions turned past',
    );

    const earlier = await pagesAt(dir, new Date('2026-06-18T21:59:59Z'));
    t.equal(
      lastmodOf(earlier, 'en', '/company/events/analytics-hub'),
      '2020-01-01T00:00:00Z',
      'before any edition turned past: its files',
    );
  },
);

t.test('lastmod follows the newest file of the folder', async (t) => {
  const dir = await agedContent(t);
  const newer = new Date('2024-05-06T07:08:09Z');
  await utimes(path.join(dir, 'de/homepage/unternehmen/ueber-uns/numbers.json'), newer, newer);
  const pages = await pagesAt(dir, new Date('2026-11-25T12:00:00Z'));
  t.equal(lastmodOf(pages, 'de', '/unternehmen/ueber-uns'), '2024-05-06T07:08:09Z');
  t.equal(lastmodOf(pages, 'en', '/company/about-us'), '2020-01-01T00:00:00Z', 'the other language keeps its own');
});

t.test('a page whose meta names another address as canonical is left to that address', async (t) => {
  const pages = await pagesAt('content', new Date('2026-11-25T12:00:00Z'));
  const paths = (routeId: string) => pages.filter((page) => page.routeId === routeId).map((page) => page.path);
  t.same(paths('en-event-analytics-hub'), ['/company/events/analytics-hub'], 'the editions name the event page');
  t.same(
    paths('en-event').sort(),
    [
      '/company/events/data-breakfast/berlin/2027/02',
      '/company/events/data-breakfast/hamburg/2026/09',
      '/company/events/data-breakfast/muenchen/2027/04',
    ],
    'each data breakfast edition is its own page',
  );
  t.same(
    paths('de-event-cdp-event'),
    ['/unternehmen/events/cdp-event/muenchen/2024/03'],
    'the cdp event names its only edition',
  );
  t.same(paths('newsletter-confirm'), [], 'a path holding a token is never listed');
  const keys = pages.map((page) => `${page.language} ${page.path}`);
  t.equal(new Set(keys).size, keys.length, 'no page twice');
  for (const language of LANGUAGES)
    t.comment(`${language}: ${pages.filter((page) => page.language === language).length} pages`);
});

t.test("a route's folder() tells which segments content folders name", async (t) => {
  const route = (id: string) => LOADED_PAGE_ROUTES.find((candidate) => candidate.id === id)!;
  t.same(folderReader(route('service-sub-detail'))('homepage/services/analytics/server-side-tracking'), {
    slug: 'analytics',
    sub: 'server-side-tracking',
  });
  t.equal(folderReader(route('service-sub-detail'))('homepage/services/analytics'), undefined);
  t.same(
    folderReader(route('en-job'))('homepage/company/career/job'),
    {},
    'a job page reads one folder, naming no segment',
  );
  t.equal(folderReader(route('en-job'))('homepage/company/career'), undefined);
  t.same(folderReader(route('de-event'))('homepage/unternehmen/events/data-breakfast'), {
    eventname: 'data-breakfast',
  });
  t.same(folderReader(route('home'))('homepage'), {});
  t.equal(folderReader(route('home'))('homepage/services'), undefined);
});

t.test('the sitemap escapes what XML gives meaning to', async (t) => {
  const loc = `${SITE_URL}/a?b=1&c='d'&e="f"<g>`;
  const xml = sitemapXml([
    {
      loc,
      lastmod: '2026-01-02',
      alternates: [
        { hreflang: 'en', href: loc },
        { hreflang: 'x-default', href: `${SITE_URL}/?x=<y>&z` },
      ],
    },
  ]);
  t.notMatch(xml, /&(?!amp;|lt;|gt;|quot;|apos;)/, 'every ampersand starts an entity');
  const document = new DOMParser({
    onError(level, message) {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(xml, 'text/xml');
  t.equal(document.getElementsByTagName('loc')[0]?.textContent, loc, 'the loc reads back as it was');
  const links = document.getElementsByTagName('xhtml:link');
  t.equal(links[0]?.getAttribute('href'), loc);
  t.equal(links[1]?.getAttribute('href'), `${SITE_URL}/?x=<y>&z`);
});

t.test('the sitemap refuses to grow past the protocol limits', async (t) => {
  const url = (index: number) => ({ loc: `${SITE_URL}/p${index}`, lastmod: '2026-01-02', alternates: [] });
  t.doesNotThrow(() => sitemapXml(Array.from({ length: MAX_URLS }, (_, index) => url(index))), `${MAX_URLS} URLs fit`);
  t.throws(
    () => sitemapXml(Array.from({ length: MAX_URLS + 1 }, (_, index) => url(index))),
    SitemapLimitError,
    'one more does not',
  );
  t.throws(
    () => sitemapXml([{ ...url(0), loc: `${SITE_URL}/${'x'.repeat(MAX_BYTES)}` }]),
    SitemapLimitError,
    `nor more than ${MAX_BYTES} bytes`,
  );
});

t.test('a sitemap beyond one file is split into files within the limits, listed by an index', async (t) => {
  const urls = Array.from({ length: 25 }, (_, index) => ({
    loc: `${SITE_URL}/insights/article-${index}?lang=en`,
    lastmod: `2026-0${1 + (index % 9)}-01T00:00:00Z`,
    alternates: [{ hreflang: 'en' as const, href: `${SITE_URL}/insights/article-${index}?lang=en` }],
  }));
  const single = sitemapDocuments(urls, SITE_URL);
  t.equal(single.root.toString(), sitemapXml(urls), 'the same bytes as the one document');
  t.same(single.files, [], 'within the limits: one file');
  t.match(single.root.toString(), /^<\?xml[\s\S]*<urlset/);
  const split = sitemapDocuments(urls, SITE_URL, { urls: 10, bytes: MAX_BYTES });
  t.equal(split.files.length, 3, '25 URLs at 10 a file make three files');
  t.match(
    split.root.toString(),
    /<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    'the root is an index',
  );
  t.same(
    [...split.root.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]),
    [1, 2, 3].map((number) => `${SITE_URL}/sitemaps/${number}.xml`),
    'naming each file',
  );
  t.same(
    [...split.root.toString().matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((match) => match[1]),
    ['2026-09-01T00:00:00Z', '2026-09-01T00:00:00Z', '2026-07-01T00:00:00Z'],
    'with its newest lastmod',
  );
  const listed = split.files.flatMap((file) =>
    [...file.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]),
  );
  t.same(
    listed,
    urls.map((url) => url.loc),
    'every URL once, in order',
  );
  const bySize = sitemapDocuments(urls, SITE_URL, { urls: MAX_URLS, bytes: 2_000 });
  t.ok(bySize.files.length > 1 && bySize.files.every((file) => file.length <= 2_000), 'the byte limit splits too');
});
