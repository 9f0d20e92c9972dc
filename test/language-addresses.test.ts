/**
 * One address per language version of a page: a shared path names its language in ?lang=,
 * which outranks cookie and Accept-Language, and every head names those addresses.
 */
import t from 'tap';
import { build } from './helpers/build.ts';

type App = Awaited<ReturnType<typeof build>>;

const SHARED_PAGES = [
  '/',
  '/services',
  '/services/analytics',
  '/services/ad-technology/connected-tv',
  '/insights',
  '/insights/consent-mode-v2-explained',
  '/newsletter',
];
const ONE_LANGUAGE_PAGES = ['/company/about-us', '/unternehmen/ueber-uns', '/technologie/meridian', '/privacy-policy'];

const htmlLang = (html: string) => /<html lang="([a-z]+)"/.exec(html)?.[1];
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&');
const tags = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[0]);

function head(html: string) {
  const alternates = new Map<string, string>();
  for (const tag of tags(html, /<link rel="alternate" hrefLang[^>]*>/g))
    alternates.set(attribute(tag, 'hrefLang')!, attribute(tag, 'href')!);
  const meta = (key: 'name' | 'property', value: string) =>
    tags(html, new RegExp(`<meta ${key}="${value}"[^>]*>`, 'g')).map((tag) => attribute(tag, 'content'));
  return {
    alternates,
    canonical: tags(html, /<link rel="canonical"[^>]*>/g).map((tag) => attribute(tag, 'href')),
    ogUrl: meta('property', 'og:url'),
    ogImage: meta('property', 'og:image'),
    twitterCard: meta('name', 'twitter:card'),
    twitterImage: meta('name', 'twitter:image'),
    robots: meta('name', 'robots'),
  };
}

/** A crawler's request: no cookie, no Accept-Language. */
const crawl = (app: App, address: string) =>
  app.inject({ url: address.replace('http://localhost:3000', ''), headers: { 'user-agent': 'Googlebot/2.1' } });

t.test('each hreflang address of a shared path answers in its own language and names the others', async (t) => {
  const app = await build(t);
  for (const path of SHARED_PAGES) {
    const bare = await crawl(app, path);
    t.equal(bare.statusCode, 200, path);
    const { alternates } = head(bare.body);
    t.same([...alternates.keys()].sort(), ['de', 'en', 'x-default'], `${path}: both languages and x-default`);
    t.equal(alternates.get('x-default'), `http://localhost:3000${path}`, `${path}: x-default is the bare path`);
    t.equal(alternates.get('de'), `http://localhost:3000${path}?lang=de`, `${path}: German has its own address`);
    t.equal(alternates.get('en'), `http://localhost:3000${path}?lang=en`, `${path}: English has its own address`);
    for (const language of ['de', 'en'] as const) {
      const address = alternates.get(language)!;
      const page = await crawl(app, address);
      t.equal(page.statusCode, 200, address);
      t.equal(htmlLang(page.body), language, `${address} answers in ${language}`);
      const own = head(page.body);
      t.same(own.alternates, alternates, `${address} names the same alternates, itself included`);
      t.same(own.canonical, [address], `${address} is its own canonical address`);
      t.same(own.ogUrl, [address], `${address}: og:url`);
    }
  }
});

t.test('one-language pages are their own address and point at each other', async (t) => {
  const app = await build(t);
  const english = head((await crawl(app, '/company/about-us')).body);
  const german = head((await crawl(app, '/unternehmen/ueber-uns')).body);
  t.equal(english.alternates.get('de'), 'http://localhost:3000/unternehmen/ueber-uns');
  t.equal(german.alternates.get('en'), 'http://localhost:3000/company/about-us');
  t.same(english.alternates, german.alternates, 'the same set both ways');
  t.equal(
    german.alternates.get('x-default'),
    'http://localhost:3000/company/about-us',
    'x-default is the English version',
  );
  t.same(german.canonical, ['http://localhost:3000/unternehmen/ueber-uns']);

  // A page that exists in one language only names itself.
  const only = head((await crawl(app, '/unternehmen/events/cdp-event/muenchen/2024/03')).body);
  t.same(
    [...only.alternates],
    [
      ['de', 'http://localhost:3000/unternehmen/events/cdp-event/muenchen/2024/03'],
      ['x-default', 'http://localhost:3000/unternehmen/events/cdp-event/muenchen/2024/03'],
    ],
  );
});

t.test('?lang= outranks cookie and Accept-Language, and is remembered', async (t) => {
  const app = await build(t);
  const german = await app.inject({
    url: '/services?lang=de',
    headers: { cookie: 'language=en', 'accept-language': 'en-GB' },
  });
  t.equal(htmlLang(german.body), 'de');
  t.match(german.headers['set-cookie'], /^language=de;/, 'the cookie follows the address');
  const again = await app.inject({ url: '/services?lang=de', headers: { cookie: 'language=de' } });
  t.equal(again.headers['set-cookie'], undefined, 'no cookie when it already says so');
  const bare = await app.inject({ url: '/services', headers: { cookie: 'language=de' } });
  t.equal(htmlLang(bare.body), 'de', 'the bare path follows the cookie');
  t.same(
    head(bare.body).canonical,
    ['http://localhost:3000/services?lang=de'],
    "the bare path's canonical is its language's address",
  );

  // A one-language path keeps its language whatever the query says.
  const path = await app.inject({ url: '/unternehmen?lang=en' });
  t.equal(htmlLang(path.body), 'de');

  // Anything but exactly one known language is not a language address.
  for (const query of ['?lang=fr', '?lang=DE', '?lang=de&lang=en', '?lang=', '?lang[]=de', '?lang=de%00']) {
    const page = await app.inject({ url: `/services${query}`, headers: { 'accept-language': 'en' } });
    t.equal(page.statusCode, 200, query);
    t.equal(htmlLang(page.body), 'en', `${query} is ignored`);
    t.equal(page.headers['set-cookie'], undefined, `${query} sets no cookie`);
  }
});

