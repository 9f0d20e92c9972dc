/**
 * Consent on every page, in the browser: which tool asks (the consent manager, the site's own
 * banner or nobody), the tag manager once the visitor consents, the language change announced,
 * and whether maps may load. The server renders none of it: it cannot know a stored choice,
 * and nothing may load before the browser knows it.
 */
import { createContext, lazy, type ReactNode, Suspense, use, useEffect, useState } from 'react';
import { useEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';
import { type AskedEarly, type ConsentContextValue, consentToolOf } from './consent-tool-choice.ts';
import { CONSENT_SETTINGS_EVENT } from './settings-event.ts';

// Loaded only where a consent tool is configured, after hydration: the tool (which loads the
// banner when that asks, and the consent watcher when a tag manager is configured).
const ConsentToolOnPage = lazy(() => import('./consent-tool.tsx').then((module) => ({ default: module.ConsentTool })));

const ConsentContext = createContext<ConsentContextValue | null>(null);

export function useConsent(): ConsentContextValue {
  const consent = use(ConsentContext);
  if (!consent) throw new Error('useConsent needs a ConsentProvider');
  return consent;
}

interface ConsentProviderProps {
  language: Language;
  children: ReactNode;
}

export function ConsentProvider({ language, children }: ConsentProviderProps) {
  const { tracking } = useEnvironment();
  const tool = consentToolOf(tracking);
  const [asked, setAsked] = useState<AskedEarly>({ settings: false, maps: false });
  // Until the tool has read the visitor's choice: no maps, and a press on a map's button is kept for the tool.
  const [early] = useState<ConsentContextValue>(() => ({
    mapsAllowed: false,
    allowMaps: () => setAsked((now) => ({ ...now, maps: true })),
  }));
  const [value, setValue] = useState(early);
  // The tool renders only in the browser, after hydration: the server's markup has none of it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // The Cookies button pressed while the tool is still loading is kept for it too, not lost.
  const toolLoading = tool !== 'none' && value === early;
  useEffect(() => {
    if (!toolLoading) return;
    const ask = () => setAsked((now) => ({ ...now, settings: true }));
    window.addEventListener(CONSENT_SETTINGS_EVENT, ask);
    return () => window.removeEventListener(CONSENT_SETTINGS_EVENT, ask);
  }, [toolLoading]);

  return (
    <ConsentContext value={value}>
      {children}
      {tool !== 'none' && hydrated ? (
        <Suspense fallback={null}>
          <ConsentToolOnPage tool={tool} language={language} tracking={tracking} asked={asked} onChange={setValue} />
        </Suspense>
      ) : null}
    </ConsentContext>
  );
}
