/**
 * Consent on every page, in the browser: which tool asks (the consent manager, the site's own
 * banner or none), the tag manager once the visitor consents, the footer's Cookies button,
 * the consent manager's language, and whether maps may load. The server renders none of it:
 * it cannot know a stored choice, and nothing may load before the browser knows it.
 */
import { createContext, lazy, Suspense, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ConsentTexts } from '../content/schemas/consent.ts';
import { useEnvironment, type TrackingEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';
import { CONSENT_LANGUAGE_DELAY_MS } from '../layout/timing.ts';
import { pushDataLayer } from '../tracking.ts';
import type { BannerLayer } from './consent-banner.tsx';
import { consentStateOf, isDecided, offeredPurposes, readChoice, storeChoice, type ConsentChoice } from './consent-choice.ts';
import type { ConsentManager } from './consent-manager.ts';
import { sendConsentUpdate } from './consent-mode.ts';
import { CONSENT_SETTINGS_EVENT } from './settings-event.ts';
import { connectUsercentrics } from './usercentrics.ts';

// Loaded only where needed: the banner when it asks, the consent watcher when a tag manager is configured.
const ConsentBanner = lazy(() => import('./consent-banner.tsx').then((module) => ({ default: module.ConsentBanner })));
const loadTagManagerOnConsent = () => import('./tag-manager-on-consent.ts');

/** Who asks for consent: a configured consent manager, else the site's banner when something needs consent, else nobody. */
export type ConsentTool = 'manager' | 'banner' | 'none';

export function consentToolOf(tracking: TrackingEnvironment): ConsentTool {
  if (tracking.consentManagerId) return 'manager';
  if (tracking.gtmId || tracking.mapsApiKey) return 'banner';
  return 'none';
}

interface ConsentContextValue {
  /** Whether the visitor allowed maps; false on the server and until the browser knows. */
  mapsAllowed: boolean;
  /** The visitor asked to see a map: records their consent to maps. */
  allowMaps(): void;
}

const ConsentContext = createContext<ConsentContextValue | null>(null);

export function useConsent(): ConsentContextValue {
  const consent = use(ConsentContext);
  if (!consent) throw new Error('useConsent needs a ConsentProvider');
  return consent;
}

function localStorageOrNone(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off: choices hold for the page only.
    return undefined;
  }
}

