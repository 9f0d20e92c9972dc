/**
 * The site's fixed addresses and the helpers that build links: every page path, content
 * folder and query parameter the app and the server name, so no path string is written
 * twice. The page table (page-table.ts) builds its routes from these.
 */
import type { Language } from './i18n/language.ts';

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
export const EVENTS_FOLDER: Record<Language, string> = {
  en: 'homepage/company/events',
  de: 'homepage/unternehmen/events',
};
export const INSIGHTS_PATH = '/insights';
/** Every listable page in both languages, for search engines; robots.txt names it. */
export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';
/** The RSS feed of the newest insights per language. */
export const insightsFeedPath = (language: Language) => `/feeds/insights-${language}.xml`;

/** Where a form sent without JavaScript leads after it was received, per form and language. */
export const FORM_PAGE_PATH: Record<
  'contact' | 'contact-technology' | 'contact-omr' | 'event' | 'application' | 'newsletter',
  Record<Language, string>
> = {
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
export const careerPath = (language: Language, folder?: string) =>
  `${FORM_PAGE_PATH.application[language]}${folder ? `/${folder}` : ''}`;

/** The link in a newsletter confirmation mail. */
export const newsletterConfirmPath = (token: string) => `${NEWSLETTER_PATH}/${encodeURIComponent(token)}`;
/** The link in an event registration's confirmation mail: a page with one button, so a mail scanner opening it confirms nothing. */
export const eventConfirmPath = (token: string) => `/events/confirm/${encodeURIComponent(token)}`;
/** The link in every mail to a subscriber: a page with one button, so a mail scanner opening it unsubscribes nobody. */
export const newsletterUnsubscribePath = (token: string) =>
  `${NEWSLETTER_PATH}/unsubscribe/${encodeURIComponent(token)}`;
