// Measures the build: its time, and what a first visit to the homepage loads (the files the page
// names: entry, module preloads, stylesheets), gzipped and brotli, how much of it is the app's own
// code, the font files it preloads, and each figure against DESIGN.md's budget (scripts/first-load-budget.ts).
// With --strict, the app's own code is also counted strictly (scripts/strict-own-code.mjs): the
// client is built once more with the same chunking but the libraries left out, and the first
// load's scripts of that build are gzipped as they are, the app's code alone.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { build } from '../build.mjs';
import { budgetProblems, FIRST_LOAD_BUDGET, measureBuild } from './first-load-budget.ts';
import { strictOwnGzipBytes } from './strict-own-code.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const times = [];
for (let i = 0; i < runs; i += 1) times.push((await build()).ms);
times.sort((a, b) => a - b);

const measure = await measureBuild('dist');
let brotli = 0;
let ownBrotli = 0;
for (const file of measure.list) {
  const body = await readFile(path.join('dist/public', file.url));
  const size = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
  brotli += size;
  ownBrotli += file.gzipBytes ? (size * file.ownGzipBytes) / file.gzipBytes : 0;
}
const scripts = measure.list.filter((file) => file.url.endsWith('.js'));
const styles = measure.list.filter((file) => file.url.endsWith('.css'));
const sum = (files, pick) => files.reduce((total, file) => total + pick(file), 0);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const within = (value, budget) => (value <= budget ? `within ${budget}` : `OVER ${budget}`);
console.log(
  `build time (median of ${runs}): ${times[Math.floor(times.length / 2)]} ms (min ${times[0]}, max ${times.at(-1)})`,
);
console.log(
  `homepage first load: ${measure.files} files (${scripts.length} scripts, ${styles.length} stylesheets; ${within(measure.files, FIRST_LOAD_BUDGET.files)}), ${measure.gzipBytes} bytes gzip (${within(measure.gzipBytes, FIRST_LOAD_BUDGET.gzipBytes)}), ${kb(brotli)} brotli`,
);
console.log(
  `  JavaScript: ${kb(sum(scripts, (file) => file.bytes))} minified, ${sum(scripts, (file) => file.gzipBytes)} bytes (${kb(sum(scripts, (file) => file.gzipBytes))}) gzip`,
);
console.log(
  `  CSS (inlined into the page): ${kb(sum(styles, (file) => file.bytes))} minified, ${sum(styles, (file) => file.gzipBytes)} bytes gzip`,
);
console.log(
  `  of which the app's own code: ≈${measure.ownGzipBytes} bytes (${kb(measure.ownGzipBytes)}) gzip (${within(measure.ownGzipBytes, FIRST_LOAD_BUDGET.ownGzipBytes)}), ≈${kb(ownBrotli)} brotli`,
);
console.log(
  `  libraries (react, react-dom, react-router, valtio): ≈${kb(sum(scripts, (file) => file.gzipBytes) - measure.ownGzipBytes)} gzip`,
);
for (const file of measure.list)
  console.log(`    ${file.url}: ${file.bytes} bytes, ${file.gzipBytes} gzip, own ≈${file.ownGzipBytes}`);
console.log(
  `  fonts (preloaded by every page, WOFF2): ${measure.fontBytes} bytes (${kb(measure.fontBytes)}; ${within(measure.fontBytes, FIRST_LOAD_BUDGET.fontBytes)})`,
);
for (const font of measure.fonts) console.log(`    ${font.url}: ${font.bytes} bytes`);
const problems = budgetProblems(measure);
console.log(problems.length ? `over budget: ${problems.join('; ')}` : 'within the first-load budget');

if (process.argv.includes('--strict')) {
  const strict = await strictOwnGzipBytes();
  console.log(
    `the app's own code counted strictly (the same chunking built without the libraries, gzipped alone): ${strict.gzipBytes} bytes (${kb(strict.gzipBytes)}) gzip (${within(strict.gzipBytes, FIRST_LOAD_BUDGET.ownGzipBytes)})`,
  );
  for (const file of strict.scripts) console.log(`    ${file.url}: ${file.bytes} bytes, ${file.gzipBytes} gzip`);
}
