/**
 * A long article's reading aids as a reader uses them: a table of contents beside the text at 1440 and above it at
 * 375, whose links bring their section's headline into view below the fixed navbar, and technical names set as code.
 */
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';

const ARTICLE = '/insights/ga4-bigquery-export-guide';

t.test('the table of contents of a long article', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  for (const language of ['en', 'de'] as const) {
    for (const width of [1440, 375]) {
      const { page, problems } = await openPage(browser, width, 900);
      await page.goto(`${server.url}${ARTICLE}?lang=${language}`);
      await waitForHydration(page);
      const headlines = await page.locator('.article__paragraph h2').allTextContents();
      const links = page.locator('.article-contents__list a');
      t.same(await links.allTextContents(), headlines, `${language} ${width}: a link per section, in order`);
      const [contents, firstParagraph] = await Promise.all([
        page.locator('.article-contents__list').boundingBox(),
        page.locator('.article__paragraph').first().boundingBox(),
      ]);
      if (width === 1440) t.ok(contents!.x + contents!.width < firstParagraph!.x, `${language}: beside the text`);
      else t.ok(contents!.y + contents!.height <= firstParagraph!.y, `${language} ${width}: above the text`);

      await links.nth(3).click();
      const target = `#${await links.nth(3).evaluate((link) => link.getAttribute('href')!.slice(1))}`;
      await page.waitForFunction((selector) => {
        const headline = document.querySelector(selector);
        const navbar = document.querySelector('.navbar');
        if (!headline || !navbar) return false;
        const top = headline.getBoundingClientRect().top;
        return top >= navbar.getBoundingClientRect().bottom && top < window.innerHeight / 2;
      }, target);
      t.pass(`${language} ${width}: the link brings its section below the navbar`);
      t.same(problems, [], `${language} ${width}: no console errors`);
      await page.close();
    }
  }
});

t.test('technical names read as code', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const { page } = await openPage(browser, 1440, 900);
  await page.goto(`${server.url}${ARTICLE}`);
  const names = await page.locator('.article__paragraph code').allTextContents();
  t.ok(
    names.includes('event_params') && names.includes('_TABLE_SUFFIX'),
    `set as code: ${names.slice(0, 6).join(', ')}`,
  );
  t.equal(
    await page
      .locator('.article__paragraph code')
      .first()
      .evaluate((code) => getComputedStyle(code).fontFamily.includes('mono')),
    true,
    'in a monospace face',
  );
});
