/**
 * The page a path matches, as the browser finds it: the client build puts this module in place
 * of page-matcher.ts (BROWSER_VARIANTS in build.mjs). React-router's matching, which the browser
 * carries anyway, instead of the server's compiled copy of it: the browser asks a few times per
 * page shown, so the copy's speed is not worth its bytes in every first load.
 */
import { matchRoutes } from 'react-router';
import type { matchPageRoute as serverMatchPageRoute } from './page-matcher.ts';
import { PAGE_ROUTES, type PageRoute } from './page-table.ts';

/** The table as react-router's matching takes it, each entry with its page; made at the first match. */
let table: { path: string; caseSensitive: boolean; page: PageRoute }[] | undefined;

export const matchPageRoute: typeof serverMatchPageRoute = (pathname) => {
  table ??= PAGE_ROUTES.map((page) => ({ path: page.path, caseSensitive: true, page }));
  const match = matchRoutes(table, pathname)?.[0];
  return match ? { route: match.route.page, params: match.params } : undefined;
};
