/**
 * Firebase identities, checked with firebase-admin: an ID token sent as a bearer token, or a
 * session cookie made from one; and the end of a session, which revokes it at Firebase so
 * that a copy of the cookie stops working too. One admin app per server instance (named,
 * deleted on close), so two servers in one process never share it.
 * FIREBASE_AUTH_EMULATOR_HOST, which the admin SDK reads itself from the process environment,
 * points it at the emulator. The SDK is imported only when a project is configured: a site
 * without sign-in does not carry it in memory.
 */
import { randomUUID } from 'node:crypto';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { VerifiedIdentity } from './directory.ts';
import { type SignOuts, signedInBeforeSignOut } from './sign-outs.ts';

export interface IdentityOptions {
  projectId: string;
  serviceAccountFile?: string;
  /** The emulator the configuration allowed (see loadConfig); against it no credential is needed (its custom tokens are unsigned). */
  emulatorHost?: string;
  /** The sign-outs every replica sees: a credential from a sign-in in the second of one is refused. */
  signOuts: SignOuts;
}

/**
 * The SDK follows the variable in process.env whatever the configuration says, and then
 * accepts unsigned tokens for any uid: it is used only when the checked configuration named
 * the same emulator, so a configuration read from another environment cannot hide it.
 */
function assertEmulatorAllowed(emulatorHost: string | undefined): void {
  const followed = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || undefined;
  if (followed !== emulatorHost) {
    throw new Error(
      `firebase-admin would verify tokens against ${followed ? `the Auth emulator at ${followed}` : 'the real Firebase project'}, ` +
        `but the configuration ${emulatorHost ? `names the emulator at ${emulatorHost}` : 'names no emulator'}: FIREBASE_AUTH_EMULATOR_HOST must be the same in the environment the configuration was read from and in the process`,
    );
  }
}

/** A credential that does not prove an identity: missing, malformed, expired, revoked, forged or for another project. */
export class InvalidCredentialError extends Error {
  override name = 'InvalidCredentialError';
}

/**
 * How long ago the sign-in behind an ID token may have been for it to start a session.
 * Firebase's session-cookie guide asks for a recent sign-in: a session outlives the hour of
 * an ID token by far, so only a person who just proved who they are may start one, not
 * whoever holds a token that has been lying around.
 */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/** A valid ID token whose sign-in is older than RECENT_SIGN_IN_MS: the person has to sign in again. */
export class StaleSignInError extends Error {
  override name = 'StaleSignInError';
}

export interface IdentityService {
  /** The identity behind an ID token; InvalidCredentialError when it proves none. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  /** The identity behind a session cookie; InvalidCredentialError when it proves none. */
  verifySessionCookie(cookie: string): Promise<VerifiedIdentity>;
  /**
   * A session cookie for an ID token, and its uid: InvalidCredentialError when the token proves
   * nothing, StaleSignInError when its sign-in is older than RECENT_SIGN_IN_MS.
   */
  createSessionCookie(idToken: string, maxAgeMs: number): Promise<{ uid: string; cookie: string }>;
  /**
   * Ends the session of a session cookie at Firebase (revokes the user's refresh tokens, and so
   * every session and ID token of theirs from before), answering its uid; null when the cookie
   * proves nothing, as then there is nothing to end. Throws when Firebase cannot be reached.
   */
  endSession(cookie: string): Promise<string | null>;
  /** A token the caller signs in with on the platform, carrying these claims. */
  createCustomToken(uid: string, claims: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

/** Error codes of firebase-admin that mean the credential proves nothing (anything else is the service failing). */
const CREDENTIAL_CODES = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/session-cookie-expired',
  'auth/session-cookie-revoked',
  'auth/invalid-session-cookie-duration',
  'auth/user-disabled',
  'auth/user-not-found',
]);

function identityOf(token: DecodedIdToken): VerifiedIdentity {
  return {
    uid: token.uid,
    ...(token.email ? { email: token.email } : {}),
    emailVerified: token.email_verified === true,
  };
}

/** The SDK's answer, with its credential refusals as InvalidCredentialError. */
async function checked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && CREDENTIAL_CODES.has(code)) throw new InvalidCredentialError(code);
    throw error;
  }
}

