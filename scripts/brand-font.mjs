// The brand typeface, Archivo (variable: weight and width), made for this site at build time:
// subset to the characters the site sets (scripts/site-characters.mjs), WOFF2, with a fallback
// face on Arial's metrics scaled to Archivo's (Capsize), so text keeps its place when the font
// arrives. The stylesheet imports `brand-font:faces.css`; the esbuild plugin here answers it and
// writes the font files under /assets/media/, named by content hash (cached for a year).
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createFontStack } from '@capsizecss/core';
import archivoMetrics from '@capsizecss/metrics/archivo';
import arialMetrics from '@capsizecss/metrics/arial';
import * as fontkit from 'fontkit';
import subsetFont from 'subset-font';
import { siteCharacters } from './site-characters.mjs';

export const BRAND_FAMILY = 'Archivo';
export const FALLBACK_FAMILY = 'Archivo Fallback';
/**
 * The axis ranges kept: body weights to bold, and widths from normal down to the slightly condensed
 * cut of the display headings. Wider ranges cost bytes no page uses.
 */
export const AXES = { wght: { min: 400, max: 700 }, wdth: { min: 85, max: 100 } };
/**
 * Fontsource's files of the family, in the order a character is looked up: Latin (every German
 * glyph) first; Latin Extended only gets a file when the content needs one of its characters, and
 * the browser fetches it only on a page that shows one (unicode-range).
 */
const SOURCES = ['latin', 'latin-ext'];
/** Arial and the faces drawn on its metrics (Liberation Sans, Arimo): one set of overrides fits them all. */
const FALLBACK_LOCALS = ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'];
/** How the stylesheet names the generated faces, and the namespace of the font files. */
const NAMESPACE = 'brand-font';
const FACES_CSS = 'faces.css';

const require = createRequire(import.meta.url);

function sourceFile(subset) {
  return require.resolve(`@fontsource-variable/archivo/files/archivo-${subset}-wdth-normal.woff2`);
}

/** unicode-range of a set of characters, as runs of code points. */
export function unicodeRange(characters) {
  const points = [...new Set([...characters].map((c) => c.codePointAt(0)))].sort((a, b) => a - b);
  const runs = [];
  for (const point of points) {
    const last = runs.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else runs.push([point, point]);
  }
  const hex = (point) => point.toString(16).toUpperCase();
  return runs.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
}

/**
 * The font files of the site: per source that holds characters the site uses (and no earlier source
 * holds), its file name, the characters and the subset WOFF2. `missing`: characters no source has,
 * which the fallback faces draw (arrows and maths signs in the content).
 */
export async function brandFontFiles(root) {
  let remaining = [...(await siteCharacters(root))];
  const files = [];
  for (const subset of SOURCES) {
    const source = await readFile(sourceFile(subset));
    const font = fontkit.create(source);
    const covered = remaining.filter((c) => font.hasGlyphForCodePoint(c.codePointAt(0)));
    remaining = remaining.filter((c) => !covered.includes(c));
    if (covered.length === 0) continue;
    const characters = covered.join('');
    const bytes = await subsetFont(source, characters, { targetFormat: 'woff2', variationAxes: AXES });
    files.push({ name: `archivo-${subset}.woff2`, subset, characters, bytes });
  }
  return { files, missing: remaining.join('') };
}

/** The fallback face: Arial (or a face on its metrics) scaled and placed like Archivo. */
export function fallbackFace() {
  const { fontFaces } = createFontStack([archivoMetrics, arialMetrics], { fontFaceFormat: 'styleObject' });
  const face = fontFaces[0]?.['@font-face'];
  if (!face) throw new Error('Capsize made no fallback face for Archivo over Arial');
  return {
    sizeAdjust: face.sizeAdjust,
    ascentOverride: face.ascentOverride,
    descentOverride: face.descentOverride,
    lineGapOverride: face.lineGapOverride,
  };
}

/** The @font-face rules: the brand faces (by their URLs) and the fallback face. */
export function facesCss(files) {
  const fallback = fallbackFace();
  const brand = files.map(
    (file) => `@font-face {
  font-family: "${BRAND_FAMILY}";
  src: url("${file.url}") format("woff2");
  font-weight: ${AXES.wght.min} ${AXES.wght.max};
  font-stretch: ${AXES.wdth.min}% ${AXES.wdth.max}%;
  font-style: normal;
  font-display: swap;
  unicode-range: ${unicodeRange(file.characters)};
}`,
  );
  return [
    ...brand,
    `@font-face {
  font-family: "${FALLBACK_FAMILY}";
  src: ${FALLBACK_LOCALS.map((name) => `local("${name}")`).join(', ')};
  size-adjust: ${fallback.sizeAdjust};
  ascent-override: ${fallback.ascentOverride};
  descent-override: ${fallback.descentOverride};
  line-gap-override: ${fallback.lineGapOverride};
}`,
  ].join('\n');
}

/**
 * esbuild plugin: `@import "brand-font:faces.css"` gets the faces. The font files are written beside
 * the build's other files, under media/ with a name hashed from their content, and named in the
 * faces by absolute URL (urlPrefix + name): the stylesheet is set into pages at any path. The fonts
 * are made once per build, from the content as it is then. `preloads()`: after a build, the URL of
 * the file every page needs (the Latin one).
 */
export function brandFontPlugin(root, { urlPrefix = '/assets/media/', log = () => {} } = {}) {
  let made;
  let written = [];
  return {
    preloads: () => written.filter((file) => file.subset === 'latin').map((file) => file.url),
    plugin: {
      name: NAMESPACE,
      setup(build) {
        const outdir = path.resolve(build.initialOptions.absWorkingDir ?? root, build.initialOptions.outdir ?? '.');
        build.onStart(() => {
          made = undefined;
        });
        const make = () => {
          made ??= brandFontFiles(root).then(async (result) => {
            await mkdir(path.join(outdir, 'media'), { recursive: true });
            written = await Promise.all(
              result.files.map(async (file) => {
                const name = `${path.basename(file.name, '.woff2')}-${createHash('sha256').update(file.bytes).digest('hex').slice(0, 10)}.woff2`;
                await writeFile(path.join(outdir, 'media', name), file.bytes);
                log(`brand font ${name}: ${file.bytes.length} bytes, ${file.characters.length} characters`);
                return { ...file, url: `${urlPrefix}${name}` };
              }),
            );
            if (result.missing)
              log(`characters the brand font lacks (the fallback face draws them): ${result.missing}`);
            return written;
          });
          return made;
        };
        build.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => ({
          path: args.path.slice(NAMESPACE.length + 1),
          namespace: NAMESPACE,
        }));
        build.onResolve({ filter: /\.woff2$/, namespace: NAMESPACE }, (args) => ({ path: args.path, external: true }));
        build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
          if (args.path !== FACES_CSS) throw new Error(`No brand font stylesheet ${args.path}`);
          return { contents: facesCss(await make()), loader: 'css', resolveDir: root };
        });
      },
    },
  };
}
