/** Finds a page's translations through language_mapping.json: same idx, other language. */
import { generatePath, matchPath } from 'react-router';
import type { LanguageMapping } from '../content/types.ts';
import { LANGUAGES, type Language } from './language.ts';

export interface Translation {
  language: Language;
  path: string;
}

/** Every active language version of the path, the current language included; empty when the path has none. */
export function translationsOf(mapping: LanguageMapping | null, language: Language, pathname: string): Translation[] {
  if (!mapping) return [];
  const entries = mapping[language] ?? [];
  // Exact paths before patterns, so /technology/lunio wins over /technology/:slug; among patterns the one
  // with more fixed segments, so /company/events/omr/meeting-request wins over /company/events/omr/:location?.
  const fixedSegments = (path: string) => path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')).length;
  const ordered = [...entries].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')) || fixedSegments(b.path) - fixedSegments(a.path));
  for (const entry of ordered) {
    const match = matchPath({ path: entry.path, end: true }, pathname);
    if (!match) continue;
    const found: Translation[] = [];
    for (const other of LANGUAGES) {
      const target = mapping[other]?.find((candidate) => candidate.idx === entry.idx && candidate.isActive);
      if (!target) continue;
      try {
        found.push({ language: other, path: generatePath(target.path, match.params) });
      } catch {
        // A mapping entry whose parameters do not fit this path has no translation here.
      }
    }
    return found.length > 1 ? found : [];
  }
  return [];
}
