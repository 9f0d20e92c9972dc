/**
 * The sign-in flow (SPEC 4, Login), in the browser only and loaded with the login panel, so
 * the Firebase SDK is never part of a page's first load. Auth persistence is none: the
 * session lives in this tab's memory; the platform token is kept for the tab
 * (sessionStorage), and a kept token signs in again when the panel mounts.
 */
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import {
  type Auth,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  initializeAuth,
  inMemoryPersistence,
  onAuthStateChanged,
  signInWithCredential,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type User,
  type UserCredential,
} from 'firebase/auth';
import { identityErrorMessage, type LoginTexts } from '../content/schemas/login.ts';
import { type AuthState, clearSession, setProfile, setToken } from '../state/auth-store.ts';
import { type SnackbarState, showSnackbar } from '../state/stores.tsx';
import { pushDataLayer } from '../tracking/data-layer.ts';
import type { PublicLoginConfig } from './galaxy-user.ts';
import { fetchGalaxyUser, fetchPlatformToken } from './login-api.ts';
import { referralCookie } from './referral-cookie.ts';

/** SPEC 9: the pause between a completed sign-in and the way to Galaxy. */
export const GALAXY_REDIRECT_DELAY_MS = 300;
/** Where the platform token is kept for this tab. */
export const STORED_TOKEN_KEY = 'galaxy-token';

export type LoginProvider = 'google' | 'email_password';

export interface LoginControllerOptions {
  config: PublicLoginConfig;
  auth: AuthState;
  snackbar: SnackbarState;
  texts: LoginTexts;
  /** Leaves the site for Galaxy. */
  goTo(url: string): void;
  storage?: Storage;
}

export interface LoginController {
  signInWithGoogle(): Promise<void>;
  signInWithEmail(email: string, password: string): Promise<void>;
  /** The Google path from a Google ID token (a credential that Google Identity Services hands over), ending like the popup. */
  signInWithGoogleIdToken(idToken: string): Promise<void>;
  /** Already signed in: the referral cookie, then Galaxy. */
  switchToGalaxy(): void;
  dispose(): Promise<void>;
}

/** The controller of the open login panel (one per tab), for callers outside React such as a Google Identity Services callback. */
let activeController: LoginController | null = null;

export function setActiveController(controller: LoginController | null): void {
  activeController = controller;
}

/** Signs in with a Google ID token through the open panel's flow; false when no panel is open. */
export async function signInWithGoogleIdToken(idToken: string): Promise<boolean> {
  if (!activeController) return false;
  await activeController.signInWithGoogleIdToken(idToken);
  return true;
}

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

export function createLoginController({
  config,
  auth: state,
  snackbar,
  texts,
  goTo,
  storage = globalThis.sessionStorage,
}: LoginControllerOptions): LoginController {
  const app: FirebaseApp = initializeApp(config.firebase, `galaxy-login-${Date.now()}`);
  const auth: Auth = initializeAuth(app, {
    persistence: inMemoryPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  /** A sign-in of this panel is running: the auth-state listener leaves the profile to it. */
  let signingIn = false;

  const danger = (content: string) => showSnackbar(snackbar, { content, color: 'danger', prependIcon: 'error' });

  async function failSignIn(provider: LoginProvider, message: string, errorMessage: string): Promise<void> {
    danger(message);
    await signOut(auth).catch(() => undefined);
    clearSession(state);
    storage?.removeItem(STORED_TOKEN_KEY);
    pushDataLayer({ event: 'login_fail', error_message: errorMessage, login_provider: provider });
  }

  function leaveForGalaxy(): void {
    document.cookie = referralCookie(window.location.hostname, config.cookieDomain);
    setTimeout(() => goTo(config.galaxyUrl), GALAXY_REDIRECT_DELAY_MS);
  }

  /** After the identity service said yes: the ID token, the Galaxy user, the platform token, then Galaxy. */
  async function complete(user: User, provider: LoginProvider): Promise<void> {
    const result = await user.getIdTokenResult();
    state.identity = { uid: user.uid, email: user.email, emailVerified: user.emailVerified };
    state.idToken = result.token;
    state.claims = { ...result.claims };
    const profile = await fetchGalaxyUser(user.uid, result.token);
    setProfile(state, profile.ok ? profile.value : undefined);
    if (!profile.ok) {
      const noAccount = profile.status === 404;
      await failSignIn(
        provider,
        noAccount ? texts.no_account : (profile.message ?? texts.failed),
        profile.code ?? `status ${profile.status}`,
      );
      return;
    }
    const token = await fetchPlatformToken(user.uid, result.token);
    setToken(state, token.ok ? token.value : undefined);
    if (!token.ok) {
      await failSignIn(provider, token.message ?? texts.failed, token.code ?? `status ${token.status}`);
      return;
    }
    storage?.setItem(STORED_TOKEN_KEY, token.value);
    pushDataLayer({ event: 'login_complete', login_provider: provider });
    leaveForGalaxy();
  }

  async function run(provider: LoginProvider, signIn: () => Promise<UserCredential>): Promise<void> {
    if (state.loading) return;
    state.loading = true;
    signingIn = true;
    try {
      let credential: UserCredential;
      try {
        credential = await signIn();
      } catch (error) {
        if (provider === 'google') console.error('Google sign-in failed', error);
        await failSignIn(
          provider,
          identityErrorMessage(texts, codeOf(error)),
          codeOf(error) ?? (error as Error).message,
        );
        return;
      }
      await complete(credential.user, provider);
    } catch (error) {
      await failSignIn(provider, texts.failed, (error as Error).message);
    } finally {
      signingIn = false;
      state.loading = false;
    }
  }

  // SPEC 4: an authenticated identity loads its Galaxy user (signing out when that fails);
  // an unauthenticated one clears the Galaxy user, the token and the identity.
  const unsubscribe = onAuthStateChanged(auth, (user) => {
    if (!user) {
      clearSession(state);
      return;
    }
    state.identity = { uid: user.uid, email: user.email, emailVerified: user.emailVerified };
    if (signingIn || state.galaxyUser) return;
    void (async () => {
      const idToken = await user.getIdToken();
      const profile = await fetchGalaxyUser(user.uid, idToken);
      setProfile(state, profile.ok ? profile.value : undefined);
      if (!profile.ok) await signOut(auth).catch(() => undefined);
    })();
  });

  // A platform token kept from earlier in this tab signs in again.
  const stored = storage?.getItem(STORED_TOKEN_KEY);
  if (stored) {
    // The token counts once its sign-in succeeded: the listener's first, signed-out call clears the store.
    void signInWithCustomToken(auth, stored).then(
      () => setToken(state, stored),
      () => {
        storage?.removeItem(STORED_TOKEN_KEY);
        setToken(state, undefined);
      },
    );
  }

  const google = () => {
    const provider = new GoogleAuthProvider();
    provider.setCustomParameters({ prompt: 'select_account' });
    return provider;
  };

  return {
    signInWithGoogle: () => run('google', () => signInWithPopup(auth, google())),
    signInWithEmail: (email, password) =>
      run('email_password', () => signInWithEmailAndPassword(auth, email, password)),
    signInWithGoogleIdToken: (idToken) =>
      run('google', () => signInWithCredential(auth, GoogleAuthProvider.credential(idToken))),
    switchToGalaxy: leaveForGalaxy,
    async dispose() {
      unsubscribe();
      await deleteApp(app);
    },
  };
}
