/**
 * Every page of the site in one table: its path, which language the path belongs to
 * (or 'shared' when the visitor's language decides), the page module that renders it,
 * the content folder it reads and the order of its blocks (by name, see block-orders.ts).
 * The route table (routes.tsx), the page matching (match-page.ts) and the server read it.
 */
import type { BlockOrder } from './block-orders.ts';
import type { Language } from './i18n/language.ts';
import {
  EVENT_CONFIRM_FOLDER,
  EVENTS_FOLDER,
  EVENTS_PATH,
  HOME_PATH,
  NEWSLETTER_CONFIRM_FOLDER,
  NEWSLETTER_PATH,
  NEWSLETTER_UNSUBSCRIBE_FOLDER,
} from './paths.ts';

export type PathLanguage = Language | 'shared';
export type PageModuleName = 'home' | 'content' | 'insights' | 'insight-article';
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
/** A route's dynamic segments by name, as react-router gives them. */
export type PageParams = Readonly<Record<string, string | undefined>>;

export interface PageRoute {
  id: string;
  path: string;
  language: PathLanguage;
  page: PageModuleName;
  /** Content folder below content/{language}/, e.g. homepage/services/analytics. */
  folder: (params: PageParams) => string;
  /** The block files rendered, in order: the name of one of BLOCK_ORDERS. */
  blocks: BlockOrder;
  /** Named route middleware (see middleware.ts), run before the page loads. */
  middleware?: readonly string[];
  /** Checks the dynamic segments; false answers 404. */
  validate?: (params: PageParams) => boolean;
  data?: PageDataKind;
  /** Kept out of search engines: a page reached only through a personal link. */
  noindex?: boolean;
  /**
   * The param that carries a mailed link's token: the page is never kept by any cache, and
   * its address reaches logs and the tag manager only with the token blanked out.
   */
  token?: string;
}

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

function page(id: string, path: string, language: PathLanguage, extra: Partial<PageRoute> = {}): PageRoute {
  return { id, path, language, page: 'content', folder: folderOf(path), blocks: 'stage', ...extra };
}

