// Draws the fictional clients' wordmarks for the homepage's logo wall: static/images/clients/{logo}.svg,
// 240 × 80, each a mark of simple shapes beside its name set in the brand typeface (Archivo, SIL OFL 1.1) at its own
// weight, width and tracking, turned into outlines here so the files hold paths and no font. Run it again
// (`npx node scripts/client-wordmarks.mjs`) only when a wordmark changes; the files are committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import subsetFont from 'subset-font';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const SRC = readFileSync(require.resolve('@fontsource-variable/archivo/files/archivo-latin-wdth-normal.woff2'));
const ITALIC = readFileSync(require.resolve('@fontsource-variable/archivo/files/archivo-latin-wdth-italic.woff2'));
const r = (n) => Math.round(n * 100) / 100;

async function line(l) {
  const buf = await subsetFont(l.italic ? ITALIC : SRC, l.text, {
    targetFormat: 'truetype',
    variationAxes: { wght: l.wght, wdth: l.wdth },
  });
  const f = fontkit.create(buf);
  const run = f.layout(l.text);
  const s = l.size / f.unitsPerEm;
  let x = 0;
  const parts = [];
  run.glyphs.forEach((g, i) => {
    const d = g.path.toSVG();
    if (d) parts.push(`<path transform="translate(${r(x / s)} 0)" d="${d}"/>`);
    x += run.positions[i].xAdvance * s + (i < run.glyphs.length - 1 ? (l.track ?? 0) * l.size : 0);
  });
  const capH = (f.capHeight ?? 700) * s;
  return {
    width: x,
    capH,
    svg: (tx, ty) =>
      `<g transform="translate(${r(tx)} ${r(ty)}) scale(${r(s * 1000) / 1000} ${-r(s * 1000) / 1000})"${l.color ? ` fill="${l.color}"` : ''}>${parts.join('')}</g>`,
  };
}

async function draw(logo) {
  const lines = await Promise.all(logo.lines.map(line));
  const textW = Math.max(...lines.map((l) => l.width));
  let y = 0;
  const ys = [];
  lines.forEach((l, i) => {
    y += i === 0 ? l.capH : (logo.lines[i].gap ?? 8) + l.capH;
    ys.push(y);
  });
  const textH = y;
  const gap = logo.emblemW ? 10 : 0;
  const emblemH = 48;
  const W = logo.emblemW + gap + textW,
    H = Math.max(emblemH * (logo.emblemW ? 1 : 0), textH);
  const scale = Math.min(220 / W, 56 / H, 1.6);
  const ox = (240 - W * scale) / 2,
    oy = (80 - H * scale) / 2;
  const ty = (H - textH) / 2;
  const body = [
    logo.emblemW ? `<g transform="translate(0 ${r((H - emblemH) / 2)})">${logo.emblem}</g>` : '',
    ...lines.map((l, i) => l.svg(logo.emblemW + gap, ty + ys[i])),
  ].join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80"><g fill="${logo.color}" transform="translate(${r(ox)} ${r(oy)}) scale(${r(scale * 1000) / 1000})">${body}</g></svg>\n`;
  writeFileSync(path.join(ROOT, 'static/images/clients', `${logo.file}.svg`), svg);
}

