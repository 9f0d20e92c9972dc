/**
 * The site's own consent banner in Chromium, with a tag manager and a maps key configured and
 * no consent manager. The tag manager's and the maps library's hosts are a stand-in on
 * loopback that records what the browser asks of it.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import t from 'tap';
import { violations } from '../helpers/axe.ts';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import {
  ALL_DENIED,
  consentCommands,
  dataLayerEntries,
  dataLayerLog,
  recordDataLayer,
  waitForEvent,
} from '../helpers/data-layer.ts';
import { startServer } from '../helpers/server-process.ts';
import { startThirdPartyStandIn } from '../helpers/third-party.ts';

const GTM_ID = 'GTM-STAND1N';
const texts = {
  en: JSON.parse(readFileSync('content/en/consent.json', 'utf8')) as {
    banner_title: string;
    accept_all: string;
    reject_all: string;
    settings_title: string;
  },
  de: JSON.parse(readFileSync('content/de/consent.json', 'utf8')) as {
    banner_title: string;
    accept_all: string;
    reject_all: string;
    settings_title: string;
  },
};
const labels = {
  en: JSON.parse(readFileSync('content/en/event_labels.json', 'utf8')) as {
    map_no_results: string;
    map_show: string;
    map_failed: string;
  },
  de: JSON.parse(readFileSync('content/de/event_labels.json', 'utf8')) as {
    map_no_results: string;
    map_show: string;
    map_failed: string;
  },
};
const EVENT_PAGE = '/company/events/analytics-hub/hamburg/2027/03';
const GERMAN_EVENT_PAGE = '/unternehmen/events/data-breakfast/berlin/2027/02';

const storedChoice = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('nordstern-consent') ?? 'null') as { purposes: Record<string, boolean> } | null,
  );

/** A page whose visitor decided before: no banner, the given purposes granted. */
async function decidedPage(browser: Browser, purposes: Record<string, boolean>, width = 1280) {
  const watched = await openPage(browser, width);
  await watched.page.addInitScript((purposes) => {
    localStorage.setItem('nordstern-consent', JSON.stringify({ version: 1, decidedAt: Date.now(), purposes }));
  }, purposes);
  return watched;
}

/** Waits until the stored choice reached the dataLayer: by then the banner would have shown if it were going to. */
const waitForStoredChoice = (page: Page) =>
  page.waitForFunction(() =>
    (window.dataLayer ?? []).some(
      (entry) =>
        Object.prototype.toString.call(entry) === '[object Arguments]' && (entry as ArrayLike<unknown>)[1] === 'update',
    ),
  );

