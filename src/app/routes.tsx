/**
 * The one route table, used by the server's static handler and the browser's router.
 * Loaders read content through the ContentSource they are given, so the same table
 * serves files on the server and fetches in the browser.
 */
import type { ComponentType } from 'react';
import { data, type RouteObject, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { ConsentTexts } from './content/schemas/consent.ts';
import type { ContentSource, FooterData, LanguageMapping, NavigationData, PageContent, UiTexts } from './content/types.ts';
import { resolveLanguage, type Language, type LanguageSignals } from './i18n/language.ts';
import { languageOfQuery } from './i18n/language-address.ts';
import { FatalErrorDocument } from './layout/fatal-error-document.tsx';
import { Root } from './layout/root.tsx';
import { RouteErrorPage } from './layout/route-error-page.tsx';
import { runMiddleware } from './middleware.ts';
import type { loadPageExtras, PageExtras } from './insights/page-data.ts';
import type { InsightsSource } from './insights/model.ts';
import type { CareersSource } from './careers/model.ts';
import type { CareerPageData, JobPageData } from './careers/page-data.ts';
import type { EventPageData, EventsOverviewData } from './events/page-data.ts';
import type { FormEcho, PageForm } from './forms/page-data.ts';
import { languageOfPath, PAGE_ROUTES, type PageModuleName, type PageRoute } from './paths.ts';
import { withStyles } from './styles/on-demand.ts';

export interface RouteDeps {
  content: ContentSource;
  insights: InsightsSource;
  careers: CareersSource;
  /** The clock that decides which events are past. */
  now(): Date;
  /** The cookie and Accept-Language that decide the language of a shared path whose address names none. */
  languageSignals(request: Request): Pick<LanguageSignals, 'cookie' | 'acceptLanguage'>;
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
  form?: PageForm;
  career?: CareerPageData;
  job?: JobPageData;
  events?: EventsOverviewData;
  event?: EventPageData;
}

/** What the server hands to the loaders of one request: a refused plain form post to show again. */
export interface RequestContext {
  formEcho?: FormEcho;
}

const formEchoOf = (context: unknown): FormEcho | undefined => (context as RequestContext | undefined)?.formEcho;

/** Each page module becomes its own chunk, with its stylesheets; the server's manifest finds it by this file name. */
export const PAGE_MODULES: Record<PageModuleName, () => Promise<{ Component: ComponentType }>> = {
  home: () => withStyles(pageModuleFile('home'), import('./pages/home.tsx')),
  content: () => withStyles(pageModuleFile('content'), import('./pages/content-page.tsx')),
  insights: () => withStyles(pageModuleFile('insights'), import('./pages/insights.tsx')),
  'insight-article': () => withStyles(pageModuleFile('insight-article'), import('./pages/insight-article.tsx')),
};

export const pageModuleFile = (name: PageModuleName) => `src/app/pages/${name === 'content' ? 'content-page' : name}.tsx`;

export const ROOT_ROUTE_ID = 'root';
export const PAGES_ROUTE_ID = 'pages';
export const NOT_FOUND_ROUTE_ID = 'not-found';

const notFound = () => data({ message: null }, { status: 404 });

function languageOf(deps: RouteDeps, request: Request, pathLanguage: Language | undefined): Language {
  const queryLanguage = languageOfQuery(new URL(request.url).searchParams);
  return resolveLanguage({ pathLanguage, ...(queryLanguage ? { queryLanguage } : {}), ...deps.languageSignals(request) });
}

/** What an address says about its language: its one-language path, else its ?lang=. */
const languageHint = (url: URL) => languageOfPath(url.pathname) ?? languageOfQuery(url.searchParams);

type DataArgs = Omit<Parameters<typeof loadPageExtras>[1], 'deps'> & { deps: RouteDeps; folder: string };
/** The page's data; `content` replaces the folder's blocks where they are made from data (a job's position). */
type PageDataExtras = Pick<PageData, 'career' | 'job' | 'events' | 'event'> & PageExtras & { content?: PageContent };

/** The data a kind of page loads besides its blocks; a job or edition that does not exist is a 404. */
async function loadData(spec: PageRoute, args: DataArgs): Promise<PageDataExtras> {
  const { deps, language, params, content, folder } = args;
  switch (spec.data) {
    case undefined:
      return {};
    // The loaders of these pages (and of the insights pages, below) are their own chunks: the first load does not carry them.
    case 'career': {
      const { loadCareerPage } = await import('./careers/page-data.ts');
      const career = await loadCareerPage(language, deps.content, deps.careers);
      return career ? { career } : {};
    }
    case 'job': {
      const [{ loadJobPage }, { jobContent }] = await Promise.all([import('./careers/page-data.ts'), import('./careers/job-content.ts')]);
      const job = await loadJobPage(language, params.slug ?? '', deps.content, deps.careers);
      if (!job) throw notFound();
      return { job, content: jobContent(content, job, args.url.pathname) };
    }
    case 'events-overview': {
      const { loadEventsOverview } = await import('./events/page-data.ts');
      const events = await loadEventsOverview(language, folder, content, deps.content, deps.now());
      return events ? { events } : {};
    }
    case 'event': {
      const { loadEventPage } = await import('./events/page-data.ts');
      const event = await loadEventPage(language, content, params, deps.content, deps.now());
      if (!event) throw notFound();
      return { event };
    }
    default: {
      const insights = await import('./insights/page-data.ts');
      return insights.loadPageExtras(spec.data, args);
    }
  }
}

function createPageRoute(deps: RouteDeps, spec: PageRoute): RouteObject {
  return {
    id: spec.id,
    path: spec.path,
    // One spelling per page: /Services is not /services.
    caseSensitive: true,
    lazy: PAGE_MODULES[spec.page],
    async loader({ request, params, context }): Promise<PageData> {
      if (spec.validate && !spec.validate(params)) throw notFound();
      const language = languageOf(deps, request, spec.language === 'shared' ? undefined : spec.language);
      runMiddleware(spec.middleware, { params, language });
      const folder = spec.folder(params);
      const content = await deps.content.page(language, folder);
      if (!content) throw notFound();
      const [extras, form] = await Promise.all([
        loadData(spec, { deps, language, params, url: new URL(request.url), content, folder }),
        content.formular || content.form
          ? import('./forms/page-data.ts').then(({ loadPageForm }) => loadPageForm(content, language, deps.content, formEchoOf(context)))
          : undefined,
      ]);
      return { language, content, blocks: spec.blocks, ...extras, ...(form ? { form } : {}) };
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
        return languageHint(currentUrl) !== languageHint(nextUrl);
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
