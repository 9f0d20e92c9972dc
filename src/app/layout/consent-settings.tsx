/**
 * The list of the site's cookies, opened by the footer's Cookies button on a site that runs
 * no consent tool: with nothing to agree to, the button tells what the site keeps and why.
 */
import { useEffect, useId, useRef } from 'react';
import { CookieTable } from '../consent/cookie-table.tsx';
import { CONSENT_SETTINGS_EVENT } from '../consent/settings-event.ts';
import { useConsentTexts } from '../consent/use-consent-texts.ts';
import type { ConsentTexts } from '../content/schemas/consent.ts';
import type { Language } from '../i18n/language.ts';
import { Icon } from './icon.tsx';

/** openAtStart: shown once its texts are there, for the press of the Cookies button that loaded it. */
export function ConsentSettings({ language, openAtStart = false }: { language: Language; openAtStart?: boolean }) {
  const texts = useConsentTexts(language);
  return texts ? <CookieList texts={texts} openAtStart={openAtStart} /> : null;
}

function CookieList({ texts, openAtStart }: { texts: ConsentTexts; openAtStart: boolean }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only openAtStart's first value counts: it tells about the press that mounted the dialog
  useEffect(() => {
    const open = () => {
      if (!dialogRef.current?.open) dialogRef.current?.showModal();
    };
    if (openAtStart) open();
    window.addEventListener(CONSENT_SETTINGS_EVENT, open);
    return () => window.removeEventListener(CONSENT_SETTINGS_EVENT, open);
  }, []);

  return (
    <dialog ref={dialogRef} className="consent-settings" aria-labelledby={titleId}>
      <div className="consent-settings__header">
        <h2 id={titleId} className="consent-settings__title">
          {texts.title}
        </h2>
        <button
          type="button"
          className="icon-button consent-settings__close"
          aria-label={texts.close}
          onClick={() => dialogRef.current?.close()}
        >
          <Icon name="close" />
        </button>
      </div>
      <p>{texts.intro}</p>
      <h3 className="consent-settings__subtitle">{texts.necessary_title}</h3>
      <p>{texts.necessary_text}</p>
      <CookieTable texts={texts} items={texts.cookies} />
      <form method="dialog" className="consent-settings__actions">
        <button type="submit" className="button button--primary">
          {texts.close}
        </button>
      </form>
    </dialog>
  );
}
