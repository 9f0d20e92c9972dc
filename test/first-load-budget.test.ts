/**
 * The homepage's first load within DESIGN.md's budget, read from the build manifest: at most 12
 * script and style files, at most 128,000 bytes of them gzipped, the app's own JavaScript in
 * them under 15 KB gzipped, counted strictly (the client built again without its libraries,
 * scripts/strict-own-code.mjs). The measure itself is checked on builds laid out by hand, one
 * within the budget and some over it.
 */

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import {
  budgetProblems,
  FIRST_LOAD_BUDGET,
  firstLoadFiles,
  type ManifestLike,
  type MetafileLike,
  measureBuild,
} from '../scripts/first-load-budget.ts';

/** The app's own first-load code counted strictly, from a build of its own (a few seconds). */
async function strictOwnGzipBytes(): Promise<{ gzipBytes: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/strict-own-code.mjs'], {
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout) as { gzipBytes: number };
}

t.test('the build in dist/ keeps the homepage within the first-load budget', async (t) => {
  const [measure, strict] = await Promise.all([measureBuild('dist'), strictOwnGzipBytes()]);
  t.same(
    budgetProblems({ ...measure, ownGzipBytes: strict.gzipBytes }),
    [],
    `${measure.files} files, ${measure.gzipBytes} bytes gzipped, ${strict.gzipBytes} of them the app's own JavaScript counted strictly (≈${measure.ownGzipBytes} by its share of each chunk)`,
  );
  t.ok(
    measure.list.some((file) => file.url.endsWith('.css')),
    'the stylesheet counts',
  );
  t.ok(measure.ownGzipBytes > 0, 'the app’s own code is found in the chunks');
});

/** A file of a fixture build: its size, whether its bytes compress, and how much of it is the app's own code. */
interface FixtureFile {
  url: string;
  bytes: number;
  /** Random bytes (gzip cannot shrink them) instead of repeated text. */
  incompressible?: boolean;
  /** The share of the file's bytes that comes from the app's own sources. */
  own?: number;
}

/** Lays out dist/ as the build does (manifest.json, meta-client.json, public/assets/…) in a fresh folder. */
async function fixtureBuild(
  t: { teardown(fn: () => unknown): void },
  files: FixtureFile[],
  home: string[],
): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'nordstern-budget-'));
  t.teardown(() => rm(root, { recursive: true, force: true }));
  const dist = path.join(root, 'dist');
  const metafile: MetafileLike = { outputs: {} };
  for (const file of files) {
    const target = path.join(dist, 'public', file.url);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(
      target,
      file.incompressible ? randomBytes(file.bytes) : Buffer.alloc(file.bytes, 'export const x = 1;\n'),
    );
    const own = Math.round(file.bytes * (file.own ?? 0));
    metafile.outputs[`dist/public${file.url}`] = {
      inputs: {
        'src/app/own.ts': { bytesInOutput: own },
        '../node_modules/react-dom/cjs/react-dom.js': { bytesInOutput: file.bytes - own },
      },
    };
  }
  const scripts = files.filter((file) => file.url.endsWith('.js')).map((file) => file.url);
  const manifest: ManifestLike = {
    entry: scripts[0]!,
    entryModules: scripts.filter((url) => !home.includes(url)),
    css: files.filter((file) => file.url.endsWith('.css')).map((file) => file.url),
    pages: { 'src/app/pages/home.tsx': home },
  };
  await writeFile(path.join(dist, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(dist, 'meta-client.json'), JSON.stringify(metafile));
  return dist;
}

t.test('a first load within the budget passes', async (t) => {
  const dist = await fixtureBuild(
    t,
    [
      { url: '/assets/entry-A.js', bytes: 2_000, own: 1 },
      { url: '/assets/chunks/vendor-B.js', bytes: 90_000, incompressible: true },
      { url: '/assets/chunks/home-C.js', bytes: 3_000, own: 1 },
      { url: '/assets/entry-D.css', bytes: 5_000 },
    ],
    ['/assets/chunks/home-C.js'],
  );
  const measure = await measureBuild(dist);
  t.equal(measure.files, 4);
  t.ok(measure.gzipBytes > 90_000, 'incompressible bytes count in full');
  t.same(budgetProblems(measure), []);
});

t.test('thirteen files are one too many', async (t) => {
  const files: FixtureFile[] = Array.from({ length: 12 }, (_, index) => ({
    url: `/assets/chunks/chunk-${index}.js`,
    bytes: 1_000,
  }));
  const dist = await fixtureBuild(
    t,
    [...files, { url: '/assets/entry-D.css', bytes: 1_000 }],
    ['/assets/chunks/chunk-11.js'],
  );
  const measure = await measureBuild(dist);
  t.equal(measure.files, 13);
  t.match(budgetProblems(measure), [/names 13 script and style files, more than 12/]);
});

t.test('more than 128,000 gzipped bytes fail, the stylesheet included', async (t) => {
  const dist = await fixtureBuild(
    t,
    [
      { url: '/assets/entry-A.js', bytes: 500 },
      { url: '/assets/chunks/vendor-B.js', bytes: 126_000, incompressible: true },
      { url: '/assets/chunks/home-C.js', bytes: 500 },
      // The scripts alone are within the budget; the stylesheet tips it over.
      { url: '/assets/entry-D.css', bytes: 3_000, incompressible: true },
    ],
    ['/assets/chunks/home-C.js'],
  );
  const measure = await measureBuild(dist);
  t.ok(measure.gzipBytes > FIRST_LOAD_BUDGET.gzipBytes);
  t.match(budgetProblems(measure), [/bytes gzipped, more than 128000/]);
});

t.test("more than 15 KB of the app's own code fails even when the total fits", async (t) => {
  const dist = await fixtureBuild(
    t,
    [
      { url: '/assets/entry-A.js', bytes: 500 },
      { url: '/assets/chunks/app-B.js', bytes: 40_000, incompressible: true, own: 0.5 },
      { url: '/assets/chunks/home-C.js', bytes: 500 },
    ],
    ['/assets/chunks/home-C.js'],
  );
  const measure = await measureBuild(dist);
  t.ok(measure.gzipBytes <= FIRST_LOAD_BUDGET.gzipBytes);
  t.ok(measure.ownGzipBytes > 15 * 1024 && measure.ownGzipBytes < 25_000, 'half of the chunk is counted as own code');
  t.match(budgetProblems(measure), [/the app's own code in them is \d+ bytes gzipped, more than 15360/]);
});

t.test('the stylesheet is never counted as own JavaScript', async (t) => {
  const dist = await fixtureBuild(
    t,
    [
      { url: '/assets/entry-A.js', bytes: 500 },
      { url: '/assets/entry-D.css', bytes: 30_000, incompressible: true },
    ],
    [],
  );
  const measure = await measureBuild(dist);
  t.equal(measure.ownGzipBytes, 0);
});

t.test('a manifest without the homepage module is refused, not measured as empty', async (t) => {
  t.throws(
    () => firstLoadFiles({ entry: '/assets/entry-A.js', entryModules: [], css: [], pages: {} }),
    /names no chunk for src\/app\/pages\/home\.tsx/,
  );
});

t.test('a file the metafile does not describe is refused', async (t) => {
  const dist = await fixtureBuild(t, [{ url: '/assets/entry-A.js', bytes: 500 }], []);
  await writeFile(path.join(dist, 'meta-client.json'), JSON.stringify({ outputs: {} }));
  await t.rejects(measureBuild(dist), /does not describe \/assets\/entry-A\.js/);
});
