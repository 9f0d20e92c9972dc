/**
 * The route label of a request: the route's pattern, never its path, so anything a visitor
 * types into the address bar ends up in one of a fixed set of series.
 */
import { matchPageRoute } from '#app/match-page.ts';
import { PAGES_PATTERN } from '../plugins/ssr.ts';

/** Every answer no route or page owns: unknown paths, refused methods. */
export const NOT_FOUND_ROUTE = 'not_found';

/** A page by the id of its route in the page table (`home`, `insight-article`), or not_found. */
export function pageRoute(pathname: string): string {
  return matchPageRoute(pathname)?.route.id ?? NOT_FOUND_ROUTE;
}

/** `pattern` is Fastify's route pattern of the request, undefined when no route matched. */
export function routeLabel(pattern: string | undefined, url: string): string {
  if (pattern === undefined) return NOT_FOUND_ROUTE;
  // The catch-all answers every page; the page table tells them apart as cheaply as the router does.
  if (pattern === PAGES_PATTERN) return pageRoute(pathOf(url));
  return pattern;
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
