/** A content copy whose insights are exactly the articles a test describes. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyContent } from './build.ts';

export interface FixtureArticle {
  folder: string;
  headline: string;
  description?: string;
  text?: string;
  type: string;
  datetime: string;
  audience?: string[];
  services?: string[];
  technology?: string[];
  topics?: string[];
  tags?: string[];
  authors?: string[];
}

interface TestContext {
  teardown(fn: () => unknown): void;
}

export async function insightsContent(
  t: TestContext,
  articles: FixtureArticle[],
  languages: ('en' | 'de')[] = ['en', 'de'],
): Promise<string> {
  return copyContent(t, async (dir) => {
    for (const language of ['en', 'de'] as const) {
      const base = path.join(dir, language, 'homepage', 'insights');
      await rm(base, { recursive: true, force: true });
      await mkdir(base, { recursive: true });
      await writeFile(path.join(base, 'meta.json'), JSON.stringify({ title: 'Insights', canonical: '/insights' }));
      await writeFile(
        path.join(base, 'stage.json'),
        JSON.stringify({ headline: 'Insights', description: 'All insights.' }),
      );
      if (!languages.includes(language)) continue;
      for (const article of articles) {
        const folder = path.join(base, article.folder);
        await mkdir(folder, { recursive: true });
        const json = (file: string, value: unknown) => writeFile(path.join(folder, file), JSON.stringify(value));
        await json('meta.json', { title: article.headline, canonical: `/insights/${article.folder}` });
        await json('stage.json', {
          headline: article.headline,
          description: article.description ?? `About ${article.headline}.`,
        });
        await json('content.json', {
          paragraphs: [{ text: article.text ?? `${article.headline} in detail.`, has_image: 'FALSE' }],
        });
        await json('author.json', {
          authors: (article.authors ?? ['Katharina Albers']).map((name) => ({ name, role: 'Consultant' })),
        });
        await json('general_information.json', {
          type: article.type,
          datetime: article.datetime,
          audience: article.audience ?? [],
          services: article.services ?? [],
          technology: article.technology ?? [],
          topics: article.topics ?? [],
          tags: article.tags ?? [],
        });
      }
    }
  });
}
