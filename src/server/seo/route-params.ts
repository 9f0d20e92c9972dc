/**
 * What a route's dynamic segments can be, read from the route itself: its path names the
 * segments, and its folder() shows which of them a content folder is built from
 * (/services/:slug reads homepage/services/{slug}), so the folders that exist name the
 * values those segments can take.
 */
import type { LoadedPageRoute } from '#app/page-loading.ts';

export type RouteParams = Readonly<Record<string, string>>;

export interface PathParam {
  name: string;
  optional: boolean;
}

/** '/company/events/omr/:location?/:year?' → location and year, both optional. */
export function pathParams(path: string): PathParam[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => ({ name: segment.slice(1).replace(/\?$/, ''), optional: segment.endsWith('?') }));
}

/** Cannot occur in a folder name, so it marks where folder() placed a parameter. */
const MARK = '\u0000';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads a content folder the way the route would have built it: the parameters it fills,
 * or undefined when the route never reads that folder. A route whose folder does not
 * depend on its parameters reads exactly one folder, and fills nothing from it.
 */
export function folderReader(route: LoadedPageRoute): (folder: string) => RouteParams | undefined {
  const probe = route.folder(
    Object.fromEntries(pathParams(route.path).map(({ name }) => [name, `${MARK}${name}${MARK}`])),
  );
  const names: string[] = [];
  const source = probe
    .split(MARK)
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '([^/]+)';
    })
    .join('');
  const pattern = new RegExp(`^${source}$`);
  return (folder) => {
    const match = pattern.exec(folder);
    return match ? Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) : undefined;
  };
}
