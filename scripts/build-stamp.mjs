// Whether dist/ is as new as what it is built from. Kept apart from build.mjs, so that
// `npm start` can ask without loading the bundler and the image encoder into the server.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteCharacters } from './site-characters.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const STAMP_FILE = path.join(ROOT, 'dist', '.build-stamp');
/** What the build reads; a change to any of these makes the build stale. */
export const INPUTS = [
  'src',
  'client',
  'build.mjs',
  'scripts/build-images.mjs',
  'scripts/build-stamp.mjs',
  'scripts/brand-font.mjs',
  'scripts/site-characters.mjs',
  'static/images',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

async function listFiles(entry) {
  const full = path.join(ROOT, entry);
  const info = await stat(full).catch(() => null);
  if (!info) return [];
  if (info.isFile()) return [full];
  const entries = await readdir(full, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * A fingerprint of every build input: path, size and modification time, and the characters the
 * content sets (the brand font is subset to them; other content changes need no build).
 */
export async function inputsStamp() {
  const hash = createHash('sha256');
  const files = (await Promise.all(INPUTS.map(listFiles))).flat().sort();
  for (const file of files) {
    const info = await stat(file);
    hash.update(`${path.relative(ROOT, file)}:${info.size}:${info.mtimeMs}\n`);
  }
  hash.update(await siteCharacters(ROOT));
  return hash.digest('hex');
}

export async function isBuildFresh() {
  const stamp = await readFile(STAMP_FILE, 'utf8').catch(() => '');
  return stamp !== '' && stamp === (await inputsStamp());
}
