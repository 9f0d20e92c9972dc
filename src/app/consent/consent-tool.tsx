/**
 * The consent tool a page runs, loaded after hydration where one is configured: the consent
 * manager's bridge or the site's own banner and its stored choice, the tag manager once the
 * visitor consents, and the language change announced. It tells the provider whether maps may
 * load; pages without a consent tool never load it.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { TrackingEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';
import { withStyles } from '../styles/on-demand.ts';
import { pushDataLayer } from '../tracking/data-layer.ts';
import type { AskedEarly, ConsentContextValue, ConsentTool as Tool } from './consent-tool-choice.ts';
import { openConsentSettings } from './settings-event.ts';
import { useBuiltInConsent } from './use-built-in-consent.ts';
import { useConsentManager } from './use-consent-manager.ts';
import { useConsentTexts } from './use-consent-texts.ts';

// The banner loads only when it asks: a visitor who decided before never loads it.
const ConsentBanner = lazy(() =>
  withStyles('consent-banner', import('./consent-banner.tsx')).then((module) => ({
    default: module.ConsentBanner,
  })),
);

const loadTagManagerOnConsent = () => import('./tag-manager-on-consent.ts');

/** Loads the tag manager as soon as a Consent Mode update grants a purpose, from whichever tool. */
function useTagManagerOnConsent({ gtmId, gtmOrigin }: TrackingEnvironment): void {
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

/** A language change is announced in the dataLayer for the consent tool. */
function useLanguageAnnouncement(tool: Tool, language: Language): void {
  const previous = useRef(language);
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    if (tool !== 'none') pushDataLayer({ event: 'language_change', language });
  }, [tool, language]);
}

export interface ConsentToolProps {
  tool: Exclude<Tool, 'none'>;
  language: Language;
  tracking: TrackingEnvironment;
  /** Asked before this tool had loaded: answered once, when it has. */
  asked: AskedEarly;
  onChange(value: ConsentContextValue): void;
}

export function ConsentTool({ tool, language, tracking, asked, onChange }: ConsentToolProps) {
  // First: the consent watcher must be listening before the stored choice is sent.
  useTagManagerOnConsent(tracking);
  useLanguageAnnouncement(tool, language);
  const maps = Boolean(tracking.mapsApiKey);
  const manager = useConsentManager(tool === 'manager', language, maps);
  const builtIn = useBuiltInConsent(tool === 'banner', tracking);
  const texts = useConsentTexts(language, tool === 'banner');

  const mapsAllowed = maps && (tool === 'manager' ? manager.mapsAllowed : builtIn.choice.maps === true);
  const allowMaps = tool === 'manager' ? manager.allowMaps : builtIn.allowMaps;
  useEffect(() => onChange({ mapsAllowed, allowMaps }), [mapsAllowed, allowMaps, onChange]);

  // After the hooks above are listening (their effects run first): what the visitor asked while this loaded.
  const answered = useRef(false);
  useEffect(() => {
    if (answered.current) return;
    answered.current = true;
    if (asked.settings) openConsentSettings();
    if (asked.maps) allowMaps();
  }, [asked, allowMaps]);

  return tool === 'banner' && texts && builtIn.layer !== 'closed' ? (
    <Suspense fallback={null}>
      <ConsentBanner
        texts={texts}
        layer={builtIn.layer}
        purposes={builtIn.purposes}
        choice={builtIn.choice}
        onDecide={builtIn.decide}
        onShowSettings={builtIn.showSettings}
        onCloseSettings={builtIn.closeSettings}
      />
    </Suspense>
  ) : null;
}
