/**
 * The Galaxy login in the navigation, in the browser only (see login-entry-on-demand.tsx, which
 * renders it once the page is live and decides where it is offered). The card and everything
 * behind it (its texts, the Firebase SDK) load when the dropdown is first opened; once loaded it
 * stays mounted, so a sign-in survives closing it.
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { reloadOnChunkError } from '../chunk-reload.ts';
import type { Language } from '../i18n/language.ts';
import { Icon } from './icon.tsx';
import { useEscape } from './use-escape.ts';

const LoginPanel = lazy(() =>
  import('../login/login-panel.tsx').catch((error: unknown) => {
    reloadOnChunkError(error);
    throw error;
  }),
);

export function LoginEntry({ label, language }: { label: string; language: Language }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const cardId = useId();
  const titleId = useId();

  useEscape(open, () => {
    setOpen(false);
    toggleRef.current?.focus();
  });

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: onBlur only notices focus leaving the card; what a person operates inside is buttons
    <div
      className="login-entry"
      onBlur={(event) => {
        // Focus leaving the card closes it, but not while the Google window takes focus away.
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="login-entry__toggle"
        aria-expanded={open}
        aria-controls={cardId}
        onClick={() => {
          setLoaded(true);
          setOpen((value) => !value);
        }}
      >
        <Icon name="account" size={18} />
        <span>{label}</span>
      </button>
      <section id={cardId} className="login-entry__card" aria-labelledby={titleId} hidden={!open}>
        {loaded ? (
          <Suspense fallback={<p className="login-panel__status">…</p>}>
            <LoginPanel language={language} titleId={titleId} />
          </Suspense>
        ) : null}
      </section>
    </div>
  );
}
