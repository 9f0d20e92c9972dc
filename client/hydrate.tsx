/** The same route table as the server, hydrated onto the streamed document. */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createFetchContentSource } from '#app/content/fetch-content-source.ts';
import { ENVIRONMENT_GLOBAL, EnvironmentProvider, INLINE_CSS_ID, type AppEnvironment } from '#app/environment.tsx';
import { createFetchInsightsSource } from '#app/insights/fetch-insights-source.ts';
import { createFetchCareersSource } from '#app/careers/fetch-careers-source.ts';
import { acceptLanguageOfNavigator, LANGUAGE_COOKIE, readCookie } from '#app/i18n/language.ts';
import { createRoutes } from '#app/routes.tsx';
import { createStores, StoresProvider } from '#app/state/stores.tsx';

declare global {
  interface Window {
    [ENVIRONMENT_GLOBAL]?: AppEnvironment;
  }
}

/** The lazy page modules of the first page load before hydration, so the markup matches. */
async function loadLazyMatches(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const properties = await route.lazy();
      Object.assign(route, { ...properties, lazy: undefined });
    }),
  );
}

export async function hydrate(): Promise<void> {
  const environment = window[ENVIRONMENT_GLOBAL];
  if (!environment) throw new Error('The server did not send the page environment');
  // The stylesheets came inlined in the document: hydrate the same style element with the same text.
  const inlineCss = document.getElementById(INLINE_CSS_ID)?.textContent;
  if (inlineCss != null) environment.assets.inlineCss = inlineCss;
  const routes = createRoutes({
    content: createFetchContentSource(environment.assetsBaseUrl),
    insights: createFetchInsightsSource(),
    careers: createFetchCareersSource(),
    now: () => new Date(),
    languageSignals: () => ({
      cookie: readCookie(document.cookie, LANGUAGE_COOKIE),
      acceptLanguage: acceptLanguageOfNavigator(navigator.languages),
    }),
  });
  await loadLazyMatches(routes);
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
}
