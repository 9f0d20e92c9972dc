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

t.test('every card on the overview says what it leads to, and an insight labelled video has a player', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await openPage(browser, 1280);
  for (const [language, overview] of [
    ['en', '/insights?lang=en'],
    ['de', '/insights?lang=de'],
  ] as const) {
    const labels = json<{ card_actions: Record<string, string>; values: Record<string, string> }>(
      `content/${language}/insights_labels.json`,
    );
    await page.goto(`${server.url}${overview}`);
    await waitForHydration(page);
    // Every insight on one list: "Show more" until the button is gone.
    const more = page.locator('.insights__more button, button.insights__more');
    while ((await more.count()) > 0 && (await more.first().isVisible())) {
      const before = await page.locator('.insight-card').count();
      await more.first().click();
      await page.waitForFunction((count) => document.querySelectorAll('.insight-card').length > count, before);
    }
    const cards = await page.locator('.insight-card').evaluateAll((elements) =>
      elements.map((card) => ({
        folder: card.getAttribute('data-folder') ?? '',
        href: card.querySelector('a')?.getAttribute('href') ?? '',
        type: card.querySelector('.insight-card__type')?.textContent?.trim() ?? '',
        action: card.querySelector('.insight-card__more')?.textContent?.trim() ?? '',
      })),
    );
    t.equal(
      cards.length,
      readdirSync(INSIGHTS).filter((name) => !name.endsWith('.json')).length,
      `${language}: every insight`,
    );
    for (const card of cards) {
      const type = json<{ type: string }>(
        `content/${language}/homepage/insights/${card.folder}/general_information.json`,
      ).type;
      t.equal(card.type, labels.values[type], `${language} ${card.folder}: labelled ${type}`);
      t.equal(card.action, labels.card_actions[type], `${language} ${card.folder}: "${card.action}"`);
      if (type !== 'video') continue;
      await page.goto(`${server.url}${card.href}`);
      const player = page.locator('video[poster]');
      t.equal(await player.count(), 1, `${language} ${card.folder}: a video has a player with a poster`);
      t.equal(
        await page.locator('video track[kind="chapters"]').count(),
        1,
        `${language} ${card.folder}: with chapters`,
      );
      t.ok(await page.locator('.video__transcript').count(), `${language} ${card.folder}: and a transcript`);
    }
    t.notOk(
      cards.some((card) => card.action === labels.card_actions.article && card.type !== labels.values.article),
      `${language}: no card but an article's says "${labels.card_actions.article}"`,
    );
  }
  t.same(problems, [], 'no console errors');
});
