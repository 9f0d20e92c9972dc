/**
 * Every page of the site in one table: its id, its path, which language the path belongs to
 * (or 'shared' when the visitor's language decides) and the page module that renders it. What a
 * page loads (its content folder, its blocks, its checks and data) is kept beside it, by the same
 * id, in page-loading.ts, which only the loaders and the server read: the browser's first load
 * needs the table to match and link, not to load. The route table (routes.tsx), the page
 * matching (match-page.ts) and the server read this one.
 */
import type { Language } from './i18n/language.ts';
import { EVENTS_PATH, HOME_PATH, NEWSLETTER_PATH } from './paths.ts';

export type PathLanguage = Language | 'shared';
export type PageModuleName = 'home' | 'content' | 'insights' | 'insight-article';
/** A route's dynamic segments by name, as react-router gives them. */
export type PageParams = Readonly<Record<string, string | undefined>>;

export interface PageRoute {
  id: string;
  path: string;
  language: PathLanguage;
  page: PageModuleName;
  /** Kept out of search engines: a page reached only through a personal link. */
  noindex?: boolean;
  /**
   * The param that carries a mailed link's token: the page is never kept by any cache, and
   * its address reaches logs and the tag manager only with the token blanked out.
   */
  token?: string;
}

type PageExtra = Partial<Pick<PageRoute, 'page' | 'noindex' | 'token'>>;

function page(id: string, path: string, language: PathLanguage, extra: PageExtra = {}): PageRoute {
  return { id, path, language, page: 'content', ...extra };
}

/** One event page per language: the named event with optional edition segments. */
function eventPages(event: string, languages: readonly Language[] = ['en', 'de']): PageRoute[] {
  return languages.map((language) =>
    page(`${language}-event-${event}`, `${EVENTS_PATH[language]}/${event}/:location?/:year?/:month?`, language),
  );
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  page('home', HOME_PATH, 'shared', { page: 'home' }),

  page('services', '/services', 'shared'),
  page('service-detail', '/services/:slug', 'shared'),
  page('service-connected-tv', '/services/:slug/connected-tv', 'shared'),
  page('service-sub-detail', '/services/:slug/:sub', 'shared'),

  page('insights', '/insights', 'shared', { page: 'insights' }),
  page('insight-article', '/insights/:slug', 'shared', { page: 'insight-article' }),

  page('newsletter', NEWSLETTER_PATH, 'shared'),
  page('newsletter-confirm', '/newsletter/:email', 'shared', { noindex: true, token: 'email' }),
  page('newsletter-unsubscribe', '/newsletter/unsubscribe/:token', 'shared', { noindex: true, token: 'token' }),

  page('event-confirm', '/events/confirm/:token', 'shared', { noindex: true, token: 'token' }),
  page('events', '/events', 'shared'),
  page('event-redirect', '/events/:eventname', 'shared'),

  ...(['en', 'de'] as const).flatMap((language) => {
    const tech = language === 'en' ? '/technology' : '/technologie';
    const gmp = `${tech}/google-marketing-platform-partner`;
    return [
      page(`${language}-technology`, tech, language),
      page(`${language}-gmp`, gmp, language),
      page(`${language}-gmp-contact`, `${gmp}/${language === 'en' ? 'contact' : 'kontakt'}`, language),
      page(`${language}-gmp-detail`, `${gmp}/:sub`, language),
      page(`${language}-lunio`, `${tech}/lunio`, language),
      page(`${language}-meridian`, `${tech}/meridian`, language),
      page(`${language}-technology-detail`, `${tech}/:slug`, language),
    ];
  }),

  ...(['en', 'de'] as const).flatMap((language) => {
    const de = language === 'de';
    const company = de ? '/unternehmen' : '/company';
    const career = `${company}/${de ? 'karriere' : 'career'}`;
    const events = EVENTS_PATH[language];
    const meetingRequest = `${events}/omr/${de ? 'terminanfrage' : 'meeting-request'}`;
    return [
      page(`${language}-company`, company, language),
      page(`${language}-about-us`, `${company}/${de ? 'ueber-uns' : 'about-us'}`, language),
      page(`${language}-career`, career, language),
      page(`${language}-job`, `${career}/:slug`, language),
      page(`${language}-contact`, `${company}/${de ? 'kontakt' : 'contact'}`, language),
      page(`${language}-events`, events, language),
      page(`${language}-omr-meeting-request`, `${meetingRequest}/:year?/:month?`, language),
      page(`${language}-event`, `${events}/:eventname/:location/:year/:month`, language),
      page(`${language}-imprint`, de ? '/impressum' : '/imprint', language),
      page(`${language}-privacy`, de ? '/datenschutz' : '/privacy-policy', language),
    ];
  }),
  ...eventPages('analytics-hub'),
  ...eventPages('cdp-event', ['de']),
  ...eventPages('cloud'),
  ...eventPages('omr'),
];
