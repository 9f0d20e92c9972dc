/** In Chromium: a search that finds nothing, then "Clear filters and search" brings the insights back, with and without scripts. */
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';

// A browser started and several pages laid out: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(300_000);

t.test('clearing an empty insights search', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);

  t.test('with scripts: search, find nothing, clear', async (t) => {
    const { page, problems } = await openPage(browser, 375);
    await page.goto(`${server.url}/insights`);
    await waitForHydration(page);
    await page.fill('input[name="search"]', 'xqzvvw');
    await page.press('input[name="search"]', 'Enter');
    await page.waitForSelector('.insights__empty');
    t.equal(await page.locator('.insight-card').count(), 0, 'nothing matches');
    t.ok((await page.locator('.insights__topics .chip').count()) >= 4, 'popular topics are offered');
    await page.click('.insights__clear');
    await page.waitForSelector('.insight-card');
    t.notOk(new URL(page.url()).searchParams.has('search'), 'the search is gone from the address');
    t.equal(await page.inputValue('input[name="search"]'), '', 'and from the field');
    t.same(problems, []);
  });

  t.test('with scripts: a popular topic lists its insights', async (t) => {
    const { page, problems } = await openPage(browser, 1440);
    await page.goto(`${server.url}/insights?lang=de&search=xqzvvw`);
    await waitForHydration(page);
    await page.locator('.insights__topics .chip').first().click();
    await page.waitForSelector('.insight-card');
    t.equal(new URL(page.url()).searchParams.get('lang'), 'de', 'the language stays');
    t.same(problems, []);
  });

  t.test('without scripts: the same control is a link that works', async (t) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    t.teardown(() => context.close());
    const page = await context.newPage();
    await page.goto(`${server.url}/insights?search=xqzvvw`);
    t.equal(await page.locator('.insight-card').count(), 0);
    await page.click('.insights__clear');
    await page.waitForSelector('.insight-card');
    t.pass('the insights are back');
  });
});
