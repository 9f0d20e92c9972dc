/** The footer's Cookies button asks whichever consent tool the page runs to show its settings. */
export const CONSENT_SETTINGS_EVENT = 'nordstern:consent-settings';

export function openConsentSettings(): void {
  window.dispatchEvent(new CustomEvent(CONSENT_SETTINGS_EVENT));
}
