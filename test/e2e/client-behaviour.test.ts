/**
 * The browser side of the site with no tracking configured: nothing from other hosts and no
 * cookie but `language`; links prefetch their page unless the connection asks to save data;
 * going offline and online is told and tracked; a client navigation shows the progress bar.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { waitForEvent } from '../helpers/data-layer.ts';
import { startServer } from '../helpers/server-process.ts';

const ui = {
  en: JSON.parse(readFileSync('content/en/ui.json', 'utf8')) as { offline_notice: string; online_notice: string },
  de: JSON.parse(readFileSync('content/de/ui.json', 'utf8')) as { offline_notice: string; online_notice: string },
};
const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { pages: Record<string, string[]> };
const INSIGHTS_CHUNK = manifest.pages['src/app/pages/insights.tsx']![0]!;
const INSIGHTS_CONTENT = '/content/en/homepage/insights/_page.json';

/** A page whose browser reports this connection (navigator.connection), from before its first script. */
async function pageOnConnection(
  browser: Browser,
  connection: { saveData: boolean; effectiveType: string },
): Promise<{ page: Page; problems: string[] }> {
  const watched = await openPage(browser, 1280);
  await watched.page.addInitScript(
    `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => (${JSON.stringify(connection)}) });`,
  );
  // When the visitor clicked, by the page's clock, to tell a prefetch from the navigation's own request.
  await watched.page.addInitScript(
    `addEventListener('click', () => { window.__clickedAt = performance.now(); }, { capture: true });`,
  );
  return watched;
}

/** When the page first asked for a resource, by the page's clock; undefined if it never did. */
const requestedAt = (page: Page, path: string) =>
  page.evaluate(
    (path) =>
      performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === path)?.startTime,
    path,
  );

t.test('the site in Chromium without tracking configured', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);

  t.test('a visit and a click-through ask no other host and set no cookie but language', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await page.click('.services__link >> nth=0');
    await page.waitForURL(/\/services\/[a-z-]+$/);
    await page.locator('h1.stage__headline').waitFor();
    await page.click('.footer__cookies');
    await page.locator('dialog.consent-settings').waitFor();
    t.match(
      await page.locator('dialog.consent-settings').textContent(),
      'language',
      'the Cookies button lists the site’s cookies',
    );
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/company/events/analytics-hub/hamburg/2027/03`);
    await waitForHydration(page);
    t.ok(await page.locator('.event__address').isVisible(), 'the venue shows as text');
    t.equal(await page.locator('.event__map-frame').count(), 0, 'without a maps key no map is offered');
    await page.click('.navbar__logo');
    await page.waitForURL(`${server.url}/`);
    t.same(
      requests.filter((url) => !url.startsWith(`${server.url}/`) && !url.startsWith('data:')),
      [],
      'every request went to the site',
    );
    t.same(
      (await page.context().cookies()).map((cookie) => cookie.name),
      ['language'],
      'only the language cookie',
    );
    t.equal(
      await page.evaluate(
        () => document.querySelectorAll('script[src^="http"]:not([src^="' + location.origin + '"])').length,
      ),
      0,
    );
    t.same(problems, []);
  });

  t.test('a link prefetches its page’s module and content when pointed at', async (t) => {
    const { page, problems } = await pageOnConnection(browser, { saveData: false, effectiveType: '4g' });
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    t.equal(await requestedAt(page, INSIGHTS_CHUNK), undefined, 'the insights module is not part of the homepage');
    const [moduleRequest, contentRequest] = await Promise.all([
      page.waitForRequest((request) => new URL(request.url()).pathname === INSIGHTS_CHUNK),
      page.waitForRequest((request) => new URL(request.url()).pathname === INSIGHTS_CONTENT),
      page.hover('.navbar a[href="/insights"]'),
    ]);
    t.ok(moduleRequest && contentRequest, 'both requested on hover, before any click');
    t.equal(new URL(page.url()).pathname, '/', 'still on the homepage');
    t.same(problems, []);
  });

  for (const connection of [
    { saveData: true, effectiveType: '4g' },
    { saveData: false, effectiveType: '2g' },
    { saveData: false, effectiveType: 'slow-2g' },
  ]) {
    t.test(`no prefetch with saveData ${connection.saveData} on ${connection.effectiveType}`, async (t) => {
      const { page, problems } = await pageOnConnection(browser, connection);
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      await page.hover('.navbar a[href="/insights"]');
      await page.focus('.navbar a[href="/insights"]');
      await page.click('.navbar a[href="/insights"]');
      await page.waitForURL(`${server.url}/insights`);
      await page.locator('h1').first().waitFor();
      const clickedAt = await page.evaluate(() => (window as { __clickedAt?: number }).__clickedAt);
      for (const path of [INSIGHTS_CHUNK, INSIGHTS_CONTENT]) {
        const at = await requestedAt(page, path);
        t.ok(
          at !== undefined && clickedAt !== undefined && at >= clickedAt,
          `${path} was first asked for by the click, not by pointing or focusing`,
        );
      }
      t.same(problems, []);
    });
  }

  t.test('going offline and back online is shown and tracked, in the page’s language', async (t) => {
    for (const [language, path] of [
      ['en', '/company'],
      ['de', '/unternehmen'],
    ] as const) {
      const { page, problems } = await openPage(browser, 1280);
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      // Offline once the page has loaded what it loads after hydration (the link prefetcher, the
      // page events' module): a fetch cut off halfway is a failed load, not what this test is about.
      await page.waitForLoadState('networkidle');
      const problemsBefore = problems.length;
      await page.context().setOffline(true);
      await page.locator('.snackbar', { hasText: ui[language].offline_notice }).waitFor();
      await waitForEvent(page, 'connection_change', { connection: 'offline' });
      await page.context().setOffline(false);
      await page.locator('.snackbar', { hasText: ui[language].online_notice }).waitFor();
      await waitForEvent(page, 'connection_change', { connection: 'online' });
      t.equal(await page.locator('.snackbar').count(), 1, `${language}: one notice at a time`);
      // On a busy machine a module the prefetcher imports can still be on its way after the network
      // looked idle; the switch to offline cuts it off. That load failing is what offline means.
      const cutOff = /^error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(\/assets\/chunks\/[^)]+\.js\)$/;
      t.same(
        problems.filter((problem, index) => index < problemsBefore || !cutOff.test(problem)),
        [],
      );
    }
  });

  t.test('a client navigation shows the progress bar until the page is there', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/content/en/homepage/company/_page.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/company/about-us`);
    await waitForHydration(page);
    const bar = page.locator('.progress-bar');
    t.equal(await bar.getAttribute('aria-hidden'), 'true', 'idle at first: hidden from assistive technology');
    await page.click('.navbar a[href="/company"]');
    await page.locator('.progress-bar.progress-bar--active').waitFor({ state: 'attached' });
    t.equal(await bar.getAttribute('aria-hidden'), 'false', 'announced while the page loads');
    t.equal(new URL(page.url()).pathname, '/company/about-us', 'the old page stays until the new one is ready');
    release();
    await page.waitForURL(`${server.url}/company`);
    await page.locator('.progress-bar:not(.progress-bar--active)').waitFor({ state: 'attached' });
    t.equal(await bar.getAttribute('aria-hidden'), 'true', 'idle again');
    t.same(problems, []);
  });
});
