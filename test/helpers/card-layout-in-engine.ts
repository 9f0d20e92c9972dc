/**
 * The card layout in one engine at 1440 px, on the two pages with the most card grids: full grid rows, one padding
 * between sections on the same background, cards clickable as a whole with quiet titles. The engine is skipped,
 * naming its missing programs, only when it is not installed.
 */
import type { Test } from 'tap';
import { type EngineName, engineMissing, launchEngine } from './engines.ts';
import { cardProblems, gridRowProblems, sectionGapProblems } from './layout-checks.ts';
import { startServer } from './server-process.ts';

const PAGES = ['/?lang=en', '/technologie/google-marketing-platform-partner'];

export function cardLayoutInEngine(t: Test, name: EngineName): void {
  t.test(`card layouts in ${name}`, { skip: engineMissing(name) ?? false }, async (t) => {
    const server = await startServer(t);
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
