/**
 * The consent manager, when one is configured: its settings behind the footer's Cookies
 * button, its language following the page's, and its consent to the maps service.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Language } from '../i18n/language.ts';
import { CONSENT_LANGUAGE_DELAY_MS } from '../layout/timing.ts';
import type { ConsentManager } from './consent-manager.ts';
import { CONSENT_SETTINGS_EVENT } from './settings-event.ts';
import { connectUsercentrics } from './usercentrics-ui.ts';

export interface ConsentManagerState {
  mapsAllowed: boolean;
  allowMaps(): void;
}

export function useConsentManager(enabled: boolean, language: Language, followMaps: boolean): ConsentManagerState {
  const [manager, setManager] = useState<ConsentManager | null>(null);
  // Set in the same effect that connects, so a map's button works from the tool's first effects on.
  const connectedRef = useRef<ConsentManager | null>(null);
  const [mapsAllowed, setMapsAllowed] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    const connected = connectUsercentrics(window);
    connectedRef.current = connected;
    setManager(connected);
    const readMaps = () => void connected.allowsMaps().then(setMapsAllowed);
    if (followMaps) readMaps();
    const stopFollowing = followMaps ? connected.onChoice(readMaps) : undefined;
    const openSettings = () => void connected.showSettings();
    window.addEventListener(CONSENT_SETTINGS_EVENT, openSettings);
    return () => {
      stopFollowing?.();
      window.removeEventListener(CONSENT_SETTINGS_EVENT, openSettings);
    };
  }, [enabled, followMaps]);

  // A language change reaches the manager a moment after it was announced (SPEC 4, Language).
  const previous = useRef(language);
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    if (!manager) return;
    // Not cancelled by a quick second change: the manager ends on the last language either way.
    setTimeout(() => void manager.setLanguage(language), CONSENT_LANGUAGE_DELAY_MS);
  }, [language, manager]);

  const allowMaps = useCallback(() => {
    const connected = connectedRef.current;
    // A manager that does not know the maps service lets the visitor decide in its own settings.
    void connected?.allowMaps().then((known) => (known ? setMapsAllowed(true) : connected.showSettings()));
  }, []);

  return { mapsAllowed, allowMaps };
}