t.test('the site’s own consent banner', async (t) => {
  const standIn = await startThirdPartyStandIn(t);
  const server = await startServer(t, {
    GTM_ID,
    GTM_ORIGIN: standIn.origin,
    MAPS_API_KEY: 'stand-in-maps-key',
    MAPS_ORIGIN: standIn.origin,
  });
  const browser = await launchBrowser(t);
  const tagManagerRequests = () => standIn.requests.filter((request) => request.startsWith('/gtm.js'));

  t.test('sets the Consent Mode defaults first and asks before the tag manager loads', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    const banner = page.getByRole('dialog', { name: texts.en.banner_title });
    await banner.waitFor();
    const entries = await dataLayerEntries(page);
    t.same(entries[0], { gtag: ['consent', 'default', ALL_DENIED] }, 'the defaults are the first entry');
    t.same(
      consentCommands(entries).map(([command]) => command),
      ['default'],
      'no update before the visitor decides',
    );
    t.same(tagManagerRequests(), [], 'the tag manager is not requested before consent');
    t.notOk(await page.evaluate(() => document.getElementById('tag-manager')), 'nor is its script in the page');
    t.ok(await banner.evaluate((element) => element === document.activeElement), 'focus moves to the banner');
    t.same(problems, []);
  });

  t.test('rejects with one click: no tag manager, the choice kept, no banner after a reload', async (t) => {
    const { page, problems } = await openPage(browser, 375);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    const accept = page.getByRole('button', { name: texts.en.accept_all });
    const reject = page.getByRole('button', { name: texts.en.reject_all });
    await reject.waitFor();
    const [acceptBox, rejectBox] = [await accept.boundingBox(), await reject.boundingBox()];
    t.equal(rejectBox?.width, acceptBox?.width, 'both choices are as wide');
    t.equal(rejectBox?.height, acceptBox?.height, 'and as tall');
    t.equal(await reject.getAttribute('class'), await accept.getAttribute('class'), 'and styled alike');
    await reject.click();
    await page.getByRole('dialog', { name: texts.en.banner_title }).waitFor({ state: 'detached' });
    t.same(await storedChoice(page).then((choice) => choice?.purposes), {
      statistics: false,
      marketing: false,
      maps: false,
    });
    const update = consentCommands(await dataLayerEntries(page)).find(([command]) => command === 'update');
    t.same(
      update?.[1],
      { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
      'the refusal is sent as an update',
    );

    await page.reload();
    await waitForHydration(page);
    await waitForStoredChoice(page);
    t.equal(await page.locator('.consent-banner').count(), 0, 'no banner after a reload');
    t.same(tagManagerRequests(), [], 'still no tag manager');
    t.same(problems, []);
  });

  t.test('accepts with one click and loads the tag manager, and again on the next page load', async (t) => {
    const { page, problems } = await openPage(browser, 1440);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await page.getByRole('button', { name: texts.en.accept_all }).click();
    await page.waitForFunction((id) => (window as { __gtmStandIn?: string }).__gtmStandIn === id, GTM_ID);
    t.ok(tagManagerRequests().includes(`/gtm.js?id=${GTM_ID}`), 'the container is requested from the configured host');
    const entries = await dataLayerEntries(page);
    const updateIndex = entries.findIndex(
      (entry) => 'gtag' in entry && Array.isArray(entry.gtag) && entry.gtag[1] === 'update',
    );
    const startIndex = entries.findIndex((entry) => (entry as { event?: string }).event === 'gtm.js');
    t.ok(updateIndex > 0 && startIndex > updateIndex, 'defaults, then the grant, then the tag manager starts');
    t.same(consentCommands(entries)[1]?.[1], {
      analytics_storage: 'granted',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
    t.same(await storedChoice(page).then((choice) => choice?.purposes), {
      statistics: true,
      marketing: true,
      maps: true,
    });

    const before = tagManagerRequests().length;
    await page.reload();
    await waitForHydration(page);
    await page.waitForFunction((id) => (window as { __gtmStandIn?: string }).__gtmStandIn === id, GTM_ID);
    t.equal(tagManagerRequests().length, before + 1, 'the stored grant loads the tag manager on the next page');
    t.equal(await page.locator('.consent-banner').count(), 0, 'without asking again');

    // Withdrawn in the settings: the page loads again, and the tag manager does not come back.
    const requested = tagManagerRequests().length;
    await page.click('.footer__cookies');
    const dialog = page.getByRole('dialog', { name: texts.en.settings_title });
    await dialog.waitFor();
    t.ok(await dialog.getByRole('switch', { name: 'Statistics' }).isChecked(), 'the settings show the grant');
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: texts.en.reject_all }).click()]);
    await waitForHydration(page);
    await waitForStoredChoice(page);
    t.same(await storedChoice(page).then((choice) => choice?.purposes), {
      statistics: false,
      marketing: false,
      maps: false,
    });
    t.notOk(
      await page.evaluate(() => (window as { __gtmStandIn?: string }).__gtmStandIn),
      'no tag manager in the reloaded page',
    );
    t.equal(tagManagerRequests().length, requested, 'nor requested again');
    t.same(problems, []);
  });

  t.test('the settings save a choice per purpose, necessary always on', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await page.locator('.consent-banner__settings').click();
    const dialog = page.getByRole('dialog', { name: texts.en.settings_title });
    await dialog.waitFor();
    t.ok(await dialog.evaluate((element) => element.contains(document.activeElement)), 'focus moves into the settings');
    const statistics = dialog.getByRole('switch', { name: 'Statistics' });
    const marketing = dialog.getByRole('switch', { name: 'Marketing' });
    const maps = dialog.getByRole('switch', { name: 'Maps' });
    t.notOk(await statistics.isChecked(), 'nothing is on before the visitor turns it on');
    t.notOk(await marketing.isChecked());
    await statistics.check();
    await dialog.getByRole('button', { name: 'Save selection' }).click();
    await dialog.waitFor({ state: 'detached' });
    t.same(await storedChoice(page).then((choice) => choice?.purposes), {
      statistics: true,
      marketing: false,
      maps: false,
    });
    t.same(consentCommands(await dataLayerEntries(page)).at(-1)?.[1], {
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    await page.waitForFunction(() => Boolean((window as { __gtmStandIn?: string }).__gtmStandIn));
    t.pass('statistics alone is consent enough to load the tag manager');
    t.notOk(await maps.count(), 'the dialog is gone');
    t.same(problems, []);
  });

  t.test(
    'the footer’s Cookies button opens the settings with the stored choice; Escape goes back to the banner while undecided',
    async (t) => {
      const decided = await decidedPage(browser, { statistics: false, marketing: true, maps: false });
      await decided.page.goto(`${server.url}/`);
      await waitForHydration(decided.page);
      await waitForStoredChoice(decided.page);
      const cookies = decided.page.locator('.footer__cookies');
      await cookies.click();
      const dialog = decided.page.getByRole('dialog', { name: texts.en.settings_title });
      await dialog.waitFor();
      t.notOk(await dialog.getByRole('switch', { name: 'Statistics' }).isChecked());
      t.ok(await dialog.getByRole('switch', { name: 'Marketing' }).isChecked(), 'the switches show the stored choice');
      t.match(await dialog.textContent(), 'Always active', 'necessary storage is shown as always on');
      await decided.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      t.equal(
        await decided.page.locator('.consent-banner').count(),
        0,
        'a decided visitor sees no banner after closing',
      );
      t.ok(
        await cookies.evaluate((element) => element === document.activeElement),
        'focus returns to the Cookies button',
      );
      t.same(decided.problems, []);

      const { page, problems } = await openPage(browser, 1280);
      await page.goto(`${server.url}/unternehmen`);
      await waitForHydration(page);
      await page.getByRole('dialog', { name: texts.de.banner_title }).waitFor();
      await page.locator('.consent-banner__settings').click();
      await page.getByRole('dialog', { name: texts.de.settings_title }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: texts.de.banner_title }).waitFor();
      t.pass('closing the German settings without a choice shows the German banner again');
      t.same(problems, []);
    },
  );

  t.test('no axe violations in the banner and its settings, at 375 and 1440 px', async (t) => {
    for (const width of [375, 1440]) {
      const { page } = await openPage(browser, width, 800);
      await page.goto(`${server.url}/company`);
      await waitForHydration(page);
      await page.locator('.consent-banner').waitFor();
      t.same(await violations(page), [], `banner at ${width} px`);
      await page.locator('.consent-banner__settings').click();
      await page.locator('dialog.consent-dialog').waitFor();
      t.same(await violations(page), [], `settings at ${width} px`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      t.equal(overflow, 0, `nothing wider than the window at ${width} px`);
    }
  });

  t.test('the banner does not move the page', async (t) => {
    const { page } = await openPage(browser, 375, 700);
    await page.goto(`${server.url}/`);
    const headline = page.locator('h1');
    await headline.waitFor();
    const before = await headline.boundingBox();
    await waitForHydration(page);
    await page.locator('.consent-banner').waitFor();
    t.same(await headline.boundingBox(), before, 'the headline stays where it was');
    t.equal(await page.locator('.consent-banner').evaluate((element) => getComputedStyle(element).position), 'fixed');
  });

  t.test('maps: offered as a button, loaded only after consent and only where a map is', async (t) => {
    const { page, problems } = await decidedPage(browser, { statistics: false, marketing: false });
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    await waitForStoredChoice(page);
    await page.goto(`${server.url}${EVENT_PAGE}`);
    await waitForHydration(page);
    const show = page.getByRole('button', { name: labels.en.map_show });
    await show.waitFor();
    t.notOk(standIn.requested('/maps/api/js'), 'the maps library is not requested before consent');
    t.ok(await page.locator('.event__address').isVisible(), 'the address shows as text');
    const offer = await page.locator('.event__map-frame').boundingBox();
    t.same(await violations(page), [], 'the map offer passes axe');
    await show.click();
    await page.locator('.event__map[data-stand-in-map]').waitFor();
    t.equal(
      (await page.locator('.event__map-frame').boundingBox())?.height,
      offer?.height,
      'the map takes the offer’s room: nothing below moves',
    );
    t.same(await violations(page), [], 'the map passes axe');
    const request = standIn.requests.find((entry) => entry.startsWith('/maps/api/js'));
    const query = new URL(request ?? '/', 'http://stand.in').searchParams;
    t.equal(query.get('key'), 'stand-in-maps-key');
    t.equal(query.get('libraries'), 'places');
    t.equal(query.get('loading'), 'async');
    t.ok(query.get('callback'), 'the library calls back when ready');
    t.equal(await storedChoice(page).then((choice) => choice?.purposes.maps), true, 'the consent to maps is kept');
    t.match(
      await page.evaluate(() => (window as { __geocoded?: string }).__geocoded),
      /Hamburg/,
      'the venue’s address is looked up',
    );
    t.equal(await page.locator('.consent-banner').count(), 0);
    t.same(problems, []);
  });

  t.test('maps: with consent kept, a page without a map loads no maps library', async (t) => {
    const { page, problems } = await decidedPage(browser, { statistics: false, marketing: false, maps: true });
    const seen: string[] = [];
    page.on('request', (request) => seen.push(request.url()));
    const mapsRequests = () => seen.filter((url) => url.includes('/maps/api/js'));
    await page.goto(`${server.url}/company/about-us`);
    await waitForHydration(page);
    await waitForStoredChoice(page);
    t.same(mapsRequests(), [], 'not on a page without a map');
    await page.goto(`${server.url}${EVENT_PAGE}`);
    await waitForHydration(page);
    await page.locator('.event__map[data-stand-in-map]').waitFor();
    t.equal(mapsRequests().length, 1, 'on the page with the map, at once');
    t.same(problems, []);
  });

  t.test('maps: a place the geocoder cannot find says so, in both languages', async (t) => {
    standIn.geocoderFindsNothing = true;
    t.teardown(() => {
      standIn.geocoderFindsNothing = false;
    });
    for (const [language, path] of [
      ['en', EVENT_PAGE],
      ['de', GERMAN_EVENT_PAGE],
    ] as const) {
      const { page, problems } = await decidedPage(browser, { statistics: false, marketing: false, maps: true });
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      const message = page.locator('.event__map-empty');
      await message.waitFor();
      t.equal(await message.textContent(), labels[language].map_no_results);
      t.notOk(await page.locator('.event__map').isVisible(), 'no empty map is shown');
      t.same(problems, []);
    }
  });

  t.test('maps: a library that cannot be loaded leaves the address and says so', async (t) => {
    standIn.mapsLibraryDown = true;
    t.teardown(() => {
      standIn.mapsLibraryDown = false;
    });
    const { page, problems } = await decidedPage(browser, { statistics: false, marketing: false, maps: true });
    await page.goto(`${server.url}${EVENT_PAGE}`);
    await waitForHydration(page);
    const message = page.locator('.event__map-empty');
    await message.waitFor();
    t.equal(await message.textContent(), labels.en.map_failed);
    t.ok(await page.locator('.event__address').isVisible(), 'the address stays');
    t.match(
      problems,
      [/503/, /The venue map could not be shown/],
      'the failed load is reported in the console, nothing else',
    );
    t.equal(problems.length, 2);
  });

  t.test(
    'under the site’s hash-based policy the page works, and what loads after consent runs with what it loads in turn',
    async (t) => {
      const { page, problems } = await decidedPage(browser, { statistics: false, marketing: false });
      const policies: string[] = [];
      page.on('response', (response) => {
        const policy = response.headers()['content-security-policy'];
        if (policy && response.request().resourceType() === 'document') policies.push(policy);
      });
      // Twice: the first answer is the render, the second the kept page.
      for (let i = 0; i < 2; i += 1) {
        await page.goto(`${server.url}${EVENT_PAGE}`);
        await waitForHydration(page);
        await waitForStoredChoice(page);
      }
      t.equal(policies.length, 2, 'the page came with the policy');
      t.equal(policies[1], policies[0], 'the same policy for the kept page');
      t.notMatch(policies[0], /'nonce-/, 'no nonce: the page is the same for everyone');
      t.match(policies[0], /'sha256-[\w+/]+=*'/, 'its inline scripts named by their hashes');
      t.match(
        policies[0],
        `script-src 'self' ${standIn.origin} https://www.googleadservices.com https://googleads.g.doubleclick.net https://www.google.com 'strict-dynamic'`,
        'the stand-in hosts and Google Ads’ hosts (the Marketing purpose) are the script origins, for browsers without strict-dynamic',
      );
      t.same((await dataLayerEntries(page))[0], { gtag: ['consent', 'default', ALL_DENIED] }, 'the defaults ran');
      await page.click('.footer__cookies');
      await page
        .getByRole('dialog', { name: texts.en.settings_title })
        .getByRole('button', { name: texts.en.accept_all })
        .click();
      await page.waitForFunction((id) => (window as { __gtmStandIn?: string }).__gtmStandIn === id, GTM_ID);
      await page.waitForFunction(() => (window as { __gtmTagRan?: boolean }).__gtmTagRan === true);
      t.pass('a tag the tag manager added from a host the policy does not name ran: trust is handed on');
      await page.locator('.event__map[data-stand-in-map]').waitFor();
      t.pass('the maps library ran');
      t.same(problems, [], 'nothing refused by the policy, no console errors');
    },
  );

  t.test('a page rendered for one answer keeps its nonce, and what loads after consent gets it', async (t) => {
    const { page, problems } = await decidedPage(browser, { statistics: false, marketing: false });
    let policy = '';
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document')
        policy = response.headers()['content-security-policy'] ?? '';
    });
    await page.goto(`${server.url}${EVENT_PAGE}?utm_source=newsletter`);
    await waitForHydration(page);
    await waitForStoredChoice(page);
    const nonce = /'nonce-([\w-]+)'/.exec(policy)?.[1];
    t.ok(nonce, 'with a nonce');
    await page.click('.footer__cookies');
    await page
      .getByRole('dialog', { name: texts.en.settings_title })
      .getByRole('button', { name: texts.en.accept_all })
      .click();
    await page.waitForFunction(() => (window as { __gtmTagRan?: boolean }).__gtmTagRan === true);
    await page.locator('.event__map[data-stand-in-map]').waitFor();
    t.equal(
      await page.evaluate(() => (document.getElementById('tag-manager') as HTMLScriptElement | null)?.nonce),
      nonce,
      'the tag manager has the page’s nonce',
    );
    t.equal(
      await page.evaluate(() => (document.getElementById('maps-library') as HTMLScriptElement | null)?.nonce),
      nonce,
      'so has the maps library',
    );
    t.same(problems, [], 'nothing refused by the policy, no console errors');
  });

  t.test(
    'a meta event per page, and its page_view at least 300 ms later, on the first load and after a client navigation',
    async (t) => {
      const { page, problems } = await decidedPage(browser, { statistics: false, marketing: false });
      await recordDataLayer(page);
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      await waitForEvent(page, 'page_view', { page_path: '/' });
      await page.click('.services__link >> nth=0');
      await page.waitForURL(/\/services\/[a-z-]+$/);
      const path = new URL(page.url()).pathname;
      await waitForEvent(page, 'page_view', { page_path: path });
      const title = await page.title();
      const events = (await dataLayerLog(page)).filter(({ entry }) =>
        ['meta', 'page_view'].includes((entry as { event?: string }).event ?? ''),
      );
      t.match(
        events.map(({ entry }) => entry),
        [
          { event: 'meta', page_path: '/', language: 'en', route_id: 'home', page_title: String },
          { event: 'page_view', page_path: '/', language: 'en', route_id: 'home', page_location: `${server.url}/` },
          { event: 'meta', page_path: path, language: 'en', page_title: title },
          { event: 'page_view', page_path: path, page_title: title, page_location: `${server.url}${path}` },
        ],
      );
      t.equal(events.length, 4, 'one of each per page');
      t.ok(
        events[1]!.at - events[0]!.at >= 300,
        `first load: page_view ${Math.round(events[1]!.at - events[0]!.at)} ms after meta`,
      );
      t.ok(
        events[3]!.at - events[2]!.at >= 300,
        `navigation: page_view ${Math.round(events[3]!.at - events[2]!.at)} ms after meta`,
      );
      t.same(problems, []);
    },
  );
});
