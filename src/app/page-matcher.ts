/**
 * The page a path matches, found without react-router, whose matching flattens, ranks and
 * compiles the whole table on every call: the server asks on every request. Optional segments
 * are expanded and ranked as react-router does it; when the router is upgraded, this is the copy
 * to compare (test/routes.test.ts matches both on every route). The browser, which carries
 * react-router anyway, uses its matching instead (page-matcher.browser.ts, BROWSER_VARIANTS in
 * build.mjs), so no first load carries this copy.
 */
import { decodePath } from './decode-path.ts';
import { PAGE_ROUTES, type PageParams, type PageRoute } from './page-table.ts';

/**
 * One way a route's path can match: react-router expands optional segments into one path
 * each and ranks them by its specificity score; this does the same once, at start, so a
 * lookup is a walk over compiled patterns instead of react-router flattening and ranking
 * the whole table on every call (the test compares both on every route).
 */
interface CompiledPattern {
  route: PageRoute;
  /** The expanded path, e.g. /company/events/omr/:location for one of /company/events/omr/:location?/:year?/:month? */
  path: string;
  pattern: RegExp;
  names: string[];
  score: number;
  order: number;
}

const PARAM_SEGMENT = /^:[\w-]+$/;

/** '/a/:b?/:c?' → '/a', '/a/:b', '/a/:b/:c', as react-router expands optional segments. */
function expandOptional(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const required = segments.filter((segment) => !segment.endsWith('?'));
  const optional = segments.filter((segment) => segment.endsWith('?')).map((segment) => segment.slice(0, -1));
  return optional
    .map((_, count) => [...required, ...optional.slice(0, count)])
    .concat([[...required, ...optional]])
    .map((parts) => `/${parts.join('/')}`);
}

/** react-router's ranking: more segments, static over dynamic. */
function specificity(path: string): number {
  const segments = path.split('/');
  return segments.reduce(
    (score, segment) => score + (PARAM_SEGMENT.test(segment) ? 3 : segment === '' ? 1 : 10),
    segments.length,
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const COMPILED_PATTERNS: readonly CompiledPattern[] = PAGE_ROUTES.flatMap((route, order) =>
  expandOptional(route.path).map((path) => {
    const names: string[] = [];
    const source = path
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        if (!PARAM_SEGMENT.test(segment)) return `/${escapeRegExp(segment)}`;
        names.push(segment.slice(1));
        return '/([^/]+)';
      })
      .join('');
    return { route, path, pattern: new RegExp(`^${source}/*$`), names, score: specificity(path), order };
  }),
).sort((a, b) => b.score - a.score || a.order - b.order);

/**
 * The routes of paths without parameters, by path. A pattern matches only paths of its own
 * number of segments, and among those an all-static one ranks first, so a path found here is
 * what the walk over the patterns would find, with one lookup instead of up to a hundred
 * regular expressions (the homepage, least specific, comes last in that walk).
 */
const STATIC_PATHS: ReadonlyMap<string, PageRoute> = (() => {
  const routes = new Map<string, PageRoute>();
  for (const { route, path, names } of COMPILED_PATTERNS)
    if (names.length === 0 && !routes.has(path)) routes.set(path, route);
  return routes;
})();

/** The path without the trailing slashes the patterns allow; the root is '/'. */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end -= 1;
  return end === 0 ? '/' : path.slice(0, end);
}

/** The page route a pathname matches, or undefined for unknown paths. */
export function matchPageRoute(pathname: string): { route: PageRoute; params: PageParams } | undefined {
  const decoded = decodePath(pathname);
  const staticRoute = STATIC_PATHS.get(withoutTrailingSlashes(decoded));
  if (staticRoute) return { route: staticRoute, params: {} };
  for (const { route, pattern, names } of COMPILED_PATTERNS) {
    const match = pattern.exec(decoded);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((name, index) => {
      params[name] = match[index + 1]!.replace(/%2F/g, '/');
    });
    return { route, params };
  }
  return undefined;
}
