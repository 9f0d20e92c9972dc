// Draws the logo's word mark as outlines of the brand font (Archivo: "Nordstern" bold, "Digital" regular),
// so it looks the same on every system without loading the font. Prints the path data for
// src/app/layout/logo-paths.ts; run it again only when the word mark changes: npx node scripts/logo-wordmark.mjs
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const SOURCE = require.resolve('@fontsource-variable/archivo/files/archivo-latin-wdth-normal.woff2');

/** Where the word mark sits in the logo's 146 × 26 box: after the star, on the star's optical baseline. */
const LEFT = 32;
const BASELINE = 18.5;
const RIGHT = 144;
/** The words, their weights and the gap between them in em. */
const WORDS = [
  { text: 'Nordstern', wght: 700 },
  { text: 'Digital', wght: 400 },
];
const WORD_GAP_EM = 0.24;
/** Slightly condensed, as the display headings are. */
const WIDTH = 92;

const source = await readFile(SOURCE);
/** A static instance of the font at one weight, with the glyphs of the text (harfbuzz's instancer). */
async function instance(text, wght) {
  const ttf = await subsetFont(source, text, { targetFormat: 'truetype', variationAxes: { wght, wdth: WIDTH } });
  return fontkit.create(ttf);
}
/** A tenth of a unit is a tenth of a pixel at the footer's size: crisp, and half the bytes of hundredths. */
const round = (value) => Math.round(value * 10) / 10;

/** Each word's glyph outlines in font units, advanced along one line from x = 0. */
async function layout() {
  let x = 0;
  let unitsPerEm = 1000;
  const words = [];
  for (const [index, word] of WORDS.entries()) {
    const font = await instance(word.text, word.wght);
    unitsPerEm = font.unitsPerEm;
    if (index > 0) x += WORD_GAP_EM * unitsPerEm;
    const run = font.layout(word.text);
    const glyphs = run.glyphs.map((glyph, i) => {
      const at = x;
      x += run.positions[i].xAdvance;
      return { path: glyph.path, x: at };
    });
    words.push(glyphs);
  }
  return { words, width: x, unitsPerEm };
}

const { words, width, unitsPerEm } = await layout();
// Scaled so the mark fills the space the star leaves, the same width the old mark had.
const scale = (RIGHT - LEFT) / width;
const data = words.map((glyphs) =>
  glyphs
    .map(({ path, x }) =>
      path
        .scale(scale, -scale)
        .translate(LEFT + x * scale, BASELINE)
        .toSVG()
        .replace(/-?\d+\.\d+/g, (number) => String(round(Number(number)))),
    )
    .join(''),
);
console.log(`font size ${round(scale * unitsPerEm)} px`);
for (const [index, d] of data.entries()) console.log(`${WORDS[index]?.text}: ${d.length} characters\n${d}\n`);
