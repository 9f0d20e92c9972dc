/**
 * The Galaxy login's place in the navigation. The login is client-only: the server and the
 * hydration write its button unseen, keeping its place, and the entry itself (its dropdown,
 * and behind it the card and the Firebase SDK) is fetched once the page is live, so no first
 * load carries its code.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { reloadOnChunkError } from '../chunk-reload.ts';
import { useEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';
import { Icon } from './icon.tsx';

/** Whether the login entry is offered on this path (GALAXY_EXCLUSIONS names paths and their subpaths). */
export function isLoginOffered(pathname: string, exclusions: readonly string[]): boolean {
  return !exclusions.some((path) => pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`));
}

/** The button as it stands until the entry has loaded: the same size, unseen. */
function PendingEntry({ label }: { label: string }) {
  return (
    <div className="login-entry">
      <button type="button" className="login-entry__toggle login-entry__toggle--pending">
        <Icon name="account" size={18} />
        <span>{label}</span>
      </button>
    </div>
  );
}

// A chunk that cannot load (a deploy replaced it) reloads the page when that is allowed, and
// otherwise leaves the button unseen: the page works on without the login.
const LoginEntry = lazy(() =>
  import('./login-entry.tsx').then(
    (module) => ({ default: module.LoginEntry }),
    (error: unknown) => {
      reloadOnChunkError(error);
      return { default: ({ label }: { label: string; language: Language }) => <PendingEntry label={label} /> };
    },
  ),
);

export function LoginEntryOnDemand({ label, language }: { label: string; language: Language }) {
  const { login } = useEnvironment();
  const { pathname } = useLocation();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  if (login && !isLoginOffered(pathname, login.exclusions)) return null;
  if (!live) return <PendingEntry label={label} />;
  return (
    <Suspense fallback={<PendingEntry label={label} />}>
      <LoginEntry label={label} language={language} />
    </Suspense>
  );
}
