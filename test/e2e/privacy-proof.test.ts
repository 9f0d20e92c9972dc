/**
 * The privacy policy proved in Chromium (issue 37). The site runs once with no third party and once
 * with every one configured against local stand-ins: the tag manager (test/helpers/google-tags.ts),
 * the consent manager and maps (test/helpers/third-party.ts, with the real products' other hosts
 * and storage keys), the Firebase Auth emulator and a careers service. A person goes through each
 * consent state (none, statistics, marketing, all, withdrawn), each in a fresh browser profile:
 * the homepage and the choice, an event page with a venue, an article in each language and its
 * whitepaper download, the contact form posted, the careers page, a page update that finds its
 * code gone (the reload guard), and sign-in to Galaxy. Everything the browser kept and every host
 * it asked is then held against the policy rendered for that configuration, in both languages:
 * nothing kept or asked that the policy does not name, nothing named that never happens, and no
 * Content Security Policy report or refusal on the way.
 * Run inside the Auth emulator: npx firebase emulators:exec --only auth --project demo-nordstern "npx tap test/e2e/privacy-proof.test.ts"
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { runGalaxyCli } from '#server/cli/galaxy.ts';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { waitForEvent } from '../helpers/data-layer.ts';
import { createUser, emulatorHost, loginEnv } from '../helpers/firebase-emulator.ts';
import { startTagManagerStandIn } from '../helpers/google-tags.ts';
import {
  hostMatches,
  nameMatches,
  type PolicyClaims,
  policyClaims,
  type Recording,
  recordContext,
} from '../helpers/privacy-record.ts';
import { type ServerProcess, startServer } from '../helpers/server-process.ts';
import { startThirdPartyStandIn } from '../helpers/third-party.ts';

// Two configurations, five journeys with sign-in: about three minutes on a quiet 2-core machine.
t.setTimeout(900_000);

const GTM_ID = 'GTM-PROOF01';
const POLICIES = { en: '/privacy-policy', de: '/datenschutz' } as const;
const EVENT_PAGE = '/company/events/analytics-hub/hamburg/2027/03';
const ARTICLE = '/insights/cdp-selection-checklist';
const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { lazy: Record<string, string[]> };
const LOGIN_PANEL_CHUNK = manifest.lazy['src/app/login/login-panel.tsx']![0]!;
const thankYou = (JSON.parse(readFileSync('content/en/contact_thank_you.json', 'utf8')) as { headline: string })
  .headline;

const BROWSER_COOKIE_CAP_S = 400 * 86_400;

type ConsentState = 'none' | 'statistics' | 'marketing' | 'all' | 'withdrawn';

/** What a person does in the consent manager's layers, through the calls its buttons make. */
const CHOICES: Record<Exclude<ConsentState, 'none' | 'withdrawn'>, string> = {
  statistics: "UC_UI.acceptServices(['stand-in-analytics'])",
  marketing: "UC_UI.acceptServices(['stand-in-ads'])",
  all: 'UC_UI.acceptAllConsents()',
};

/** The third-party hosts each state may reach, beyond those every state reaches. */
const GOOGLE_TAGS = ['www.googletagmanager.com'];
const ANALYTICS = ['region1.google-analytics.com'];
const ADS = ['googleads.g.doubleclick.net', 'www.google.com', 'www.googleadservices.com'];
const MAPS = ['maps.googleapis.com', 'maps.gstatic.com'];
const STATE_HOSTS: Record<ConsentState, string[]> = {
  none: [],
  statistics: [...GOOGLE_TAGS, ...ANALYTICS],
  marketing: [...GOOGLE_TAGS, ...ADS],
  all: [...GOOGLE_TAGS, ...ANALYTICS, ...ADS, ...MAPS],
  // Withdrawn on the first page, before any map was shown.
  withdrawn: [...GOOGLE_TAGS, ...ANALYTICS, ...ADS],
};
/**
 * Named hosts a journey of minutes cannot reach: Firebase renews a signed-in tab's ID token at
 * securetoken.googleapis.com shortly before it expires, an hour after the sign-in.
 */
const BEYOND_A_JOURNEY = new Map([['securetoken.googleapis.com', 'the ID token is renewed there after an hour']]);
/** Hosts every state reaches: the consent manager asks, sign-in is the visitor's own request. */
const NOT_CONSENT_BOUND = /usercentrics\.eu$|^(identitytoolkit|securetoken)\.googleapis\.com$|^careers service$/u;

interface Setup {
  server: ServerProcess;
  dataDir: string;
  galaxy?: { url: string };
  standIns: Map<string, string | ((path: string) => string)>;
  consentManager: boolean;
  signIn: boolean;
}

