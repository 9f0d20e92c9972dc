/**
 * Google Consent Mode: the defaults every page starts from (set by the head's first script) and
 * its vocabulary. The updates a consent tool sends are read and written in consent-update.ts,
 * which only the consent tools load.
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

/** Everything denied until the visitor decides; tags already loaded wait this long for the answer. */
export const CONSENT_DEFAULTS: Record<ConsentType, 'denied'> & { wait_for_update: number } = {
  ...(Object.fromEntries(CONSENT_TYPES.map((type) => [type, 'denied'])) as Record<ConsentType, 'denied'>),
  wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS,
};

export { CONSENT_DEFAULTS_SCRIPT_ID } from './head-script-ids.ts';

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
