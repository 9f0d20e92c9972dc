/**
 * The loaders of the route table (routes.tsx), in a module of their own: the server runs them
 * for every page, the browser only from its first navigation on, so no first load carries them.
 */
import { data, type LoaderFunctionArgs } from 'react-router';
import { BLOCK_ORDERS } from './block-orders.ts';
import type { NotFoundHelp } from './content/schemas/not-found.ts';
import type { FooterData, NavigationData, PageContent, UiTexts } from './content/types.ts';
import { HERO_VARIANTS } from './hero-variants.ts';
import type { Language } from './i18n/language.ts';
import { languageOfAddress } from './i18n/request-language.ts';
import type { loadPageExtras, PageExtras } from './insights/page-data.ts';
import { runMiddleware } from './middleware.ts';
import { type LoadedPageRoute, loadedPageRoute } from './page-loading.ts';
import type { PageRoute } from './page-table.ts';
import { requestContextOf } from './request-context.ts';
import type { NotFoundData, PageData, RequestContext, RootData, RouteDeps } from './route-data.ts';

/** The 404 answer, with the help its page shows (a search and the main sections) in the request's language. */
export async function notFound(deps: RouteDeps, language: Language) {
  const help = await deps.content.file<NotFoundHelp>(language, 'not_found.json').catch(() => null);
  const body: NotFoundData = { message: null, help };
  return data(body, { status: 404 });
}

/** The 404 of an address no route knows. */
export async function unknownAddress(deps: RouteDeps, { request, context }: LoaderFunctionArgs) {
  return notFound(deps, languageOf(deps, request, requestContextOf(context)));
}

/** The language the server decided for this request; in the browser, decided here by the same rule. */
function languageOf(deps: RouteDeps, request: Request, decided: RequestContext): Language {
  return decided.language ?? languageOfAddress(new URL(request.url), deps.languageSignals?.(request) ?? {});
}

type DataArgs = Omit<Parameters<typeof loadPageExtras>[1], 'deps'> & { deps: RouteDeps; folder: string };
/** The page's data; `content` replaces the folder's blocks where they are made from data (a job's position). */
type PageDataExtras = Pick<PageData, 'career' | 'job' | 'events' | 'event'> & PageExtras & { content?: PageContent };

/** The data a kind of page loads besides its blocks; a job or edition that does not exist is a 404. */
async function loadData(spec: LoadedPageRoute, args: DataArgs): Promise<PageDataExtras> {
  const { deps, language, params, content, folder } = args;
  switch (spec.data) {
    case undefined:
      return {};
    // The loaders of these pages (and of the insights pages, below) are chunks of their own: a navigation loads what its page needs.
    case 'career': {
      const { loadCareerPage } = await import('./careers/page-data.ts');
      const career = await loadCareerPage(language, deps.content, deps.careers);
      return career ? { career } : {};
    }
    case 'job': {
      const [{ loadJobPage }, { jobContent }] = await Promise.all([
        import('./careers/page-data.ts'),
        import('./careers/job-content.ts'),
      ]);
      const job = await loadJobPage(language, params.slug ?? '', deps.content, deps.careers);
      if (!job) throw await notFound(deps, language);
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
      if (!event) throw await notFound(deps, language);
      return { event };
    }
    default: {
      const insights = await import('./insights/page-data.ts');
      return insights.loadPageExtras(spec.data, args);
    }
  }
}

export async function loadPage(
  deps: RouteDeps,
  route: PageRoute,
  { request, params, context }: LoaderFunctionArgs,
): Promise<PageData> {
  const spec = loadedPageRoute(route);
  const decided = requestContextOf(context);
  const language = languageOf(deps, request, decided);
  if (spec.validate && !spec.validate(params)) throw await notFound(deps, language);
  runMiddleware(spec.middleware, { params, language });
  const folder = spec.folder(params);
  const content = await deps.content.page(language, folder);
  if (!content) throw await notFound(deps, language);
  const [extras, form] = await Promise.all([
    loadData(spec, { deps, language, params, url: new URL(request.url), content, folder }),
    content.formular || content.form
      ? import('./forms/page-data.ts').then(({ loadPageForm }) =>
          loadPageForm(content, language, deps.content, decided.formEcho),
        )
      : undefined,
  ]);
  return {
    language,
    content,
    blocks: BLOCK_ORDERS[spec.blocks],
    hero: HERO_VARIANTS[spec.blocks],
    ...extras,
    ...(form ? { form } : {}),
  };
}

export async function loadRoot(deps: RouteDeps, { request, context }: LoaderFunctionArgs): Promise<RootData> {
  const language = languageOf(deps, request, requestContextOf(context));
  const [navigation, footer, ui, languageMapping] = await Promise.all([
    deps.content.file<NavigationData>(language, 'navigation.json'),
    deps.content.file<FooterData>(language, 'footer.json'),
    deps.content.file<UiTexts>(language, 'ui.json'),
    deps.content.languageMapping(),
  ]);
  if (!ui) throw new Error(`The UI texts of ${language} could not be loaded`);
  return { language, navigation, footer, ui, languageMapping };
}
