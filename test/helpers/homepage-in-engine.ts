/**
 * What each engine's test proves about the cross-engine layer: in that engine the built site's homepage hydrates in
 * both languages at a phone's and a desktop's width, nothing scrolls sideways, and no console error is reported (where
 * the engine's driver reports them: WebKitWebDriver does not). One browser, every page opened fresh. The engine is
 * skipped, saying which program is missing, only when it is not installed.
 */
import type { Test } from 'tap';
import { type EngineName, engineMissing, launchEngine } from './engines.ts';
import { startServer } from './server-process.ts';

const HOMES = { en: '/?lang=en', de: '/?lang=de' } as const;
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];

export function homepageInEngine(t: Test, name: EngineName): void {
  t.test(`the homepage in ${name}`, { skip: engineMissing(name) ?? false }, async (t) => {
    const server = await startServer(t);
    const engine = await launchEngine(name);
    t.teardown(() => engine.close());
    for (const viewport of VIEWPORTS) {
      for (const [language, address] of Object.entries(HOMES)) {
        const page = await engine.openPage(viewport);
        await page.goto(server.url + address);
        await page.waitFor(() => document.documentElement.dataset.hydrated === 'true');
        const view = await page.evaluate(() => ({
          language: document.documentElement.lang,
          innerWidth: window.innerWidth,
          scrollWidth: document.documentElement.scrollWidth,
        }));
        const where = `${language} at ${viewport.width} px`;
        t.equal(view.language, language, `${where}: the page is in its language`);
        t.equal(view.innerWidth, viewport.width, `${where}: the viewport is as wide as asked`);
        t.ok(
          view.scrollWidth <= view.innerWidth,
          `${where}: nothing scrolls sideways (document ${view.scrollWidth} px wide)`,
        );
        const errors = page.consoleErrors();
        if (errors) t.same(errors, [], `${where}: no console errors`);
        await page.close();
      }
    }
  });
}