const LOGOS = [
  {
    file: 'hafenkontor',
    color: '#1d4e7a',
    emblemW: 44,
    emblem:
      '<rect x="0" y="6" width="44" height="10" rx="1.5"/><rect x="0" y="19" width="44" height="10" rx="1.5" opacity=".72"/><rect x="0" y="32" width="44" height="10" rx="1.5" opacity=".45"/><rect x="28" y="0" width="3" height="48" fill="#e2a13b"/>',
    lines: [
      { text: 'HAFENKONTOR', wght: 800, wdth: 112, size: 22, track: 0.04 },
      { text: 'LOGISTIK', wght: 500, wdth: 112, size: 11, track: 0.42, gap: 7 },
    ],
  },
  {
    file: 'nordlicht',
    color: '#1f6b5c',
    emblemW: 44,
    emblem:
      '<path d="M2 40 C12 10 30 6 42 4" fill="none" stroke="#1f6b5c" stroke-width="5" stroke-linecap="round"/><path d="M2 46 C14 22 30 18 42 16" fill="none" stroke="#5bb08f" stroke-width="5" stroke-linecap="round"/><path d="M10 47 C20 34 32 30 42 28" fill="none" stroke="#9fd6bd" stroke-width="5" stroke-linecap="round"/>',
    lines: [
      { text: 'nordlicht', wght: 600, wdth: 100, size: 26, track: -0.01 },
      { text: 'möbel', wght: 300, wdth: 100, size: 15, track: 0.12, gap: 9 },
    ],
  },
  {
    file: 'sonnwind',
    color: '#c8551c',
    emblemW: 48,
    emblem:
      '<path d="M6 40 A18 18 0 0 1 42 40 Z"/><g stroke="#c8551c" stroke-width="3.2" stroke-linecap="round"><path d="M24 16 V6"/><path d="M10 22 L4 16"/><path d="M38 22 L44 16"/></g><path d="M0 46 Q12 41 24 46 T48 46" fill="none" stroke="#2f7fa8" stroke-width="3"/>',
    lines: [
      { text: 'Sonnwind', wght: 800, wdth: 95, size: 26, italic: true, track: -0.02 },
      { text: 'REISEN', wght: 600, wdth: 110, size: 11, track: 0.5, gap: 8, color: '#2f7fa8' },
    ],
  },
  {
    file: 'elbwerk',
    color: '#2f4a2a',
    emblemW: 46,
    emblem: '<path d="M0 46 L17 12 L26 28 L33 18 L46 46 Z"/><path d="M17 12 L22 22 L19 20 L15 24 Z" fill="#ffffff"/>',
    lines: [
      { text: 'ELBWERK', wght: 900, wdth: 68, size: 34, track: 0.02 },
      { text: 'OUTDOOR', wght: 700, wdth: 68, size: 12, track: 0.55, gap: 6, color: '#8a6d1e' },
    ],
  },
  {
    file: 'alpenblick',
    color: '#1c3f7a',
    emblemW: 40,
    emblem:
      '<path d="M20 0 L40 6 V24 C40 37 31 44 20 48 C9 44 0 37 0 24 V6 Z"/><path d="M5 32 L15 18 L21 26 L26 20 L35 32 Z" fill="#ffffff"/>',
    lines: [
      { text: 'Alpenblick', wght: 650, wdth: 100, size: 24 },
      { text: 'Versicherung', wght: 400, wdth: 100, size: 13, track: 0.08, gap: 8 },
    ],
  },
  {
    file: 'kranich',
    color: '#7d1d3a',
    emblemW: 40,
    emblem:
      '<circle cx="20" cy="24" r="20" fill="none" stroke="#7d1d3a" stroke-width="3"/><path d="M8 30 C16 26 22 18 24 8 C25 16 28 21 34 22 C27 24 22 28 18 36 Z"/>',
    lines: [
      { text: 'KRANICH', wght: 300, wdth: 125, size: 22, track: 0.22 },
      { text: 'VERLAG', wght: 600, wdth: 125, size: 11, track: 0.6, gap: 9 },
    ],
  },
  {
    file: 'isarstrom',
    color: '#0a6aa8',
    emblemW: 36,
    emblem: '<path d="M22 0 L4 28 H17 L12 48 L32 18 H19 Z"/>',
    lines: [
      { text: 'isarstrom', wght: 850, wdth: 88, size: 30, track: -0.03 },
      { text: 'energie', wght: 400, wdth: 100, size: 13, track: 0.2, gap: 7, color: '#2aa3c9' },
    ],
  },
  {
    file: 'lindenhof',
    color: '#3f6d22',
    emblemW: 40,
    emblem:
      '<path d="M20 46 C6 38 0 26 4 14 C8 4 18 4 20 12 C22 4 32 4 36 14 C40 26 34 38 20 46 Z"/><path d="M20 14 V46" stroke="#ffffff" stroke-width="2.2"/><path d="M20 26 L12 20 M20 34 L28 27" stroke="#ffffff" stroke-width="1.8"/>',
    lines: [
      { text: 'Lindenhof', wght: 700, wdth: 92, size: 26, track: 0 },
      { text: 'MOLKEREI', wght: 500, wdth: 105, size: 11, track: 0.46, gap: 8 },
    ],
  },
  {
    file: 'seestern',
    color: '#b0245a',
    emblemW: 46,
    emblem: '<path d="M23 0 L29 17 L46 17 L32 28 L38 46 L23 35 L8 46 L14 28 L0 17 L17 17 Z"/>',
    lines: [
      { text: 'SEESTERN', wght: 200, wdth: 120, size: 24, track: 0.28 },
      { text: 'MODE', wght: 700, wdth: 120, size: 11, track: 0.8, gap: 9 },
    ],
  },
  {
    file: 'brueckner',
    color: '#33434d',
    emblemW: 44,
    emblem:
      '<path d="M22 0 L41 11 V37 L22 48 L3 37 V11 Z"/><path d="M15 12 H25 C31 12 33 15 33 18.5 C33 21 31.5 22.8 29.5 23.5 C32.5 24.2 34 26.5 34 29.5 C34 33.5 31 36 25 36 H15 Z M20.5 16.5 V22 H24.5 C26.6 22 27.6 21 27.6 19.2 C27.6 17.5 26.6 16.5 24.5 16.5 Z M20.5 26.2 V31.5 H25 C27.4 31.5 28.5 30.5 28.5 28.8 C28.5 27.2 27.4 26.2 25 26.2 Z" fill="#ffffff" fill-rule="evenodd"/>',
    lines: [
      { text: 'BRÜCKNER', wght: 900, wdth: 75, size: 28, track: 0.01 },
      { text: 'MASCHINENBAU', wght: 600, wdth: 75, size: 11, track: 0.32, gap: 7, color: '#c0392b' },
    ],
  },
];
for (const logo of LOGOS) await draw(logo);
