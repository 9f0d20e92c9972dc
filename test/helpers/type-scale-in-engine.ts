/**
 * The type scale in one engine: on the given main templates, at a phone's and a desktop's width, in both languages,
 * the text takes at most eight font sizes per width; the brand face is loaded and sets body text and headings; the
 * logos hold no text element. One browser, one page per width, reused across the templates.
 */
import type { Test } from 'tap';
import { type EngineName, engineMissing, launchEngine, type Viewport } from './engines.ts';
import { MAIN_TEMPLATES, type TemplateLanguage } from './main-templates.ts';
import { startServer } from './server-process.ts';
import { brandFaceReport, logoTexts, visibleTextSizes } from './type-in-page.ts';

/** The scale's steps (src/app/styles/base.css): at one width, no more sizes than these. */
export const MAX_SIZES = 8;
export const PHONE: Viewport = { width: 375, height: 812 };
export const DESKTOP: Viewport = { width: 1440, height: 900 };
const VIEWPORTS = [PHONE, DESKTOP];
const LANGUAGES: TemplateLanguage[] = ['en', 'de'];
/** Body text and headings whose face is checked, where the page has them. */
const SET_IN_BRAND = ['h1', 'h2', 'main p', '.navbar__link, .navbar a'];

export function typeScaleInEngine(
  t: Test,
  name: EngineName,
  templates: string[],
  viewports: readonly Viewport[] = VIEWPORTS,
): void {
  const widths = viewports.map((viewport) => `${viewport.width}`).join(' and ');
  t.test(`the type scale in ${name} at ${widths} px`, { skip: engineMissing(name) ?? false }, async (t) => {
    const server = await startServer(t);
    const engine = await launchEngine(name);
    t.teardown(() => engine.close());
    for (const viewport of viewports) {
      const page = await engine.openPage(viewport);
      const sizes = new Map<string, string[]>();
      for (const template of templates) {
        for (const language of LANGUAGES) {
          const where = `${template} (${language}) at ${viewport.width} px`;
          await page.goto(server.url + MAIN_TEMPLATES[template]![language]);
          // The client-only parts (the login control) are the same on every page: one hydrated page shows them.
          if (template === 'home') await page.waitFor(() => document.documentElement.dataset.hydrated === 'true');
          for (const use of await visibleTextSizes(page)) {
            sizes.set(use.px, [...(sizes.get(use.px) ?? []), `${where}: ${use.where.join(', ')}`]);
          }
          if (template === 'home') {
            const report = await brandFaceReport(page, SET_IN_BRAND);
            t.ok(
              report.faces.length > 0 && report.faces.every((face) => face.status === 'loaded'),
              `${where}: document.fonts holds the brand face, loaded (${JSON.stringify(report.faces)})`,
            );
            t.ok(report.rendered.length >= 3, `${where}: headings and body text were measured`);
            for (const element of report.rendered)
              t.ok(element.brand, `${where}: ${element.selector} ("${element.text}") is set in Archivo`);
            const logos = await logoTexts(page);
            t.ok(logos.logos >= 2 && logos.paths >= logos.logos * 3, `${where}: the logos are drawn as paths`);
            t.equal(logos.texts, 0, `${where}: the logos hold no text element`);
          }
        }
      }
      const list = [...sizes.keys()].sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b));
      t.ok(
        list.length <= MAX_SIZES,
        `at ${viewport.width} px the text takes ${list.length} font sizes, at most ${MAX_SIZES}: ${list.join(', ')}`,
        list.length > MAX_SIZES
          ? { sizes: Object.fromEntries(list.map((px) => [px, sizes.get(px)!.slice(0, 3)])) }
          : {},
      );
      await page.close();
    }
  });
}
