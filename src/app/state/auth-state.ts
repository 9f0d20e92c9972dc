/** Sign-in state (SPEC 4, Login), as every page's stores hold it; the rules that change it are in auth-store.ts. */
import type { GalaxyUser } from '../login/galaxy-user.ts';

export interface IdentityUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

export interface AuthState {
  identity: IdentityUser | null;
  idToken: string | null;
  claims: Record<string, unknown> | null;
  /** null before a load; false after a load that failed. */
  galaxyUser: GalaxyUser | false | null;
  /** The platform's custom token. */
  token: string | null;
  /** A sign-in is under way: the form's fields are disabled. */
  loading: boolean;
}

export const initialAuthState = (): AuthState => ({
  identity: null,
  idToken: null,
  claims: null,
  galaxyUser: null,
  token: null,
  loading: false,
});
