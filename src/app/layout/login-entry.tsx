/**
 * The Galaxy login in the navigation, a quiet utility beside the call to action: client-only, so
 * the server sends the button hidden, keeping its place. The card and everything behind it (its texts, the Firebase SDK) load when the
 * dropdown is first opened; once loaded it stays mounted, so a sign-in survives closing it.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { reloadOnChunkError } from '../chunk-reload.ts';
import { useEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';
import { withStyles } from '../styles/on-demand.ts';
import { Icon } from './icon.tsx';
import { useEscape } from './use-escape.ts';

const LoginPanel = lazy(() =>
  withStyles('login-panel', import('../login/login-panel.tsx')).catch((error: unknown) => {
    reloadOnChunkError(error);
    throw error;
  }),
);

/** Whether the login entry is offered on this path (GALAXY_EXCLUSIONS names paths and their subpaths). */
export function isLoginOffered(pathname: string, exclusions: readonly string[]): boolean {
  return !exclusions.some((path) => pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`));
}

export function LoginEntry({ label, language }: { label: string; language: Language }) {
  const { login } = useEnvironment();
  const { pathname } = useLocation();
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const cardId = useId();
  const titleId = useId();

  useEffect(() => setMounted(true), []);

  useEscape(open, () => {
    setOpen(false);
    toggleRef.current?.focus();
  });

  if (login && !isLoginOffered(pathname, login.exclusions)) return null;

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
        // Until the page is live the button holds its place unseen (client-only, and no layout shift when it appears).
        className={`login-entry__toggle${mounted ? '' : ' login-entry__toggle--pending'}`}
        aria-expanded={open}
        aria-controls={cardId}
        title={label}
        onClick={() => {
          setLoaded(true);
          setOpen((value) => !value);
        }}
      >
        <Icon name="account" size={20} />
        {/* Where the bar is narrow only the icon shows; the label stays the button's name. */}
        <span className="login-entry__label">{label}</span>
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