/** Galaxy as far as the website sees it: a page on loopback. */
async function startGalaxy(t: Test) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Galaxy</title><h1>Galaxy</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/app` };
}

/** The applicant tracking system: the server asks it, the browser never should. */
async function startCareersService(t: Test) {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ activePositions: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** The policy as each language renders it for this configuration; both must name the same. */
async function readPolicy(t: Test, browser: Browser, server: ServerProcess): Promise<PolicyClaims> {
  const claims: Partial<Record<keyof typeof POLICIES, PolicyClaims>> = {};
  for (const [language, address] of Object.entries(POLICIES) as [keyof typeof POLICIES, string][]) {
    const { page } = await openPage(browser, 1280);
    await page.goto(`${server.url}${address}`);
    await waitForHydration(page);
    claims[language] = await policyClaims(page);
    t.same(claims[language]!.unwritten, [], `${language}: every name and host the policy lists is in its words`);
    await page.context().close();
  }
  const summary = (claim: PolicyClaims) => ({
    stores: claim.stores.map((entry) => `${entry.kind} ${entry.name} ${entry.days ?? entry.seconds ?? '-'}`).sort(),
    hosts: [...claim.hosts].sort(),
  });
  t.same(summary(claims.de!), summary(claims.en!), 'the German and the English policy name the same entries and hosts');
  return claims.en!;
}

async function openLoginCard(page: Page) {
  await page.locator('.login-entry__toggle').first().click();
  await page.locator('.login-panel').waitFor();
}

/** One person's visit in a fresh profile, the consent state chosen on the first page. */
async function journey(t: Test, browser: Browser, setup: Setup, state: ConsentState): Promise<Recording> {
  const { server } = setup;
  const { page, problems } = await openPage(browser, 1280);
  const context = page.context();
  const recording = await recordContext(context, {
    site: server.url,
    firstParty: [server.url, ...(setup.galaxy ? [new URL(setup.galaxy.url).origin] : [])],
    standIns: setup.standIns,
  });
  const waitForCookie = (name: string) =>
    page.waitForFunction((name) => document.cookie.split('; ').some((pair) => pair.startsWith(`${name}=`)), name);

  await page.goto(`${server.url}/`);
  await waitForHydration(page);
  if (setup.consentManager) {
    await page.waitForFunction(() => (window as { UC_UI?: { isInitialized(): boolean } }).UC_UI?.isInitialized());
    if (state === 'statistics' || state === 'all' || state === 'withdrawn') {
      await page.evaluate(`void ${CHOICES[state === 'withdrawn' ? 'all' : state]}`);
      await waitForCookie('_ga');
    } else if (state === 'marketing') {
      await page.evaluate(`void ${CHOICES.marketing}`);
      await waitForCookie('_gcl_au');
    }
    if (state === 'withdrawn') {
      // A loaded tag manager cannot be unloaded: withdrawing everything loads the page again.
      await page.evaluate(() => {
        (window as { __beforeWithdrawal?: boolean }).__beforeWithdrawal = true;
      });
      await page.evaluate('void UC_UI.denyAllConsents()');
      await page.waitForFunction(() => !(window as { __beforeWithdrawal?: boolean }).__beforeWithdrawal);
      await waitForHydration(page);
    }
  }
  await recording.snapshot(page);

  await page.goto(`${server.url}${EVENT_PAGE}`);
  await waitForHydration(page);
  if (state === 'all') await page.locator('.event__map[data-stand-in-map]').waitFor();
  await recording.snapshot(page);
  t.equal(
    await page.locator('.event__map[data-stand-in-map]').count(),
    state === 'all' ? 1 : 0,
    `${state}: the map loads only with consent to maps`,
  );

  for (const language of ['en', 'de']) {
    await page.goto(`${server.url}${ARTICLE}?lang=${language}`);
    await waitForHydration(page);
    await page.waitForFunction((key) => sessionStorage.getItem(key) !== null, `recoStorage:${language}`);
    const link = page.locator('.download__link');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    t.ok(download.suggestedFilename().endsWith('.pdf'), `${state}: the ${language} whitepaper downloads`);
    await recording.snapshot(page);
  }

  await page.goto(`${server.url}/company/contact`);
  await waitForHydration(page);
  const field = (name: string) => page.locator(`form.form [name="${name}"]`).first();
  await field('name').fill('Lena Vogt');
  await field('email').fill(`lena.${state}@example.com`);
  await field('message').fill('We are planning a relaunch.');
  await field('legals').check();
  await page.locator('form.form button[type="submit"]').click();
  await page.getByRole('heading', { name: thankYou }).waitFor();
  await recording.snapshot(page);

  await page.goto(`${server.url}/company/career`);
  await waitForHydration(page);
  await recording.snapshot(page);

  // An update of the site while the page is open: the sign-in card's code is gone once, so the page reloads.
  await page.goto(`${server.url}/`);
  await waitForHydration(page);
  let refused = false;
  await page.route(`**${LOGIN_PANEL_CHUNK}`, (route) => {
    if (refused) return route.continue();
    refused = true;
    return route.abort('connectionrefused');
  });
  await page.evaluate(() => {
    (window as { __beforeUpdate?: boolean }).__beforeUpdate = true;
  });
  await page.locator('.login-entry__toggle').first().click();
  await page.waitForFunction(() => !(window as { __beforeUpdate?: boolean }).__beforeUpdate);
  await waitForHydration(page);
  await recording.snapshot(page);
  t.ok(refused, `${state}: the sign-in card's code was refused once and the page loaded again`);
  // What the refused chunk makes the page report is expected; nothing else may be reported.
  const expected = (problem: string) =>
    problem.includes('ERR_CONNECTION_REFUSED') || problem.includes(LOGIN_PANEL_CHUNK);
  for (let index = problems.length - 1; index >= 0; index -= 1)
    if (expected(problems[index]!)) problems.splice(index, 1);

  if (setup.signIn && setup.galaxy) {
    const user = await createUser(`proof-${state}`);
    const directory = await runGalaxyCli(['invite', '--email', user.email], { DATA_DIR: setup.dataDir });
    if (directory.code !== 0) throw new Error(directory.out);
    await openLoginCard(page);
    await page.waitForFunction(
      () => !(document.querySelector('.login-panel__submit') as HTMLButtonElement | null)?.disabled,
    );
    await page.fill('.login-panel input[name=email]', user.email);
    await page.fill('.login-panel input[name=password]', user.password);
    await page.click('.login-panel__submit');
    await waitForEvent(page, 'login_complete', { login_provider: 'email_password' });
    await page.waitForURL(setup.galaxy.url);
    await recording.snapshot(page);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    // Galaxy starts the server session within five minutes of the sign-in, from the same browser.
    const status = await page.evaluate(
      (token) => fetch('/api/firebase/session', { method: 'POST', headers: { authorization: `Bearer ${token}` } }),
      user.idToken,
    );
    t.ok(status, `${state}: the session is started`);
    await recording.snapshot(page);
  } else {
    await openLoginCard(page);
    await recording.snapshot(page);
  }

  t.same(problems, [], `${state}: no console errors, no refused scripts, frames or connections`);
  t.same(recording.cspReports, [], `${state}: no Content Security Policy report`);
  t.same([...recording.unknownOrigins], [], `${state}: every origin contacted is known`);
  await context.close();
  return recording;
}

