/**
 * What each page of the table (page-table.ts) loads, by its route id: the content folder it
 * reads, the order of its blocks (by name, see block-orders.ts), the checks of its dynamic
 * segments, its route middleware and the data it loads besides its blocks. Only the route
 * loaders, the prefetching and the server read it, so no first load in the browser carries it.
 */
import type { BlockOrder } from './block-orders.ts';
import type { Language } from './i18n/language.ts';
import { PAGE_ROUTES, type PageParams, type PageRoute } from './page-table.ts';
import {
  EVENT_CONFIRM_FOLDER,
  EVENTS_FOLDER,
  FORM_PAGE_PATH,
  NEWSLETTER_CONFIRM_FOLDER,
  NEWSLETTER_UNSUBSCRIBE_FOLDER,
} from './paths.ts';

/** Pages that load more than their content blocks. */
export type PageDataKind =
  | 'insights-overview'
  | 'insights-article'
  | 'insights-teaser'
  | 'related-articles'
  | 'career'
  | 'job'
  | 'events-overview'
  | 'event';

export interface PageLoading {
  /** Content folder below content/{language}/, e.g. homepage/services/analytics. */
  folder: (params: PageParams) => string;
  /** The block files rendered, in order: the name of one of BLOCK_ORDERS. */
  blocks: BlockOrder;
  /** Named route middleware (see middleware.ts), run before the page loads. */
  middleware?: readonly string[];
  /** Checks the dynamic segments; false answers 404. */
  validate?: (params: PageParams) => boolean;
  data?: PageDataKind;
}

/** A page of the table with what it loads. */
export type LoadedPageRoute = PageRoute & PageLoading;

/** The folder below the career folder that every job page reads. */
const JOB_FOLDER = 'job';

const isYear = (value: string | undefined) => value === undefined || /^\d{4}$/.test(value);
const isMonth = (value: string | undefined) => value === undefined || /^(0[1-9]|1[0-2])$/.test(value);
const isSlug = (value: string | undefined) => value === undefined || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
const validEdition = (p: PageParams) => isSlug(p.location) && isYear(p.year) && isMonth(p.month);

/** Builds a content folder from the path: /company/career/:slug → homepage/company/career/{slug}. */
function folderOf(pattern: string): (params: PageParams) => string {
  return (params) =>
    'homepage' +
    pattern
      .split('/')
      .filter((segment) => segment !== '' && !segment.endsWith('?'))
      .map((segment) => '/' + (segment.startsWith(':') ? (params[segment.slice(1)] ?? '') : segment))
      .join('');
}

/** One event page per language: the named event's folder, whatever the edition. */
const eventPages = (event: string, languages: readonly Language[] = ['en', 'de']) =>
  languages.map((language): [string, Partial<PageLoading>] => [
    `${language}-event-${event}`,
    { folder: () => `${EVENTS_FOLDER[language]}/${event}`, blocks: 'event', data: 'event', validate: validEdition },
  ]);

/**
 * What each route id loads besides the defaults: the folder its path names (optional segments
 * left out) and the blocks of 'stage'. Every route has an entry, an empty one where the defaults
 * hold, so that a page added to the table without one is found (see loadingOf).
 */
