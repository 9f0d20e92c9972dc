/**
 * Browsing the insights in Chromium, Firefox ESR and WebKit: more loads the next page, a filter chip narrows the list
 * and goes back to page 1, a search finds an article, and its card opens it without a reload. The reading history's
 * recommendations stay in insights.test.ts, in Chromium.
 */
import t from 'tap';
import { elementState, inEachEngine, openHydrated, openPage } from '../helpers/engine-journey.ts';
import { startServer } from '../helpers/server-process.ts';

// Every engine in turn with a browser of its own: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(600_000);

const cardCount = () => document.querySelectorAll('.insights__grid .insight-card').length;

t.test('a visitor browsing insights', async (t) => {
  const server = await startServer(t);

  inEachEngine(t, async (t, engine) => {
    t.test('loads more, filters back to page 1, searches and opens a result', async (t) => {
      const page = await openPage(t, engine);
      await openHydrated(page, `${server.url}/insights`);
      t.equal(await page.evaluate(cardCount), 9, 'nine on the first page');
      await page.click('.insights__more button');
      await page.waitFor(() => document.querySelectorAll('.insights__grid .insight-card').length > 9);
      t.pass('more appends the next page');

      await page.click('.chip[data-value="case-study"]');
      await page.waitFor(
        () =>
          location.search.includes('filter=') &&
          [...document.querySelectorAll('.insight-card__type')].every((type) => type.textContent === 'Case study'),
      );
      const caseStudies = await page.evaluate(cardCount);
      t.ok(caseStudies > 0 && caseStudies < 9, `${caseStudies} case studies, back on page 1`);
      t.equal((await elementState(page, '.chip[data-value="case-study"]'))?.attributes['aria-pressed'], 'true');

      await page.fill('.insights__search-input', 'BigQuery');
      await page.pressKey('Enter');
      await page.waitFor(
        () =>
          location.search.includes('search=BigQuery') &&
          document.querySelector('.insights__grid .insight-card__headline')?.textContent?.includes('BigQuery') === true,
      );
      const headline = (await elementState(page, '.insights__grid .insight-card__headline'))!.text.trim();
      await page.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });
      await page.click('.insights__grid .insight-card__link');
      await page.waitFor(
        (wanted: string) =>
          /^\/insights\/[a-z0-9-]+$/.test(location.pathname) &&
          document.querySelector('h1.stage__headline')?.textContent === wanted,
        headline,
      );
      t.pass('the result opens');
      t.equal(
        await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true),
        true,
        'client-side',
      );
      const errors = page.consoleErrors();
      if (errors) t.same(errors, [], 'no console errors');
      await page.close();
    });
  });
});
