/**
 * Real visitors' Web Vitals in Chromium, under the site's own Content Security Policy: a
 * sampled page load fetches the reporter only after it has loaded, and each page view (the
 * loaded one, left by a client navigation, and the client view, left by a full load) reaches
 * /metrics once, by its route id. Measuring needs the visitor's statistics consent: nothing
 * is sent before it is given in the banner, nor after it is withdrawn, and without a consent
 * tool no page measures at all. A page load outside the sample loads and sends nothing.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { WEB_VITALS_API as WEB_VITALS_PATH } from '#app/api-paths.ts';
import type { Language } from '#app/i18n/language.ts';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { type ServerProcess, startServer } from '../helpers/server-process.ts';
import { startThirdPartyStandIn } from '../helpers/third-party.ts';

// Consent states in two languages and a consent manager, each with its own pages and beacons: more than tap's two minutes under load.
t.setTimeout(300_000);

const TOKEN = 'w'.repeat(40);
const GTM_ID = 'GTM-V1TALS1';
const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { lazy: Record<string, string[]> };
const REPORTER_CHUNK = manifest.lazy['client/web-vitals/with-statistics-consent.ts']![0]!;

interface ConsentTexts {
  banner_title: string;
  accept_all: string;
  settings_title: string;
  save: string;
  purposes: { statistics: { title: string } };
}
const consentTexts = (language: Language) =>
  JSON.parse(readFileSync(`content/${language}/consent.json`, 'utf8')) as ConsentTexts;

/** A server with a tag manager (on a loopback stand-in), so the site's banner asks for statistics. */
async function startServerWithBanner(t: Test): Promise<ServerProcess> {
  const standIn = await startThirdPartyStandIn(t);
  return startServer(t, {
    WEB_VITALS_SAMPLE_RATE: '1',
    METRICS_TOKEN: TOKEN,
    GTM_ID,
    GTM_ORIGIN: standIn.origin,
  });
}

/** A visitor who allowed statistics (and nothing else) on an earlier visit. */
const allowStatistics = (page: Page) =>
  page.addInitScript(() => {
    localStorage.setItem(
      'nordstern-consent',
      JSON.stringify({
        version: 1,
        decidedAt: Date.now(),
        purposes: { statistics: true, marketing: false, maps: false },
      }),
    );
  });

/** The web_vitals_* samples of /metrics as `name{labels}` → value. */
async function vitals(server: ServerProcess): Promise<Map<string, number>> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const lines = (await response.text()).split('\n').filter((line) => line.startsWith('web_vitals_'));
  return new Map(
    lines.map((line) => [line.slice(0, line.lastIndexOf(' ')), Number(line.slice(line.lastIndexOf(' ') + 1))]),
  );
}

/** Waits until /metrics holds this series (a beacon goes out as the page is left, and arrives a moment later). */
async function waitForSeries(server: ServerProcess, series: string): Promise<Map<string, number>> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const samples = await vitals(server);
    if (samples.has(series)) return samples;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return vitals(server);
}

const reporterRequested = (page: Page) =>
  page.evaluate(
    (chunk) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === chunk),
    REPORTER_CHUNK,
  );

async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
}

