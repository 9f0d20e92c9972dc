/**
 * The login dropdown's card, loaded when the dropdown is first opened: the texts from
 * login.json, then (only when sign-in is configured) the Firebase flow. Google first, the
 * divider, email and password, the password-reset and accounts links; when signed in, the
 * way to Galaxy. Fields are disabled while a sign-in runs.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { createFetchContentSource } from '../content/fetch-content-source.ts';
import type { LoginTexts } from '../content/schemas/login.ts';
import { useEnvironment } from '../environment.tsx';
import { fill } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';
import { Icon } from '../layout/icon.tsx';
import { isAuthenticated } from '../state/auth-store.ts';
import { useStores } from '../state/stores.tsx';
import type { LoginController } from './login-controller.ts';

/** The Google mark on the sign-in button, as one path on the icons' 24 px grid. */
const GOOGLE_MARK = 'M20.5 12.2h-8.3v3.5h4.8a5.4 5.4 0 1 1-1.4-6.1l2.5-2.5a8.9 8.9 0 1 0 2.4 5.1z';

/** The platform's pages the dropdown links to, below GALAXY_URL. */
export const GALAXY_PASSWORD_RESET_PATH = '/password-reset';
export const GALAXY_ACCOUNTS_PATH = '/accounts';

const galaxyPage = (galaxyUrl: string, path: string) => `${galaxyUrl.replace(/\/+$/, '')}${path}`;

/** The card's title, which names the card for screen readers (the card is labelled by its id). */
function PanelTitle({ id, text }: { id: string; text: string }) {
  return (
    <p className="login-panel__title" id={id}>
      {text}
    </p>
  );
}

export default function LoginPanel({ language, titleId }: { language: Language; titleId: string }) {
  const environment = useEnvironment();
  const config = environment.login;
  const stores = useStores();
  const auth = useSnapshot(stores.auth);
  const [texts, setTexts] = useState<LoginTexts | null>(null);
  const [controller, setController] = useState<LoginController | null>(null);
  const emailId = useId();
  const passwordId = useId();

  useEffect(() => {
    let current = true;
    void createFetchContentSource(environment.assetsBaseUrl)
      .file<LoginTexts>(language, 'login.json')
      .then((loaded) => {
        if (current) setTexts(loaded);
      });
    return () => {
      current = false;
    };
  }, [environment.assetsBaseUrl, language]);

  useEffect(() => {
    if (!config || !texts) return;
    let made: { controller: LoginController; release: () => void } | null = null;
    let current = true;
    void import('./login-controller.ts').then(({ createLoginController, setActiveController }) => {
      if (!current) return;
      const controller = createLoginController({
        config,
        auth: stores.auth,
        snackbar: stores.snackbar,
        texts,
        goTo: (url) => window.location.assign(url),
      });
      setActiveController(controller);
      made = { controller, release: () => setActiveController(null) };
      setController(controller);
    });
    return () => {
      current = false;
      made?.release();
      void made?.controller.dispose();
    };
  }, [config, texts, stores]);

  if (!texts) return <p className="login-panel__status">…</p>;
  if (!config) {
    return (
      <div className="login-panel">
        <PanelTitle id={titleId} text={texts.title} />
        <p className="login-panel__text">{texts.not_configured}</p>
      </div>
    );
  }

  const busy = auth.loading || !controller;
  const accountsLink = (
    <a className="login-panel__link" href={galaxyPage(config.galaxyUrl, GALAXY_ACCOUNTS_PATH)}>
      {texts.accounts}
    </a>
  );

  if (isAuthenticated(auth)) {
    return (
      <div className="login-panel">
        <PanelTitle id={titleId} text={texts.title} />
        {auth.identity?.email ? (
          <p className="login-panel__text">{fill(texts.signed_in_as, { email: auth.identity.email })}</p>
        ) : null}
        <button
          type="button"
          className="button button--accent login-panel__submit"
          onClick={() => controller?.switchToGalaxy()}
        >
          {texts.switch_to_galaxy}
        </button>
        {accountsLink}
      </div>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void controller?.signInWithEmail(String(data.get('email') ?? ''), String(data.get('password') ?? ''));
  }

  return (
    <div className="login-panel" aria-busy={auth.loading}>
      <PanelTitle id={titleId} text={texts.title} />
      <p className="login-panel__text">{texts.intro}</p>
      <button
        type="button"
        className="button login-panel__google"
        disabled={busy}
        onClick={() => void controller?.signInWithGoogle()}
      >
        <Icon path={GOOGLE_MARK} size={18} />
        <span>{texts.google}</span>
      </button>
      <p className="login-panel__divider">
        <span>{texts.divider}</span>
      </p>
      <form className="login-panel__form" onSubmit={submit}>
        <label className="login-panel__label" htmlFor={emailId}>
          {texts.email_label}
        </label>
        <input
          id={emailId}
          className="login-panel__input"
          name="email"
          type="email"
          required
          autoComplete="username"
          disabled={busy}
        />
        <label className="login-panel__label" htmlFor={passwordId}>
          {texts.password_label}
        </label>
        <input
          id={passwordId}
          className="login-panel__input"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          disabled={busy}
        />
        <button type="submit" className="button button--accent login-panel__submit" disabled={busy}>
          {auth.loading ? texts.loading : texts.submit}
        </button>
      </form>
      <a className="login-panel__link" href={galaxyPage(config.galaxyUrl, GALAXY_PASSWORD_RESET_PATH)}>
        {texts.forgot_password}
      </a>
      {accountsLink}
    </div>
  );
}