/** Holds one journey's recording against the policy: nothing kept or asked that it does not name. */
function compare(t: Test, label: string, claims: PolicyClaims, recording: Recording) {
  for (const cookie of recording.cookies.values()) {
    const named = claims.stores.find((entry) => entry.kind === 'cookie' && nameMatches(entry.name, cookie.name));
    t.ok(named, `${label}: cookie ${cookie.name} (${cookie.domain}) is named`);
    const promised = named?.days !== undefined ? named.days * 86_400 : named?.seconds;
    if (promised === undefined || cookie.lifetime === undefined) continue;
    // Seen up to a few minutes after it was set, never longer than promised; Chromium keeps no cookie
    // longer than 400 days (RFC 6265bis), so GA4's two years end there.
    const kept = Math.min(promised, BROWSER_COOKIE_CAP_S);
    t.ok(
      cookie.lifetime <= promised + 5 && cookie.lifetime > kept - 600,
      `${label}: cookie ${cookie.name} lives ${Math.round(cookie.lifetime / 86_400)} days as the policy says (${Math.round(promised / 86_400)})`,
    );
  }
  for (const key of recording.storage) {
    const [kind, name] = key.split(' ') as [string, string];
    t.ok(
      claims.stores.some((entry) => entry.kind === kind && nameMatches(entry.name, name)),
      `${label}: ${kind} ${name} is named`,
    );
  }
  for (const host of recording.hosts)
    t.ok(
      claims.hosts.some((named) => hostMatches(named, host)),
      `${label}: host ${host} is named`,
    );
}

