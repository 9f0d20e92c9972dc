// The characters the site sets in type: every string of the content files (both languages) and the
// non-ASCII characters of the app's own source (symbols its components write), with printable ASCII
// and the no-break spaces that number formatting puts in. The brand font is subset to these, so
// content that gains a character gains its glyph at the next build. Kept free of heavy imports:
// the build stamp reads it to tell whether dist/ is stale.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Printable ASCII, the no-break space and the narrow no-break space (Intl's number and unit formats). */
const ALWAYS = `${Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('')}\u00a0\u202f`;

async function filesUnder(dir, pattern) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function addStrings(value, into) {
  if (typeof value === 'string') for (const character of value) into.add(character);
  else if (Array.isArray(value)) for (const item of value) addStrings(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) addStrings(item, into);
}

/** Every character a page of the site can show, as a sorted string (root: the project folder). */
export async function siteCharacters(root) {
  const characters = new Set(ALWAYS);
  for (const file of await filesUnder(path.join(root, 'content'), /\.json$/)) {
    addStrings(JSON.parse(await readFile(file, 'utf8')), characters);
  }
  for (const file of await filesUnder(path.join(root, 'src', 'app'), /\.(tsx?|css)$/)) {
    for (const character of await readFile(file, 'utf8'))
      if (character.codePointAt(0) > 0x7f) characters.add(character);
  }
  for (const control of ['\n', '\r', '\t']) characters.delete(control);
  return [...characters].sort((a, b) => a.codePointAt(0) - b.codePointAt(0)).join('');
}
