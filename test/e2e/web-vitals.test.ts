/**
 * Real visitors' Web Vitals in Chromium, under the site's own Content Security Policy: a
 * sampled page load fetches the reporter only after it has loaded, and each page view (the
 * loaded one, left by a client navigation, and the client view, left by a full load) reaches
 * /metrics once, by its route id. A page load outside the sample loads and sends nothing.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import t from 'tap';
import { WEB_VITALS_API as WEB_VITALS_PATH } from '#app/api-paths.ts';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { type ServerProcess, startServer } from '../helpers/server-process.ts';

const TOKEN = 'w'.repeat(40);
const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { lazy: Record<string, string[]> };
const REPORTER_CHUNK = manifest.lazy['client/web-vitals/reporter.ts']![0]!;

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
  const server = await startServer(t, { WEB_VITALS_SAMPLE_RATE: '1', METRICS_TOKEN: TOKEN });
  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, 1280);
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
