/**
 * The cookie list behind the footer's Cookies button, loaded when the button is first pressed:
 * few visitors open it, so no first load carries it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { CONSENT_SETTINGS_EVENT } from '../consent/settings-event.ts';
import type { Language } from '../i18n/language.ts';
import { withStyles } from '../styles/on-demand.ts';

const ConsentSettings = lazy(() =>
  withStyles('consent-settings', import('./consent-settings.tsx')).then((module) => ({
    default: module.ConsentSettings,
  })),
);

export function ConsentSettingsOnDemand({ language }: { language: Language }) {
  const [asked, setAsked] = useState(false);

  useEffect(() => {
    if (asked) return;
    const ask = () => setAsked(true);
    window.addEventListener(CONSENT_SETTINGS_EVENT, ask);
    return () => window.removeEventListener(CONSENT_SETTINGS_EVENT, ask);
  }, [asked]);

  return asked ? (
    <Suspense fallback={null}>
      <ConsentSettings language={language} openAtStart />
    </Suspense>
  ) : null;
}
