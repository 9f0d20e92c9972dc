import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { CONTENT_TYPES, groupOf } from '#app/insights/model.ts';

const ROOT = path.resolve('content');
const REQUIRED = ['meta.json', 'stage.json', 'content.json', 'author.json', 'general_information.json'];
const folders = (language: string) =>
  readdirSync(path.join(ROOT, language, 'homepage', 'insights'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
const read = (language: string, folder: string, file: string) =>
  JSON.parse(readFileSync(path.join(ROOT, language, 'homepage', 'insights', folder, file), 'utf8')) as Record<
    string,
    unknown
  >;

t.test('at least 18 insights, the same in both languages, of every type an insight can carry', async (t) => {
  const en = folders('en');
  t.ok(en.length >= 18, `${en.length} insights`);
  t.same(folders('de'), en, 'the same folders in German');
  const types = new Set(en.map((folder) => read('en', folder, 'general_information.json').type));
  // No insight is a video: a page has no player to keep that label's promise (content-check/facts-insight-types.ts).
  t.same(
    [...types].sort(),
    CONTENT_TYPES.filter((type) => type !== 'video').sort(),
    'every content type present but video',
  );
});

t.test('every insight is complete and its filter values are known', async (t) => {
  for (const language of ['en', 'de']) {
    for (const folder of folders(language)) {
      for (const file of REQUIRED)
        t.ok(
          existsSync(path.join(ROOT, language, 'homepage', 'insights', folder, file)),
          `${language}/${folder}/${file}`,
        );
      const info = read(language, folder, 'general_information.json');
      t.ok(CONTENT_TYPES.includes(info.type as never), `${folder}: type ${String(info.type)}`);
      t.notOk(Number.isNaN(Date.parse(String(info.datetime))), `${folder}: datetime`);
      for (const group of ['audience', 'services', 'technology', 'topics']) {
        for (const value of (info[group] as string[] | undefined) ?? [])
          t.equal(groupOf(value), group, `${folder}: ${value} is a ${group} value`);
      }
      const { paragraphs } = read(language, folder, 'content.json') as {
        paragraphs: { has_image?: string; image?: string; text: string }[];
      };
      t.ok(paragraphs.length >= 3, `${language}/${folder}: paragraphs`);
      for (const paragraph of paragraphs.filter((p) => p.has_image === 'TRUE')) {
        t.ok(
          paragraph.image && existsSync(path.join('static', paragraph.image)),
          `${folder}: ${paragraph.image} exists`,
        );
      }
      t.ok(existsSync(path.join('static', 'images', 'insights', folder, 'image.jpg')), `${folder}: card image`);
    }
  }
});

t.test('card images are real JPEGs', async (t) => {
  for (const folder of folders('en')) {
    const bytes = readFileSync(path.join('static', 'images', 'insights', folder, 'image.jpg'));
    t.ok(bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff, `${folder}: JPEG`);
  }
});
