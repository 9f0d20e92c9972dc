import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';

t.test('a visitor browsing insights in Chromium', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const cardCount = (page: import('playwright-core').Page) => page.locator('.insights__grid .insight-card').count();

  t.test('filters, resets to page 1, loads more, searches and opens a result', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/insights`);
    await waitForHydration(page);
    const first = await cardCount(page);
    t.equal(first, 9, 'nine on the first page');
    await page.click('.insights__more button');
    await page.waitForFunction(() => document.querySelectorAll('.insights__grid .insight-card').length > 9);
    t.ok((await cardCount(page)) > 9, 'more appends the next page');

    await page.click('.chip[data-value="case-study"]');
    await page.waitForURL(/filter=/);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.insight-card__type')].every((el) => el.textContent === 'Case study'),
    );
    const caseStudies = await cardCount(page);
    t.ok(caseStudies > 0 && caseStudies < 9, `${caseStudies} case studies, back on page 1`);
    t.equal(await page.getAttribute('.chip[data-value="case-study"]', 'aria-pressed'), 'true');

    await page.fill('.insights__search-input', 'BigQuery');
    await page.press('.insights__search-input', 'Enter');
    await page.waitForURL(/search=BigQuery/);
    await page.waitForFunction(() =>
      document.querySelector('.insights__grid .insight-card__headline')?.textContent?.includes('BigQuery'),
    );
    const headline = (await page.textContent('.insights__grid .insight-card__headline'))!;
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.click('.insights__grid .insight-card__link >> nth=0');
    await page.waitForURL(/\/insights\/[a-z0-9-]+$/);
    // The address changes as the navigation commits; the list's own headline may still stand for a frame.
    await page
      .waitForFunction((wanted) => document.querySelector('h1.stage__headline')?.textContent === wanted, headline, {
        timeout: 10_000,
      })
      .catch(() => undefined);
    t.equal(await page.textContent('h1.stage__headline'), headline, 'the result opens');
    t.equal(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true, 'client-side');
    t.same(problems, [], 'no console errors', { failedOnServer: server.failedAnswers() });
  });

  t.test('recommendations change with what was read', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/insights/consent-mode-v2-explained`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const firstRecommendations = await page
      .locator('.recommendations .insight-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-folder')));
    t.equal(firstRecommendations.length, 3);
    const next = firstRecommendations[0]!;
    await page.click(`.recommendations .insight-card[data-folder="${next}"] a`);
    await page.waitForURL(`${server.url}/insights/${next}`);
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(
      (read) =>
        [...document.querySelectorAll('.recommendations .insight-card')].every(
          (card) => !read.includes(card.getAttribute('data-folder')!),
        ),
      ['consent-mode-v2-explained', next],
    );
    const secondRecommendations = await page
      .locator('.recommendations .insight-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-folder')));
    t.notOk(
      secondRecommendations.includes('consent-mode-v2-explained'),
      'the article read before is no longer recommended',
    );
    t.not(secondRecommendations.join(), firstRecommendations.join(), 'the recommendations changed');
    const stored = await page.evaluate(() => sessionStorage.getItem('recoStorage:en'));
    t.same(
      JSON.parse(stored!),
      ['consent-mode-v2-explained', next],
      'reading history kept per language, in session storage',
    );
    t.equal(await page.evaluate(() => localStorage.getItem('recoStorage:en')), null, 'nothing kept beyond the tab');
    t.same(problems, [], 'no console errors', { failedOnServer: server.failedAnswers() });
  });
});
