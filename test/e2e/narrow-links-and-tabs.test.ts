/**
 * At 375 px in Chromium, both languages: no arrow of a wrapped link or of the product pairs sits alone on a line, and
 * every tab label of the analytics page shows whole.
 */
import t from 'tap';
import { launchEngine } from '../helpers/engines.ts';
import { arrowProblems, tabProblems } from '../helpers/layout-checks.ts';
import { startServer } from '../helpers/server-process.ts';

// A browser started and several pages laid out: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(300_000);

const ARROW_PAGES = [
  '/?lang=en',
  '/services?lang=en',
  '/company/about-us',
  '/technology/google-marketing-platform-partner',
  '/?lang=de',
  '/services?lang=de',
  '/unternehmen/ueber-uns',
  '/technologie/google-marketing-platform-partner',
];

t.test('links and tabs at 375 px in Chromium', async (t) => {
  const server = await startServer(t);
  const engine = await launchEngine('chromium');
  t.teardown(() => engine.close());
  const page = await engine.openPage({ width: 375, height: 812 });
  t.teardown(() => page.close());
  for (const address of ARROW_PAGES) {
    await page.goto(server.url + address);
    t.same(await page.evaluate(arrowProblems), [], `${address}: every arrow stays with its words`);
  }
  for (const address of ['/services/analytics?lang=en', '/services/analytics?lang=de']) {
    await page.goto(server.url + address);
    t.ok(await page.evaluate(() => document.querySelectorAll('[role="tab"]').length > 1), `${address}: has tabs`);
    t.same(await page.evaluate(tabProblems), [], `${address}: no tab label cut`);
  }
});
