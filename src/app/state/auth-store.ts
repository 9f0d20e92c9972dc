/**
 * Sign-in state (SPEC 4, Login): the identity-service user, its ID token and claims, the
 * Galaxy user and the platform token. The rules of the profile and token modules live here
 * as small functions, so the panel and the auth-state listener apply them the same way.
 */

import type { GalaxyUser } from '../login/galaxy-user.ts';
import type { AuthState } from './auth-state.ts';

// The state itself is in auth-state.ts, which every page's store needs; these rules only the login does.
export { type AuthState, type IdentityUser, initialAuthState } from './auth-state.ts';

/** The profile module's rule: authenticated means a Galaxy user exists. */
export const hasGalaxyUser = (state: Pick<AuthState, 'galaxyUser'>): boolean => Boolean(state.galaxyUser);

/** The token module's rule: authenticated needs both the token and the user. */
export const isAuthenticated = (state: Pick<AuthState, 'galaxyUser' | 'token'>): boolean =>
  Boolean(state.token) && hasGalaxyUser(state);

/** A profile load's outcome: the user, or false when it failed. */
export function setProfile(state: AuthState, user: GalaxyUser | undefined): void {
  state.galaxyUser = user ?? false;
}

/** A token load's outcome: the token, or cleared when it failed. */
export function setToken(state: AuthState, token: string | undefined): void {
  state.token = token ?? null;
}

/** Signed out: the Galaxy user, the token and the identity go. */
export function clearSession(state: AuthState): void {
  Object.assign(state, { identity: null, idToken: null, claims: null, galaxyUser: null, token: null });
}
