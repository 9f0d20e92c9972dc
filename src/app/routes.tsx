/**
 * The one route table, used by the server's static handler and the browser's router.
 * Loaders read content through the ContentSource they are given, so the same table
 * serves files on the server and fetches in the browser.
 */
import type { ComponentType } from 'react';
import { data, type RouteObject, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { ConsentTexts, ContentSource, FooterData, LanguageMapping, NavigationData, PageContent, UiTexts } from './content/types.ts';
import { resolveLanguage, type Language, type LanguageSignals } from './i18n/language.ts';
import { FatalErrorDocument } from './layout/fatal-error-document.tsx';
import { Root } from './layout/root.tsx';
import { RouteErrorPage } from './layout/route-error-page.tsx';
import { runMiddleware } from './middleware.ts';
import { loadPageExtras, type PageExtras } from './insights/page-data.ts';
import type { InsightsSource } from './insights/model.ts';
import { languageOfPath, PAGE_ROUTES, type PageModuleName, type PageRoute } from './paths.ts';

export interface RouteDeps {
  content: ContentSource;
  insights: InsightsSource;
  /** The cookie and Accept-Language that decide the language of a shared path. */
  languageSignals(request: Request): Omit<LanguageSignals, 'pathLanguage'>;
}

export interface RootData {
  language: Language;
  navigation: NavigationData | null;
  footer: FooterData | null;
  ui: UiTexts;
  consent: ConsentTexts | null;
  languageMapping: LanguageMapping | null;
}

export interface PageData extends PageExtras {
  language: Language;
  content: PageContent;
  blocks: readonly string[];
}

/** Each page module becomes its own chunk; the server's manifest finds it by this file name. */
export const PAGE_MODULES: Record<PageModuleName, () => Promise<{ Component: ComponentType }>> = {
  home: () => import('./pages/home.tsx'),
  content: () => import('./pages/content-page.tsx'),
  insights: () => import('./pages/insights.tsx'),
  'insight-article': () => import('./pages/insight-article.tsx'),
};

export const pageModuleFile = (name: PageModuleName) => `src/app/pages/${name === 'content' ? 'content-page' : name}.tsx`;

export const ROOT_ROUTE_ID = 'root';
export const PAGES_ROUTE_ID = 'pages';
export const NOT_FOUND_ROUTE_ID = 'not-found';

const notFound = () => data({ message: null }, { status: 404 });

function languageOf(deps: RouteDeps, request: Request, pathLanguage: Language | undefined): Language {
  return resolveLanguage({ pathLanguage, ...deps.languageSignals(request) });
}

function createPageRoute(deps: RouteDeps, spec: PageRoute): RouteObject {
  return {
    id: spec.id,
    path: spec.path,
    // One spelling per page: /Services is not /services.
    caseSensitive: true,
    lazy: PAGE_MODULES[spec.page],
    async loader({ request, params }): Promise<PageData> {
      if (spec.validate && !spec.validate(params)) throw notFound();
      const language = languageOf(deps, request, spec.language === 'shared' ? undefined : spec.language);
      runMiddleware(spec.middleware, { params, language });
      const content = await deps.content.page(language, spec.folder(params));
      if (!content) throw notFound();
      const extras = spec.data ? await loadPageExtras(spec.data, { deps, language, params, url: new URL(request.url), content }) : {};
      return { language, content, blocks: spec.blocks, ...extras };
    },
  };
}

export function createRoutes(deps: RouteDeps): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      Component: Root,
      ErrorBoundary: FatalErrorDocument,
      async loader({ request }): Promise<RootData> {
        const language = languageOf(deps, request, languageOfPath(new URL(request.url).pathname));
        const [navigation, footer, ui, consent, languageMapping] = await Promise.all([
          deps.content.file<NavigationData>(language, 'navigation.json'),
          deps.content.file<FooterData>(language, 'footer.json'),
          deps.content.file<UiTexts>(language, 'ui.json'),
          deps.content.file<ConsentTexts>(language, 'consent.json'),
          deps.content.languageMapping(),
        ]);
        if (!ui) throw new Error(`The UI texts of ${language} could not be loaded`);
        return { language, navigation, footer, ui, consent, languageMapping };
      },
      // Layout texts change only with the language; everything else keeps them.
      shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
        if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
        return languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname);
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
              loader() {
                throw notFound();
              },
            },
          ],
        },
      ],
    },
  ];
}
