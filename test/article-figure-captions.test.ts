/** Every diagram of an insight has a caption in both languages, under it on the page, with a link to the full-size file. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { build } from './helpers/build.ts';

interface Paragraph {
  image?: string;
  has_image?: string;
  image_caption?: string;
}

function figuresOf(language: 'en' | 'de', folder: string): Paragraph[] {
  const file = path.join('content', language, 'homepage/insights', folder, 'content.json');
  const raw = (JSON.parse(readFileSync(file, 'utf8')) as { paragraphs: Paragraph | Paragraph[] }).paragraphs;
  return (Array.isArray(raw) ? raw : [raw]).filter((paragraph) => paragraph.has_image === 'TRUE' && paragraph.image);
}

const folders = readdirSync('content/en/homepage/insights', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

t.test('every diagram has a caption in its content, in both languages', async (t) => {
  let count = 0;
  for (const language of ['en', 'de'] as const) {
    for (const folder of folders) {
      for (const figure of figuresOf(language, folder)) {
        count += 1;
        t.ok(figure.image_caption?.trim(), `${language} ${folder} ${figure.image}`);
      }
    }
  }
  t.ok(count > 0, `${count} diagrams`);
});

t.test('the article page shows each caption under its diagram, and the full-size file opens', async (t) => {
  const app = await build(t);
  for (const language of ['en', 'de'] as const) {
    for (const folder of folders) {
      const figures = figuresOf(language, folder);
      if (!figures.length) continue;
      const response = await app.inject({ url: `/insights/${folder}?lang=${language}` });
      t.equal(response.statusCode, 200);
      const rendered = [...response.body.matchAll(/<figure class="article__figure">([\s\S]*?)<\/figure>/g)].map(
        (match) => match[1] ?? '',
      );
      t.equal(rendered.length, figures.length, `${language} ${folder}: every diagram is a figure`);
      for (const [index, html] of rendered.entries()) {
        const caption = html.match(/<figcaption[^>]*>([\s\S]*?)<\/figcaption>/)?.[1] ?? '';
        t.match(
          caption,
          (figures[index]?.image_caption ?? '').replaceAll('&', '&amp;'),
          `${language} ${folder} caption`,
        );
        const full = caption.match(/<a class="article__figure-open" href="([^"]+)"/)?.[1];
        t.ok(full, `${language} ${folder}: a link to the full-size diagram`);
        if (full) t.equal((await app.inject({ url: full })).statusCode, 200, `${full} opens`);
      }
    }
  }
});
