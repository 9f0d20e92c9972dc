/**
 * The choice a visitor makes in the site's own consent banner: per purpose, yes or no. It is
 * kept in localStorage (no cookie: the server has no use for it) and asked again after a year.
 */
import { CONSENT_CHOICE_MAX_AGE_MS } from '../layout/timing.ts';
import type { ConsentState } from './consent-mode.ts';

/** Statistics and marketing are asked when a tag manager is configured; maps when a maps key is. */
export const CONSENT_PURPOSES = ['statistics', 'marketing', 'maps'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** A purpose not in the choice has not been decided yet. */
export type ConsentChoice = Partial<Record<ConsentPurpose, boolean>>;

export const CONSENT_STORAGE_KEY = 'nordstern-consent';
/** Raised when the stored shape changes in a way that needs the visitor to be asked again. */
const STORED_VERSION = 1;

interface StoredChoice {
  version: number;
  /** When the visitor last decided, in milliseconds since 1970. */
  decidedAt: number;
  purposes: ConsentChoice;
}

/** The purposes a page asks about, given what is configured. */
export function offeredPurposes({ tagManager, maps }: { tagManager: boolean; maps: boolean }): ConsentPurpose[] {
  return CONSENT_PURPOSES.filter((purpose) => (purpose === 'maps' ? maps : tagManager));
}

/** The stored choice, or an empty one when there is none, it cannot be read, or it is too old. */
export function readChoice(storage: Storage | undefined, now: number): ConsentChoice {
  try {
    const stored = JSON.parse(storage?.getItem(CONSENT_STORAGE_KEY) ?? 'null') as Partial<StoredChoice> | null;
    if (!stored || stored.version !== STORED_VERSION || typeof stored.decidedAt !== 'number') return {};
    if (
      now - stored.decidedAt > CONSENT_CHOICE_MAX_AGE_MS ||
      typeof stored.purposes !== 'object' ||
      stored.purposes === null
    )
      return {};
    const choice: ConsentChoice = {};
    for (const purpose of CONSENT_PURPOSES) {
      const value = (stored.purposes as Record<string, unknown>)[purpose];
      if (typeof value === 'boolean') choice[purpose] = value;
    }
    return choice;
  } catch {
    return {};
  }
}

/** Keeps the choice; a browser that refuses storage (private mode, full) asks again next time. */
export function storeChoice(storage: Storage | undefined, choice: ConsentChoice, now: number): void {
  const stored: StoredChoice = { version: STORED_VERSION, decidedAt: now, purposes: choice };
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Not kept: the choice still holds for this page.
  }
}

/** Whether every purpose the banner asks about has an answer. */
export function isDecided(choice: ConsentChoice, purposes: readonly ConsentPurpose[]): boolean {
  return purposes.every((purpose) => choice[purpose] !== undefined);
}

/** The same answer for every purpose offered. */
export function uniformChoice(purposes: readonly ConsentPurpose[], granted: boolean): ConsentChoice {
  return Object.fromEntries(purposes.map((purpose) => [purpose, granted])) as ConsentChoice;
}

const value = (granted: boolean | undefined) => (granted ? 'granted' : 'denied');

/** The choice as Consent Mode states it. Maps are not a Consent Mode type: the site loads them itself. */
export function consentStateOf(choice: ConsentChoice): ConsentState {
  return {
    analytics_storage: value(choice.statistics),
    ad_storage: value(choice.marketing),
    ad_user_data: value(choice.marketing),
    ad_personalization: value(choice.marketing),
  };
}
