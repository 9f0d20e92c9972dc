/** The same route table as the server, hydrated onto the streamed document. */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { type AppEnvironment, ENVIRONMENT_GLOBAL, EnvironmentProvider, INLINE_CSS_ID } from '#app/environment.tsx';
import { acceptLanguageOfNavigator, LANGUAGE_COOKIE, readCookie } from '#app/i18n/language.ts';
import { matchPageRoute } from '#app/match-page.ts';
import { createRoutes } from '#app/routes.tsx';
import { createStores, StoresProvider } from '#app/state/stores.tsx';
import { nextTask } from './next-task.ts';
import { createOnDemandSources } from './on-demand-sources.ts';
import { scheduleWebVitals } from './web-vitals-loader.ts';

declare global {
  interface Window {
    [ENVIRONMENT_GLOBAL]?: AppEnvironment;
  }
}

function findRoute(routes: readonly RouteObject[], id: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.id === id) return route;
    const child = route.children ? findRoute(route.children, id) : undefined;
    if (child) return child;
  }
  return undefined;
}

/**
 * The first page's lazy module loads before hydration, so the markup matches. The page is
 * found by the site's page matching (in the browser react-router's, page-matcher.browser.ts).
 */
async function loadFirstPageModule(routes: RouteObject[]): Promise<void> {
  const id = matchPageRoute(window.location.pathname)?.route.id;
  const route = id ? findRoute(routes, id) : undefined;
  if (typeof route?.lazy !== 'function') return;
  const properties = await route.lazy();
  Object.assign(route, { ...properties, lazy: undefined });
}

export async function hydrate(): Promise<void> {
  const environment = window[ENVIRONMENT_GLOBAL];
  if (!environment) throw new Error('The server did not send the page environment');
  // The stylesheets came inlined in the document: hydrate the same style element with the same text.
  const inlineCss = document.getElementById(INLINE_CSS_ID)?.textContent;
  if (inlineCss != null) environment.assets.inlineCss = inlineCss;
  const { content, insights, careers } = createOnDemandSources(environment.assetsBaseUrl);
  const languageSignals = () => ({
    cookie: readCookie(document.cookie, LANGUAGE_COOKIE),
    acceptLanguage: acceptLanguageOfNavigator(navigator.languages),
  });
  const routes = createRoutes({
    content,
    insights,
    careers,
    now: () => new Date(),
    languageSignals,
  });
  // The page's module, when the page has fetched it already, is evaluated at once with the
  // import: in a task of its own, not in the one that evaluated the app chunk (the content pages'
  // module is the largest of the site, and both together made one long task).
  await nextTask();
  await loadFirstPageModule(routes);
  await nextTask();
  const router = createBrowserRouter(routes);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: a tap during start-up is answered at once.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <EnvironmentProvider value={environment}>
          <StoresProvider stores={createStores()}>
            <RouterProvider router={router} />
          </StoresProvider>
        </EnvironmentProvider>
      </StrictMode>,
    );
  });
  // Pages the visitor is about to open load ahead: their module and content land in the caches the
  // router reads. Its module comes after hydration: no link can be followed by the router before.
  // A prefetcher that cannot load (the visitor went offline) costs the prefetching, nothing more.
  import('#app/prefetch/route-prefetch.ts').then(
    ({ createRoutePrefetcher, listenForLinkIntent }) =>
      listenForLinkIntent(document, createRoutePrefetcher({ content, languageSignals })),
    () => undefined,
  );
  scheduleWebVitals(router, environment.webVitals.sampleRate);
}
