/**
 * The site's own consent tool, used when no consent manager is configured: the stored choice
 * applied at once, the banner shown while the visitor has not decided, the settings behind the
 * footer's Cookies button, and the consent to maps that a map's button records.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TrackingEnvironment } from '../environment.tsx';
import type { BannerLayer } from './consent-banner.tsx';
import {
  type ConsentChoice,
  type ConsentPurpose,
  consentStateOf,
  isDecided,
  offeredPurposes,
  readChoice,
  storeChoice,
} from './consent-choice.ts';
import { sendConsentUpdate } from './consent-update.ts';
import { CONSENT_SETTINGS_EVENT } from './settings-event.ts';

export interface BuiltInConsent {
  layer: BannerLayer;
  /** Every purpose the settings offer. */
  purposes: readonly ConsentPurpose[];
  choice: ConsentChoice;
  decide(choice: ConsentChoice): void;
  showSettings(): void;
  /** The settings closed without a decision: back to the banner while the visitor has not decided. */
  closeSettings(): void;
  allowMaps(): void;
}

function localStorageOrNone(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off: choices hold for the page only.
    return undefined;
  }
}

export function useBuiltInConsent(enabled: boolean, tracking: TrackingEnvironment): BuiltInConsent {
  const [choice, setChoice] = useState<ConsentChoice>({});
  const [layer, setLayer] = useState<BannerLayer>('closed');
  const tagManager = Boolean(tracking.gtmId);
  const purposes = useMemo(
    () => offeredPurposes({ tagManager, maps: Boolean(tracking.mapsApiKey) }),
    [tagManager, tracking.mapsApiKey],
  );
  // The banner asks about what the tag manager does; maps are asked where a map is.
  const bannerPurposes = useMemo(() => purposes.filter((purpose) => purpose !== 'maps'), [purposes]);

  useEffect(() => {
    if (!enabled) return;
    const stored = readChoice(localStorageOrNone(), Date.now());
    setChoice(stored);
    if (bannerPurposes.length > 0) {
      if (isDecided(stored, bannerPurposes)) sendConsentUpdate(consentStateOf(stored));
      else setLayer('first');
    }
    const openSettings = () => setLayer('second');
    window.addEventListener(CONSENT_SETTINGS_EVENT, openSettings);
    return () => window.removeEventListener(CONSENT_SETTINGS_EVENT, openSettings);
  }, [enabled, bannerPurposes]);

  const record = useCallback(
    (next: ConsentChoice) => {
      storeChoice(localStorageOrNone(), next, Date.now());
      setChoice(next);
      // Kept first, then sent: withdrawing reloads the page, which must find the new choice.
      if (tagManager && isDecided(next, bannerPurposes)) sendConsentUpdate(consentStateOf(next));
    },
    [tagManager, bannerPurposes],
  );

  const decide = useCallback(
    (next: ConsentChoice) => {
      record(next);
      setLayer('closed');
    },
    [record],
  );

  return {
    layer,
    purposes,
    choice,
    decide,
    showSettings: useCallback(() => setLayer('second'), []),
    closeSettings: useCallback(
      () => setLayer(isDecided(choice, bannerPurposes) ? 'closed' : 'first'),
      [choice, bannerPurposes],
    ),
    // Only the maps answer: a banner still open keeps asking about the rest.
    allowMaps: useCallback(() => record({ ...choice, maps: true }), [record, choice]),
  };
}
