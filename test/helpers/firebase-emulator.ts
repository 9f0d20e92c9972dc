/**
 * The Firebase Auth emulator that `npm test` starts (firebase emulators:exec --only auth):
 * users made through its REST API, ID tokens from real sign-ins, and tokens shaped by hand
 * for the refusal cases. Every test uses addresses of its own, since files run in parallel.
 */
import { randomUUID } from 'node:crypto';

export const EMULATOR_PROJECT = 'demo-nordstern';
export const EMULATOR_API_KEY = 'demo-api-key';

export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host)
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set: run the tests with npm test, which starts the Auth emulator',
    );
  return host;
}

/**
 * The environment a server under test needs to verify the emulator's tokens and offer sign-in.
 * Not production mode: the server refuses the emulator there (its tokens are unsigned).
 */
export function loginEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    FIREBASE_API_KEY: EMULATOR_API_KEY,
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    GALAXY_URL: 'http://127.0.0.1:9/galaxy',
    ...extra,
  };
}

async function call<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`emulator ${path}: ${json.error?.message ?? response.status}`);
  return json;
}

export interface EmulatorUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

export const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** A password user, with a verified email unless told otherwise. */
export async function createUser(name: string, { emailVerified = true } = {}): Promise<EmulatorUser> {
  const email = uniqueEmail(name);
  const password = `pw-${randomUUID()}`;
  const created = await call<{ localId: string; idToken: string }>(`accounts:signUp?key=${EMULATOR_API_KEY}`, {
    email,
    password,
    returnSecureToken: true,
  });
  if (emailVerified) {
    await call(
      `projects/${EMULATOR_PROJECT}/accounts:update`,
      { localId: created.localId, emailVerified: true },
      { authorization: 'Bearer owner' },
    );
  }
  return { uid: created.localId, email, password, idToken: await signIn(email, password) };
}

/**
 * ID tokens of the user as if they had signed in so many seconds ago, one per age. The
 * emulator counts every token whose sign-in is older than the account's validSince (its
 * creation, at first) as revoked, so validSince goes back before the oldest.
 */
export async function idTokensSignedInAgo<Ages extends number[]>(
  user: EmulatorUser,
  ...ages: Ages
): Promise<{ [K in keyof Ages]: string }> {
  const now = Math.floor(Date.now() / 1000);
  await call(
    `projects/${EMULATOR_PROJECT}/accounts:update`,
    { localId: user.uid, validSince: String(now - Math.max(...ages) - 1) },
    { authorization: 'Bearer owner' },
  );
  return ages.map((seconds) => reshapeJwt(user.idToken, (claims) => ({ ...claims, auth_time: now - seconds }))) as {
    [K in keyof Ages]: string;
  };
}

/** A fresh ID token from a password sign-in. */
export async function signIn(email: string, password: string): Promise<string> {
  const { idToken } = await call<{ idToken: string }>(`accounts:signInWithPassword?key=${EMULATOR_API_KEY}`, {
    email,
    password,
    returnSecureToken: true,
  });
  return idToken;
}

/** Signs in with a custom token, as the platform would; answers the ID token's claims. */
export async function signInWithCustomToken(token: string): Promise<Record<string, unknown>> {
  const { idToken } = await call<{ idToken: string }>(`accounts:signInWithCustomToken?key=${EMULATOR_API_KEY}`, {
    token,
    returnSecureToken: true,
  });
  return decodeJwt(idToken);
}

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The same token with its claims changed (the emulator's tokens are unsigned, so this is what a forger could send). */
export function reshapeJwt(
  token: string,
  change: (claims: Record<string, unknown>) => Record<string, unknown>,
): string {
  const [header, , signature] = token.split('.');
  const payload = Buffer.from(JSON.stringify(change(decodeJwt(token)))).toString('base64url');
  return `${header}.${payload}.${signature ?? ''}`;
}
