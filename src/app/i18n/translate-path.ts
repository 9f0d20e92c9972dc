/** Finds a page's translations through language_mapping.json: same idx, other language. */
import { generatePath, matchPath } from 'react-router';
import type { LanguageMapping, LanguagePathEntry } from '../content/types.ts';
import { LANGUAGES, type Language } from './language.ts';

export interface Translation {
  language: Language;
  path: string;
}

const withoutTrailingSlashes = (path: string) => path.replace(/\/+$/, '');
/** Characters that make a mapping path more than one fixed path: parameters, optional segments, splats. */
const PATTERN_CHARACTERS = /[:?*]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: all of ASCII, control characters included, is meant
const ASCII = /^[\x00-\x7f]*$/;

interface OrderedEntry {
  entry: LanguagePathEntry;
  /**
   * For a fixed path: the path as matchPath compares it (trailing slashes off, one leading
   * slash, letter case ignored), so a pathname is compared with it instead of compiling a
   * regular expression per entry and render. Undefined for patterns.
   */
  fixed: string | undefined;
}

/** A language's entries in the order they are tried. */
function orderEntries(entries: readonly LanguagePathEntry[]): OrderedEntry[] {
  // Exact paths before patterns, so /technology/lunio wins over /technology/:slug; among patterns the one
  // with more fixed segments, so /company/events/omr/meeting-request wins over /company/events/omr/:location?.
  const fixedSegments = (path: string) =>
    path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')).length;
  return [...entries]
    .sort(
      (a, b) =>
        Number(a.path.includes(':')) - Number(b.path.includes(':')) || fixedSegments(b.path) - fixedSegments(a.path),
    )
    .map((entry) => ({
      entry,
      fixed:
        PATTERN_CHARACTERS.test(entry.path) || !ASCII.test(entry.path)
          ? undefined
          : `/${withoutTrailingSlashes(entry.path).replace(/^\/+/, '')}`.toLowerCase(),
    }));
}

/** Whether matchPath({ path, end: true }) would match pathname, for a fixed path; undefined when only matchPath can tell. */
function matchesFixed(fixed: string, pathname: string): boolean | undefined {
  // matchPath ignores case as regular expressions do, which differs from toLowerCase outside ASCII.
  if (!pathname.startsWith('/') || !ASCII.test(pathname)) return undefined;
  return (withoutTrailingSlashes(pathname) || '/').toLowerCase() === (withoutTrailingSlashes(fixed) || '/');
}

/** Finds a path's translations in one mapping. */
export type PathTranslator = (language: Language, pathname: string) => Translation[];

/** The translator of no mapping: no path has translations. */
const noTranslations: PathTranslator = () => [];

/**
 * The translator of one mapping: each language's entries are put in the order they are tried
 * once, here, not on every lookup; a page render or a sitemap makes many lookups in one mapping.
 */
export function createPathTranslator(mapping: LanguageMapping | null): PathTranslator {
  if (!mapping) return noTranslations;
  const ordered = new Map(LANGUAGES.map((language) => [language, orderEntries(mapping[language] ?? [])]));
  return (language, pathname) => translationsIn(mapping, ordered.get(language) ?? [], pathname);
}

/**
 * A translator for each mapping it is given, made once per mapping: the content store hands
 * the same frozen mapping to every request until a reload, which brings a new object (and a
 * new order); the browser's content source hands out the same one for each fetch. One per route
 * table, so its translators live as long as the table, never in the module.
 */
export function createPathTranslators(): (mapping: LanguageMapping | null) => PathTranslator {
  const translators = new WeakMap<LanguageMapping, PathTranslator>();
  return (mapping) => {
    if (!mapping) return noTranslations;
    let translator = translators.get(mapping);
    if (!translator) {
      translator = createPathTranslator(mapping);
      translators.set(mapping, translator);
    }
    return translator;
  };
}

/** Every active language version of the path, the current language included; empty when the path has none. One lookup: many use a translator. */
export function translationsOf(mapping: LanguageMapping | null, language: Language, pathname: string): Translation[] {
  return createPathTranslator(mapping)(language, pathname);
}

function translationsIn(mapping: LanguageMapping, ordered: readonly OrderedEntry[], pathname: string): Translation[] {
  for (const { entry, fixed } of ordered) {
    const fixedMatch = fixed === undefined ? undefined : matchesFixed(fixed, pathname);
    if (fixedMatch === false) continue;
    const match = fixedMatch ? { params: {} } : matchPath({ path: entry.path, end: true }, pathname);
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
