/** axe-core in Chromium on the company, career, event, legal, newsletter and unsubscribe pages, in both languages, and on a form showing its errors. */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { violations } from '../helpers/axe.ts';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';

const [job] = (
  JSON.parse(readFileSync('content/en/careers/positions.json', 'utf8')) as {
    activePositions: { generic: { folder: string } }[];
  }
).activePositions;

/** The unsubscribe button in either language: the page shows the one the language cookie names. */
const unsubscribeButton = new RegExp(
  ['en', 'de']
    .map(
      (language) =>
        (
          JSON.parse(readFileSync(`content/${language}/homepage/newsletter/unsubscribe/unsubscribe.json`, 'utf8')) as {
            button: string;
          }
        ).button,
    )
    .join('|'),
);

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
];

t.test('no axe violations', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  for (const width of [1440, 375]) {
    const { page } = await openPage(browser, width, 900);
    for (const path of PAGES) {
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      t.same(await violations(page), [], `${path} at ${width} px`);
    }
    await page.goto(`${server.url}/newsletter`, { waitUntil: 'load' });
    await waitForHydration(page);
    t.same(await violations(page), [], `/newsletter at ${width} px`);
    // The unsubscribe page, asking and (a forged token) refusing.
    await page.goto(`${server.url}/newsletter/unsubscribe/abc.def`, { waitUntil: 'load' });
    await waitForHydration(page);
    t.same(await violations(page), [], `the unsubscribe page at ${width} px`);
    await page.getByRole('button', { name: unsubscribeButton }).click();
    await page.locator('.confirmation__result').waitFor();
    t.same(await violations(page), [], `the unsubscribe page's outcome at ${width} px`);
    // The pages mailed links open, asking for their button, in both languages; the newsletter's outcome (a forged token).
    for (const language of ['en', 'de']) {
      for (const path of ['/newsletter/abc.def', '/events/confirm/abc.def']) {
        await page.goto(`${server.url}${path}?lang=${language}`, { waitUntil: 'load' });
        await waitForHydration(page);
        t.same(await violations(page), [], `${path} (${language}) at ${width} px`);
      }
      await page.goto(`${server.url}/newsletter/abc.def?lang=${language}&result=invalid`, { waitUntil: 'load' });
      await waitForHydration(page);
      t.same(await violations(page), [], `the newsletter confirmation's outcome (${language}) at ${width} px`);
    }
  }

  t.test('a form showing its errors', async (t) => {
    const { page } = await openPage(browser, 1280, 900);
    await page.goto(`${server.url}/company/career/${job!.generic.folder}`);
    await waitForHydration(page);
    await page.locator('form.form button[type="submit"]').click();
    await page.locator('.form__error').first().waitFor();
    t.same(await violations(page), []);
  });
});
