/**
 * npm run content:typography [contentDir]: applies the house typography (scripts/content-check/typography.ts)
 * to every prose text of content/de and content/en and rewrites the files that change, so a merged
 * or newly written text meets what content:check asks without fixing each space by hand.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ADDRESS_KEYS } from './content-check/check-content.ts';
import { fixTypography, isProse } from './content-check/typography.ts';

const root = path.resolve(import.meta.dirname, '..');
const contentDir = path.resolve(process.argv[2] ?? path.join(root, 'content'));

function fixValue(value: unknown, language: string, key = ''): unknown {
  if (typeof value === 'string')
    return ADDRESS_KEYS.has(key) || !isProse(value) ? value : fixTypography(value, language);
  if (Array.isArray(value)) return value.map((item) => fixValue(item, language, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, fixValue(item, language, name)]));
  return value;
}

let changed = 0;
for (const language of ['de', 'en']) {
  for (const entry of await readdir(path.join(contentDir, language), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const before = await readFile(file, 'utf8');
    const after = `${JSON.stringify(fixValue(JSON.parse(before), language), null, 2)}\n`;
    if (after === before) continue;
    await writeFile(file, after);
    changed += 1;
    console.log(path.relative(contentDir, file));
  }
}
console.log(`${changed} file${changed === 1 ? '' : 's'} rewritten.`);
