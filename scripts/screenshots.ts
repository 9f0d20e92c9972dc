// A contact sheet for design review: full-page screenshots of the main templates in both languages at several
// widths in Chromium, Firefox ESR and WebKit, with an index.html that lays them out in a grid per engine.
// Usage: npm run screenshots [-- --out DIR --engines chromium,firefox,webkit --widths 375,1025,1366,1440
//                                 --languages en,de --pages home,service,...]
// The built server (built first if needed) runs on a free loopback port with a tag manager configured, so the consent
// banner shows: it is declined before the shots (one shot per engine shows it open, at 375 and 1440 px); the tag
// manager's host is a stand-in on 127.0.0.1 that answers an empty script.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ENGINE_NAMES,
  type Engine,
  type EngineName,
  type EnginePage,
  engineMissing,
  launchEngine,
} from '../test/helpers/engines.ts';
import { MAIN_TEMPLATES } from '../test/helpers/main-templates.ts';
import { startBenchServer } from './bench-server.mjs';

type Language = 'en' | 'de';

const PAGES = MAIN_TEMPLATES;

/** Each width's height: a common phone, the smallest desktop layout, a common business laptop, a common desktop. */
const HEIGHTS: Record<number, number> = { 375: 812, 1025: 768, 1366: 768, 1440: 900 };
const BANNER_WIDTHS = [375, 1440];

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function options() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'screenshots' },
      engines: { type: 'string', default: ENGINE_NAMES.join(',') },
      widths: { type: 'string', default: '375,1025,1366,1440' },
      languages: { type: 'string', default: 'en,de' },
      pages: { type: 'string', default: Object.keys(PAGES).join(',') },
    },
    strict: true,
  });
  const engines = list(values.engines);
  const languages = list(values.languages);
  const pages = list(values.pages);
  const widths = list(values.widths).map(Number);
  const unknown = [
    ...engines.filter((name) => !(ENGINE_NAMES as readonly string[]).includes(name)).map((name) => `engine ${name}`),
    ...languages.filter((language) => language !== 'en' && language !== 'de').map((language) => `language ${language}`),
    ...pages.filter((page) => !(page in PAGES)).map((page) => `page ${page}`),
    ...widths
      .filter((width) => !Number.isInteger(width) || width < 320 || width > 3840)
      .map((width) => `width ${width}`),
  ];
  if (unknown.length > 0) {
    console.error(`unknown ${unknown.join(', ')}; pages are ${Object.keys(PAGES).join(', ')}`);
    process.exit(2);
  }
  return {
    out: values.out,
    engines: engines as EngineName[],
    languages: languages as Language[],
    pages,
    widths,
  };
}

/** The tag manager's host, on loopback: the banner needs a tag manager configured, the shots need nothing from it. */
async function startTagManagerStandIn() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/javascript' }).end('');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Loaded, hydrated, fonts in, every image (lazy ones too: a full page shows them) decoded. */
async function settle(page: EnginePage): Promise<void> {
  await page.waitFor(() => document.documentElement.dataset.hydrated === 'true', undefined, 20_000);
  await page.evaluate(() => {
    for (const image of document.querySelectorAll('img')) image.loading = 'eager';
  });
  await page.waitFor(
    () => document.fonts.status === 'loaded' && [...document.images].every((image) => image.complete),
    undefined,
    20_000,
  );
}

interface Shot {
  engine: EngineName;
  row: string;
  width: number;
  file?: string;
  error?: string;
}

async function shoot(
  page: EnginePage,
  url: string,
  file: string,
  shot: Shot,
  out: string,
  ready?: () => boolean,
): Promise<Shot> {
  try {
    await page.goto(url);
    await settle(page);
    if (ready) await page.waitFor(ready);
    writeFileSync(path.join(out, file), await page.screenshot());
    return { ...shot, file };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? String(error);
    console.error(`${shot.engine} ${shot.row} ${shot.width}: ${message}`);
    return { ...shot, error: message };
  }
}

