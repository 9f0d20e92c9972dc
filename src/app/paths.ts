/**
 * Every page of the site in one table: its path, which language the path belongs to
 * (or 'shared' when the visitor's language decides), the page module that renders it,
 * the content folder it reads and the order of its blocks (by name, see block-orders.ts).
 * The route table, the language resolution and the server all read this module; no path
 * strings elsewhere.
 */
import type { BlockOrder } from './block-orders.ts';
import type { Language } from './i18n/language.ts';

export type PathLanguage = Language | 'shared';
export type PageModuleName = 'home' | 'content' | 'insights' | 'insight-article';
/** Pages that load more than their content blocks. */
export type PageDataKind = 'insights-overview' | 'insights-article' | 'insights-teaser' | 'related-articles' | 'career' | 'job' | 'events-overview' | 'event';
type Params = Readonly<Record<string, string | undefined>>;

export interface PageRoute {
  id: string;
  path: string;
  language: PathLanguage;
  page: PageModuleName;
  /** Content folder below content/{language}/, e.g. homepage/services/analytics. */
  folder: (params: Params) => string;
  /** The block files rendered, in order: the name of one of BLOCK_ORDERS. */
  blocks: BlockOrder;
  /** Named route middleware (see middleware.ts), run before the page loads. */
  middleware?: readonly string[];
  /** Checks the dynamic segments; false answers 404. */
  validate?: (params: Params) => boolean;
  data?: PageDataKind;
  /** Kept out of search engines: a page reached only through a personal link. */
  noindex?: boolean;
  /**
   * The param that carries a mailed link's token: the page is never kept by any cache, and
   * its address reaches logs and the tag manager only with the token blanked out.
   */
  token?: string;
}

export const HOME_PATH = '/';
/** The events overview per language, target of the /events redirect. */
export const EVENTS_PATH: Record<Language, string> = { en: '/company/events', de: '/unternehmen/events' };
/** The cdp event took place once, in German, in Munich in March 2024. */
export const CDP_EVENT_PATH = '/unternehmen/events/cdp-event/muenchen/2024/03';
export const NEWSLETTER_CONFIRM_FOLDER = 'homepage/newsletter/confirm';
export const NEWSLETTER_PATH = '/newsletter';
export const NEWSLETTER_UNSUBSCRIBE_FOLDER = 'homepage/newsletter/unsubscribe';
export const EVENT_CONFIRM_FOLDER = 'homepage/event-confirmation';
/** The outcome a plain confirmation post is redirected back to the confirmation page with. */
export const NEWSLETTER_RESULT_PARAM = 'result';
/** The outcome of an event registration's confirmation link, shown on the event or events page. */
export const REGISTRATION_PARAM = 'registration';
/** The content folder of each language's events, below content/{language}/. */
export const EVENTS_FOLDER: Record<Language, string> = { en: 'homepage/company/events', de: 'homepage/unternehmen/events' };
export const INSIGHTS_PATH = '/insights';
/** Every listable page in both languages, for search engines; robots.txt names it. */
export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';
/** The RSS feed of the newest insights per language. */
export const insightsFeedPath = (language: Language) => `/feeds/insights-${language}.xml`;

/** Where a form sent without JavaScript leads after it was received, per form and language. */
export const FORM_PAGE_PATH: Record<'contact' | 'contact-technology' | 'contact-omr' | 'event' | 'application' | 'newsletter', Record<Language, string>> = {
  contact: { en: '/company/contact', de: '/unternehmen/kontakt' },
  'contact-technology': {
    en: '/technology/google-marketing-platform-partner/contact',
    de: '/technologie/google-marketing-platform-partner/kontakt',
  },
  'contact-omr': { en: '/company/events/omr/meeting-request', de: '/unternehmen/events/omr/terminanfrage' },
  event: EVENTS_PATH,
  application: { en: '/company/career', de: '/unternehmen/karriere' },
  newsletter: { en: NEWSLETTER_PATH, de: NEWSLETTER_PATH },
};

/** The career page, or one job's page. */
export const careerPath = (language: Language, folder?: string) => `${FORM_PAGE_PATH.application[language]}${folder ? `/${folder}` : ''}`;

/** The link in a newsletter confirmation mail. */
export const newsletterConfirmPath = (token: string) => `${NEWSLETTER_PATH}/${encodeURIComponent(token)}`;
/** The link in an event registration's confirmation mail: a page with one button, so a mail scanner opening it confirms nothing. */
export const eventConfirmPath = (token: string) => `/events/confirm/${encodeURIComponent(token)}`;
/** The link in every mail to a subscriber: a page with one button, so a mail scanner opening it unsubscribes nobody. */
export const newsletterUnsubscribePath = (token: string) => `${NEWSLETTER_PATH}/unsubscribe/${encodeURIComponent(token)}`;

