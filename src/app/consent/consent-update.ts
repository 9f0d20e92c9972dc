/**
 * Google Consent Mode updates: every certified consent manager reports a visitor's choice as
 * gtag('consent', 'update', {...}), and so does the site's own banner, so the site learns of
 * consent in one way, whichever tool asked. Loaded with the consent tools, not with every page.
 */
import { CONSENT_TYPES, type ConsentState, type ConsentType, type ConsentValue } from './consent-mode.ts';

/**
 * The types that stand for something a visitor agrees to. Consent managers report
 * functionality and security storage as granted even after 'reject all' (they count them as
 * necessary), so those two never count as consent to load the tag manager.
 */
export const CONSENT_PURPOSE_TYPES: readonly ConsentType[] = [
  'ad_storage',
  'analytics_storage',
  'ad_user_data',
  'ad_personalization',
  'personalization_storage',
];

export interface ConsentCommand {
  command: 'default' | 'update';
  state: ConsentState;
}

const isConsentValue = (value: unknown): value is ConsentValue => value === 'granted' || value === 'denied';

/**
 * A dataLayer entry read as a consent command, or null when it is none. gtag pushes its
 * `arguments` object, which is array-like but no array.
 */
export function consentCommandOf(entry: unknown): ConsentCommand | null {
  if (typeof entry !== 'object' || entry === null || !('length' in entry)) return null;
  const args = entry as ArrayLike<unknown>;
  const command = args[1];
  const settings = args[2];
  if (args[0] !== 'consent' || (command !== 'default' && command !== 'update')) return null;
  if (typeof settings !== 'object' || settings === null) return null;
  const state: ConsentState = {};
  for (const type of CONSENT_TYPES) {
    const value = (settings as Record<string, unknown>)[type];
    if (isConsentValue(value)) state[type] = value;
  }
  return { command, state };
}

/** Whether the state grants at least one purpose the visitor has to agree to. */
export function grantsConsent(state: ConsentState): boolean {
  return CONSENT_PURPOSE_TYPES.some((type) => state[type] === 'granted');
}

declare global {
  interface Window {
    /** Defined by the consent defaults script; consent managers call it. */
    gtag?: (...args: unknown[]) => void;
  }
}

/** Sends a Consent Mode update, as gtag does: the tag manager reads commands only from an `arguments` object. */
export function sendConsentUpdate(state: ConsentState): void {
  pushArguments('consent', 'update', state);
}

function pushArguments(..._command: unknown[]): void {
  window.dataLayer ??= [];
  // biome-ignore lint/complexity/noArguments: gtag.js reads a command only from an arguments object, not from an array
  window.dataLayer.push(arguments);
}