/** A catch handler: a credential refusal becomes `value`, anything else (Firebase failing) stays an error. */
function unlessInvalidCredential<T>(value: T): (error: unknown) => T {
  return (error) => {
    if (error instanceof InvalidCredentialError) return value;
    throw error;
  };
}

/**
 * Firebase keeps the time of a revocation in whole seconds and counts a token as revoked only
 * when its sign-in was before that second: a session started in the very second it is ended
 * would outlive its end. Such an end waits for the next second (at most one).
 */
/** Revocations made, a second apart, before a session that still verifies is reported. */
const REVOCATION_ATTEMPTS = 3;

async function untilAfterSecondOf(authTimeSeconds: number): Promise<void> {
  const wait = (authTimeSeconds + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 1000)));
}

export async function createIdentityService({
  projectId,
  serviceAccountFile,
  emulatorHost,
  signOuts,
}: IdentityOptions): Promise<IdentityService> {
  assertEmulatorAllowed(emulatorHost);
  const [{ applicationDefault, cert, deleteApp, initializeApp }, { getAuth }] = await Promise.all([
    import('firebase-admin/app'),
    import('firebase-admin/auth'),
  ]);
  const credential = serviceAccountFile ? cert(serviceAccountFile) : emulatorHost ? undefined : applicationDefault();
  const app = initializeApp({ projectId, ...(credential ? { credential } : {}) }, `nordstern-${randomUUID()}`);
  const auth = getAuth(app);
  /**
   * Firebase's answer, revocation checked (a signed-out or disabled user's token stops working at
   * once), then the sign-outs kept here, which also end a sign-in made in a sign-out's second.
   */
  const verified = async (verify: () => Promise<DecodedIdToken>): Promise<DecodedIdToken> => {
    const token = await checked(verify);
    if (signedInBeforeSignOut(token.auth_time, await signOuts.lastOf(token.uid)))
      throw new InvalidCredentialError('signed out since this sign-in');
    return token;
  };
  /** The session behind a cookie as Firebase sees it, or null when the cookie proves none. */
  const firebaseSessionOf = (cookie: string) =>
    checked(() => auth.verifySessionCookie(cookie, true)).catch(unlessInvalidCredential(null));
  return {
    verifyIdToken: async (idToken) => identityOf(await verified(() => auth.verifyIdToken(idToken, true))),
    verifySessionCookie: async (cookie) => identityOf(await verified(() => auth.verifySessionCookie(cookie, true))),
    async createSessionCookie(idToken, maxAgeMs) {
      const token = await verified(() => auth.verifyIdToken(idToken, true));
      if (Date.now() - token.auth_time * 1000 > RECENT_SIGN_IN_MS)
        throw new StaleSignInError(`signed in at ${new Date(token.auth_time * 1000).toISOString()}`);
      return {
        uid: token.uid,
        cookie: await checked(() => auth.createSessionCookie(idToken, { expiresIn: maxAgeMs })),
      };
    },
    async endSession(cookie) {
      const session = await verified(() => auth.verifySessionCookie(cookie, true)).catch(unlessInvalidCredential(null));
      if (!session) return null;
      try {
        await untilAfterSecondOf(session.auth_time);
        // The revocation time is this server's clock in whole seconds, the sign-in time Firebase's:
        // the end is checked, not assumed, and a revocation that fell in the sign-in's second is made again.
        for (let attempt = 1; attempt <= REVOCATION_ATTEMPTS; attempt += 1) {
          // A user deleted meanwhile has no session left to end; the check below says whether it is over.
          await checked(() => auth.revokeRefreshTokens(session.uid)).catch(unlessInvalidCredential(undefined));
          if (!(await firebaseSessionOf(cookie))) return session.uid;
          if (attempt < REVOCATION_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, 1000));
        }
        throw new Error("the session still verifies after its revocation: is this server's clock behind Firebase's?");
      } finally {
        // Taken once Firebase has revoked (or failed to): every credential from a sign-in up to this
        // moment is refused here, a sign-in in the revocation's own second included, even when the
        // revocation itself failed.
        await signOuts.record(session.uid, Date.now());
      }
    },
    createCustomToken: (uid, claims) => auth.createCustomToken(uid, claims),
    close: () => deleteApp(app),
  };
}
