/**
 * Every page of the homepage, services and technology sections, found from the content
 * folders, in both languages: its URL, the cookie that picks its language on shared
 * paths, and the headline its stage shows.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface SectionPage {
  language: 'en' | 'de';
  path: string;
  folder: string;
  headline: string;
  /** The language cookie a shared path needs to answer in this language. */
  cookie: string;
}

const SECTIONS: Record<'en' | 'de', string[]> = { en: ['services', 'technology'], de: ['services', 'technologie'] };

function folders(root: string): string[] {
  return [
    root,
    ...readdirSync(root).flatMap((name) =>
      statSync(path.join(root, name)).isDirectory() ? folders(path.join(root, name)) : [],
    ),
  ];
}

function headlineOf(folder: string): string {
  for (const file of ['stage.json', 'stage_blue.json']) {
    try {
      return (JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { headline: string }).headline;
    } catch {
      // not this stage
    }
  }
  throw new Error(`${folder} has no stage`);
}

export function sectionPages(contentDir = path.resolve('content')): SectionPage[] {
  const pages: SectionPage[] = [];
  for (const language of ['en', 'de'] as const) {
    const home = path.join(contentDir, language, 'homepage');
    const candidates = [home, ...SECTIONS[language].flatMap((section) => folders(path.join(home, section)))];
    for (const folder of candidates) {
      const relative = path.relative(home, folder).split(path.sep).join('/');
      pages.push({
        language,
        path: `/${relative}`,
        folder: `${language}/homepage${relative ? `/${relative}` : ''}`,
        headline: headlineOf(folder),
        cookie: `language=${language}`,
      });
    }
  }
  return pages;
}
