import t from 'tap';
import { build } from './helpers/build.ts';

/** One concrete path per route of SPEC section 2, with the language it is served in. */
const ROUTES: [path: string, cookie: 'en' | 'de', lang: 'en' | 'de'][] = [
  ['/', 'en', 'en'],
  ['/', 'de', 'de'],
  ['/services', 'en', 'en'],
  ['/services', 'de', 'de'],
  ['/services/analytics', 'en', 'en'],
  ['/services/analytics', 'de', 'de'],
  ['/services/analytics/server-side-tracking', 'en', 'en'],
  ['/services/analytics/server-side-tracking', 'de', 'de'],
  ['/services/ad-technology/connected-tv', 'en', 'en'],
  ['/services/ad-technology/connected-tv', 'de', 'de'],
  ['/insights', 'en', 'en'],
  ['/insights', 'de', 'de'],
  ['/insights/consent-mode-v2-explained', 'en', 'en'],
  ['/insights/consent-mode-v2-explained', 'de', 'de'],
  ['/newsletter', 'en', 'en'],
  ['/newsletter', 'de', 'de'],
  ['/newsletter/bWFyaWFAZXhhbXBsZS5jb20', 'en', 'en'],
  ['/newsletter/bWFyaWFAZXhhbXBsZS5jb20', 'de', 'de'],
  ['/technology', 'de', 'en'],
  ['/technology/google-marketing-platform-partner', 'de', 'en'],
  ['/technology/google-marketing-platform-partner/contact', 'de', 'en'],
  ['/technology/google-marketing-platform-partner/google-analytics-4', 'de', 'en'],
  ['/technology/lunio', 'de', 'en'],
  ['/technology/meridian', 'de', 'en'],
  ['/technology/connected-tv', 'de', 'en'],
  ['/technology/looker-studio', 'de', 'en'],
  ['/technologie', 'en', 'de'],
  ['/technologie/google-marketing-platform-partner', 'en', 'de'],
  ['/technologie/google-marketing-platform-partner/kontakt', 'en', 'de'],
  ['/technologie/google-marketing-platform-partner/display-video-360', 'en', 'de'],
  ['/technologie/lunio', 'en', 'de'],
  ['/technologie/meridian', 'en', 'de'],
  ['/technologie/connected-tv', 'en', 'de'],
  ['/company', 'de', 'en'],
  ['/company/about-us', 'de', 'en'],
  ['/company/career', 'de', 'en'],
  ['/company/career/senior-data-engineer', 'de', 'en'],
  ['/company/contact', 'de', 'en'],
  ['/company/events', 'de', 'en'],
  ['/company/events/analytics-hub', 'de', 'en'],
  ['/company/events/analytics-hub/online/2027/01', 'de', 'en'],
  ['/company/events/cloud', 'de', 'en'],
  ['/company/events/cloud/muenchen', 'de', 'en'],
  ['/company/events/omr', 'de', 'en'],
  ['/company/events/omr/hamburg/2026', 'de', 'en'],
  ['/company/events/omr/meeting-request', 'de', 'en'],
  ['/company/events/omr/meeting-request/2026/05', 'de', 'en'],
  ['/company/events/data-breakfast/berlin/2027/02', 'de', 'en'],
  ['/unternehmen', 'en', 'de'],
  ['/unternehmen/ueber-uns', 'en', 'de'],
  ['/unternehmen/karriere', 'en', 'de'],
  ['/unternehmen/karriere/senior-data-engineer', 'en', 'de'],
  ['/unternehmen/kontakt', 'en', 'de'],
  ['/unternehmen/events', 'en', 'de'],
  ['/unternehmen/events/analytics-hub', 'en', 'de'],
  ['/unternehmen/events/analytics-hub/online/2027/01', 'en', 'de'],
  ['/unternehmen/events/cdp-event', 'en', 'de'],
  ['/unternehmen/events/cdp-event/muenchen/2024/03', 'en', 'de'],
  ['/unternehmen/events/cloud', 'en', 'de'],
  ['/unternehmen/events/omr', 'en', 'de'],
  ['/unternehmen/events/omr/terminanfrage', 'en', 'de'],
  ['/unternehmen/events/omr/terminanfrage/2026/05', 'en', 'de'],
  ['/unternehmen/events/data-breakfast/hamburg/2026/09', 'en', 'de'],
  ['/imprint', 'de', 'en'],
  ['/privacy-policy', 'de', 'en'],
  ['/impressum', 'en', 'de'],
  ['/datenschutz', 'en', 'de'],
];

