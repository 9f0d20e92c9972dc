/**
 * What the privacy policy says about maps, proved in Chromium where maps are the only service that
 * needs consent (MAPS_API_KEY; no tag manager, no consent manager): the policy says that no banner
 * appears and that a map asks in its place; a visitor then meets no banner, consents with the map's
 * own button, and the next map loads without a click. Once per language, each in a fresh browser
 * profile. The maps library's host is a stand-in on loopback.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import type { LegalContent } from '../../src/app/content/schemas/legal.ts';
import { applies, type Service } from '../../src/app/content/service-conditions.ts';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';
import { startThirdPartyStandIn } from '../helpers/third-party.ts';

const read = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

const LANGUAGES = [
  {
    language: 'en',
    policy: '/privacy-policy',
    file: 'content/en/homepage/privacy-policy/legal.json',
    events: ['/company/events/analytics-hub/hamburg/2027/03', '/company/events/analytics-hub/hamburg/2026/06'],
  },
  {
    language: 'de',
    policy: '/datenschutz',
    file: 'content/de/homepage/datenschutz/legal.json',
    events: ['/unternehmen/events/data-breakfast/berlin/2027/02', '/unternehmen/events/analytics-hub/hamburg/2026/06'],
  },
] as const;

/** Text as a reader compares it: any run of spaces (non-breaking too) as one. */
const words = (text: string) => text.replace(/\s+/gu, ' ').trim();

/** What a deployment with maps alone runs (as test/privacy-policy.test.ts finds for MAPS_API_KEY). */
const MAPS_ALONE = new Set<Service>(['maps', 'consent', 'consent_banner', 'consent_tool', 'google']);

/** The policy's paragraphs on how maps ask for consent there: those about maps and those for no tag manager. */
function mapsParagraphs(content: LegalContent): string[] {
  return content.sections
    .filter((section) => applies(section.when, MAPS_ALONE))
    .flatMap((section) =>
      (section.paragraphs ?? []).flatMap((item) =>
        typeof item !== 'string' && (item.when === 'no_tag_manager' || item.when === 'maps') ? [item.text] : [],
      ),
    );
}

t.test('the privacy policy’s account of maps holds in the browser', async (t) => {
  const standIn = await startThirdPartyStandIn(t);
  const server = await startServer(t, { MAPS_API_KEY: 'stand-in-maps-key', MAPS_ORIGIN: standIn.origin });
  const browser = await launchBrowser(t);

  for (const { language, policy, file, events } of LANGUAGES) {
    t.test(`${language}: no banner, the map asks, and then every map loads without a click`, async (t) => {
      const labels = read<{ map_show: string }>(`content/${language}/event_labels.json`);
      const content = read<LegalContent>(file);
      const { page, problems } = await openPage(browser, 1280);
      const mapsRequests = () => standIn.requests.filter((request) => request.startsWith('/maps/api/js')).length;
      const before = mapsRequests();

      await page.goto(`${server.url}${policy}`);
      await waitForHydration(page);
      const text = words(await page.locator('main').innerText());
      const paragraphs = mapsParagraphs(content);
      t.equal(paragraphs.length, 3, 'no banner, the map asks, the map and what it sends to Google');
      for (const paragraph of paragraphs)
        t.ok(text.includes(words(paragraph)), `the policy reads: “${paragraph.slice(0, 60)}…”`);

      await page.goto(`${server.url}${events[0]}`);
      await waitForHydration(page);
      const show = page.getByRole('button', { name: labels.map_show });
      await show.waitFor();
      t.equal(mapsRequests(), before, 'the maps library is not requested before consent');
      await show.click();
      await page.locator('.event__map[data-stand-in-map]').waitFor();
      t.equal(mapsRequests(), before + 1, 'the map’s own button gave the consent and loaded the map');

      await page.goto(`${server.url}${events[1]}`);
      await waitForHydration(page);
      await page.locator('.event__map[data-stand-in-map]').waitFor();
      t.equal(await show.count(), 0, 'the next event page shows its map without asking again');

      t.equal(await page.locator('.consent-banner').count(), 0, 'no banner on any page');
      t.same(problems, [], 'no console errors or refused requests');
      await page.context().close();
    });
  }
});