t.test('every view of a sampled visit reaches /metrics once, by its route id', async (t) => {
  const server = await startServerWithBanner(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, 1280);
  await allowStatistics(page);
  await watchViolations(page);
  const beacons: { status: number; type: string | undefined }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === WEB_VITALS_PATH)
      beacons.push({ status: response.status(), type: response.request().headers()['content-type'] });
  });

  const first = await page.goto(`${server.url}/`);
  t.notMatch(await first!.text(), REPORTER_CHUNK.split('/').at(-1)!, 'the first load does not name the reporter');
  const policy = (await first!.headerValue('content-security-policy')) ?? '';
  const connect =
    /(?:^|;)\s*connect-src ([^;]*)/.exec(policy)?.[1]?.split(/\s+/) ??
    /(?:^|;)\s*default-src ([^;]*)/.exec(policy)?.[1]?.split(/\s+/) ??
    [];
  t.ok(
    connect.includes("'self'"),
    `the page's policy lets it send to its own origin (connect-src ${connect.join(' ')})`,
  );
  await waitForHydration(page);
  await page.waitForFunction(
    (chunk) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === chunk),
    REPORTER_CHUNK,
  );
  t.ok(
    await page.evaluate((chunk) => {
      const reporter = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname === chunk)!;
      return (
        reporter.startTime >=
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd
      );
    }, REPORTER_CHUNK),
    'it is fetched after the page has loaded',
  );
  t.same(await vitals(server), new Map(), 'nothing is sent while the view lasts');

  // Content pushed in without any input moves the page: a layout shift the load's CLS must show.
  await page.evaluate(() => {
    const banner = document.createElement('div');
    banner.style.height = '240px';
    document.body.prepend(banner);
  });
  await page.waitForTimeout(300);
  await page.click('.services__link >> nth=0');
  await page.waitForURL(/\/services\/[a-z-]+$/);
  await page.locator('h1.stage__headline').waitFor();
  const afterLoad = await waitForSeries(server, 'web_vitals_lcp_seconds_count{route="home"}');
  t.equal(afterLoad.get('web_vitals_lcp_seconds_count{route="home"}'), 1, 'the loaded homepage: LCP');
  t.ok(afterLoad.get('web_vitals_lcp_seconds_sum{route="home"}')! > 0, 'a real paint time');
  t.equal(afterLoad.get('web_vitals_ttfb_seconds_count{route="home"}'), 1, 'TTFB');
  t.equal(afterLoad.get('web_vitals_cls_count{route="home",navigation="load"}'), 1, 'CLS');
  t.ok(afterLoad.get('web_vitals_cls_sum{route="home",navigation="load"}')! > 0, 'with the shift the page made');
  t.equal(
    afterLoad.get('web_vitals_inp_seconds_count{route="home",navigation="load"}'),
    1,
    'INP of the click that left it',
  );
  t.notOk(
    [...afterLoad.keys()].some((series) => series.includes('service-detail')),
    'the view in progress is not sent yet',
  );

  await page.keyboard.press('Tab');
  await page.waitForTimeout(300);
  await page.goto(`${server.url}/company`);
  await waitForHydration(page);
  const afterClient = await waitForSeries(server, 'web_vitals_cls_count{route="service-detail",navigation="client"}');
  t.equal(
    afterClient.get('web_vitals_cls_count{route="service-detail",navigation="client"}'),
    1,
    'the client view: CLS, sent as the page was left',
  );
  t.equal(
    afterClient.get('web_vitals_inp_seconds_count{route="service-detail",navigation="client"}'),
    1,
    'INP of the key pressed on it',
  );
  t.notOk(
    [...afterClient.keys()].some((series) => /lcp|ttfb/.test(series) && series.includes('service-detail')),
    'no LCP or TTFB for a client view',
  );
  t.equal(afterClient.get('web_vitals_lcp_seconds_count{route="home"}'), 1, 'the homepage was sent once only');

  t.ok(
    beacons.length > 0 && beacons.every(({ status, type }) => status === 204 && type === 'application/json'),
    'every beacon seen was JSON, answered 204',
  );
  t.same(
    await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
    [],
    'the site’s policy allows the beacon (connect-src)',
  );
  t.same(
    (await page.context().cookies()).map((cookie) => cookie.name),
    ['language'],
    'no cookie is set for it (language is the one /company sets)',
  );
  t.same(problems, []);
});

/** Four pages of one language, each its own route: the views the consent test tells apart. */
const PAGES: Record<Language, { path: string; route: string }[]> = {
  en: [
    { path: '/company', route: 'en-company' },
    { path: '/company/about-us', route: 'en-about-us' },
    { path: '/imprint', route: 'en-imprint' },
    { path: '/company/career', route: 'en-career' },
  ],
  de: [
    { path: '/unternehmen', route: 'de-company' },
    { path: '/unternehmen/ueber-uns', route: 'de-about-us' },
    { path: '/impressum', route: 'de-imprint' },
    { path: '/unternehmen/karriere', route: 'de-career' },
  ],
};

/** Loads a page and waits until its reporter has been fetched and has read the consent state. */
async function openAndWaitForReporter(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
  await page.waitForFunction(
    (chunk) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === chunk),
    REPORTER_CHUNK,
  );
  // The same module again: resolved only after the page's own import ran its callback.
  await page.evaluate(async (chunk) => {
    await import(chunk);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }, REPORTER_CHUNK);
}

/** The footer's Cookies button, once the banner has read the stored choice (its update is in the dataLayer). */
async function openSettings(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    (window.dataLayer ?? []).some(
      (entry) =>
        Object.prototype.toString.call(entry) === '[object Arguments]' && (entry as ArrayLike<unknown>)[1] === 'update',
    ),
  );
  await page.click('.footer__cookies');
}

const loadSeries = (route: string) => `web_vitals_ttfb_seconds_count{route="${route}"}`;

