/**
 * The route table's static handlers, one per page. react-router's handler matches a request by
 * trying the whole table's ranked branches in turn, about a hundred regular expressions and
 * path joins before it reaches the homepage; and the static router made for each render
 * converts the whole table again. The page is found here by the table compiled once in
 * paths.ts (a test holds it to react-router's own ranking), and answered by a handler whose
 * table holds only that page and the not-found route below the same root and pages routes:
 * the same matches, route ids, loaders, data and markup, for a fraction of the work.
 */
import { createStaticHandler, type RouteObject, type StaticHandler } from 'react-router';
import { matchPageRoute } from '#app/match-page.ts';
import { PAGE_ROUTES } from '#app/page-table.ts';
import { NOT_FOUND_ROUTE_ID, PAGES_ROUTE_ID } from '#app/routes.tsx';

export interface RouteHandlers {
  /** The handler that answers this pathname. */
  handlerOf(pathname: string): StaticHandler;
}

/** The table with the pages route's children cut down to `keep` and the not-found route. */
function tableWith(routes: readonly RouteObject[], keep: string | undefined): RouteObject[] {
  return routes.map((route) => {
    if (!route.children) return route;
    const children =
      route.id === PAGES_ROUTE_ID
        ? route.children.filter((child) => child.id === keep || child.id === NOT_FOUND_ROUTE_ID)
        : tableWith(route.children, keep);
    return { ...route, children } as RouteObject;
  });
}

export function createRouteHandlers(routes: RouteObject[]): RouteHandlers {
  const notFound = createStaticHandler(tableWith(routes, undefined));
  const byPage = new Map(PAGE_ROUTES.map((page) => [page.id, createStaticHandler(tableWith(routes, page.id))]));
  return {
    handlerOf(pathname) {
      const page = matchPageRoute(pathname);
      return (page && byPage.get(page.route.id)) ?? notFound;
    },
  };
}
