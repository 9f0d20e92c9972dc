/**
 * Every address under /api, named once: the server registers each API group at its prefix
 * here (src/server/app.ts), and the browser calls the routes below, so a path moved on one
 * side cannot leave the other calling a 404. One constant each, so a bundle keeps only what
 * its code calls.
 */

/** Where every API group lives; the session cookie is scoped to it. */
export const API_ROOT = '/api';

export const CONTACT_API = '/api/contact';
export const EVENTS_API = '/api/events';
export const NEWSLETTER_API = '/api/newsletter';
export const APPLICATION_API = '/api/application';
export const INSIGHTS_API = '/api/insights';
export const RECOMMENDATION_API = '/api/recommendation';
export const FILE_API = '/api/file';
export const CAREERS_API = '/api/careers';
export const GALAXY_API = '/api/galaxy';
export const CSP_REPORT_API = '/api/csp-report';
export const WEB_VITALS_API = '/api/web-vitals';
export const FIREBASE_API = '/api/firebase';

// The routes the pages post to and fetch from, below their group's prefix.
export const CONTACT_OMR_API = `${CONTACT_API}/omr`;
export const CONTACT_TECHNOLOGY_API = `${CONTACT_API}/technology`;
export const EVENT_CONFIRM_API = `${EVENTS_API}/confirm`;
export const NEWSLETTER_SUBSCRIBE_API = `${NEWSLETTER_API}/subscribe`;
export const NEWSLETTER_CONFIRM_API = `${NEWSLETTER_API}/confirm`;
/** The unsubscribe page's button; with a token appended, the one-click address mail programs post to. */
export const NEWSLETTER_UNSUBSCRIBE_API = `${NEWSLETTER_API}/unsubscribe`;
export const FILE_EXISTS_API = `${FILE_API}/exists`;

export const careersApiPath = (language: string) => `${CAREERS_API}/${language}`;
export const insightsArticlesApiPath = (language: string, page: number) =>
  `${INSIGHTS_API}/articles/${language}/${page}`;
export const insightsSearchApiPath = (language: string, term: string) =>
  `${INSIGHTS_API}/articles/${language}/search/${encodeURIComponent(term)}`;
export const insightsFilterApiPath = (language: string) => `${INSIGHTS_API}/possibilities/filter/${language}`;
export const insightsSearchOptionsApiPath = (language: string) =>
  `${INSIGHTS_API}/possibilities/search/options/${language}`;
export const recommendationsApiPath = (language: string) => `${RECOMMENDATION_API}/articles/${language}`;
export const galaxyUserApiPath = (uid: string) => `${GALAXY_API}/profile/me/${encodeURIComponent(uid)}`;
export const platformTokenApiPath = (uid: string) => `${FIREBASE_API}/token/${encodeURIComponent(uid)}`;

/** A path of this module as its group's plugin declares it: the part below the group's prefix. */
export function routeBelow(prefix: string, path: string): string {
  if (!path.startsWith(prefix)) throw new Error(`${path} is not below ${prefix}`);
  return path.slice(prefix.length) || '/';
}