t.test('every route answers 200 in its language with its headline', async (t) => {
  const app = await build(t);
  for (const [url, cookie, lang] of ROUTES) {
    const response = await app.inject({ url, headers: { cookie: `language=${cookie}` } });
    t.equal(response.statusCode, 200, `${url} (${cookie}) status`);
    t.match(response.body, `<html lang="${lang}">`, `${url} (${cookie}) language`);
    t.match(response.body, /<h1 class="stage__headline">[^<]+<\/h1>/, `${url} shows its headline`);
    t.match(response.body, /<title>[^<]+<\/title>/, `${url} has a title`);
  }
  t.comment(`${ROUTES.length} route requests checked`);
});

const UNKNOWN: [string, 'en' | 'de'][] = [
  ['/no-such-page', 'en'],
  ['/company/does-not-exist', 'en'],
  ['/unternehmen/gibt-es-nicht', 'de'],
  ['/services/unknown-service', 'en'],
  ['/services/analytics/unknown-sub', 'en'],
  ['/insights/never-written', 'de'],
  ['/technology/not-a-partner', 'en'],
  ['/company/career/astronaut', 'en'],
  ['/company/events/analytics-hub/online/26/5', 'en'],
  ['/company/events/omr/meeting-request/2026/13', 'en'],
  ['/company/events/not-an-event', 'en'],
  ['/company/events/cloud/berlin/2030/01', 'en'],
  ['/unternehmen/events/data-breakfast/hamburg/2031/09', 'de'],
  ['/company/career/no-such-job', 'en'],
  ['/unternehmen/karriere/job', 'de'],
  ['/Services', 'en'],
  ['/services/UPPER', 'de'],
  ['/%3Cscript%3E', 'en'],
  ['/a/b/c/d/e/f', 'de'],
];

t.test('unknown paths answer 404 with the error page', async (t) => {
  const app = await build(t);
  for (const [url, cookie] of UNKNOWN) {
    const response = await app.inject({ url, headers: { cookie: `language=${cookie}` } });
    t.equal(response.statusCode, 404, `${url} status`);
    t.match(response.headers['content-type'], 'text/html; charset=utf-8');
    if (cookie === 'en' || url.startsWith('/company')) {
      t.match(response.body, 'Error 404', `${url} headline`);
      t.match(response.body, 'This page could not be found', `${url} message`);
      t.match(response.body, 'Back to the homepage', `${url} way home`);
    } else {
      t.match(response.body, 'Fehler 404', `${url} headline`);
      t.match(response.body, 'Diese Seite konnte nicht gefunden werden', `${url} message`);
      t.match(response.body, 'Zurück zur Startseite', `${url} way home`);
    }
    t.notMatch(response.body, '<script>', `${url} is never echoed as markup`);
  }
});

t.test('/company and /unternehmen decide the language whatever the cookie says', async (t) => {
  const app = await build(t);
  for (const cookie of ['en', 'de', 'fr', '']) {
    const en = await app.inject({
      url: '/company',
      headers: { cookie: `language=${cookie}`, 'accept-language': 'de' },
    });
    t.match(en.body, '<html lang="en">');
    const de = await app.inject({
      url: '/unternehmen',
      headers: { cookie: `language=${cookie}`, 'accept-language': 'en' },
    });
    t.match(de.body, '<html lang="de">');
  }
});

t.test('/events leads to the events page of the visitor language', async (t) => {
  const app = await build(t);
  const table: [string, string, string][] = [
    ['/events', 'en', '/company/events'],
    ['/events', 'de', '/unternehmen/events'],
    ['/events/omr', 'en', '/company/events/omr'],
    ['/events/omr', 'de', '/unternehmen/events/omr'],
    ['/events/cdp-event', 'en', '/unternehmen/events/cdp-event/muenchen/2024/03'],
  ];
  for (const [url, cookie, location] of table) {
    const response = await app.inject({ url, headers: { cookie: `language=${cookie}` } });
    t.equal(response.statusCode, 302, `${url} redirects`);
    t.equal(response.headers.location, location, `${url} (${cookie})`);
  }
});

