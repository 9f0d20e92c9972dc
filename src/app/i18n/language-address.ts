/**
 * One address per language version of a page, for crawlers and links. A one-language path
 * (/unternehmen/..., /company/...) is its own address; a shared path (/, /insights, ...)
 * names its language in the query, which wins over cookie and Accept-Language. The bare
 * shared path stays the address that follows the visitor's language: the x-default.
 */
import { languageOfPath } from '../match-page.ts';
import { isLanguage, type Language } from './language.ts';

export const LANGUAGE_PARAM = 'lang';

export function languageAddress(path: string, language: Language): string {
  return languageOfPath(path) ? path : `${path}?${LANGUAGE_PARAM}=${language}`;
}

/** The language a URL's query names, when it names exactly one of the site's languages. */
export function languageOfQuery(search: URLSearchParams): Language | undefined {
  const values = search.getAll(LANGUAGE_PARAM);
  return values.length === 1 && isLanguage(values[0]) ? values[0] : undefined;
}

/** The language an address names itself: its one-language path's, else its ?lang=; undefined for a shared path without one. */
export function languageNamedBy(url: Pick<URL, 'pathname' | 'searchParams'>): Language | undefined {
  return languageOfPath(url.pathname) ?? languageOfQuery(url.searchParams);
}
