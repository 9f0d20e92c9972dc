/**
 * The fonts a first visit fetches: the homepage, opened fresh in Chromium at a phone's and a desktop's width in both
 * languages, fetches at most 60 KB of font files, exactly the files the build manifest says every page preloads (so
 * the budget bench:bundle and first-load-budget.test.ts read from the manifest counts what a visitor loads), each
 * under an immutable, content-hashed address.
 */
import { readFile } from 'node:fs/promises';
import t from 'tap';
import { FIRST_LOAD_BUDGET } from '../../scripts/first-load-budget.ts';
import { engineMissing, launchEngine } from '../helpers/engines.ts';
import { startServer } from '../helpers/server-process.ts';
import { DESKTOP, PHONE } from '../helpers/type-scale-in-engine.ts';

t.setTimeout(240_000);

t.test(
  'a first visit to the homepage fetches only the preloaded brand font, within 60 KB',
  {
    skip: engineMissing('chromium') ?? false,
  },
  async (t) => {
    const manifest = JSON.parse(await readFile('dist/manifest.json', 'utf8')) as { fontPreloads?: string[] };
    const preloads = manifest.fontPreloads ?? [];
    t.ok(preloads.length > 0, 'the manifest names the font every page preloads');
    const server = await startServer(t);
    for (const url of preloads) {
      const response = await fetch(server.url + url);
      t.equal(response.status, 200, `${url} is served`);
      t.match(response.headers.get('cache-control'), /immutable/, `${url} is cached as immutable`);
      t.equal(response.headers.get('content-type'), 'font/woff2', `${url} is sent as WOFF2`);
    }
    const engine = await launchEngine('chromium');
    t.teardown(() => engine.close());
    for (const viewport of [PHONE, DESKTOP]) {
      for (const language of ['en', 'de']) {
        const where = `${language} at ${viewport.width} px`;
        const page = await engine.openPage(viewport);
        await page.goto(`${server.url}/?lang=${language}`);
        const fonts = await page.evaluate(async () => {
          await document.fonts.ready;
          return performance
            .getEntriesByType('resource')
            .filter((entry) => /\.woff2$/.test(new URL(entry.name).pathname))
            .map((entry) => ({
              path: new URL(entry.name).pathname,
              bytes: (entry as PerformanceResourceTiming).encodedBodySize,
            }));
        });
        const bytes = fonts.reduce((sum, font) => sum + font.bytes, 0);
        t.same(
          fonts.map((font) => font.path).sort(),
          [...preloads].sort(),
          `${where}: the fonts fetched are the preloaded ones`,
        );
        t.ok(
          bytes > 0 && bytes <= FIRST_LOAD_BUDGET.fontBytes,
          `${where}: ${bytes} bytes of fonts, at most ${FIRST_LOAD_BUDGET.fontBytes}`,
        );
        await page.close();
      }
    }
  },
);
