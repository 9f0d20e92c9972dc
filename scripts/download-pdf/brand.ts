/**
 * The site's brand for the printed documents: its colour tokens, read from the stylesheet the pages use, and its
 * typeface, the same Archivo files the build self-hosts as WOFF2, so a PDF and the page that offers it look alike
 * and a change of a token reaches both. The font is cut to static instances (one per weight the template sets):
 * Chromium embeds a static face as a compact TrueType subset with its text selectable, where a variable face would
 * be drawn as outlines.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import subsetFont from 'subset-font';
import { BRAND_FAMILY, unicodeRange } from '../brand-font.mjs';

export type Colours = Readonly<Record<string, string>>;

/** The `--color-*` custom properties of base.css, by name without the prefix: brand, night, accent, … */
export async function brandColours(root: string): Promise<Colours> {
  const css = await readFile(path.join(root, 'src', 'app', 'styles', 'base.css'), 'utf8');
  const colours: Record<string, string> = {};
  for (const match of css.matchAll(/--color-([a-z-]+):\s*(#[0-9a-f]{3,8})\s*;/gi)) {
    const [, name, value] = match;
    if (name && value && !(name in colours)) colours[name] = value;
  }
  for (const needed of ['brand', 'brand-dark', 'night', 'accent', 'ink', 'muted', 'line', 'tint', 'white'])
    if (!colours[needed]) throw new Error(`base.css has no --color-${needed}`);
  return colours;
}

/** The weights and widths the template sets: body, semibold labels, bold, and the condensed bold of the title. */
const INSTANCES = [
  { wght: 400, wdth: 100 },
  { wght: 600, wdth: 100 },
  { wght: 700, wdth: 100 },
  { wght: 700, wdth: 92 },
] as const;
/** Fontsource's files, in lookup order, as the build uses them (scripts/brand-font.mjs). */
const SOURCES = ['latin', 'latin-ext'] as const;

const require = createRequire(import.meta.url);

/**
 * @font-face rules with the brand font inlined as data URLs, cut to the characters given: the page is printed from
 * a string, so it fetches nothing.
 */
export async function brandFontFaces(characters: string): Promise<string> {
  let remaining = [...new Set(characters)].filter((character) => (character.codePointAt(0) ?? 0) >= 0x20);
  const faces: string[] = [];
  for (const subset of SOURCES) {
    const source = await readFile(
      require.resolve(`@fontsource-variable/archivo/files/archivo-${subset}-wdth-normal.woff2`),
    );
    const font = fontkit.create(source) as fontkit.Font;
    const covered = remaining.filter((character) => font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0));
    remaining = remaining.filter((character) => !covered.includes(character));
    if (covered.length === 0) continue;
    const text = covered.join('');
    for (const { wght, wdth } of INSTANCES) {
      const bytes = await subsetFont(source, text, { targetFormat: 'woff2', variationAxes: { wght, wdth } });
      faces.push(`@font-face {
  font-family: "${BRAND_FAMILY}";
  src: url(data:font/woff2;base64,${Buffer.from(bytes).toString('base64')}) format("woff2");
  font-weight: ${wght};
  font-stretch: ${wdth}%;
  unicode-range: ${unicodeRange(text)};
}`);
    }
  }
  return faces.join('\n');
}
