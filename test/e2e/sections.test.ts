/** The homepage, services and technology sections in Chromium: every page at 375 px, and what a visitor does there. */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { sectionPages } from '../helpers/section-pages.ts';
import { startServer } from '../helpers/server-process.ts';

const json = <T>(file: string) => JSON.parse(readFileSync(`content/${file}`, 'utf8')) as T;

t.test('the sections in Chromium', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const origin = new URL(server.url);

  t.test('every page at 375 px: its headline, hydrated without warnings, nothing wider than the screen', async (t) => {
    const { page, problems } = await openPage(browser, 375, 812);
    for (const section of sectionPages()) {
      await page
        .context()
        .addCookies([{ name: 'language', value: section.language, domain: origin.hostname, path: '/' }]);
      await page.goto(`${server.url}${section.path}`);
      await waitForHydration(page);
      const label = `${section.language} ${section.path}`;
      t.equal((await page.locator('h1').innerText()).trim(), section.headline, `${label}: headline`);
      const width = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      t.ok(width.scroll <= width.inner, `${label}: scrollWidth ${width.scroll} fits ${width.inner}`);
      t.same(problems.splice(0), [], `${label}: no console errors or hydration warnings`);
    }
  });

  t.test('the hero arrow scrolls to the services', async (t) => {
    const { page, problems } = await openPage(browser, 1280, 800);
    await page.goto(`${server.url}/`);
    await waitForHydration(page);
    t.equal(await page.evaluate(() => window.scrollY), 0);
    // The arrow bobs up and down for ever, so it is never 'stable' for Playwright's click.
    await page.locator('.stage__arrow').click({ force: true });
    await page.waitForFunction(
      () => Math.abs(document.getElementById('services')!.getBoundingClientRect().top - 88) < 40,
      undefined,
      { timeout: 5000 },
    );
    t.ok((await page.evaluate(() => window.scrollY)) > 300, 'the page scrolled down');
    t.equal(await page.evaluate(() => document.activeElement?.id), 'services', 'focus moves to the services section');
    t.equal(await page.locator('.teaser .insight-card').count(), 3, 'the newest three insights are teased');
    t.same(problems, []);
  });

  t.test('tabs work by keyboard', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/services/analytics`);
    await waitForHydration(page);
    const tabs = page.locator('.tabs [role="tab"]');
    const count = await tabs.count();
    t.ok(count >= 2);
    const selected = () => page.locator('.tabs [role="tab"][aria-selected="true"]').innerText();
    const labels = await tabs.allInnerTexts();
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    t.equal(await selected(), labels[1], 'ArrowRight selects the next tab');
    t.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-selected')), 'true', 'and focuses it');
    t.ok(await page.locator('.tabs [role="tabpanel"]').nth(1).isVisible(), 'its panel shows');
    t.notOk(await page.locator('.tabs [role="tabpanel"]').nth(0).isVisible(), 'the first panel hides');
    await page.keyboard.press('End');
    t.equal(await selected(), labels[count - 1], 'End selects the last');
    await page.keyboard.press('ArrowRight');
    t.equal(await selected(), labels[0], 'ArrowRight wraps around to the first');
    await page.keyboard.press('ArrowLeft');
    t.equal(await selected(), labels[count - 1], 'ArrowLeft wraps back to the last');
    await page.keyboard.press('Home');
    t.equal(await selected(), labels[0], 'Home selects the first');
    await page.keyboard.press('Tab');
    t.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('role')),
      'tabpanel',
      'Tab leaves the tab list for the panel',
    );
    t.same(problems, []);
  });

  t.test('the quote slider works by keyboard', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/technology/google-marketing-platform-partner`);
    await waitForHydration(page);
    const slider = json<{ items: { author: string }[]; labels: { next: string; previous: string } }>(
      'en/homepage/technology/google-marketing-platform-partner/quoteSlider.json',
    );
    const visibleAuthor = () => page.locator('.quote-slider__slide:not([hidden]) .quote-card__author').innerText();
    t.equal(await visibleAuthor(), slider.items[0]?.author, 'the first quote at first');
    await page.locator('.quote-slider__slides').focus();
    await page.keyboard.press('ArrowRight');
    t.equal(await visibleAuthor(), slider.items[1]?.author, 'ArrowRight shows the next quote');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    t.equal(await visibleAuthor(), slider.items.at(-1)?.author, 'ArrowLeft wraps to the last');
    await page.keyboard.press('Home');
    t.equal(await visibleAuthor(), slider.items[0]?.author, 'Home shows the first');
    await page.keyboard.press('Tab');
    t.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      slider.labels.previous,
      'Tab reaches the previous button',
    );
    await page.keyboard.press('Tab');
    t.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      slider.labels.next,
      'then the next button',
    );
    await page.keyboard.press('Enter');
    t.equal(await visibleAuthor(), slider.items[1]?.author, 'Enter on next shows the next quote');
    await page.keyboard.press('Space');
    t.equal(await visibleAuthor(), slider.items[2]?.author, 'so does Space');
    t.same(problems, []);
  });

  t.test('a download link appears once the server confirms the file', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/file/exists')) checks.push(request.postData() ?? '');
    });
    await page.goto(`${server.url}/technology/meridian`);
    await waitForHydration(page);
    const link = page.locator('.download__link');
    await link.waitFor({ state: 'visible' });
    const download = json<{ file: string }>('en/homepage/technology/meridian/download.json');
    t.equal(await link.getAttribute('href'), `/downloads/${download.file}`);
    t.same(
      checks.map((body) => JSON.parse(body)),
      [{ path: download.file }],
    );
    const response = await page.request.get(`${server.url}/downloads/${download.file}`);
    t.equal(response.status(), 200);
    t.equal(response.headers()['content-type'], 'application/pdf');
    t.same(problems, []);
  });

  t.test('related insights on a services sub-detail', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    await page.goto(`${server.url}/services/analytics/server-side-tracking`);
    await waitForHydration(page);
    const more = json<{ articles: string[] }>('en/homepage/services/analytics/server-side-tracking/more.json');
    const folders = await page
      .locator('.more .insight-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-folder')));
    t.same(folders, [...new Set(more.articles)]);
    t.same(problems, []);
  });

  t.test('the technology enquiry form: a refusal at its field, then sent', async (t) => {
    const { page, problems } = await openPage(browser, 1280);
    const form = json<{
      success: { headline: string };
      fields: { name: { errors: { required: string } }; products: { options: { label: string }[] } };
    }>('en/homepage/technology/google-marketing-platform-partner/contact/form.json');
    // The server's refusal is told in the field's own words.
    const required = form.fields.name.errors.required;
    await page.goto(`${server.url}/technology/google-marketing-platform-partner/contact`);
    await waitForHydration(page);
    // The browser's own check would stop an empty name; the server must refuse it just as clearly.
    await page.locator('input[name="name"]').evaluate((input) => input.removeAttribute('required'));
    await page.locator('input[name="email"]').fill('lena.vogt@example.com');
    await page.locator('textarea[name="message"]').fill('We would like to move to GA4 360 and need a licence offer.');
    await page.locator('input[name="legals"]').check();
    await page.locator('.form__submit').click();
    const error = page.locator('.form__error');
    await error.waitFor();
    t.equal(await error.innerText(), required, 'the message of the server at the name field');
    t.equal(await page.locator('input[name="name"]').getAttribute('aria-invalid'), 'true');

    await page.locator('input[name="name"]').fill('Lena Vogt');
    await page.getByLabel(form.fields.products.options[0]!.label).check();
    await page.locator('.form__submit').click();
    await page.getByRole('heading', { name: form.success.headline }).waitFor();
    t.pass('the thank-you text shows');
    t.same(
      problems.filter((problem) => !problem.includes('400')),
      [],
      'no errors besides the refused request',
    );
  });
});
