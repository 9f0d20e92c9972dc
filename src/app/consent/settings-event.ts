/**
 * The footer's Cookies button asks whichever consent tool the page runs to show its
 * settings: the consent manager's, the site's own, or the list of the site's cookies.
 * An event keeps the footer free of knowing which one it is.
 */
export const CONSENT_SETTINGS_EVENT = 'nordstern:consent-settings';

export function openConsentSettings(): void {
  window.dispatchEvent(new CustomEvent(CONSENT_SETTINGS_EVENT));
}
