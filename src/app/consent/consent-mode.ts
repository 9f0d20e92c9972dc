/**
 * Google Consent Mode: the defaults every page starts from and the updates a consent tool
 * sends. Every certified consent manager reports a visitor's choice as
 * gtag('consent', 'update', {...}), and so does the site's own banner, so the site learns of
 * consent in one way, whichever tool asked.
 */
import { CONSENT_WAIT_FOR_UPDATE_MS } from '../layout/timing.ts';

export const CONSENT_TYPES = [
  'ad_storage',
  'analytics_storage',
  'ad_user_data',
  'ad_personalization',
  'functionality_storage',
  'personalization_storage',
  'security_storage',
] as const;

export type ConsentType = (typeof CONSENT_TYPES)[number];
export type ConsentValue = 'granted' | 'denied';
export type ConsentState = Partial<Record<ConsentType, ConsentValue>>;

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

/** Everything denied until the visitor decides; tags already loaded wait this long for the answer. */
export const CONSENT_DEFAULTS: Record<ConsentType, 'denied'> & { wait_for_update: number } = {
  ...(Object.fromEntries(CONSENT_TYPES.map((type) => [type, 'denied'])) as Record<ConsentType, 'denied'>),
  wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS,
};

/** The id of the inline script that sets the defaults. */
export const CONSENT_DEFAULTS_SCRIPT_ID = 'consent-defaults';

/**
 * The inline script at the top of the head: creates the dataLayer and the global gtag
 * (which consent managers call), then sets the defaults, before any other script runs.
 */
export function consentDefaultsScript(): string {
  return (
    'window.dataLayer=window.dataLayer||[];' +
    'function gtag(){dataLayer.push(arguments);}' +
    `gtag('consent','default',${JSON.stringify(CONSENT_DEFAULTS)});`
  );
}

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
  window.dataLayer.push(arguments);
}
