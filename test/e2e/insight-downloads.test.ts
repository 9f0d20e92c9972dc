/**
 * Every whitepaper and fact sheet insight keeps its label's promise in both languages: its page shows the download
 * block, whose link, once the server has confirmed the file, leads to a PDF the server answers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';

const INSIGHTS = 'content/en/homepage/insights';
const json = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const documents = readdirSync(INSIGHTS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((slug) =>
    ['whitepaper', 'fact-sheet'].includes(
      json<{ type: string }>(path.join(INSIGHTS, slug, 'general_information.json')).type,
    ),
  )
  .sort();

t.test('whitepapers and fact sheets link their PDF', async (t) => {
  t.ok(documents.length >= 5, `${documents.length} whitepapers and fact sheets: ${documents.join(', ')}`);
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const origin = new URL(server.url);
  const { page, problems } = await openPage(browser, 1280);
  for (const language of ['en', 'de'] as const) {
    await page.context().addCookies([{ name: 'language', value: language, domain: origin.hostname, path: '/' }]);
    for (const slug of documents) {
      const label = `${language} ${slug}`;
      const typeOf = json<{ type: string }>(`content/${language}/homepage/insights/${slug}/general_information.json`);
      t.ok(['whitepaper', 'fact-sheet'].includes(typeOf.type), `${label}: the same type in both languages`);
      const download = json<{ file: string; headline: string }>(
        `content/${language}/homepage/insights/${slug}/download.json`,
      );
      t.ok(download.file.startsWith(`${language}/`), `${label}: a document in its own language`);
      await page.goto(`${server.url}/insights/${slug}`);
      await waitForHydration(page);
      t.equal(await page.locator('html').getAttribute('lang'), language, `${label}: the page's language`);
      t.equal((await page.locator('.download__headline').innerText()).trim(), download.headline, `${label}: the block`);
      const link = page.locator('.download__link');
      await link.waitFor({ state: 'visible' });
      t.equal(await link.getAttribute('href'), `/downloads/${download.file}`, `${label}: the link`);
      const response = await page.request.get(`${server.url}/downloads/${download.file}`);
      t.equal(response.status(), 200, `${label}: answered`);
      t.equal(response.headers()['content-type'], 'application/pdf', `${label}: as a PDF`);
      t.equal((await response.body()).subarray(0, 5).toString('latin1'), '%PDF-', `${label}: a PDF's bytes`);
    }
  }
  t.same(problems, [], 'no console errors');
});