async function shootEngine(engine: Engine, baseUrl: string, settings: ReturnType<typeof options>): Promise<Shot[]> {
  const shots: Shot[] = [];
  const folder = path.join(settings.out, engine.name);
  mkdirSync(folder, { recursive: true });
  for (const width of settings.widths) {
    const viewport = { width, height: HEIGHTS[width] ?? 900 };
    if (BANNER_WIDTHS.includes(width)) {
      const page = await engine.openPage(viewport);
      const shot = { engine: engine.name, row: 'consent banner (en)', width };
      shots.push(
        await shoot(
          page,
          `${baseUrl}/?lang=en`,
          `${engine.name}/consent-banner-en-${width}.png`,
          shot,
          settings.out,
          () => document.querySelector('.consent-banner') !== null,
        ),
      );
      await page.close();
    }
    const page = await engine.openPage(viewport);
    try {
      // Declined once, as a visitor would: the choice holds for every page after it.
      await page.goto(`${baseUrl}/?lang=en`);
      await settle(page);
      await page.waitFor(() => document.querySelector('[data-consent="reject"]') !== null);
      await page.click('[data-consent="reject"]');
      await page.waitFor(() => !document.querySelector('.consent-banner'));
      for (const name of settings.pages) {
        for (const language of settings.languages) {
          const shot = { engine: engine.name, row: `${name} (${language})`, width };
          const file = `${engine.name}/${name}-${language}-${width}.png`;
          shots.push(await shoot(page, baseUrl + PAGES[name]?.[language], file, shot, settings.out));
        }
      }
    } finally {
      await page.close();
    }
    console.log(`${engine.name} ${width} px done`);
  }
  return shots;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function indexPage(shots: Shot[], settings: ReturnType<typeof options>, skipped: string[]): string {
  const sections = settings.engines
    .filter((engine) => shots.some((shot) => shot.engine === engine))
    .map((engine) => {
      const ofEngine = shots.filter((shot) => shot.engine === engine);
      const rows = [...new Set(ofEngine.map((shot) => shot.row))].map((row) => {
        const cells = settings.widths.map((width) => {
          const shot = ofEngine.find((candidate) => candidate.row === row && candidate.width === width);
          if (!shot) return '<td></td>';
          if (shot.error) return `<td class="failed">${escapeHtml(shot.error)}</td>`;
          const file = escapeHtml(shot.file ?? '');
          return `<td><a href="${file}"><img src="${file}" loading="lazy" alt="${escapeHtml(`${row} at ${width} px`)}"></a></td>`;
        });
        return `<tr><th scope="row">${escapeHtml(row)}</th>${cells.join('')}</tr>`;
      });
      const head = settings.widths.map((width) => `<th scope="col">${width} px</th>`).join('');
      return `<section><h2>${engine}</h2><table><thead><tr><th></th>${head}</tr></thead><tbody>${rows.join('\n')}</tbody></table></section>`;
    });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Contact sheet</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem; }
table { border-collapse: collapse; }
th, td { vertical-align: top; padding: 0.25rem; border: 1px solid #ddd; }
th[scope="row"] { text-align: left; white-space: nowrap; }
img { width: 240px; height: auto; display: block; }
.failed { color: #b00; width: 240px; }
</style></head><body>
<h1>Contact sheet</h1>
<p>${new Date().toISOString()}${skipped.length > 0 ? ` · skipped: ${escapeHtml(skipped.join('; '))}` : ''}</p>
${sections.join('\n')}
</body></html>
`;
}

const settings = options();
const startedAt = performance.now();
mkdirSync(settings.out, { recursive: true });
const tagManager = await startTagManagerStandIn();
const server = await startBenchServer({ env: { GTM_ID: 'GTM-SHEET01', GTM_ORIGIN: tagManager.origin } });
const shots: Shot[] = [];
const skipped: string[] = [];
try {
  for (const name of settings.engines) {
    const missing = engineMissing(name);
    if (missing) {
      console.warn(`skipped: ${missing}`);
      skipped.push(missing);
      continue;
    }
    const engineStartedAt = performance.now();
    const engine = await launchEngine(name);
    try {
      shots.push(...(await shootEngine(engine, server.url, settings)));
    } finally {
      await engine.close();
    }
    console.log(`${name}: ${Math.round((performance.now() - engineStartedAt) / 1000)} s`);
  }
} finally {
  await server.stop();
  await tagManager.stop();
}
writeFileSync(path.join(settings.out, 'index.html'), indexPage(shots, settings, skipped));
const written = shots.filter((shot) => shot.file);
const bytes = written.reduce((sum, shot) => sum + statSync(path.join(settings.out, shot.file ?? '')).size, 0);
const failed = shots.filter((shot) => shot.error);
console.log(
  `${written.length} screenshots (${(bytes / 1e6).toFixed(1)} MB) in ${Math.round((performance.now() - startedAt) / 1000)} s: ${path.join(settings.out, 'index.html')}` +
    (failed.length > 0 ? `; ${failed.length} failed` : ''),
);
process.exitCode = failed.length > 0 ? 1 : 0;