/** The folder below the career folder that every job page reads. */
const JOB_FOLDER = 'job';

const isYear = (value: string | undefined) => value === undefined || /^\d{4}$/.test(value);
const isMonth = (value: string | undefined) => value === undefined || /^(0[1-9]|1[0-2])$/.test(value);
const isSlug = (value: string | undefined) => value === undefined || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
const validEdition = (p: Params) => isSlug(p.location) && isYear(p.year) && isMonth(p.month);

/** Builds a content folder from the path: /company/career/:slug → homepage/company/career/{slug}. */
function folderOf(pattern: string): (params: Params) => string {
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
  page('home', HOME_PATH, 'shared', { page: 'home', folder: () => 'homepage', blocks: 'home', data: 'insights-teaser' }),

  page('services', '/services', 'shared', { blocks: 'services' }),
  page('service-detail', '/services/:slug', 'shared', { blocks: 'service', validate: (p) => isSlug(p.slug) }),
  page('service-connected-tv', '/services/:slug/connected-tv', 'shared', { blocks: 'serviceConnectedTv', validate: (p) => isSlug(p.slug) }),
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
  page('newsletter-confirm', '/newsletter/:email', 'shared', { folder: () => NEWSLETTER_CONFIRM_FOLDER, blocks: 'newsletterConfirm', noindex: true, token: 'email' }),
  page('newsletter-unsubscribe', '/newsletter/unsubscribe/:token', 'shared', {
    folder: () => NEWSLETTER_UNSUBSCRIBE_FOLDER,
    blocks: 'newsletterUnsubscribe',
    noindex: true,
    token: 'token',
  }),

  page('event-confirm', '/events/confirm/:token', 'shared', { folder: () => EVENT_CONFIRM_FOLDER, blocks: 'eventConfirm', noindex: true, token: 'token' }),
  page('events', '/events', 'shared', { middleware: ['eventRedirect'] }),
  page('event-redirect', '/events/:eventname', 'shared', { middleware: ['eventRedirect'] }),

  ...(['en', 'de'] as const).flatMap((language) => {
    const tech = language === 'en' ? '/technology' : '/technologie';
    const gmp = `${tech}/google-marketing-platform-partner`;
    return [
      page(`${language}-technology`, tech, language, { blocks: 'technology' }),
      page(`${language}-gmp`, gmp, language, { blocks: 'gmp' }),
      page(`${language}-gmp-contact`, `${gmp}/${language === 'en' ? 'contact' : 'kontakt'}`, language, { blocks: 'gmpContact' }),
      page(`${language}-gmp-detail`, `${gmp}/:sub`, language, { blocks: 'gmpDetail', validate: (p) => isSlug(p.sub) }),
      page(`${language}-lunio`, `${tech}/lunio`, language, { blocks: 'lunio' }),
      page(`${language}-meridian`, `${tech}/meridian`, language, { blocks: 'meridian' }),
      page(`${language}-technology-detail`, `${tech}/:slug`, language, { blocks: 'technologyDetail', validate: (p) => isSlug(p.slug) }),
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

/**
 * One way a route's path can match: react-router expands optional segments into one path
 * each and ranks them by its specificity score; this does the same once, at start, so a
 * lookup is a walk over compiled patterns instead of react-router flattening and ranking
 * the whole table on every call (the test compares both on every route).
 */
interface CompiledPattern {
  route: PageRoute;
  /** The expanded path, e.g. /company/events/omr/:location for one of /company/events/omr/:location?/:year?/:month? */
  path: string;
  pattern: RegExp;
  names: string[];
  score: number;
  order: number;
}

const PARAM_SEGMENT = /^:[\w-]+$/;

/** '/a/:b?/:c?' → '/a', '/a/:b', '/a/:b/:c', as react-router expands optional segments. */
function expandOptional(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const required = segments.filter((segment) => !segment.endsWith('?'));
  const optional = segments.filter((segment) => segment.endsWith('?')).map((segment) => segment.slice(0, -1));
  return optional.map((_, count) => [...required, ...optional.slice(0, count)]).concat([[...required, ...optional]]).map((parts) => `/${parts.join('/')}`);
}

/** react-router's ranking: more segments, static over dynamic. */
function specificity(path: string): number {
  const segments = path.split('/');
  return segments.reduce((score, segment) => score + (PARAM_SEGMENT.test(segment) ? 3 : segment === '' ? 1 : 10), segments.length);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const COMPILED_PATTERNS: readonly CompiledPattern[] = PAGE_ROUTES.flatMap((route, order) =>
  expandOptional(route.path).map((path) => {
    const names: string[] = [];
    const source = path
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        if (!PARAM_SEGMENT.test(segment)) return `/${escapeRegExp(segment)}`;
        names.push(segment.slice(1));
        return '/([^/]+)';
      })
      .join('');
    return { route, path, pattern: new RegExp(`^${source}/*$`), names, score: specificity(path), order };
  }),
).sort((a, b) => b.score - a.score || a.order - b.order);

/** The path as react-router reads it: each segment decoded, a decoded slash kept encoded. */
function decodePath(pathname: string): string {
  // Nothing to decode (the usual case): the path as it is, without splitting it.
  if (!pathname.includes('%')) return pathname;
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/**
 * The routes of paths without parameters, by path. A pattern matches only paths of its own
 * number of segments, and among those an all-static one ranks first, so a path found here is
 * what the walk over the patterns would find, with one lookup instead of up to a hundred
 * regular expressions (the homepage, least specific, comes last in that walk).
 */
const STATIC_PATHS: ReadonlyMap<string, PageRoute> = (() => {
  const routes = new Map<string, PageRoute>();
  for (const { route, path, names } of COMPILED_PATTERNS) if (names.length === 0 && !routes.has(path)) routes.set(path, route);
  return routes;
})();

/** The path without the trailing slashes the patterns allow; the root is '/'. */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end -= 1;
  return end === 0 ? '/' : path.slice(0, end);
}

/** The page route a pathname matches, or undefined for unknown paths. */
export function matchPageRoute(pathname: string): { route: PageRoute; params: Params } | undefined {
  const decoded = decodePath(pathname);
  const staticRoute = STATIC_PATHS.get(withoutTrailingSlashes(decoded));
  if (staticRoute) return { route: staticRoute, params: {} };
  for (const { route, pattern, names } of COMPILED_PATTERNS) {
    const match = pattern.exec(decoded);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((name, index) => (params[name] = match[index + 1]!.replace(/%2F/g, '/')));
    return { route, params };
  }
  return undefined;
}

/** What stands in for a token in an address that is logged or reported. */
export const TOKEN_PLACEHOLDER = ':token';

/** Whether a path is a page opened from a mailed link, whose address carries a token. */
export const isTokenPage = (pathname: string): boolean => matchPageRoute(pathname)?.route.token !== undefined;

/** An address (a path, with or without its query) with a mailed link's token blanked out, for logs and the tag manager. */
export function withoutToken(address: string): string {
  const queryAt = address.indexOf('?');
  const pathname = queryAt < 0 ? address : address.slice(0, queryAt);
  const route = matchPageRoute(pathname)?.route;
  if (route?.token === undefined) return address;
  return `${route.path.replace(`:${route.token}`, TOKEN_PLACEHOLDER)}${queryAt < 0 ? '' : address.slice(queryAt)}`;
}

const firstSegment = (path: string) => path.split('/')[1] ?? '';

/**
 * The language of each first path segment that only one-language pages use: /unternehmen is
 * German, so /unternehmen/anything is too, even when no page is there (its 404 is German).
 */
const PREFIX_LANGUAGE: ReadonlyMap<string, Language> = (() => {
  const shared = new Set(PAGE_ROUTES.filter((route) => route.language === 'shared').map((route) => firstSegment(route.path)));
  const prefixes = new Map<string, Language>();
  for (const route of PAGE_ROUTES) {
    const segment = firstSegment(route.path);
    if (route.language === 'shared' || shared.has(segment) || segment.startsWith(':')) continue;
    const known = prefixes.get(segment);
    if (known && known !== route.language) throw new Error(`The path prefix /${segment} belongs to both languages`);
    prefixes.set(segment, route.language);
  }
  return prefixes;
})();

/** de or en when the path exists in one language only, or lies under a one-language prefix; undefined for shared paths and others. */
export function languageOfPath(pathname: string): Language | undefined {
  const language = matchPageRoute(pathname)?.route.language ?? PREFIX_LANGUAGE.get(firstSegment(decodePath(pathname)));
  return language === 'en' || language === 'de' ? language : undefined;
}
