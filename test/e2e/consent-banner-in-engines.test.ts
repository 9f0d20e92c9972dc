/**
 * The consent banner's main choices in Chromium, Firefox ESR and WebKit, with a tag manager and maps configured (a stand-in
 * on loopback): rejecting with one click, accepting with one click, and saving one purpose in the settings; each choice
 * kept across a reload, the tag manager loaded only with consent. The Consent Mode commands' order, the maps, the
 * policy's hashes and nonces and the timings stay in consent-banner.test.ts, in Chromium.
 */
import t from 'tap';
import { elementState, inEachEngine, openHydrated, openPage, visible } from '../helpers/engine-journey.ts';
import type { EnginePage } from '../helpers/engines.ts';
import { startServer } from '../helpers/server-process.ts';
import { startThirdPartyStandIn } from '../helpers/third-party.ts';

// Every engine in turn with a browser of its own: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(600_000);

const GTM_ID = 'GTM-STAND1N';

const storedPurposes = (page: EnginePage) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('nordstern-consent') ?? 'null') as { purposes: Record<string, boolean> } | null)
        ?.purposes,
  );

const tagManagerRan = (page: EnginePage) =>
  page.evaluate(() => (window as { __gtmStandIn?: string }).__gtmStandIn ?? null);

/** The stored choice reached the dataLayer: by then the banner would have shown if it were going to. */
const choiceApplied = () =>
  (window.dataLayer ?? []).some(
    (entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]' && (entry as ArrayLike<unknown>)[1] === 'update',
  );

t.test('the consent banner’s choices', async (t) => {
  const standIn = await startThirdPartyStandIn(t);
  const server = await startServer(t, {
    GTM_ID,
    GTM_ORIGIN: standIn.origin,
    MAPS_API_KEY: 'stand-in-maps-key',
    MAPS_ORIGIN: standIn.origin,
  });

  inEachEngine(t, async (t, engine) => {
    t.test('rejects with one click at 375 px: the choice kept, no tag manager, no banner after a reload', async (t) => {
      const page = await openPage(t, engine, 375, 812);
      await openHydrated(page, `${server.url}/`);
      await page.waitFor(visible, '.consent-banner');
      t.ok(
        await page.evaluate(() => document.querySelector('.consent-banner')?.contains(document.activeElement) === true),
        'focus moves to the banner',
      );
      await page.click('.consent-banner [data-consent="reject"]');
      await page.waitFor(() => document.querySelector('.consent-banner') === null);
      t.same(await storedPurposes(page), { statistics: false, marketing: false, maps: false });
      await openHydrated(page, `${server.url}/`);
      await page.waitFor(choiceApplied);
      t.equal(await elementState(page, '.consent-banner'), undefined, 'no banner after a reload');
      t.equal(await tagManagerRan(page), null, 'no tag manager');
      await page.close();
    });

    t.test('accepts with one click at 1440 px: the tag manager loads, now and on the next page', async (t) => {
      const page = await openPage(t, engine, 1440, 900);
      await openHydrated(page, `${server.url}/`);
      await page.waitFor(visible, '.consent-banner');
      await page.click('.consent-banner [data-consent="accept"]');
      await page.waitFor((id) => (window as { __gtmStandIn?: string }).__gtmStandIn === id, GTM_ID);
      t.same(await storedPurposes(page), { statistics: true, marketing: true, maps: true });
      await openHydrated(page, `${server.url}/unternehmen`);
      await page.waitFor((id) => (window as { __gtmStandIn?: string }).__gtmStandIn === id, GTM_ID);
      t.equal(await elementState(page, '.consent-banner'), undefined, 'without asking again');
      await page.close();
    });

    t.test('the settings save one purpose; the keyboard closes them back to the banner', async (t) => {
      const page = await openPage(t, engine);
      await openHydrated(page, `${server.url}/`);
      await page.waitFor(visible, '.consent-banner');
      await page.click('.consent-banner__settings');
      await page.waitFor(visible, 'dialog.consent-settings');
      t.ok(
        await page.evaluate(() => document.querySelector('dialog.consent-settings')?.contains(document.activeElement)),
        'focus moves into the settings',
      );
      await page.pressKey('Escape');
      await page.waitFor(() => document.querySelector('dialog.consent-settings') === null);
      await page.waitFor(visible, '.consent-banner');
      t.pass('Escape goes back to the banner while undecided');
      await page.click('.consent-banner__settings');
      await page.waitFor(visible, 'dialog.consent-settings');
      t.notOk((await elementState(page, '.consent-switch__input[name="statistics"]'))?.checked, 'off until turned on');
      await page.click('.consent-switch:has(.consent-switch__input[name="statistics"])');
      await page.waitFor(
        () => (document.querySelector('.consent-switch__input[name="statistics"]') as HTMLInputElement).checked,
      );
      await page.click('dialog.consent-settings [data-consent="save"]');
      await page.waitFor(() => document.querySelector('dialog.consent-settings') === null);
      t.same(await storedPurposes(page), { statistics: true, marketing: false, maps: false });
      await page.waitFor((id) => (window as { __gtmStandIn?: string }).__gtmStandIn === id, GTM_ID);
      t.pass('statistics alone is consent enough to load the tag manager');
      await page.close();
    });
  });
});
