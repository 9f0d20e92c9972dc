/**
 * The scripts in the rendered pages, one page of every kind: without tracking configured no
 * third-party script and no consent script at all; with it, the Consent Mode defaults as the
 * first script and right after them the inline script that adds the consent manager's script
 * (a page the same for everyone allows its scripts by their hashes with 'strict-dynamic', which
 * trusts what a trusted script adds and no external script the page names); no third-party
 * script in the markup (the tag manager and the maps library load in the browser, after consent). Never an inline event
 * handler or a javascript: URL, which the Content Security Policy would refuse.
 */
import { readFileSync } from 'node:fs';
import t, { type Test } from 'tap';
import { matchPageRoute } from '#app/match-page.ts';
import { PAGE_ROUTES } from '#app/page-table.ts';
import { build } from './helpers/build.ts';

const [job] = (
  JSON.parse(readFileSync('content/en/careers/positions.json', 'utf8')) as {
    activePositions: { generic: { folder: string } }[];
  }
).activePositions;

/** One page of each kind (page module and the data it loads), both languages, and an error page. */
const PAGES = [
  '/',
  '/services',
  '/services/analytics',
  '/services/ad-technology/connected-tv',
  '/services/analytics/server-side-tracking',
  '/insights',
  '/insights/consent-mode-v2-explained',
  '/newsletter',
  '/newsletter/unsubscribe/not-a-token',
  '/technology/google-marketing-platform-partner',
  '/technology/google-marketing-platform-partner/contact',
  '/technologie/google-marketing-platform-partner/google-analytics-4',
  '/technology/lunio',
  '/company/about-us',
  '/company/career',
  `/unternehmen/karriere/${job!.generic.folder}`,
  '/company/contact',
  '/unternehmen/events',
  '/company/events/omr/meeting-request',
  '/company/events/analytics-hub/hamburg/2027/03',
  '/unternehmen/events/data-breakfast/berlin/2027/02',
  '/datenschutz',
  '/this/page/does/not/exist',
];

const kindOf = (route: { page: string; data?: string }) => `${route.page}${route.data ? ` + ${route.data}` : ''}`;

t.test('the pages checked cover every kind of page', async (t) => {
  const covered = new Set(
    PAGES.flatMap((path) => {
      const match = matchPageRoute(path);
      return match ? [kindOf(match.route)] : [];
    }),
  );
  t.same(
    [...new Set(PAGE_ROUTES.map(kindOf))].filter((kind) => !covered.has(kind)),
    [],
  );
});

const scriptTags = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
const srcOf = (tag: string) => /\ssrc="([^"]*)"/.exec(tag)?.[1];
const isSitePath = (url: string) => url.startsWith('/') && !url.startsWith('//');

function checkSafeForPolicy(t: Test, path: string, html: string) {
  t.notMatch(html, /<[a-z][^>]*\son[a-z]+=/i, `${path}: no inline event handler`);
  t.notMatch(html, /(?:href|src|action)="\s*javascript:/i, `${path}: no javascript: URL`);
}

t.test('without tracking configured: no third-party script, no consent script', async (t) => {
  const app = await build(t);
  for (const path of PAGES) {
    const page = await app.inject({ url: path, headers: { cookie: 'language=en' } });
    t.ok([200, 404].includes(page.statusCode), `${path}: ${page.statusCode}`);
    const sources = scriptTags(page.body).flatMap((tag) => srcOf(tag) ?? []);
    t.same(
      sources.filter((src) => !isSitePath(src)),
      [],
      `${path}: every script comes from the site`,
    );
    t.notMatch(
      page.body,
      /<link\b[^>]*rel="(?:preload|modulepreload|preconnect|dns-prefetch)"[^>]*href="(?:https?:)?\/\//,
      `${path}: nothing preloaded from elsewhere`,
    );
    t.notMatch(page.body, 'id="consent-defaults"', `${path}: no Consent Mode defaults needed`);
    checkSafeForPolicy(t, path, page.body);
  }
});

t.test('with tracking configured: the defaults first, the consent manager the only third-party script', async (t) => {
  const app = await build(t, {
    GTM_ID: 'GTM-AB12CD3',
    CONSENT_MANAGER_ID: 'nordstern-settings',
    MAPS_API_KEY: 'maps-key-1234',
  });
  for (const path of PAGES) {
    const page = await app.inject({ url: path, headers: { cookie: 'language=de' } });
    const scripts = scriptTags(page.body);
    t.match(scripts[0], /^<script\b[^>]*\sid="consent-defaults"[^>]*>$/, `${path}: the defaults are the first script`);
    t.match(
      page.body,
      /<script\b[^>]*\sid="consent-defaults"[^>]*>window\.dataLayer=window\.dataLayer\|\|\[\];function gtag\(\)\{dataLayer\.push\(arguments\);\}gtag\('consent','default',\{"ad_storage":"denied","analytics_storage":"denied","ad_user_data":"denied","ad_personalization":"denied","functionality_storage":"denied","personalization_storage":"denied","security_storage":"denied","wait_for_update":2000\}\);<\/script>/,
    );
    t.same(
      scripts.flatMap((tag) => srcOf(tag) ?? []).filter((src) => !isSitePath(src)),
      [],
      `${path}: no third-party script in the markup`,
    );
    t.match(
      scripts[1],
      /id="consent-manager-loader"/,
      `${path}: right after the defaults, the script that adds the consent manager`,
    );
    const adder = /<script\b[^>]*id="consent-manager-loader"[^>]*>([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
    t.match(
      adder,
      '"src":"https://app.usercentrics.eu/browser-ui/latest/loader.js"',
      `${path}: the consent manager's script`,
    );
    t.match(adder, '"data-settings-id":"nordstern-settings"');
    t.match(adder, 's.async=false', 'not async: it runs in order after the defaults');
    checkSafeForPolicy(t, path, page.body);
  }
});

t.test('with a tag manager alone: the defaults, and no third-party script in the page', async (t) => {
  const app = await build(t, { GTM_ID: 'GTM-AB12CD3', MAPS_API_KEY: 'maps-key-1234' });
  for (const path of ['/', '/company/events/analytics-hub/hamburg/2027/03']) {
    const page = await app.inject({ url: path });
    const scripts = scriptTags(page.body);
    t.match(scripts[0], /^<script\b[^>]*\sid="consent-defaults"[^>]*>$/, `${path}: the defaults are the first script`);
    t.same(
      scripts.flatMap((tag) => srcOf(tag) ?? []).filter((src) => !isSitePath(src)),
      [],
      `${path}: the tag manager and maps wait for consent in the browser`,
    );
  }
});