/** Loads the tag manager as soon as a Consent Mode update grants a purpose, from whichever tool. */
function useTagManagerOnConsent(tracking: TrackingEnvironment): void {
  const { gtmId, gtmOrigin } = tracking;
  useEffect(() => {
    if (!gtmId) return;
    let stop: (() => void) | undefined;
    let active = true;
    void loadTagManagerOnConsent().then(({ loadTagManagerOnConsent: start }) => {
      if (active) stop = start(gtmOrigin, gtmId);
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [gtmId, gtmOrigin]);
}

/** Tells the consent tool about a language change: announced at once, the consent manager told a moment later. */
function useConsentLanguage(tool: ConsentTool, language: Language, manager: ConsentManager | null): void {
  const previous = useRef(language);
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    if (tool === 'none') return;
    pushDataLayer({ event: 'language_change', language });
    if (!manager) return;
    // Not cancelled on a quick second change: the manager ends on the last language either way.
    setTimeout(() => void manager.setLanguage(language), CONSENT_LANGUAGE_DELAY_MS);
  }, [tool, language, manager]);
}

interface ConsentProviderProps {
  texts: ConsentTexts | null;
  language: Language;
  children: ReactNode;
}

export function ConsentProvider({ texts, language, children }: ConsentProviderProps) {
  const { tracking } = useEnvironment();
  const tool = consentToolOf(tracking);
  const [manager, setManager] = useState<ConsentManager | null>(null);
  const [choice, setChoice] = useState<ConsentChoice>({});
  const [layer, setLayer] = useState<BannerLayer>('closed');
  const [managerAllowsMaps, setManagerAllowsMaps] = useState(false);
  const purposes = useMemo(() => offeredPurposes({ tagManager: Boolean(tracking.gtmId), maps: Boolean(tracking.mapsApiKey) }), [tracking.gtmId, tracking.mapsApiKey]);
  // The banner asks only about what the tag manager does; maps are asked where a map is.
  const bannerPurposes = useMemo(() => purposes.filter((purpose) => purpose !== 'maps'), [purposes]);

  useTagManagerOnConsent(tracking);
  useConsentLanguage(tool, language, manager);

  // The consent manager: its settings behind the Cookies button, its maps consent followed.
  useEffect(() => {
    if (tool !== 'manager') return;
    const connected = connectUsercentrics(window);
    setManager(connected);
    const followMaps = () => void connected.allowsMaps().then(setManagerAllowsMaps);
    if (tracking.mapsApiKey) followMaps();
    const stopFollowing = tracking.mapsApiKey ? connected.onChoice(followMaps) : undefined;
    const openSettings = () => void connected.showSettings();
    window.addEventListener(CONSENT_SETTINGS_EVENT, openSettings);
    return () => {
      stopFollowing?.();
      window.removeEventListener(CONSENT_SETTINGS_EVENT, openSettings);
    };
  }, [tool, tracking.mapsApiKey]);

  // The site's own banner: a stored choice applies at once, otherwise the banner asks.
  useEffect(() => {
    if (tool !== 'banner') return;
    const stored = readChoice(localStorageOrNone(), Date.now());
    setChoice(stored);
    if (bannerPurposes.length > 0) {
      if (isDecided(stored, bannerPurposes)) sendConsentUpdate(consentStateOf(stored));
      else setLayer('first');
    }
    const openSettings = () => setLayer('second');
    window.addEventListener(CONSENT_SETTINGS_EVENT, openSettings);
    return () => window.removeEventListener(CONSENT_SETTINGS_EVENT, openSettings);
  }, [tool, bannerPurposes]);

  const record = useCallback(
    (next: ConsentChoice) => {
      storeChoice(localStorageOrNone(), next, Date.now());
      setChoice(next);
      if (tracking.gtmId) sendConsentUpdate(consentStateOf(next));
    },
    [tracking.gtmId],
  );

  const decide = useCallback(
    (next: ConsentChoice) => {
      record(next);
      setLayer('closed');
    },
    [record],
  );

  /** Closing the settings without saving goes back to the banner while the visitor has not decided. */
  const closeSettings = useCallback(() => {
    setLayer(isDecided(choice, bannerPurposes) ? 'closed' : 'first');
  }, [choice, bannerPurposes]);

  const allowMaps = useCallback(() => {
    if (tool === 'manager' && manager) {
      // A consent manager that does not know the maps service decides in its own settings.
      void manager.allowMaps().then((known) => (known ? setManagerAllowsMaps(true) : manager.showSettings()));
    } else if (tool === 'banner') {
      // Only the maps answer: a banner still open keeps asking about the rest.
      record({ ...choice, maps: true });
    }
  }, [tool, manager, record, choice]);

  const mapsAllowed = Boolean(tracking.mapsApiKey) && (tool === 'manager' ? managerAllowsMaps : choice.maps === true);
  const value = useMemo(() => ({ mapsAllowed, allowMaps }), [mapsAllowed, allowMaps]);

  return (
    <ConsentContext value={value}>
      {children}
      {tool === 'banner' && texts && layer !== 'closed' ? (
        <Suspense fallback={null}>
          <ConsentBanner
            texts={texts}
            layer={layer}
            purposes={purposes}
            choice={choice}
            onDecide={decide}
            onShowSettings={() => setLayer('second')}
            onCloseSettings={closeSettings}
          />
        </Suspense>
      ) : null}
    </ConsentContext>
  );
}
