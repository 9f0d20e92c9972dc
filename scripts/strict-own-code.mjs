// The app's own first-load code counted strictly: the client built once more with the same
// chunking but the libraries left out, and the first load's scripts of that build gzipped as they
// are, so every byte counted is the app's (its modules and the bundler's imports and exports
// between them). `npm run bench:bundle -- --strict` prints it; test/first-load-budget.test.ts runs
// this file (node scripts/strict-own-code.mjs) and reads the JSON it prints.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { clientBuildOptions, manifestOf } from '../build.mjs';
import { measureFirstLoad } from './first-load-budget.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The first load's scripts of a client build without its libraries, gzipped: { gzipBytes, scripts }.
 * Built in a folder of its own in the project (named by the process, so a test and a benchmark
 * may run at once), removed after.
 */
export async function strictOwnGzipBytes(dir = path.join(ROOT, `dist-strict-${process.pid}`)) {
  const assetsDir = path.resolve(dir, 'public', 'assets');
  await rm(dir, { recursive: true, force: true });
  await mkdir(assetsDir, { recursive: true });
  try {
    const { metafile } = await esbuild.build({ ...clientBuildOptions(assetsDir), packages: 'external' });
    const scripts = (await measureFirstLoad(dir, manifestOf(metafile, assetsDir), metafile)).list.filter((file) =>
      file.url.endsWith('.js'),
    );
    return { gzipBytes: scripts.reduce((total, file) => total + file.gzipBytes, 0), scripts };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await strictOwnGzipBytes()));
}
