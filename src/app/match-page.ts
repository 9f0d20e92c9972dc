/**
 * Which page of the table (page-table.ts) a path is, and what is built on a match: an address
 * with a mailed link's token blanked out, and the language a path belongs to. The server asks on
 * every request, the browser before it hydrates (client/hydrate.tsx). The matching itself is
 * page-matcher.ts on the server (a compiled copy of react-router's ranking) and
 * page-matcher.browser.ts in the browser (react-router's own, which the browser carries anyway).
 */

import { decodePath } from './decode-path.ts';
import type { Language } from './i18n/language.ts';
import { matchPageRoute } from './page-matcher.ts';
import { PAGE_ROUTES } from './page-table.ts';

export { matchPageRoute };

/** What stands in for a token in an address that is logged or reported. */
export const TOKEN_PLACEHOLDER = ':token';

/** Whether a path is a page opened from a mailed link, whose address carries a token. */
export const isTokenPage = (pathname: string): boolean => matchPageRoute(pathname)?.route.token !== undefined;

/** An address (a path, with or without its query) with a mailed link's token blanked out, for logs and the tag manager. */
export function withoutToken(address: string): string {
  const queryAt = address.indexOf('?');
  const pathname = queryAt < 0 ? address : address.slice(0, queryAt);
  const route = matchPageRoute(pathname)?.route;
  if (route?.token === undefined) return address;
  return `${route.path.replace(`:${route.token}`, TOKEN_PLACEHOLDER)}${queryAt < 0 ? '' : address.slice(queryAt)}`;
}

const firstSegment = (path: string) => path.split('/')[1] ?? '';

/**
 * The language of each first path segment that only one-language pages use: /unternehmen is
 * German, so /unternehmen/anything is too, even when no page is there (its 404 is German).
 */
const PREFIX_LANGUAGE: ReadonlyMap<string, Language> = (() => {
  const shared = new Set(
    PAGE_ROUTES.filter((route) => route.language === 'shared').map((route) => firstSegment(route.path)),
  );
  const prefixes = new Map<string, Language>();
  for (const route of PAGE_ROUTES) {
    const segment = firstSegment(route.path);
    if (route.language === 'shared' || shared.has(segment) || segment.startsWith(':')) continue;
    const known = prefixes.get(segment);
    if (known && known !== route.language) throw new Error(`The path prefix /${segment} belongs to both languages`);
    prefixes.set(segment, route.language);
  }
  return prefixes;
})();

/** de or en when the path exists in one language only, or lies under a one-language prefix; undefined for shared paths and others. */
export function languageOfPath(pathname: string): Language | undefined {
  const language = matchPageRoute(pathname)?.route.language ?? PREFIX_LANGUAGE.get(firstSegment(decodePath(pathname)));
  return language === 'en' || language === 'de' ? language : undefined;
}
