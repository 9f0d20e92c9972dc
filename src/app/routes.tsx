/**
 * The one route table, used by the server's static handler and the browser's router.
 * Loaders read content through the ContentSource they are given, so the same table
 * serves files on the server and fetches in the browser.
 */
import { type ComponentType, lazy } from 'react';
import type { RouteObject, ShouldRevalidateFunctionArgs } from 'react-router';
import { languageNamedBy } from './i18n/language-address.ts';
import { createPathTranslators } from './i18n/translate-path.ts';
import { FatalErrorDocument } from './layout/fatal-error-document.tsx';
import { Root } from './layout/root.tsx';
import { PAGE_ROUTES, type PageModuleName, type PageRoute } from './page-table.ts';
import type { RootHandle, RouteDeps } from './route-data.ts';
import { withStyles } from './styles/on-demand.ts';

/** Each page module becomes its own chunk, with its stylesheets; the server's manifest finds it by this file name. */
export const PAGE_MODULES: Record<PageModuleName, () => Promise<{ Component: ComponentType }>> = {
  home: () => withStyles('home', import('./pages/home.tsx')),
  content: () => withStyles('content-page', import('./pages/content-page.tsx')),
  insights: () => withStyles('insights', import('./pages/insights.tsx')),
  'insight-article': () => withStyles('insight-article', import('./pages/insight-article.tsx')),
};

/**
 * The loaders' code, which the browser needs only from the first navigation on (the first page
 * comes with its data): a chunk of its own, so no first load carries it.
 */
export const loadRouteLoaders = () => import('./route-loaders.ts');

/** A page module's file name without folder and extension, which its stylesheets go by (see styles/on-demand.ts). */
export const pageModuleName = (name: PageModuleName) => (name === 'content' ? 'content-page' : name);

export const pageModuleFile = (name: PageModuleName) => `src/app/pages/${pageModuleName(name)}.tsx`;

/** The error page inside the layout, by the name its stylesheets go by: a page that answers with it carries them. */
export const ROUTE_ERROR_PAGE_MODULE = 'route-error-page';

export const ROOT_ROUTE_ID = 'root';
export const PAGES_ROUTE_ID = 'pages';
export const NOT_FOUND_ROUTE_ID = 'not-found';

/**
 * The error page inside the layout, which few visits show: loaded when one does (a page that
 * hydrates with an error waits for it). Should its chunk fail, the root's error document, which
 * every page carries, takes over and reloads the page.
 */
const RouteErrorPage = lazy(() =>
  withStyles(ROUTE_ERROR_PAGE_MODULE, import('./layout/route-error-page.tsx')).then((module) => ({
    default: module.RouteErrorPage,
  })),
);

function createPageRoute(deps: RouteDeps, spec: PageRoute): RouteObject {
  return {
    id: spec.id,
    path: spec.path,
    // One spelling per page: /Services is not /services.
    caseSensitive: true,
    lazy: PAGE_MODULES[spec.page],
    loader: async (args) => (await loadRouteLoaders()).loadPage(deps, spec, args),
  };
}

export function createRoutes(deps: RouteDeps): RouteObject[] {
  // The layout's translators live with the table: a server and a browser each make theirs once.
  const handle: RootHandle = { translatorOf: createPathTranslators() };
  return [
    {
      id: ROOT_ROUTE_ID,
      Component: Root,
      handle,
      ErrorBoundary: FatalErrorDocument,
      loader: async (args) => (await loadRouteLoaders()).loadRoot(deps, args),
      // Layout texts change only with the language; everything else keeps them.
      shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
        if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
        return languageNamedBy(currentUrl) !== languageNamedBy(nextUrl);
      },
      children: [
        {
          id: PAGES_ROUTE_ID,
          ErrorBoundary: RouteErrorPage,
          children: [
            ...PAGE_ROUTES.map((spec) => createPageRoute(deps, spec)),
            {
              id: NOT_FOUND_ROUTE_ID,
              path: '*',
              loader: async (args) => {
                throw await (await loadRouteLoaders()).unknownAddress(deps, args);
              },
            },
          ],
        },
      ],
    },
  ];
}
