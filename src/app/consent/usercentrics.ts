/**
 * The consent manager adapter for Usercentrics (Browser UI v2): its script, set in the head of
 * every page. Its browser API and events are in usercentrics-ui.ts, which only pages with the
 * consent manager load. Nothing else in the site knows the vendor.
 */
import type { Language } from '../i18n/language.ts';

/** The script element that loads it, in the page's language from the start. */
export function consentManagerScript(origin: string, settingsId: string, language: Language) {
  return {
    id: 'usercentrics-cmp',
    src: `${origin}/browser-ui/latest/loader.js`,
    'data-settings-id': settingsId,
    'data-language': language,
  };
}
