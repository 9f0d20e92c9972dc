/**
 * Every person a page names beside their words or work (the leadership, a quoted client or colleague,
 * an article's authors, an event's speakers and interview partners) is shown with their own portrait: one image per person,
 * the file drawn for that name, answered as an SVG image, and loaded once it scrolls into view.
 */
import type { Page } from 'playwright-core';
import t from 'tap';
import { personSlug } from '../../src/app/people/portrait-path.ts';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';

/** The blocks that name a person: the block, and where in it the name stands. */
const PERSON_BLOCKS = [
  { block: '.quote-card', name: '.quote-card__author' },
  { block: '.article__authors li', name: '.article__author-name' },
  { block: '.speaker', name: '.card__title' },
  { block: '.interview', name: '.interview__person .card__title' },
  { block: '.leadership__person', name: '.leadership__name' },
  { block: '.contact-desk__person', name: '.contact-desk__name strong' },
];

// Fourteen pages, each opened and scrolled through to its last portrait: more than tap's two minutes on a busy two-core machine.
t.setTimeout(300_000);

const PAGES = [
  { path: '/?lang=en', expect: ['.quote-card'] },
  { path: '/?lang=de', expect: ['.quote-card'] },
  { path: '/insights/cm360-floodlight-migration?lang=en', expect: ['.article__authors li'] },
  { path: '/insights/cm360-floodlight-migration?lang=de', expect: ['.article__authors li'] },
  { path: '/company/events/analytics-hub/hamburg/2026/06', expect: ['.speaker', '.interview'] },
  { path: '/unternehmen/events/analytics-hub/hamburg/2026/06', expect: ['.speaker', '.interview'] },
  { path: '/company/about-us', expect: ['.leadership__person', '.quote-card'] },
  { path: '/unternehmen/ueber-uns', expect: ['.leadership__person', '.quote-card'] },
  { path: '/company/career', expect: ['.quote-card'] },
  { path: '/services/analytics', expect: ['.quote-card'] },
  { path: '/company/contact', expect: ['.contact-desk__person'] },
  { path: '/unternehmen/kontakt', expect: ['.contact-desk__person'] },
  { path: '/technology/google-marketing-platform-partner', expect: ['.quote-card'] },
  { path: '/technologie/google-marketing-platform-partner', expect: ['.quote-card'] },
];

interface ShownPerson {
  block: string;
  name: string;
  portraits: { src: string; alt: string | null; width: number; height: number }[];
}

function shownPeople(page: Page): Promise<ShownPerson[]> {
  return page.evaluate(
    (blocks) =>
      blocks.flatMap(({ block, name }) =>
        [...document.querySelectorAll(block)].map((element) => ({
          block,
          // An interview's title reads "Name, role": the name is what comes before the comma.
          name: (element.querySelector(name)?.textContent ?? '').split(',')[0]!.trim(),
          portraits: [...element.querySelectorAll<HTMLImageElement>('img.portrait')].map((image) => ({
            src: new URL(image.currentSrc || image.src).pathname,
            alt: image.getAttribute('alt'),
            width: image.width,
            height: image.height,
          })),
        })),
      ),
    PERSON_BLOCKS,
  );
}

t.test('everyone a page names has their own portrait, and it loads', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  for (const { path, expect } of PAGES) {
    const { page, problems } = await openPage(browser, 1440);
    const answer = await page.goto(`${server.url}${path}`);
    t.equal(answer?.status(), 200, `${path} answers`);
    await waitForHydration(page);
    const people = await shownPeople(page);
    for (const block of expect)
      t.ok(
        people.some((person) => person.block === block),
        `${path}: names people in ${block}`,
      );
    for (const person of people) {
      t.ok(person.name, `${path}: ${person.block} names someone`);
      t.equal(person.portraits.length, 1, `${path}: ${person.name} has one portrait`);
      const [portrait] = person.portraits;
      if (!portrait) continue;
      t.match(
        portrait.src,
        new RegExp(`/people/${personSlug(person.name)}\\.svg$`),
        `${path}: ${person.name}'s own portrait`,
      );
      t.equal(portrait.alt, '', `${path}: ${person.name}'s portrait decorates the name beside it`);
      t.ok(
        portrait.width > 0 && portrait.width === portrait.height,
        `${path}: ${person.name}'s portrait has a square size`,
      );
      const file = await page.request.get(`${server.url}${portrait.src}`);
      t.equal(file.status(), 200, `${portrait.src} answers`);
      t.equal(file.headers()['content-type'], 'image/svg+xml', `${portrait.src} is an SVG image`);
    }
    // Lazy images load when they come near the viewport: each visible one, scrolled to, is drawn.
    const visible = page.locator('img.portrait').filter({ visible: true });
    for (let index = 0; index < (await visible.count()); index += 1) {
      const image = visible.nth(index);
      await image.scrollIntoViewIfNeeded();
      await t.resolves(
        image.evaluate((element: HTMLImageElement) =>
          element.complete && element.naturalWidth > 0
            ? undefined
            : new Promise<void>((resolve, reject) => {
                element.addEventListener('load', () => resolve(), { once: true });
                element.addEventListener('error', () => reject(new Error(`${element.src} did not load`)), {
                  once: true,
                });
              }),
        ),
        `${path}: visible portrait ${index + 1} loads`,
      );
    }
    t.same(problems, [], `${path}: no console problem`);
    await page.context().close();
  }
});

t.test("an author's name leads to the insights they wrote", async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, 1440);
  const article = '/insights/cm360-floodlight-migration';
  await page.goto(`${server.url}${article}?lang=en`);
  await waitForHydration(page);
  const author = page.locator('.article__authors li').first();
  const name = (await author.locator('.article__author-name').textContent()) ?? '';
  const link = author.locator('a.article__author-link');
  t.equal(await link.textContent(), `Articles by ${name}`);
  await link.click();
  await page.waitForURL((url) => url.pathname === '/insights' && url.searchParams.get('search') === name);
  await page.locator(`.insights__grid a[href="${article}"]`).first().waitFor();
  t.pass(`the overview searched for ${name} lists the article`);
  t.same(problems, []);
});
