/**
 * The head tags' code is not in the first load: hydration keeps the server's title, meta and link
 * elements, and the module that writes them loads once the page is live. These checks hold the
 * promises that make that safe: React adopts the server's elements instead of adding copies, and
 * a page reached by a client-side navigation has exactly the head the server gives that address.
 */
import type { Page } from 'playwright-core';
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';

/** Every head tag the page head writes in a document, as text, in a stable order. */
function tagsOf(document: Document): string[] {
  return [
    ...document.head.querySelectorAll(
      'title, meta[name], meta[property], link[rel="canonical"], link[rel="alternate"]',
    ),
  ]
    .filter((element) => element.getAttribute('name') !== 'viewport')
    .map((element) =>
      element.tagName === 'TITLE'
        ? `title: ${element.textContent}`
        : `${element.tagName.toLowerCase()} ${element
            .getAttributeNames()
            .sort()
            .map((name) => `${name}=${element.getAttribute(name)}`)
            .join(' ')}`,
    )
    .sort();
}

const headTags = (page: Page) => page.evaluate(`(${tagsOf.toString()})(document)`) as Promise<string[]>;

/** The head tags of the document the server sends for an address, before any script has run. */
async function servedTags(page: Page, url: string): Promise<string[]> {
  const html = await (await page.request.get(url)).text();
  return page.evaluate(
    `(${tagsOf.toString()})(new DOMParser().parseFromString(${JSON.stringify(html)}, 'text/html'))`,
  ) as Promise<string[]>;
}

/** Marks (as a property, not an attribute) every element the server wrote into the head. */
const MARK_SERVED = `document.addEventListener('DOMContentLoaded', () => {
  for (const element of document.head.children) element.servedHead = true;
});`;

/** Waits until the page head's module has written its tags in place of the server's. */
const waitForLiveHead = (page: Page) =>
  page.waitForFunction(() =>
    [...document.head.querySelectorAll('title, meta[property^="og:"], link[rel="canonical"]')].every(
      (element) => !(element as Element & { servedHead?: boolean }).servedHead,
    ),
  );

const duplicates = (tags: string[]) =>
  tags.filter((tag, index) => {
    const kind = tag.match(/^(title|meta (?:content=[^ ]* )?(?:name|property)=[^ ]+|link [^ ]* rel=canonical)/)?.[0];
    return kind !== undefined && tags.findIndex((other) => other.startsWith(kind)) !== index;
  });

t.test('the page head in Chromium', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);

  for (const { language, start } of [
    { language: 'en', start: '/?lang=en' },
    { language: 'de', start: '/?lang=de' },
  ]) {
    t.test(
      `${language}: the live head replaces the server's tags, and a client-side navigation writes the next page's`,
      async (t) => {
        const { page, problems } = await openPage(browser, 1280);
        await page.addInitScript(MARK_SERVED);
        await page.goto(`${server.url}${start}`);
        const served = await servedTags(page, `${server.url}${start}`);
        t.ok(
          served.some((tag) => tag.startsWith('title: ')),
          'the server wrote a title',
        );
        t.ok(
          served.some((tag) => tag.includes('rel=canonical')),
          'the server wrote a canonical address',
        );
        await waitForHydration(page);
        await waitForLiveHead(page);
        const live = await headTags(page);
        t.same(duplicates(live), [], 'no tag is there twice once the live head has replaced the served one');
        t.same(live, served, 'the live head has the tags the server sent');

        await page.click('.services__link >> nth=0');
        await page.waitForURL(/\/(services|leistungen)\/[a-z-]+$/);
        await page.waitForFunction(
          (before) => document.title !== before,
          served.find((tag) => tag.startsWith('title: '))!.slice('title: '.length),
        );
        const navigated = await headTags(page);
        t.same(duplicates(navigated), [], 'no tag is there twice after the navigation');
        t.same(
          navigated,
          await servedTags(page, page.url()),
          'the same head tags as the server sends for that address',
        );

        await page.goBack();
        await page.waitForFunction(
          (title) => document.title === title,
          served.find((tag) => tag.startsWith('title: '))!.slice('title: '.length),
        );
        t.same(await headTags(page), served, 'back on the homepage, its own tags again');
        t.same(problems, [], 'no console errors or hydration warnings');
      },
    );
  }

  t.test("an error page keeps its own title once the page head's module has loaded", async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/this/does/not/exist`);
    await waitForHydration(page);
    const title = await page.title();
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('/page-head-live-')),
    );
    // The module has arrived; React renders with it at its next commit.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    t.equal(await page.title(), title, 'the error title stays');
    t.equal(await page.locator('title').count(), 1, 'one title');
    t.same(
      problems.filter((problem) => !problem.includes('404 (Not Found)')),
      [],
      'only the document 404 itself is reported',
    );
  });
});