t.test('the head carries meta, canonical and hreflang alternates', async (t) => {
  const app = await build(t);
  const response = await app.inject({ url: '/company/about-us' });
  const body = response.body;
  t.match(body, /<title>[^<]*Nordstern Digital<\/title>/);
  t.match(body, /<meta name="description" content="[^"]{20,}"\/>/);
  t.match(body, /<meta property="og:title" content="[^"]+"\/>/);
  t.match(body, '<meta property="og:image" content="http://localhost:3000/images/og/nordstern.jpg"/>');
  t.match(body, '<link rel="canonical" href="http://localhost:3000/company/about-us"/>');
  t.match(body, '<link rel="alternate" hrefLang="de" href="http://localhost:3000/unternehmen/ueber-uns"/>');
  t.match(body, '<link rel="alternate" hrefLang="en" href="http://localhost:3000/company/about-us"/>');
  t.match(body, '<link rel="alternate" hrefLang="x-default" href="http://localhost:3000/company/about-us"/>');
  t.match(body, '<meta name="theme-color" content="#174f78"/>');
});

t.test('a route with params maps to its translation', async (t) => {
  const app = await build(t);
  const response = await app.inject({ url: '/unternehmen/karriere/senior-data-engineer' });
  t.match(
    response.body,
    '<link rel="alternate" hrefLang="en" href="http://localhost:3000/company/career/senior-data-engineer"/>',
  );
});

t.test('the newsletter confirmation page has no navigation bar', async (t) => {
  const app = await build(t);
  const confirm = await app.inject({ url: '/newsletter/bWFyaWFAZXhhbXBsZS5jb20' });
  t.notMatch(confirm.body, 'class="navbar');
  const signup = await app.inject({ url: '/newsletter' });
  t.match(signup.body, 'class="navbar');
});

t.test('HEAD answers a page with its status and no body', async (t) => {
  const app = await build(t);
  const found = await app.inject({ method: 'HEAD', url: '/' });
  t.equal(found.statusCode, 200);
  t.equal(found.body, '');
  const missing = await app.inject({ method: 'HEAD', url: '/nowhere' });
  t.equal(missing.statusCode, 404);
});

/** Paths to match: every route's path filled in, cut short, with a trailing slash and one segment too many, and odd ones. */
async function matcherSamples(): Promise<Set<string>> {
  const { PAGE_ROUTES } = await import('#app/page-table.ts');
  const samples = new Set<string>([
    '/',
    '',
    '//',
    '/nope',
    '/services/',
    '/Services',
    '/services/a/b/c/d',
    '/insights/%C3%9Cber',
    '/insights/a%2Fb',
    '/insights/%E0%A4%A',
  ]);
  for (const { path } of PAGE_ROUTES) {
    const segments = path.split('/').filter(Boolean);
    for (let keep = 0; keep <= segments.length; keep += 1) {
      const filled = segments
        .slice(0, keep)
        .map((segment) => (segment.startsWith(':') ? (segment.includes('year') ? '2026' : 'x-1') : segment));
      samples.add(`/${filled.join('/')}`);
      samples.add(`/${filled.join('/')}/`);
      samples.add(`/${filled.join('/')}/extra`);
    }
  }
  return samples;
}

t.test('the compiled page matcher agrees with react-router on every route', async (t) => {
  const { matchRoutes } = await import('react-router');
  const [{ PAGE_ROUTES }, { matchPageRoute }] = await Promise.all([
    import('#app/page-table.ts'),
    import('#app/match-page.ts'),
  ]);
  const routerTable = PAGE_ROUTES.map((route) => ({ path: route.path, caseSensitive: true, route }));
  for (const pathname of await matcherSamples()) {
    const ours = matchPageRoute(pathname);
    const theirs = matchRoutes(routerTable, pathname)?.[0];
    t.equal(ours?.route.id, theirs?.route.route.id, `${pathname}: ${theirs?.route.route.id ?? 'no page'}`);
    if (ours && theirs) t.same(ours.params, theirs.params, `${pathname}: the same params`);
  }
});

t.test("the browser's page matcher (react-router's own) finds what the server's finds", async (t) => {
  const [server, browser] = await Promise.all([import('#app/page-matcher.ts'), import('#app/page-matcher.browser.ts')]);
  for (const pathname of await matcherSamples()) {
    const expected = server.matchPageRoute(pathname);
    const found = browser.matchPageRoute(pathname);
    t.equal(found?.route, expected?.route, `${pathname}: ${expected?.route.id ?? 'no page'}`);
    t.same(found?.params, expected?.params, `${pathname}: the same params`);
  }
});
