/**
 * Firebase identities, checked with firebase-admin: an ID token sent as a bearer token, or a
 * session cookie made from one. One admin app per server instance (named, deleted on close),
 * so two servers in one process never share it. FIREBASE_AUTH_EMULATOR_HOST, which the admin
 * SDK reads itself from the process environment, points it at the emulator. The SDK is
 * imported only when a project is configured: a site without sign-in does not carry it in memory.
 */
import { randomUUID } from 'node:crypto';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { VerifiedIdentity } from './directory.ts';

export interface IdentityOptions {
  projectId: string;
  serviceAccountFile?: string;
  /** The emulator the configuration allowed (see loadConfig); against it no credential is needed (its custom tokens are unsigned). */
  emulatorHost?: string;
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

export interface IdentityService {
  /** The identity behind an ID token; InvalidCredentialError when it proves none. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  /** The identity behind a session cookie; InvalidCredentialError when it proves none. */
  verifySessionCookie(cookie: string): Promise<VerifiedIdentity>;
  /** A session cookie for a recently signed-in ID token. */
  createSessionCookie(idToken: string, maxAgeMs: number): Promise<string>;
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
  return { uid: token.uid, ...(token.email ? { email: token.email } : {}), emailVerified: token.email_verified === true };
}

async function checked(verify: () => Promise<DecodedIdToken>): Promise<VerifiedIdentity> {
  try {
    return identityOf(await verify());
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && CREDENTIAL_CODES.has(code)) throw new InvalidCredentialError(code);
    throw error;
  }
}

export async function createIdentityService({ projectId, serviceAccountFile, emulatorHost }: IdentityOptions): Promise<IdentityService> {
  assertEmulatorAllowed(emulatorHost);
  const [{ applicationDefault, cert, deleteApp, initializeApp }, { getAuth }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')]);
  const credential = serviceAccountFile ? cert(serviceAccountFile) : emulatorHost ? undefined : applicationDefault();
  const app = initializeApp({ projectId, ...(credential ? { credential } : {}) }, `nordstern-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    // Revocation is checked too: a signed-out or disabled user's token stops working at once.
    verifyIdToken: (idToken) => checked(() => auth.verifyIdToken(idToken, true)),
    verifySessionCookie: (cookie) => checked(() => auth.verifySessionCookie(cookie, true)),
    async createSessionCookie(idToken, maxAgeMs) {
      try {
        return await auth.createSessionCookie(idToken, { expiresIn: maxAgeMs });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && CREDENTIAL_CODES.has(code)) throw new InvalidCredentialError(code);
        throw error;
      }
    },
    createCustomToken: (uid, claims) => auth.createCustomToken(uid, claims),
    close: () => deleteApp(app),
  };
}