const LOADING: ReadonlyMap<string, Partial<PageLoading>> = new Map<string, Partial<PageLoading>>([
  ['home', { folder: () => 'homepage', blocks: 'home', data: 'insights-teaser' }],

  ['services', { blocks: 'services' }],
  ['service-detail', { blocks: 'service', validate: (p) => isSlug(p.slug) }],
  ['service-connected-tv', { blocks: 'serviceConnectedTv', validate: (p) => isSlug(p.slug) }],
  [
    'service-sub-detail',
    { blocks: 'subService', data: 'related-articles', validate: (p) => isSlug(p.slug) && isSlug(p.sub) },
  ],

  ['insights', { data: 'insights-overview' }],
  ['insight-article', { data: 'insights-article', blocks: 'insightArticle', validate: (p) => isSlug(p.slug) }],

  ['newsletter', { blocks: 'newsletter' }],
  ['newsletter-confirm', { folder: () => NEWSLETTER_CONFIRM_FOLDER, blocks: 'newsletterConfirm' }],
  ['newsletter-unsubscribe', { folder: () => NEWSLETTER_UNSUBSCRIBE_FOLDER, blocks: 'newsletterUnsubscribe' }],

  ['event-confirm', { folder: () => EVENT_CONFIRM_FOLDER, blocks: 'eventConfirm' }],
  ['events', { middleware: ['eventRedirect'] }],
  ['event-redirect', { middleware: ['eventRedirect'] }],

  ...(['en', 'de'] as const).flatMap((language): [string, Partial<PageLoading>][] => [
    [`${language}-technology`, { blocks: 'technology' }],
    [`${language}-gmp`, { blocks: 'gmp' }],
    [`${language}-gmp-contact`, { blocks: 'gmpContact' }],
    [`${language}-gmp-detail`, { blocks: 'gmpDetail', validate: (p) => isSlug(p.sub) }],
    [`${language}-lunio`, { blocks: 'lunio' }],
    [`${language}-meridian`, { blocks: 'meridian' }],
    [`${language}-technology-detail`, { blocks: 'technologyDetail', validate: (p) => isSlug(p.slug) }],
  ]),

  ...(['en', 'de'] as const).flatMap((language): [string, Partial<PageLoading>][] => [
    [`${language}-company`, { blocks: 'company' }],
    [`${language}-about-us`, { blocks: 'aboutUs' }],
    [`${language}-career`, { blocks: 'career', data: 'career' }],
    [
      `${language}-job`,
      {
        // Positions come from the careers source; the folder holds what every job page shares.
        folder: () => `${folderOf(FORM_PAGE_PATH.application[language])({})}/${JOB_FOLDER}`,
        blocks: 'job',
        data: 'job',
        validate: (p) => isSlug(p.slug) && p.slug !== JOB_FOLDER,
      },
    ],
    [`${language}-contact`, { blocks: 'contact' }],
    [`${language}-events`, { blocks: 'events', data: 'events-overview' }],
    [`${language}-omr-meeting-request`, { blocks: 'formPage', validate: validEdition }],
    [
      `${language}-event`,
      {
        folder: (p) => `${EVENTS_FOLDER[language]}/${p.eventname}`,
        blocks: 'event',
        data: 'event',
        validate: (p) => isSlug(p.eventname) && validEdition(p),
      },
    ],
    [`${language}-imprint`, { blocks: 'legal' }],
    [`${language}-privacy`, { blocks: 'legal' }],
  ]),
  ...eventPages('analytics-hub'),
  ...eventPages('cdp-event', ['de']),
  ...eventPages('cloud'),
  ...eventPages('omr'),
]);

/** The ids of LOADING that name no page of the table: none, unless the two went apart. */
export const LOADING_WITHOUT_ROUTE: readonly string[] = [...LOADING.keys()].filter(
  (id) => !PAGE_ROUTES.some((route) => route.id === id),
);

function loadingOf(route: PageRoute): LoadedPageRoute {
  const loading = LOADING.get(route.id);
  if (!loading) throw new Error(`The page ${route.id} has no entry in page-loading.ts`);
  return { ...route, folder: folderOf(route.path), blocks: 'stage', ...loading };
}

/** Every page of the table with what it loads, in the table's order. */
export const LOADED_PAGE_ROUTES: readonly LoadedPageRoute[] = PAGE_ROUTES.map(loadingOf);

const LOADED_BY_ID: ReadonlyMap<string, LoadedPageRoute> = new Map(
  LOADED_PAGE_ROUTES.map((route) => [route.id, route]),
);

/** A page of the table with what it loads. */
export function loadedPageRoute(route: Pick<PageRoute, 'id'>): LoadedPageRoute {
  const loaded = LOADED_BY_ID.get(route.id);
  if (!loaded) throw new Error(`The page ${route.id} is not in the page table`);
  return loaded;
}
