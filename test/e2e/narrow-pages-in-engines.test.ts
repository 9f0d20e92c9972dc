/**
 * Nothing scrolls sideways at 375 px on any main template, in both languages, in Firefox ESR and WebKit. Their desktop
 * windows keep a classic scrollbar, so the page has less than 375 px: what counts is the document's width against the
 * width the page really has (clientWidth), not the window's. Chromium's pages are checked in sections.test.ts.
 */
import t from 'tap';
import { openHydrated, openPage } from '../helpers/engine-journey.ts';
import { type EngineName, engineMissing, launchEngine } from '../helpers/engines.ts';
import { MAIN_TEMPLATES, type TemplateLanguage } from '../helpers/main-templates.ts';
import { startServer } from '../helpers/server-process.ts';

// Thirty pages in each of two engines: more than tap's two minutes a file on a busy 2-core machine.
t.setTimeout(600_000);

const ENGINES: readonly EngineName[] = ['firefox', 'webkit'];

t.test('no page scrolls sideways at 375 px', async (t) => {
  const server = await startServer(t);

  for (const name of ENGINES) {
    t.test(`in ${name}`, { skip: engineMissing(name) ?? false }, async (t) => {
      const engine = await launchEngine(name);
      t.teardown(() => engine.close());
      const page = await openPage(t, engine, 375, 812);
      for (const [template, addresses] of Object.entries(MAIN_TEMPLATES)) {
        for (const language of ['en', 'de'] as const satisfies readonly TemplateLanguage[]) {
          await openHydrated(page, server.url + addresses[language]);
          const width = await page.evaluate(() => {
            const root = document.documentElement;
            const widest = [...document.body.querySelectorAll<HTMLElement>('*')]
              .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
              .filter((element) => getComputedStyle(element).position !== 'fixed')
              .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
              .slice(0, 3);
            return { scroll: root.scrollWidth, client: root.clientWidth, widest };
          });
          t.ok(
            width.scroll <= width.client,
            `${template} (${language}): ${width.scroll} px wide in ${width.client} px${width.widest.length ? `, beyond: ${width.widest.join(', ')}` : ''}`,
          );
        }
      }
    });
  }
});
