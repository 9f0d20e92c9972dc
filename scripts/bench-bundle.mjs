// Measures the build: its time, and the JavaScript a first visit to the homepage loads
// (entry plus the homepage's chunks), gzipped and brotli, and how much of it is the app's own code.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from '../build.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const times = [];
let manifest;
for (let i = 0; i < runs; i += 1) {
  const result = await build();
  times.push(result.ms);
  manifest = result.manifest;
}
times.sort((a, b) => a - b);

const metafile = JSON.parse(await readFile('dist/meta-client.json', 'utf8'));
const homeFiles = [...new Set([...manifest.entryModules, ...(manifest.pages['src/app/pages/home.tsx'] ?? [])])];
const toOutput = (url) => path.join('dist/public', url).split(path.sep).join('/');

let raw = 0;
let gz = 0;
let br = 0;
let ownRaw = 0;
let ownGz = 0;
let ownBr = 0;
for (const url of homeFiles) {
  const file = toOutput(url);
  const body = await readFile(file);
  const gzSize = gzipSync(body, { level: 9 }).length;
  const brSize = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
  raw += body.length;
  gz += gzSize;
  br += brSize;
  // The app's share of a chunk: its inputs outside node_modules, by their bytes in the output.
  const inputs = Object.entries(metafile.outputs[file]?.inputs ?? {});
  const own = inputs.filter(([input]) => !input.includes('node_modules')).reduce((sum, [, info]) => sum + info.bytesInOutput, 0);
  const share = body.length ? own / body.length : 0;
  ownRaw += own;
  ownGz += gzSize * share;
  ownBr += brSize * share;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`build time (median of ${runs}): ${times[Math.floor(times.length / 2)]} ms (min ${times[0]}, max ${times.at(-1)})`);
console.log(`homepage first-load JS: ${homeFiles.length} files, ${kb(raw)} minified, ${kb(gz)} gzip, ${kb(br)} brotli`);
console.log(`  of which the app's own code: ${kb(ownRaw)} minified, ≈${kb(ownGz)} gzip, ≈${kb(ownBr)} brotli`);
console.log(`  libraries (react, react-dom, react-router, valtio): ≈${kb(gz - ownGz)} gzip, ≈${kb(br - ownBr)} brotli`);