/** Across all journeys of a configuration: nothing named that never happens. */
function everyClaimHappens(t: Test, claims: PolicyClaims, recordings: Recording[]) {
  const cookies = recordings.flatMap((recording) => [...recording.cookies.values()].map((cookie) => cookie.name));
  const storage = recordings.flatMap((recording) => [...recording.storage]);
  const hosts = recordings.flatMap((recording) => [...recording.hosts]);
  for (const entry of claims.stores) {
    const happened =
      entry.kind === 'cookie'
        ? cookies.some((name) => nameMatches(entry.name, name))
        : storage.some((key) => key.startsWith(`${entry.kind} `) && nameMatches(entry.name, key.split(' ')[1]!));
    t.ok(happened, `${entry.kind} ${entry.name}, named by the policy, was kept`);
  }
  for (const named of claims.hosts) {
    const later = BEYOND_A_JOURNEY.get(named);
    if (later) t.comment(`${named}, named by the policy, is not reached in a journey: ${later}`);
    else
      t.ok(
        hosts.some((host) => hostMatches(named, host)),
        `${named}, named by the policy, was contacted`,
      );
  }
}

/** What every recording of a configuration holds, for the report on failure. */
const summary = (recording: Recording) => ({
  cookies: [...recording.cookies.values()].map(
    (cookie) =>
      `${cookie.name}@${cookie.domain} ${cookie.lifetime === undefined ? 'session' : `${Math.round(cookie.lifetime)} s`}`,
  ),
  storage: [...recording.storage].sort(),
  hosts: [...recording.hosts].sort(),
});

t.test('with no third party configured, the policy’s minimal version holds', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const claims = await readPolicy(t, browser, server);
  t.same(claims.hosts, [], 'the policy names no host');
  t.same(
    claims.stores.map((entry) => entry.name).sort(),
    ['language', 'nordstern:chunk-reload-at', 'recoStorage:de', 'recoStorage:en'],
    'the policy names the language cookie, the reading list and the reload guard',
  );
  const recording = await journey(
    t,
    browser,
    { server, dataDir: '', standIns: new Map(), consentManager: false, signIn: false },
    'none',
  );
  t.comment(JSON.stringify(summary(recording)));
  compare(t, 'nothing configured', claims, recording);
  t.same([...recording.hosts], [], 'no host but the site’s own');
  everyClaimHappens(t, claims, [recording]);
});

t.test('with every third party configured, each consent state keeps to the policy', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nordstern-data-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const tagManager = await startTagManagerStandIn(t);
  const consentManager = await startThirdPartyStandIn(t, { realHosts: true });
  const maps = await startThirdPartyStandIn(t, { realHosts: true });
  const careers = await startCareersService(t);
  const galaxy = await startGalaxy(t);
  const server = await startServer(t, {
    ...loginEnv({ GALAXY_URL: galaxy.url }),
    DATA_DIR: dataDir,
    GTM_ID,
    GTM_ORIGIN: tagManager.origin,
    CONSENT_MANAGER_ID: 'stand-in-settings',
    CONSENT_MANAGER_ORIGIN: consentManager.origin,
    MAPS_API_KEY: 'stand-in-maps-key',
    MAPS_ORIGIN: maps.origin,
    CAREERS_API_URL: `${careers.origin}/positions`,
  });
  // Each stand-in read back as the host its setting names by default (src/server/config.ts).
  const standIns = new Map<string, string | ((path: string) => string)>([
    [tagManager.origin, 'www.googletagmanager.com'],
    [consentManager.origin, 'app.usercentrics.eu'],
    [maps.origin, 'maps.googleapis.com'],
    [`http://${emulatorHost()}`, (address) => address.split('/')[1] ?? ''],
    [careers.origin, 'careers service'],
  ]);
  const browser = await launchBrowser(t);
  const claims = await readPolicy(t, browser, server);

  const recordings: Recording[] = [];
  for (const state of ['none', 'statistics', 'marketing', 'all', 'withdrawn'] as const) {
    const recording = await journey(
      t,
      browser,
      { server, dataDir, galaxy, standIns, consentManager: true, signIn: true },
      state,
    );
    t.comment(`${state}: ${JSON.stringify(summary(recording))}`);
    compare(t, state, claims, recording);
    const consented = [...recording.hosts].filter((host) => !NOT_CONSENT_BOUND.test(host));
    t.same(consented.sort(), [...STATE_HOSTS[state]].sort(), `${state}: Google's tags and maps only as consented`);
    recordings.push(recording);
  }
  everyClaimHappens(t, claims, recordings);
  t.ok(careers.requests.length > 0, 'the server asked the careers service');
  t.notOk(
    recordings.some((recording) => recording.hosts.has('careers service')),
    'the browser never asked the careers service, as the policy says',
  );
});
