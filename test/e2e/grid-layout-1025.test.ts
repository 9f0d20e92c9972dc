/**
 * The card pages at 1025 px, the narrowest desktop width, in Chromium and both languages: every card grid's rows are
 * full and two sections on the same background are one padding apart.
 */
import t from 'tap';
import { launchEngine } from '../helpers/engines.ts';
import { gridRowProblems, LAYOUT_PAGES, sectionGapProblems } from '../helpers/layout-checks.ts';
import { startServer } from '../helpers/server-process.ts';

t.test('card layouts at 1025 px in Chromium', async (t) => {
  const server = await startServer(t);
  const engine = await launchEngine('chromium');
  t.teardown(() => engine.close());
  const page = await engine.openPage({ width: 1025, height: 768 });
  t.teardown(() => page.close());
  for (const address of [...LAYOUT_PAGES.en, ...LAYOUT_PAGES.de]) {
    await page.goto(server.url + address);
    t.same(await page.evaluate(gridRowProblems), [], `${address}: every grid row is full`);
    t.same(await page.evaluate(sectionGapProblems), [], `${address}: no doubled padding between sections`);
  }
});
