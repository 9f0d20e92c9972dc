/**
 * The insights overview puts its content first: search, sort and the filter button in one row, the content types as
 * chips beneath, and the other facets behind "Filters (n)", so the first cards stand in the first screen at 1440 × 900.
 * A chosen facet stays visible as a chip that removes it, and a search brings its answer, named, into view.
 */
import type { Page } from 'playwright-core';
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';

const LABELS = {
  en: { filters: 'Filters', filtersOne: 'Filters (1)', analytics: 'Analytics', remove: 'Remove filter: Analytics' },
  de: { filters: 'Filter', filtersOne: 'Filter (1)', analytics: 'Analytics', remove: 'Filter entfernen: Analytics' },
} as const;

const inView = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.top < window.innerHeight && box.height > 0;
    });

t.test('search, sort and filters in one row; the facets wait behind "Filters (n)"', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  for (const language of ['en', 'de'] as const) {
    const labels = LABELS[language];
    const { page, problems } = await openPage(browser, 1440, 900);
    await page.goto(`${server.url}/insights?lang=${language}`);
    await waitForHydration(page);

    const [search, sort, toggle] = await Promise.all(
      ['.insights__search-input', '.insights__sort select', '.insights__filter-toggle'].map(
        async (selector) => (await page.locator(selector).boundingBox())!,
      ),
    );
    const bottom = (box: { y: number; height: number }) => box.y + box.height;
    const row = {
      search: { bottom: bottom(search!) },
      sort: { bottom: bottom(sort!) },
      toggle: { bottom: bottom(toggle!) },
    };
    t.ok(
      Math.abs(row.search.bottom - row.sort.bottom) < 8 && Math.abs(row.sort.bottom - row.toggle.bottom) < 8,
      `${language}: search, sort and the filter button share a row`,
    );
    t.equal((await page.textContent('.insights__filter-toggle'))?.trim(), labels.filters, `${language}: "Filters"`);
    t.equal(await page.getAttribute('.insights__filter-toggle', 'aria-expanded'), 'false');
    t.notOk(await page.isVisible('.insights__filters'), `${language}: the facet groups wait behind the button`);
    t.ok(await inView(page, '.insights__primary .chip'), `${language}: the content types are chips in view`);
    t.ok(await inView(page, '.insights__grid .insight-card'), `${language}: the first card is in the first screen`);

    await page.click('.insights__filter-toggle');
    await page.waitForSelector('.insights__filters', { state: 'visible' });
    t.equal(await page.getAttribute('.insights__filter-toggle', 'aria-expanded'), 'true', `${language}: opened`);
    await page.locator('.insights__option', { hasText: labels.analytics }).first().locator('input').click();
    await page.waitForURL(/filter=/);
    await page.waitForFunction(
      (wanted) => document.querySelector('.insights__filter-toggle')?.textContent?.trim() === wanted,
      labels.filtersOne,
    );
    t.pass(`${language}: the button counts the chosen facet: "${labels.filtersOne}"`);
    const chosen = page.locator('.insights__chosen-list .chip--chosen');
    t.equal(await chosen.count(), 1, `${language}: the chosen facet shows as a chip`);
    t.equal(await chosen.getAttribute('aria-label'), labels.remove, `${language}: which says what pressing it does`);

    await page.click('.insights__filter-toggle');
    await page.waitForSelector('.insights__filters', { state: 'hidden' });
    t.ok(await chosen.isVisible(), `${language}: with the facets closed, the choice stays in sight`);
    await chosen.click();
    await page.waitForFunction(() => !location.search.includes('filter='));
    await page.waitForFunction(
      (wanted) => document.querySelector('.insights__filter-toggle')?.textContent?.trim() === wanted,
      labels.filters,
    );
    t.equal(await page.locator('.insights__chosen-list').count(), 0, `${language}: the chip removed its facet`);
    t.same(problems, [], `${language}: no console errors`);
    await page.close();
  }
});

t.test('a search brings its answer into view and names what was searched', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const expected = { en: /^\d+ results? for “BigQuery”$/, de: /^\d+ Ergebnis(se)? für „BigQuery“$/ } as const;
  for (const language of ['en', 'de'] as const) {
    // A phone: the count stands below the search, the chips and the first screen's end.
    const { page, problems } = await openPage(browser, 375, 560);
    await page.goto(`${server.url}/insights?lang=${language}`);
    await waitForHydration(page);
    t.notOk(await inView(page, '.insights__count'), `${language}: before searching, the count is out of view`);
    await page.fill('.insights__search-input', 'BigQuery');
    await page.press('.insights__search-input', 'Enter');
    await page.waitForURL(/search=BigQuery/);
    await page.waitForFunction(() => {
      const count = document.querySelector('.insights__count');
      if (!count) return false;
      const box = count.getBoundingClientRect();
      return count.textContent?.includes('BigQuery') && box.top >= 0 && box.bottom <= window.innerHeight;
    });
    const text = (await page.textContent('.insights__count'))!.trim();
    t.match(text, expected[language], `${language}: "${text}" in view`);
    t.equal(await page.getAttribute('.insights__count', 'role'), 'status', `${language}: and read out`);
    t.equal(
      await page.evaluate(() => document.activeElement?.classList.contains('insights__search-input')),
      true,
      `${language}: the focus stays in the search field`,
    );
    t.same(problems, [], `${language}: no console errors`);
    await page.close();
  }
});
