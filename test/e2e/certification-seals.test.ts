/** The certification seals of the site's own design on the technology and GMP pages and in their footers, in both languages. */
import t from 'tap';
import { launchBrowser, openPage, waitForHydration } from '../helpers/browser.ts';
import { checkSeals } from '../helpers/loaded-images.ts';
import { startServer } from '../helpers/server-process.ts';

// A server, a browser and several pages on a busy 2-core machine: more than tap's two minutes a file.
t.setTimeout(300_000);

const BADGE_PAGES = [
  '/technology',
  '/technologie',
  '/technology/google-marketing-platform-partner',
  '/technologie/google-marketing-platform-partner',
];

t.test('certification seals beside their names', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  t.test('the technology and GMP pages show the seals, and so do their footers', async (t) => {
    const { page, problems } = await openPage(browser, 1440, 900);
    for (const path of BADGE_PAGES) {
      const answer = await page.goto(`${server.url}${path}`);
      t.equal(answer?.status(), 200, `${path} answers`);
      await waitForHydration(page);
      await checkSeals(t, page, path, '.badges');
      await checkSeals(t, page, path, '.footer__badges');
    }
    t.same(problems, [], 'no console problem');
  });
});
