/**
 * The proof a buyer meets on the homepage, in both languages: the hero's proof row in the first
 * screen at 1440 × 900; the client results and the featured case study's result tiles within the
 * first two screens at 1440 × 900 and 375 × 812, their figures the case study page's own; the
 * clients' drawn wordmarks and the certification seals load and are named, and the seals stand on
 * the homepage, the technology page, the GMP page and in every footer.
 */
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { checkSeals, loadedImages } from '../helpers/loaded-images.ts';
import { startServer } from '../helpers/server-process.ts';

// A server, a browser and several pages on a busy 2-core machine: more than tap's two minutes a file.
t.setTimeout(300_000);

const HOMEPAGES = ['/?lang=en', '/?lang=de'];

/** Where an element starts and ends in the document, in CSS pixels; null when the page has none. */
function extent(page: Page, selector: string) {
  return page.evaluate((selector) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    const box = element.getBoundingClientRect();
    return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY, height: window.innerHeight };
  }, selector);
}

/** Where the results strip and the featured case study's tiles start: within the first two screens. */
async function checkTwoScreens(t: Test, page: Page, label: string, height: number) {
  const strip = await extent(page, '.proof__figures');
  const tiles = await extent(page, '.proof__case .case-study__results');
  t.ok(strip && strip.top < 2 * height, `${label}: the results strip starts at ${strip?.top}`);
  t.ok(tiles && tiles.top < 2 * height, `${label}: the case study's tiles start at ${tiles?.top}`);
  t.ok((await page.locator('.proof__figures dd').count()) >= 3, `${label}: three or four figures`);
  t.ok((await page.locator('.proof__case dd').count()) >= 3, `${label}: three or four result tiles`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  t.equal(overflow, 0, `${label}: nothing scrolls sideways`);
}

t.test('proof on the homepage and the certification seals', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);

  for (const path of HOMEPAGES) {
    t.test(`${path} at 1440 × 900`, async (t) => {
      const { page, problems } = await openPage(browser, 1440, 900);
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);

      const row = await extent(page, '.stage .stage__proof');
      t.ok(
        row && row.top >= 0 && row.bottom <= row.height,
        `${path}: the proof row (${row?.top}–${row?.bottom}) is in the first screen`,
      );
      const items = await page.locator('.stage__proof li').allInnerTexts();
      t.ok(items.length >= 4, `${path}: partner status and at least three facts`);
      t.ok(
        items.every((item) => item.trim().length > 0),
        `${path}: every proof item says something`,
      );
      await checkSeals(t, page, path, '.stage__proof');

      await checkTwoScreens(t, page, `${path} at 1440`, 900);

      t.equal(await page.locator('.trusts__list li').count(), 10, `${path}: ten clients`);
      const logos = await loadedImages(page, '.trusts__list img');
      t.equal(logos.length, 10, `${path}: one wordmark each`);
      t.equal(new Set(logos.map((logo) => logo.src)).size, logos.length, `${path}: every wordmark is its own`);
      for (const logo of logos) {
        t.match(logo.src, /\/clients\/[a-z]+\.svg$/, `${logo.src}: a drawn wordmark`);
        t.ok(logo.naturalWidth > 0, `${path}: ${logo.src} loads`);
        t.ok(logo.name.length > 0, `${path}: ${logo.src} is named (${logo.name})`);
        t.ok(logo.width > 0 && logo.height > 0, `${path}: ${logo.src} has its size`);
      }

      await checkSeals(t, page, path, '.footer__badges');
      t.same(problems, [], `${path}: no console problem`);

      // The featured case study's figures are its page's own, and its link leads there.
      const values = await page.locator('.proof__case dd').allInnerTexts();
      const link = page.locator('.proof__case a');
      t.equal(await link.count(), 1, `${path}: the case study has its link`);
      if ((await link.count()) === 1) {
        const href = (await link.getAttribute('href')) ?? '';
        t.match(href, /^\/insights\/case-study-/, `${path}: the case study links to its page`);
        await link.click();
        await page.waitForURL((url) => url.pathname === href);
        await page.locator('.article__author').first().waitFor();
        const article = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
        for (const value of values)
          for (const figure of value.match(/\d+(?:[.,]\d+)?/g) ?? [])
            t.ok(article.includes(figure), `${path}: ${figure} (of "${value}") is on the case study page`);
      }
      await page.context().close();
    });

    t.test(`${path} at 375 × 812`, async (t) => {
      const { page } = await openPage(browser, 375, 812);
      await page.goto(`${server.url}${path}`);
      await waitForHydration(page);
      await checkTwoScreens(t, page, `${path} at 375`, 812);
      await page.context().close();
    });
  }
});
