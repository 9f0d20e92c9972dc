/**
 * The card layout in Firefox ESR and WebKit at 1440 px, on the pages with the most card grids: full grid rows, one
 * padding between sections on the same background, cards clickable as a whole with quiet titles. An engine whose
 * programs are missing is skipped, naming them.
 */
import t from 'tap';
import { type EngineName, engineMissing, launchEngine } from '../helpers/engines.ts';
import { cardProblems, gridRowProblems, sectionGapProblems } from '../helpers/layout-checks.ts';
import { startServer } from '../helpers/server-process.ts';

const PAGES = ['/?lang=en', '/services/analytics?lang=en', '/technologie/google-marketing-platform-partner'];

t.test('card layouts in Firefox and WebKit', async (t) => {
  const server = await startServer(t);
  for (const name of ['firefox', 'webkit'] satisfies EngineName[]) {
    t.test(name, { skip: engineMissing(name) ?? false }, async (t) => {
      const engine = await launchEngine(name);
      t.teardown(() => engine.close());
      const page = await engine.openPage({ width: 1440, height: 900 });
      t.teardown(() => page.close());
      for (const address of PAGES) {
        await page.goto(server.url + address);
        t.same(await page.evaluate(gridRowProblems), [], `${address}: every grid row is full`);
        t.same(await page.evaluate(sectionGapProblems), [], `${address}: no doubled padding between sections`);
        t.same(await page.evaluate(cardProblems), [], `${address}: cards clickable as a whole, titles quiet at rest`);
      }
    });
  }
});
