/** Timings of the layout, from the specification. */
export const LARGE_BREAKPOINT_PX = 1025;
export const POPOVER_DELAY_MS = 250;
export const NAV_REINIT_DELAY_MS = 150;

/** Tracking and consent timings (SPEC 4 "Other" and "Language", SPEC 9). */
/** A page's page_view follows its meta event by this long. */
export const PAGE_VIEW_DELAY_MS = 300;
/** How often the page-view timer looks for the current page's meta event. */
export const PAGE_VIEW_POLL_MS = 50;
/** After a language change, the consent manager is told the new language this much later. */
export const CONSENT_LANGUAGE_DELAY_MS = 300;
/** Consent Mode's wait_for_update: how long tags already on the page wait for the consent tool's answer. */
export const CONSENT_WAIT_FOR_UPDATE_MS = 2000;
/** A choice made in the site's own banner is asked again after this long. */
export const CONSENT_CHOICE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
