/**
 * A consent manager in Chromium: its script from the configured host, the tag manager only
 * after the manager reports consent through Consent Mode, its settings behind the Cookies
 * button, its language following the site's, maps through its service consent. A stand-in on
 * loopback serves the manager's and the tag manager's scripts and records what reaches it.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { consentCommands, dataLayerEntries, dataLayerLog, recordDataLayer } from '../helpers/data-layer.ts';
import { startServer } from '../helpers/server-process.ts';
import { startThirdPartyStandIn } from '../helpers/third-party.ts';

const GTM_ID = 'GTM-CMPTEST';
const SETTINGS_ID = 'stand-in-settings';
const labels = JSON.parse(readFileSync('content/en/event_labels.json', 'utf8')) as { map_show: string };

interface ConsentManagerCall {
  name: string;
  args: unknown[];
  at: number;
}

const managerCalls = (page: Page) =>
  page.evaluate(() => (window as { __ucCalls?: ConsentManagerCall[] }).__ucCalls ?? []);
const waitForManager = (page: Page) =>
  page.waitForFunction(() => (window as { UC_UI?: { isInitialized(): boolean } }).UC_UI?.isInitialized() === true);
const waitForCall = (page: Page, name: string) =>
  page.waitForFunction(
    (name) => ((window as { __ucCalls?: ConsentManagerCall[] }).__ucCalls ?? []).some((call) => call.name === name),
    name,
  );

async function switchToGerman(page: Page) {
  await page.click('.language-switch__toggle');
  await page.click('.language-switch__option[data-language="de"]');
  await page.waitForURL(/\/unternehmen\/ueber-uns$/);
}

t.test('a consent manager', async (t) => {
  const standIn = await startThirdPartyStandIn(t);
  const server = await startServer(t, {
    GTM_ID,
    GTM_ORIGIN: standIn.origin,
    CONSENT_MANAGER_ID: SETTINGS_ID,
    CONSENT_MANAGER_ORIGIN: standIn.origin,
    MAPS_API_KEY: 'stand-in-maps-key',
    MAPS_ORIGIN: standIn.origin,
  });
  const browser = await launchBrowser(t);
  const tagManagerRequested = () => standIn.requested('/gtm.js');

  t.test('loads on every page after the defaults; the tag manager waits for its consent', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await waitForManager(page);
    const script = page.locator('head script#usercentrics-cmp');
    t.equal(await script.getAttribute('src'), `${standIn.origin}/browser-ui/latest/loader.js`);
    t.equal(await script.getAttribute('data-settings-id'), SETTINGS_ID);
    t.equal(
      await page.evaluate(() =>
        [...document.head.querySelectorAll('script')].findIndex((element) => element.id === 'consent-defaults'),
      ),
      0,
      'the defaults are the first script of the page',
    );
    const entries = await dataLayerEntries(page);
    t.match(entries[0], {
      gtag: [
        'consent',
        'default',
        { ad_storage: 'denied', analytics_storage: 'denied', security_storage: 'denied', wait_for_update: 2000 },
      ],
    });
    t.notOk(tagManagerRequested(), 'no tag manager before consent');
    t.equal(await page.locator('.consent-banner').count(), 0, 'the site’s own banner stays away');

    await page.evaluate(() => (window as { UC_UI?: { denyAllConsents(): Promise<void> } }).UC_UI?.denyAllConsents());
    t.same(consentCommands(await dataLayerEntries(page)).at(-1)?.[1], {
      ad_storage: 'denied',
      analytics_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      functionality_storage: 'granted',
      security_storage: 'granted',
    });
    t.notOk(tagManagerRequested(), 'a refusal (necessary storage only) loads no tag manager');

    await page.evaluate(() =>
      (window as { UC_UI?: { acceptAllConsents(): Promise<void> } }).UC_UI?.acceptAllConsents(),
    );
    await page.waitForFunction((id) => (window as { __gtmStandIn?: string }).__gtmStandIn === id, GTM_ID);
    t.ok(standIn.requests.includes(`/gtm.js?id=${GTM_ID}`), 'its grant loads the tag manager');
    t.same(problems, []);
  });

  t.test('the Cookies button opens its second layer', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/company`);
    await waitForHydration(page);
    await waitForManager(page);
    await page.click('.footer__cookies');
    await waitForCall(page, 'showSecondLayer');
    t.equal(await page.locator('dialog[open]').count(), 0, 'no dialog of the site’s own opens');
    t.same(problems, []);
  });

  t.test(
    'a language change is announced, then the manager switches language 300 ms later and restarts its embeddings',
    async (t) => {
      const { page, problems } = await openPage(browser, 1280);
      await recordDataLayer(page);
      await page.goto(`${server.url}/company/about-us`);
      await waitForHydration(page);
      await waitForManager(page);
      await switchToGerman(page);
      await waitForCall(page, 'restartEmbeddings');
      const calls = await managerCalls(page);
      t.same(
        calls.map(({ name, args }) => [name, args]),
        [
          ['updateLanguage', ['de']],
          ['restartEmbeddings', []],
        ],
      );
      const announcement = (await dataLayerLog(page)).find(
        ({ entry }) => (entry as { event?: string }).event === 'language_change',
      );
      t.match(announcement?.entry, { event: 'language_change', language: 'de' }, 'announced in the dataLayer');
      const delay = calls[0]!.at - announcement!.at;
      t.ok(delay >= 300, `told ${Math.round(delay)} ms after the announcement`);
      t.ok(calls[1]!.at >= calls[0]!.at, 'embeddings restart after the switch');
      t.same(problems, []);
    },
  );

  t.test('a language the manager lacks is logged as an error; its embeddings restart all the same', async (t) => {
    standIn.consentManagerLanguages = ['en'];
    t.teardown(() => {
      standIn.consentManagerLanguages = ['de', 'en'];
    });
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/company/about-us`);
    await waitForHydration(page);
    await waitForManager(page);
    await switchToGerman(page);
    await waitForCall(page, 'restartEmbeddings');
    t.same(
      (await managerCalls(page)).map(({ name }) => name),
      ['restartEmbeddings'],
      'no switch to a language it lacks',
    );
    t.match(problems, [/^error: The consent manager has no texts in "de"/]);
    t.equal(problems.length, 1);
  });

  t.test('maps: the button asks the manager to accept its maps service, then the library loads', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/company/events/analytics-hub/hamburg/2027/03`);
    await waitForHydration(page);
    await waitForManager(page);
    const show = page.getByRole('button', { name: labels.map_show });
    await show.waitFor();
    t.notOk(standIn.requested('/maps/api/js'), 'no maps library before consent');
    await show.click();
    await page.locator('.event__map[data-stand-in-map]').waitFor();
    t.same(
      (await managerCalls(page)).map(({ name, args }) => [name, args]),
      [['acceptService', ['stand-in-maps']]],
    );
    t.ok(
      standIn.requested('/maps/api/js?key=stand-in-maps-key'),
      'the library is requested once the manager recorded the consent',
    );
    t.same(problems, []);
  });
});
