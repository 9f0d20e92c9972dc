/**
 * The homepage's first load as the build manifest names it, measured against DESIGN.md's
 * budgets: the script and style files the page names, their gzip bytes, the app's own
 * share of them, and the font files every page preloads. `npm run bench:bundle` prints it; test/first-load-budget.test.ts fails on it.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const HOME_PAGE_MODULE = 'src/app/pages/home.tsx';
/** The name the homepage module's stylesheets go by in the manifest (its file name, as build.mjs names them). */
const HOME_STYLES = 'home';

export interface FirstLoadBudget {
  /** Script and style files the homepage names (the entry, its module preloads, its stylesheets). */
  files: number;
  /** Their gzip bytes together, JavaScript and CSS. */
  gzipBytes: number;
  /** The app's own JavaScript among them (everything outside node_modules), gzip bytes. */
  ownGzipBytes: number;
  /** The font files every page preloads (the brand font's first-screen file), bytes as sent (WOFF2 is compressed). */
  fontBytes: number;
}

/**
 * DESIGN.md: at most 12 files and 128,000 gzip bytes; the app's own JavaScript under 15 KB (15,360 bytes) gzip; the
 * fonts of the first load at most 60 KB (61,440 bytes).
 */
export const FIRST_LOAD_BUDGET: FirstLoadBudget = {
  files: 12,
  gzipBytes: 128_000,
  ownGzipBytes: 15 * 1024,
  fontBytes: 60 * 1024,
};

/** The parts of dist/manifest.json this reads. */
export interface ManifestLike {
  entry: string;
  entryModules: string[];
  css: string[];
  pages: Record<string, string[]>;
  /** Stylesheets of modules loaded on demand, page modules included. */
  styles?: Record<string, string[]>;
  /** The font files every page preloads. */
  fontPreloads?: string[];
}

/** The parts of esbuild's metafile (dist/meta-client.json) this reads: each output's inputs and their bytes in it. */
export interface MetafileLike {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

export interface FileMeasure {
  url: string;
  bytes: number;
  gzipBytes: number;
  /** The app's own code's share of gzipBytes: its share of the file's bytes, applied to the gzip size. */
  ownGzipBytes: number;
}

export interface FirstLoadMeasure extends FirstLoadBudget {
  bytes: number;
  list: FileMeasure[];
  /** The font files, each with its bytes. */
  fonts: { url: string; bytes: number }[];
}

/**
 * The files the homepage names, each once: the entry, the modules it preloads and its
 * stylesheets (the entry's and its page module's), counted even though the server sets their
 * text into the page instead of linking them.
 */
export function firstLoadFiles(manifest: ManifestLike): string[] {
  const home = manifest.pages[HOME_PAGE_MODULE];
  if (!home) throw new Error(`The manifest names no chunk for ${HOME_PAGE_MODULE}`);
  return [
    ...new Set([
      manifest.entry,
      ...manifest.entryModules,
      ...home,
      ...manifest.css,
      ...(manifest.styles?.[HOME_STYLES] ?? []),
    ]),
  ];
}

/**
 * Measures the first load of a build folder (`dist` or one laid out like it): files under
 * public/ by their URL, outputs in the metafile by their path relative to the build's root.
 */
export async function measureFirstLoad(
  distDir: string,
  manifest: ManifestLike,
  metafile: MetafileLike,
): Promise<FirstLoadMeasure> {
  const list: FileMeasure[] = [];
  for (const url of firstLoadFiles(manifest)) {
    const body = await readFile(path.join(distDir, 'public', url));
    const gzipBytes = gzipSync(body, { level: 9 }).length;
    const output = metafile.outputs[path.posix.join(path.basename(distDir), 'public', url)];
    if (!output) throw new Error(`The metafile does not describe ${url}`);
    // DESIGN.md's own-code budget is JavaScript: the stylesheet counts towards the bytes only.
    const own = !url.endsWith('.js')
      ? 0
      : Object.entries(output.inputs)
          .filter(([input]) => !input.includes('node_modules/'))
          .reduce((sum, [, info]) => sum + info.bytesInOutput, 0);
    list.push({
      url,
      bytes: body.length,
      gzipBytes,
      ownGzipBytes: body.length ? Math.round((gzipBytes * own) / body.length) : 0,
    });
  }
  const sum = (pick: (file: FileMeasure) => number) => list.reduce((total, file) => total + pick(file), 0);
  const fonts = await Promise.all(
    (manifest.fontPreloads ?? []).map(async (url) => ({
      url,
      bytes: (await stat(path.join(distDir, 'public', url))).size,
    })),
  );
  return {
    files: list.length,
    bytes: sum((file) => file.bytes),
    gzipBytes: sum((file) => file.gzipBytes),
    ownGzipBytes: sum((file) => file.ownGzipBytes),
    fontBytes: fonts.reduce((total, font) => total + font.bytes, 0),
    list,
    fonts,
  };
}

/** Reads the manifest and metafile a build wrote into distDir and measures it. */
export async function measureBuild(distDir: string): Promise<FirstLoadMeasure> {
  const [manifest, metafile] = await Promise.all([
    readFile(path.join(distDir, 'manifest.json'), 'utf8').then((text) => JSON.parse(text) as ManifestLike),
    readFile(path.join(distDir, 'meta-client.json'), 'utf8').then((text) => JSON.parse(text) as MetafileLike),
  ]);
  return measureFirstLoad(distDir, manifest, metafile);
}

/** Each figure over its budget, said in a sentence; empty when the first load fits. */
export function budgetProblems(measure: FirstLoadBudget, budget: FirstLoadBudget = FIRST_LOAD_BUDGET): string[] {
  const problems: string[] = [];
  if (measure.files > budget.files)
    problems.push(`the homepage names ${measure.files} script and style files, more than ${budget.files}`);
  if (measure.gzipBytes > budget.gzipBytes)
    problems.push(`its files are ${measure.gzipBytes} bytes gzipped, more than ${budget.gzipBytes}`);
  if (measure.ownGzipBytes > budget.ownGzipBytes)
    problems.push(
      `the app's own code in them is ${measure.ownGzipBytes} bytes gzipped, more than ${budget.ownGzipBytes}`,
    );
  if (measure.fontBytes > budget.fontBytes)
    problems.push(`its fonts are ${measure.fontBytes} bytes, more than ${budget.fontBytes}`);
  return problems;
}
