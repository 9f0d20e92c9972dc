/**
 * The insights overview as a reader finds it: newest first when it opens (a departure from the
 * specification, docs/decisions/0001-insights-open-newest-first.md), the other order one choice
 * away, every card's excerpt cut where a word ends, and the button for more saying how many.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { startServer } from '../helpers/server-process.ts';

/** The text a card's excerpt is taken from: the article's stage description, else its first paragraph. */
function fullTeaser(language: string, folder: string): string {
  const read = (file: string) => {
    try {
      return JSON.parse(readFileSync(`content/${language}/homepage/insights/${folder}/${file}`, 'utf8'));
    } catch {
      return undefined;
    }
  };
  const paragraphs = read('content.json')?.paragraphs;
  return read('stage.json')?.description ?? (Array.isArray(paragraphs) ? paragraphs[0]?.text : paragraphs?.text) ?? '';
}

const cardsOf = (page: Page) =>
  page.locator('.insights__grid .insight-card').evaluateAll((cards) =>
    cards.map((card) => ({
      folder: card.getAttribute('data-folder') ?? '',
      datetime: card.querySelector('time')?.getAttribute('datetime') ?? '',
      text: card.querySelector('.insight-card__text')?.textContent ?? '',
    })),
  );

t.test('the overview opens newest first, and no excerpt ends inside a word', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  for (const language of ['en', 'de']) {
    const { page, problems } = await openPage(browser, 1440);
    await page.goto(`${server.url}/insights?lang=${language}`);
    await waitForHydration(page);
    const cards = await cardsOf(page);
    t.ok(cards.length >= 9, `${language}: a full first page`);
    const times = cards.map((card) => Date.parse(card.datetime));
    t.ok(
      times.every((time, index) => index === 0 || time <= times[index - 1]!),
      `${language}: newest first: ${cards.map((card) => card.datetime.slice(0, 10)).join(', ')}`,
    );
    for (const card of cards) {
      t.ok(card.text.endsWith('…'), `${language} ${card.folder}: an ellipsis`);
      const shown = card.text.slice(0, -1);
      const full = fullTeaser(language, card.folder);
      t.ok(shown.length <= 100 && full.startsWith(shown), `${language} ${card.folder}: the start of its text`);
      t.match(
        full.charAt(shown.length),
        /^$|[\s,;:–-]/u,
        `${language} ${card.folder}: cut where a word ends ("…${shown.slice(-15)}")`,
      );
    }
    const { sum } = (await (await fetch(`${server.url}/api/insights/articles/${language}/1`)).json()) as {
      sum: number;
    };
    const next = Math.min(9, sum - cards.length);
    t.equal(
      await page.locator('.insights__more button').textContent(),
      language === 'en' ? `Show ${next} more insights` : `${next} weitere Insights anzeigen`,
      `${language}: the button says how many it adds`,
    );
    await page.selectOption('.insights__sort select', 'datetime:asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'datetime:asc');
    await page.waitForFunction(
      (first) => document.querySelector('.insights__grid .insight-card')?.getAttribute('data-folder') !== first,
      cards[0]!.folder,
    );
    const oldest = (await cardsOf(page)).map((card) => Date.parse(card.datetime));
    t.ok(
      oldest.every((time, index) => index === 0 || time >= oldest[index - 1]!),
      `${language}: oldest first, one choice away`,
    );
    t.same(problems, [], `${language}: no console problem`);
    await page.context().close();
  }
});
