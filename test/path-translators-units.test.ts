import { readFileSync } from 'node:fs';
import t from 'tap';
import type { LanguageMapping } from '#app/content/types.ts';
import { createPathTranslators, translationsOf } from '#app/i18n/translate-path.ts';

const readMapping = (): LanguageMapping =>
  JSON.parse(readFileSync('content/language_mapping.json', 'utf8')) as LanguageMapping;

t.test('a route table prepares each language mapping once and a reloaded mapping anew', async (t) => {
  const translatorOf = createPathTranslators();
  const mapping = readMapping();
  const first = translatorOf(mapping);
  t.equal(translatorOf(mapping), first, 'the same mapping object keeps its translator');
  t.same(first('en', '/technology/lunio'), translationsOf(mapping, 'en', '/technology/lunio'));
  t.equal(first('en', '/technology/lunio').length, 2, 'a page with both languages has both');

  // A content reload brings a new object, here with the German version of the page gone.
  const reloaded = readMapping();
  const lunio = reloaded.de?.find((entry) => entry.path === '/technologie/lunio');
  t.ok(lunio, 'the shipped mapping has the German page');
  if (lunio) lunio.isActive = false;
  const second = translatorOf(reloaded);
  t.not(second, first, 'a new mapping object gets a translator of its own');
  t.same(second('en', '/technology/lunio'), [], 'which reads the new mapping');
  t.equal(first('en', '/technology/lunio').length, 2, 'while the old translator still reads the old one');
});

t.test('two route tables share no translator', async (t) => {
  const mapping = readMapping();
  t.not(createPathTranslators()(mapping), createPathTranslators()(mapping));
});

t.test('without a mapping no path has translations', async (t) => {
  t.same(createPathTranslators()(null)('en', '/'), []);
});
