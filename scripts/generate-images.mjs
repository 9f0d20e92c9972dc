// Renders the site's raster artwork with Chromium: the default Open Graph card and one
// card image (image.jpg) per insights folder that has none yet, drawn from a seed so every run
// gives the same art; the card's colours and motif follow the insight's type and first service
// (insight-card-art.mjs).
//   npm run images                (writes static/images/og/nordstern.jpg, the missing static/images/insights/*/image.jpg
//                                  and every portrait of content/people.json, portraits.mjs)
//   npm run images -- --redraw    (draws every insight's card again, after the artwork changed)
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { insightCardSvg } from './insight-card-art.mjs';
import { ACCENT, constellationSvg, seeded, starDustSvg, starPath } from './night-sky.mjs';
import { writePortraits } from './portraits.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const INSIGHTS = path.join(ROOT, 'content', 'en', 'homepage', 'insights');
const PALETTE = ['#174f78', '#0d2f4a', '#0a1c2c', '#1f6aa0', '#2b7fb8'];
const REDRAW = process.argv.includes('--redraw');

/** Abstract night-sky artwork: a gradient, a constellation and geometric planes. */
function cardSvg(seed, width, height) {
  const random = seeded(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const from = pick(PALETTE);
  const to = pick(PALETTE.filter((c) => c !== from));
  const points = Array.from({ length: 6 + Math.floor(random() * 4) }, () => [
    Math.round(width * (0.1 + random() * 0.8)),
    Math.round(height * (0.12 + random() * 0.76)),
  ]);
  const dust = starDustSvg(random, {
    count: 90,
    width,
    top: 0,
    height,
    radius: [0.6, 1.6],
    opacity: [0.15, 0.5],
  });
  const planes = Array.from({ length: 3 }, (_, i) => {
    const x = random() * width;
    const size = height * (0.5 + random() * 0.6);
    return `<rect x="${x.toFixed(0)}" y="${(-size * 0.2).toFixed(0)}" width="${size.toFixed(0)}" height="${size.toFixed(0)}" rx="${(size * 0.08).toFixed(0)}" transform="rotate(${(20 + random() * 40).toFixed(0)} ${x.toFixed(0)} 0)" fill="#ffffff" opacity="${(0.03 + i * 0.02).toFixed(2)}"/>`;
  }).join('');
  const constellation = constellationSvg(random, points, { lineOpacity: 0.35, leadRadius: 34, starRadius: [8, 10] });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="glow" cx="${(random() * 0.6 + 0.2).toFixed(2)}" cy="${(random() * 0.5 + 0.2).toFixed(2)}" r="0.6"><stop offset="0" stop-color="${ACCENT}" stop-opacity="0.28"/><stop offset="1" stop-color="${ACCENT}" stop-opacity="0"/></radialGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#glow)"/>${planes}${dust}${constellation}</svg>`;
}

function ogHtml() {
  return `<html><body style="margin:0">${cardSvg('nordstern-og', 1200, 630).replace(
    '</svg>',
    `<g transform="translate(90 250)"><path d="${starPath(40, 40, 40)}" fill="#ffffff"/><path d="${starPath(40, 40, 16)}" fill="${ACCENT}"/>
<text x="110" y="58" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="#ffffff">Nordstern <tspan font-weight="400">Digital</tspan></text></g></svg>`,
  )}</body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
});
const page = await browser.newPage();

await page.setViewportSize({ width: 1200, height: 630 });
await mkdir(path.join(ROOT, 'static/images/og'), { recursive: true });
await page.setContent(ogHtml());
await page.screenshot({ path: path.join(ROOT, 'static/images/og/nordstern.jpg'), type: 'jpeg', quality: 85 });

await page.setViewportSize({ width: 1200, height: 675 });
const folders = (await readdir(INSIGHTS, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const folder of folders) {
  const target = path.join(ROOT, 'static/images/insights', folder, 'image.jpg');
  if (!REDRAW && (await stat(target).catch(() => null))) continue;
  const info = JSON.parse(await readFile(path.join(INSIGHTS, folder, 'general_information.json'), 'utf8'));
  const art = { seed: folder, type: info.type, service: info.services?.[0] };
  await mkdir(path.dirname(target), { recursive: true });
  await page.setContent(`<html><body style="margin:0">${insightCardSvg(art, 1200, 675)}</body></html>`);
  await page.screenshot({ path: target, type: 'jpeg', quality: 80 });
}
await browser.close();
const portraits = await writePortraits(ROOT);
console.log(`og card, ${folders.length} insight card images and ${portraits} portraits`);