t.test('the page cache keeps each language address apart', async (t) => {
  const app = await build(t);
  const tags = new Map<string, string>();
  for (let round = 0; round < 3; round += 1) {
    for (const language of ['de', 'en'] as const) {
      const page = await app.inject({ url: `/insights?lang=${language}` });
      t.equal(htmlLang(page.body), language, `round ${round}: ${language}`);
      // The answers from the cache carry the kept document's entity tag.
      if (round > 0) tags.set(`${round} ${language}`, String(page.headers.etag));
    }
  }
  t.match(tags.get('1 de'), /^"[\w-]+"$/, 'the German address is served from the cache, with a strong ETag');
  t.equal(tags.get('1 de'), tags.get('2 de'), 'the same kept German document');
  t.not(tags.get('1 de'), tags.get('1 en'), 'apart from the English one');
  const otherQuery = await app.inject({ url: '/insights?lang=de&page=2' });
  t.equal(otherQuery.headers.etag, undefined, 'any other query is rendered, not kept');
});

t.test('a redirect the language chose is kept by no shared cache and varies on what chose it', async (t) => {
  const app = await build(t);
  for (const [url, headers, location] of [
    ['/events', { 'accept-language': 'de-DE' }, '/unternehmen/events'],
    ['/events', { 'accept-language': 'de-DE', cookie: 'language=en' }, '/company/events'],
    ['/events/omr', { 'accept-language': 'de' }, '/unternehmen/events/omr'],
    ['/events/omr', {}, '/company/events/omr'],
  ] as const) {
    const answer = await app.inject({ url, headers });
    const label = `${url} (${JSON.stringify(headers)})`;
    t.equal(answer.statusCode, 302, label);
    t.equal(answer.headers.location, location, `${label} → ${location}`);
    t.match(String(answer.headers['cache-control']), /^private\b/, `${label}: private`);
    const vary = String(answer.headers.vary).toLowerCase();
    t.ok(vary.includes('accept-language') && vary.includes('cookie'), `${label}: Vary names ${answer.headers.vary}`);
  }
  // Named by the address, the language decides alone: as shared as the page the address names.
  const named = await app.inject({ url: '/events?lang=de', headers: { 'accept-language': 'en' } });
  t.equal(named.headers.location, '/unternehmen/events');
  t.match(String(named.headers['cache-control']), /^public\b/, '/events?lang=de may be kept by a shared cache');
  t.notMatch(String(named.headers.vary), /cookie|accept-language/i, 'for everyone');
  const switched = await app.inject({ url: '/events?lang=de', headers: { cookie: 'language=en' } });
  t.match(switched.headers['set-cookie'], /^language=de;/, 'a visitor whose cookie says otherwise has it switched');
  t.match(String(switched.headers['cache-control']), /^private\b/, 'and that answer is private');
});

t.test('unknown paths under a one-language prefix answer that language', async (t) => {
  const app = await build(t);
  for (const [url, language] of [
    ['/unternehmen/nope', 'de'],
    ['/impressum/nope', 'de'],
    ['/technologie/meridian/nope/deeper', 'de'],
    ['/company/nope', 'en'],
  ] as const) {
    const page = await app.inject({
      url,
      headers: {
        'accept-language': language === 'de' ? 'en' : 'de',
        cookie: `language=${language === 'de' ? 'en' : 'de'}`,
      },
    });
    t.equal(page.statusCode, 404, url);
    t.equal(htmlLang(page.body), language, `${url} answers ${language}`);
    t.same(head(page.body).robots, ['noindex'], `${url}: an error page is not indexed`);
  }
});

t.test('every page has Open Graph and Twitter cards with an image', async (t) => {
  const app = await build(t);
  for (const path of [...SHARED_PAGES, ...ONE_LANGUAGE_PAGES, '/company/career']) {
    const { ogImage, twitterCard, twitterImage, ogUrl, robots } = head((await crawl(app, path)).body);
    t.equal(ogImage.length, 1, `${path}: one og:image`);
    t.match(ogImage[0], /^http:\/\/localhost:3000\/.+\.(jpg|png)$/, `${path}: absolute image`);
    t.same(twitterCard, ['summary_large_image'], `${path}: twitter card`);
    t.same(twitterImage, ogImage, `${path}: the same image for both`);
    t.equal(ogUrl.length, 1, `${path}: og:url`);
    t.same(robots, [], `${path}: indexable`);
  }
});

t.test('pages reached through a personal link or showing an outcome are not indexed', async (t) => {
  const app = await build(t);
  for (const url of [
    '/newsletter/bm9ib2R5QGV4YW1wbGUuY29t',
    '/newsletter/unsubscribe/not-a-token',
    '/company/contact?sent=contact',
    '/unternehmen/events?registration=confirmed',
    '/newsletter?sent=newsletter',
  ]) {
    const page = await crawl(app, url);
    const { robots, canonical } = head(page.body);
    t.same(robots, ['noindex'], `${url} (${page.statusCode}): noindex`);
    t.same(canonical, [], `${url}: no canonical address`);
    t.equal(head(page.body).alternates.size, 0, `${url}: no alternates`);
  }
});
