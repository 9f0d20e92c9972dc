/**
 * axe-core on the company, career, event, legal, newsletter and unsubscribe pages, in both languages, at a desktop's
 * and a phone's width, and on a form showing its errors: in Chromium, Firefox ESR and WebKit (one page of each template
 * there), one browser per engine.
 * axe-core goes into each page through the driver's evaluation; the page's policy stays as it is served.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { violationsIn } from '../helpers/axe.ts';
import { openHydrated as open } from '../helpers/engine-journey.ts';
import { ENGINE_NAMES, engineMissing, launchEngine } from '../helpers/engines.ts';
import { startServer } from '../helpers/server-process.ts';

// Every engine in turn with a browser of its own: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(600_000);

const [job] = (
  JSON.parse(readFileSync('content/en/careers/positions.json', 'utf8')) as {
    activePositions: { generic: { folder: string } }[];
  }
).activePositions;

const PAGES = [
  '/company',
  '/company/about-us',
  '/company/contact',
  '/company/career',
  `/company/career/${job!.generic.folder}`,
  '/company/events',
  '/company/events/analytics-hub/hamburg/2027/03',
  '/company/events/omr',
  '/company/events/omr/meeting-request',
  '/imprint',
  '/privacy-policy',
  '/unternehmen',
  '/unternehmen/ueber-uns',
  '/unternehmen/kontakt',
  '/unternehmen/karriere',
  `/unternehmen/karriere/${job!.generic.folder}`,
  '/unternehmen/events',
  '/unternehmen/events/cdp-event/muenchen/2024/03',
  '/unternehmen/events/data-breakfast/berlin/2027/02',
  '/impressum',
  '/datenschutz',
  '/newsletter',
  // The unsubscribe page, asking; its outcome (a forged token) is checked after its button below.
  '/newsletter/unsubscribe/abc.def',
  // The pages mailed links open, asking for their button, in both languages; the newsletter's outcome.
  ...['en', 'de'].flatMap((language) => [
    `/newsletter/abc.def?lang=${language}`,
    `/events/confirm/abc.def?lang=${language}`,
    `/newsletter/abc.def?lang=${language}&result=invalid`,
  ]),
];

/**
 * Firefox and WebKit check one page of each template (most of axe's rules read the markup, which is the same in every
 * engine; what differs is layout and colour), Chromium every page above.
 */
const TEMPLATES = [
  '/company/about-us',
  '/company/contact',
  `/company/career/${job!.generic.folder}`,
  '/company/events/analytics-hub/hamburg/2027/03',
  '/company/events/omr/meeting-request',
  '/privacy-policy',
  '/newsletter',
  '/unternehmen',
  '/unternehmen/karriere',
  '/unternehmen/events',
  '/unternehmen/events/data-breakfast/berlin/2027/02',
  '/newsletter/unsubscribe/abc.def',
  '/events/confirm/abc.def?lang=de',
  '/newsletter/abc.def?lang=en&result=invalid',
];

t.test('no axe violations', async (t) => {
  const server = await startServer(t);

  for (const name of ENGINE_NAMES) {
    t.test(`in ${name}`, { skip: engineMissing(name) ?? false }, async (t) => {
      const engine = await launchEngine(name);
      t.teardown(() => engine.close());
      for (const width of [1440, 375]) {
        const page = await engine.openPage({ width, height: 900 });
        for (const path of name === 'chromium' ? PAGES : TEMPLATES) {
          await open(page, `${server.url}${path}`);
          t.same(await violationsIn(page), [], `${path} at ${width} px`);
        }
        await open(page, `${server.url}/newsletter/unsubscribe/abc.def`);
        await page.click('.confirmation__form button[type="submit"]');
        await page.waitFor(() => document.querySelector('.confirmation__result') !== null);
        t.same(await violationsIn(page), [], `the unsubscribe page's outcome at ${width} px`);
        await page.close();
      }

      const page = await engine.openPage({ width: 1280, height: 900 });
      await open(page, `${server.url}/company/career/${job!.generic.folder}`);
      await page.click('form.form button[type="submit"]');
      await page.waitFor(() => document.querySelector('.form__error') !== null);
      t.same(await violationsIn(page), [], 'a form showing its errors');
      await page.close();
    });
  }
});
