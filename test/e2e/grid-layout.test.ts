/**
 * The card pages at 1440 px in Chromium, in English (grid-layout-1025 takes the German pages at 1025 px): every card
 * grid's rows are full, two sections on the same background are one padding apart, a card with a link is clickable as
 * a whole and its title not underlined at rest, and no arrow sits alone on a line.
 */
import t from 'tap';
import { launchEngine } from '../helpers/engines.ts';
import {
  arrowProblems,
  cardProblems,
  gridRowProblems,
  LAYOUT_PAGES,
  sectionGapProblems,
} from '../helpers/layout-checks.ts';
import { startServer } from '../helpers/server-process.ts';

// A browser started and several pages laid out: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(300_000);

t.test('card layouts at 1440 px in Chromium', async (t) => {
  const server = await startServer(t);
  const engine = await launchEngine('chromium');
  t.teardown(() => engine.close());
  const page = await engine.openPage({ width: 1440, height: 900 });
  t.teardown(() => page.close());
  for (const address of LAYOUT_PAGES.en) {
    await page.goto(server.url + address);
    t.same(await page.evaluate(gridRowProblems), [], `${address}: every grid row is full`);
    t.same(await page.evaluate(sectionGapProblems), [], `${address}: no doubled padding between sections`);
    t.same(await page.evaluate(cardProblems), [], `${address}: cards clickable as a whole, titles quiet at rest`);
    t.same(await page.evaluate(arrowProblems), [], `${address}: every arrow stays with its words`);
  }
});
