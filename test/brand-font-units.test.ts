/**
 * The brand font is subset to the characters the site sets: every character of the content (both languages) and of
 * the app's components is drawn by the built font or, for the few signs Archivo lacks, by the fallback face; every
 * letter is in the brand font. A character new to the content gets its glyph from the next build, and the fallback
 * face's metrics are Capsize's for Archivo over Arial.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as fontkit from 'fontkit';
import t from 'tap';
import { brandFontFiles, facesCss, fallbackFace, unicodeRange } from '../scripts/brand-font.mjs';
import { siteCharacters } from '../scripts/site-characters.mjs';

/** The characters of `characters` the font file has no glyph for. */
function absentFrom(bytes: Buffer | Uint8Array, characters: string): string[] {
  const font = fontkit.create(Buffer.from(bytes)) as fontkit.Font;
  return [...characters].filter((character) => !font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0));
}

t.test(
  'the content sets German text, and every character it uses is in a brand font file or named as missing',
  async (t) => {
    const characters = await siteCharacters('.');
    for (const german of 'äöüÄÖÜß„“–…') t.ok(characters.includes(german), `the content uses ${german}`);
    const { files, missing } = await brandFontFiles('.');
    t.ok(files.length >= 1, 'at least the Latin file is made');
    const inFiles = new Set(files.flatMap((file) => [...file.characters]));
    const uncovered = [...characters].filter((character) => !inFiles.has(character) && !missing.includes(character));
    t.same(uncovered, [], `each of the ${characters.length} characters is in a font file or named as missing`);
    t.notMatch(missing, /[\p{L}\p{N}]/u, `no letter or digit is left to the fallback face (missing: ${missing})`);
    for (const file of files) {
      t.same(
        absentFrom(file.bytes, file.characters),
        [],
        `${file.name} has a glyph for each of its ${file.characters.length} characters`,
      );
    }
  },
);

t.test('the built font in dist/ draws every character of the content the brand font has', async (t) => {
  const manifest = JSON.parse(await readFile('dist/manifest.json', 'utf8')) as { fontPreloads?: string[] };
  const [latin] = manifest.fontPreloads ?? [];
  if (!latin) return t.fail('the build names no preloaded font; run npm run build');
  const built = await readFile(path.join('dist/public', latin));
  const { files } = await brandFontFiles('.');
  const expected = files.find((file) => file.subset === 'latin');
  t.same(
    absentFrom(built, expected?.characters ?? ''),
    [],
    `${latin} (${built.length} bytes) draws the ${expected?.characters.length} characters`,
  );
});

t.test('a character new to the content is subset into the next build', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'nordstern-font-'));
  t.teardown(() => rm(root, { recursive: true, force: true }));
  await mkdir(path.join(root, 'content', 'de'), { recursive: true });
  await writeFile(path.join(root, 'content', 'de', 'page.json'), JSON.stringify({ text: 'Łódź und Ærø' }));
  const { files } = await brandFontFiles(root);
  const all = files.map((file) => file.characters).join('');
  for (const character of 'ŁóźÆø') t.ok(all.includes(character), `${character} is subset`);
  const extended = files.find((file) => file.subset === 'latin-ext');
  t.ok(
    extended && absentFrom(extended.bytes, 'Ł').length === 0,
    'Ł, outside Latin, gets a Latin Extended file of its own',
  );
  t.match(
    facesCss(files.map((file) => ({ ...file, url: `/assets/media/${file.name}` }))),
    /unicode-range: [^;]*U\+141/,
  );
});

t.test('unicode-range runs consecutive code points together', async (t) => {
  t.equal(unicodeRange('abcxz€'), 'U+61-63, U+78, U+7A, U+20AC');
});

t.test('the fallback face scales Arial to Archivo', async (t) => {
  const face = fallbackFace();
  // Archivo's average width (440/1000) over Arial's (913/2048), and its ascent and descent through that scale.
  t.match(face.sizeAdjust, /^98\.\d+%$/);
  t.match(face.ascentOverride, /^88\.\d+%$/);
  t.match(face.descentOverride, /^21\.\d+%$/);
  t.equal(face.lineGapOverride, '0%');
});