/** One event page per language: the named event with optional edition segments. */
function eventPages(event: string, languages: readonly Language[] = ['en', 'de']): PageRoute[] {
  return languages.map((language) =>
    page(`${language}-event-${event}`, `${EVENTS_PATH[language]}/${event}/:location?/:year?/:month?`, language, {
      folder: () => `${EVENTS_FOLDER[language]}/${event}`,
      blocks: 'event',
      data: 'event',
      validate: validEdition,
    }),
  );
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  page('home', HOME_PATH, 'shared', {
    page: 'home',
    folder: () => 'homepage',
    blocks: 'home',
    data: 'insights-teaser',
  }),

  page('services', '/services', 'shared', { blocks: 'services' }),
  page('service-detail', '/services/:slug', 'shared', { blocks: 'service', validate: (p) => isSlug(p.slug) }),
  page('service-connected-tv', '/services/:slug/connected-tv', 'shared', {
    blocks: 'serviceConnectedTv',
    validate: (p) => isSlug(p.slug),
  }),
  page('service-sub-detail', '/services/:slug/:sub', 'shared', {
    blocks: 'subService',
    data: 'related-articles',
    validate: (p) => isSlug(p.slug) && isSlug(p.sub),
  }),

  page('insights', '/insights', 'shared', { page: 'insights', data: 'insights-overview' }),
  page('insight-article', '/insights/:slug', 'shared', {
    page: 'insight-article',
    data: 'insights-article',
    blocks: 'insightArticle',
    validate: (p) => isSlug(p.slug),
  }),

  page('newsletter', NEWSLETTER_PATH, 'shared', { blocks: 'formPage' }),
  page('newsletter-confirm', '/newsletter/:email', 'shared', {
    folder: () => NEWSLETTER_CONFIRM_FOLDER,
    blocks: 'newsletterConfirm',
    noindex: true,
    token: 'email',
  }),
  page('newsletter-unsubscribe', '/newsletter/unsubscribe/:token', 'shared', {
    folder: () => NEWSLETTER_UNSUBSCRIBE_FOLDER,
    blocks: 'newsletterUnsubscribe',
    noindex: true,
    token: 'token',
  }),

  page('event-confirm', '/events/confirm/:token', 'shared', {
    folder: () => EVENT_CONFIRM_FOLDER,
    blocks: 'eventConfirm',
    noindex: true,
    token: 'token',
  }),
  page('events', '/events', 'shared', { middleware: ['eventRedirect'] }),
  page('event-redirect', '/events/:eventname', 'shared', { middleware: ['eventRedirect'] }),

  ...(['en', 'de'] as const).flatMap((language) => {
    const tech = language === 'en' ? '/technology' : '/technologie';
    const gmp = `${tech}/google-marketing-platform-partner`;
    return [
      page(`${language}-technology`, tech, language, { blocks: 'technology' }),
      page(`${language}-gmp`, gmp, language, { blocks: 'gmp' }),
      page(`${language}-gmp-contact`, `${gmp}/${language === 'en' ? 'contact' : 'kontakt'}`, language, {
        blocks: 'gmpContact',
      }),
      page(`${language}-gmp-detail`, `${gmp}/:sub`, language, { blocks: 'gmpDetail', validate: (p) => isSlug(p.sub) }),
      page(`${language}-lunio`, `${tech}/lunio`, language, { blocks: 'lunio' }),
      page(`${language}-meridian`, `${tech}/meridian`, language, { blocks: 'meridian' }),
      page(`${language}-technology-detail`, `${tech}/:slug`, language, {
        blocks: 'technologyDetail',
        validate: (p) => isSlug(p.slug),
      }),
    ];
  }),

  ...(['en', 'de'] as const).flatMap((language) => {
    const de = language === 'de';
    const company = de ? '/unternehmen' : '/company';
    const career = `${company}/${de ? 'karriere' : 'career'}`;
    const events = EVENTS_PATH[language];
    const meetingRequest = `${events}/omr/${de ? 'terminanfrage' : 'meeting-request'}`;
    return [
      page(`${language}-company`, company, language, { blocks: 'company' }),
      page(`${language}-about-us`, `${company}/${de ? 'ueber-uns' : 'about-us'}`, language, { blocks: 'aboutUs' }),
      page(`${language}-career`, career, language, { blocks: 'career', data: 'career' }),
      page(`${language}-job`, `${career}/:slug`, language, {
        // Positions come from the careers source; the folder holds what every job page shares.
        folder: () => `${folderOf(career)({})}/${JOB_FOLDER}`,
        blocks: 'job',
        data: 'job',
        validate: (p) => isSlug(p.slug) && p.slug !== JOB_FOLDER,
      }),
      page(`${language}-contact`, `${company}/${de ? 'kontakt' : 'contact'}`, language, { blocks: 'contact' }),
      page(`${language}-events`, events, language, { blocks: 'events', data: 'events-overview' }),
      page(`${language}-omr-meeting-request`, `${meetingRequest}/:year?/:month?`, language, {
        folder: folderOf(meetingRequest),
        blocks: 'formPage',
        validate: validEdition,
      }),
      page(`${language}-event`, `${events}/:eventname/:location/:year/:month`, language, {
        folder: (p) => `${EVENTS_FOLDER[language]}/${p.eventname}`,
        blocks: 'event',
        data: 'event',
        validate: (p) => isSlug(p.eventname) && validEdition(p),
      }),
      page(`${language}-imprint`, de ? '/impressum' : '/imprint', language, { blocks: 'legal' }),
      page(`${language}-privacy`, de ? '/datenschutz' : '/privacy-policy', language, { blocks: 'legal' }),
    ];
  }),
  ...eventPages('analytics-hub'),
  ...eventPages('cdp-event', ['de']),
  ...eventPages('cloud'),
  ...eventPages('omr'),
];