for (const language of ['en', 'de'] as const) {
  t.test(`${language}: with the banner, page speed is sent only while statistics are allowed`, async (t) => {
    const texts = consentTexts(language);
    const [undecided, consented, withdrawn, regranted] = PAGES[language];
    const server = await startServerWithBanner(t);
    const browser = await launchBrowser(t);
    const { page, problems } = await openPage(browser, 1280);

    await openAndWaitForReporter(page, `${server.url}${undecided!.path}`);
    await page.getByRole('dialog', { name: texts.banner_title }).waitFor();
    t.pass('the banner asks, and the reporter is on the page');

    // Leaving the undecided page is when a running reporter would send its view.
    await openAndWaitForReporter(page, `${server.url}${consented!.path}`);
    await page.getByRole('button', { name: texts.accept_all }).click();
    await page.getByRole('dialog', { name: texts.banner_title }).waitFor({ state: 'detached' });
    await openAndWaitForReporter(page, `${server.url}${withdrawn!.path}`);
    const afterConsent = await waitForSeries(server, loadSeries(consented!.route));
    t.equal(
      afterConsent.get(loadSeries(consented!.route)),
      1,
      'the page where statistics were allowed is sent as it is left',
    );
    t.notOk(
      [...afterConsent.keys()].some((series) => series.includes(`"${undecided!.route}"`)),
      'the page left before the choice sent nothing',
    );

    // Statistics withdrawn in the settings (marketing stays allowed, so the page does not reload).
    const settings = page.getByRole('dialog', { name: texts.settings_title });
    await openSettings(page);
    await settings.waitFor();
    await settings.getByRole('switch', { name: texts.purposes.statistics.title }).uncheck();
    await settings.getByRole('button', { name: texts.save }).click();
    await settings.waitFor({ state: 'detached' });
    await openAndWaitForReporter(page, `${server.url}${regranted!.path}`);

    // Allowed again on the next page: its view arrives, and by then the withdrawn one would have.
    await openSettings(page);
    await settings.waitFor();
    await settings.getByRole('switch', { name: texts.purposes.statistics.title }).check();
    await settings.getByRole('button', { name: texts.save }).click();
    await settings.waitFor({ state: 'detached' });
    await openAndWaitForReporter(page, `${server.url}${undecided!.path}`);
    const afterWithdrawal = await waitForSeries(server, loadSeries(regranted!.route));
    t.equal(
      afterWithdrawal.get(loadSeries(regranted!.route)),
      1,
      'the page where statistics were allowed again is sent',
    );
    t.notOk(
      [...afterWithdrawal.keys()].some((series) => series.includes(`"${withdrawn!.route}"`)),
      'the page where statistics were withdrawn sent nothing after the withdrawal',
    );
    t.equal(afterWithdrawal.get(loadSeries(consented!.route)), 1, 'and nothing was sent twice');
    t.same(problems, []);
  });
}

t.test('with a consent manager, page speed waits for the statistics consent it reports', async (t) => {
  const standIn = await startThirdPartyStandIn(t);
  const server = await startServer(t, {
    WEB_VITALS_SAMPLE_RATE: '1',
    METRICS_TOKEN: TOKEN,
    GTM_ID,
    GTM_ORIGIN: standIn.origin,
    CONSENT_MANAGER_ID: 'stand-in-settings',
    CONSENT_MANAGER_ORIGIN: standIn.origin,
  });
  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, 1280);
  const [undecided, consented, next] = PAGES.de;
  await openAndWaitForReporter(page, `${server.url}${undecided!.path}`);
  await openAndWaitForReporter(page, `${server.url}${consented!.path}`);
  await page.waitForFunction(
    () => (window as { UC_UI?: { isInitialized(): boolean } }).UC_UI?.isInitialized() === true,
  );
  // What the manager's own "Accept all" does: a Consent Mode update through gtag.
  await page.evaluate(() => (window as { UC_UI?: { acceptAllConsents(): Promise<void> } }).UC_UI?.acceptAllConsents());
  await openAndWaitForReporter(page, `${server.url}${next!.path}`);
  const samples = await waitForSeries(server, loadSeries(consented!.route));
  t.equal(samples.get(loadSeries(consented!.route)), 1, 'the page where the manager reported consent is sent');
  t.notOk(
    [...samples.keys()].some((series) => series.includes(`"${undecided!.route}"`)),
    'the page left before the manager reported any consent sent nothing',
  );
  t.same(problems, []);
});

t.test('without a consent tool, a sampled page fetches no reporter: no statistics can be allowed', async (t) => {
  const server = await startServer(t, { WEB_VITALS_SAMPLE_RATE: '1', METRICS_TOKEN: TOKEN });
  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, 1280);
  const first = await page.goto(`${server.url}/`);
  t.match(await first!.text(), '"sampleRate":0', 'the page is told to sample nothing');
  await waitForHydration(page);
  await page.goto(`${server.url}/company`);
  await waitForHydration(page);
  t.notOk(await reporterRequested(page), 'the reporter is not fetched');
  t.same(await vitals(server), new Map(), 'no series');
  t.same(problems, []);
});

t.test('a page load outside the sample loads no reporter and sends nothing', async (t) => {
  const server = await startServer(t, { WEB_VITALS_SAMPLE_RATE: '0', METRICS_TOKEN: TOKEN });
  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, 1280);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === WEB_VITALS_PATH) sent.push(request.url());
  });
  await page.goto(`${server.url}/`);
  await waitForHydration(page);
  await page.click('.services__link >> nth=0');
  await page.waitForURL(/\/services\/[a-z-]+$/);
  // Well past the idle time a sampled page would have fetched it in.
  await page.waitForTimeout(1500);
  t.notOk(await reporterRequested(page), 'the reporter is not fetched');
  await page.goto(`${server.url}/company`);
  await waitForHydration(page);
  await page.waitForTimeout(1500);
  t.notOk(await reporterRequested(page), 'nor on the next load');
  t.same(sent, [], 'no beacon');
  t.same(await vitals(server), new Map(), 'no series');
  t.same(problems, []);
});
