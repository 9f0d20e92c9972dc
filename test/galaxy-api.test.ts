/**
 * The login API against the Firebase Auth emulator, through app.inject(): real ID tokens of
 * emulator users, the embedded Galaxy directory in the test's database, refusals for every
 * credential that proves nothing and for anyone else's uid.
 */
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import t from 'tap';
import { runGalaxyCli } from '#server/cli/galaxy.ts';
import { build, tempDataDir } from './helpers/build.ts';
import { createUser, decodeJwt, EMULATOR_PROJECT, loginEnv, reshapeJwt, signIn, signInWithCustomToken } from './helpers/firebase-emulator.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function setup(t: { teardown(fn: () => unknown): void }) {
  const dataDir = await tempDataDir(t);
  const app = await build(t, loginEnv({ DATA_DIR: dataDir, GALAXY_EXCLUSIONS: '/newsletter,/unternehmen/karriere' }));
  const galaxy = async (...args: string[]) => {
    const result = await runGalaxyCli(args, { DATA_DIR: dataDir });
    if (result.code !== 0) throw new Error(result.out);
    return result.out;
  };
  return { app, dataDir, galaxy };
}

/** An RS256 token signed with a key of our own: well-formed, but no key Firebase trusts. */
function forgedToken(uid: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = Math.floor(Date.now() / 1000);
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid: randomUUID(), typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(
    JSON.stringify({ iss: `https://securetoken.google.com/${EMULATOR_PROJECT}`, aud: EMULATOR_PROJECT, auth_time: now, user_id: uid, sub: uid, iat: now, exp: now + 3600 }),
  ).toString('base64url');
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), privateKey).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

t.test('a Galaxy account holder gets their profile and a custom token that signs in as them', async (t) => {
  const { app, galaxy } = await setup(t);
  const a = await createUser('anna');
  await galaxy('add', '--uid', a.uid, '--email', a.email, '--name', 'Anna Berg', '--role', 'editor');

  const profile = await app.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: bearer(a.idToken) });
  t.equal(profile.statusCode, 200);
  t.same(profile.json(), { uid: a.uid, email: a.email, name: 'Anna Berg', role: 'editor', status: 'active' });
  t.equal(profile.headers['cache-control'], 'no-store');

  const token = await app.inject({ url: `/api/firebase/token/${a.uid}`, headers: bearer(a.idToken) });
  t.equal(token.statusCode, 200);
  const custom = token.json<{ token: string }>().token;
  t.equal(decodeJwt(custom).uid, a.uid, 'the custom token names the caller');
  const claims = await signInWithCustomToken(custom);
  t.equal(claims.user_id, a.uid, 'signing in with it is signing in as A');
  t.equal(claims.galaxyRole, 'editor', 'with the Galaxy claims');
  t.equal(claims.galaxyStatus, 'active');
});

t.test("A's token asking for B's uid gets 403, for the profile and the token", async (t) => {
  const { app, galaxy } = await setup(t);
  const [a, b] = await Promise.all([createUser('a'), createUser('b')]);
  await galaxy('add', '--uid', a.uid, '--email', a.email);
  await galaxy('add', '--uid', b.uid, '--email', b.email);
  for (const url of [`/api/galaxy/profile/me/${b.uid}`, `/api/firebase/token/${b.uid}`]) {
    const response = await app.inject({ url, headers: bearer(a.idToken) });
    t.equal(response.statusCode, 403, url);
    t.match(response.json(), { field: 'uid', code: 'unauthorized', message: 'You are not authorized.' });
    t.notMatch(response.body, b.email, 'nothing of B is told');
  }
});

t.test('credentials that prove nothing get 401', async (t) => {
  const { app, galaxy } = await setup(t);
  const a = await createUser('c');
  await galaxy('add', '--uid', a.uid, '--email', a.email);
  const now = Math.floor(Date.now() / 1000);
  const cases: [string, Record<string, string>][] = [
    ['no token', {}],
    ['garbage', bearer('garbage')],
    ['garbage with dots', bearer('a.b.c')],
    ['not a bearer scheme', { authorization: `Basic ${a.idToken}` }],
    ['two tokens', { authorization: `Bearer ${a.idToken} ${a.idToken}` }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a token for another project', bearer(reshapeJwt(a.idToken, (claims) => ({ ...claims, aud: 'demo-other', iss: 'https://securetoken.google.com/demo-other' })))],
    ['an expired token', bearer(reshapeJwt(a.idToken, (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 })))],
    ['a token without a subject', bearer(reshapeJwt(a.idToken, ({ sub: _sub, ...claims }) => claims))],
    ['a token signed with a key Firebase does not hold', bearer(forgedToken(a.uid))],
    ['a session cookie that is no session', { cookie: '__session=forged' }],
  ];
  for (const [name, headers] of cases) {
    for (const url of [`/api/galaxy/profile/me/${a.uid}`, `/api/firebase/token/${a.uid}`]) {
      const response = await app.inject({ url, headers });
      t.equal(response.statusCode, 401, `${name}: ${url}`);
      t.equal(response.json<{ code: string }>().code, 'unauthenticated', name);
    }
  }
});

t.test('a signed-in user without a Galaxy account or invitation gets 404 and no token', async (t) => {
  const { app } = await setup(t);
  const nobody = await createUser('nobody');
  const profile = await app.inject({ url: `/api/galaxy/profile/me/${nobody.uid}`, headers: bearer(nobody.idToken) });
  t.equal(profile.statusCode, 404);
  t.match(profile.json(), { code: 'no_account', message: 'You do not have an account or invitation.' });
  const token = await app.inject({ url: `/api/firebase/token/${nobody.uid}`, headers: bearer(nobody.idToken) });
  t.equal(token.statusCode, 404);
  t.notMatch(token.body, /"token"/);
});

t.test('an invitation lets in a verified email only, as invited, until it expires', async (t) => {
  const { app, galaxy } = await setup(t);
  const verified = await createUser('invitee');
  const unverified = await createUser('squatter', { emailVerified: false });
  await galaxy('invite', '--email', verified.email.toUpperCase(), '--role', 'viewer');
  await galaxy('invite', '--email', unverified.email);

  const profile = await app.inject({ url: `/api/galaxy/profile/me/${verified.uid}`, headers: bearer(verified.idToken) });
  t.equal(profile.statusCode, 200);
  t.same(profile.json(), { uid: verified.uid, email: verified.email, name: null, role: 'viewer', status: 'invited' });
  const claims = await signInWithCustomToken((await app.inject({ url: `/api/firebase/token/${verified.uid}`, headers: bearer(verified.idToken) })).json<{ token: string }>().token);
  t.equal(claims.galaxyStatus, 'invited');

  const refused = await app.inject({ url: `/api/galaxy/profile/me/${unverified.uid}`, headers: bearer(unverified.idToken) });
  t.equal(refused.statusCode, 404, 'an unverified address does not take up an invitation made for it');

  await galaxy('remove', '--email', verified.email);
  t.equal((await app.inject({ url: `/api/galaxy/profile/me/${verified.uid}`, headers: bearer(verified.idToken) })).statusCode, 404, 'a removed invitation lets nobody in');
});

t.test('a session cookie made from a fresh ID token works like the token; ending it stops it', async (t) => {
  const { app, galaxy } = await setup(t);
  const a = await createUser('session');
  await galaxy('add', '--uid', a.uid, '--email', a.email);
  const made = await app.inject({ method: 'POST', url: '/api/firebase/session', headers: bearer(a.idToken) });
  t.equal(made.statusCode, 200);
  t.same(made.json(), { uid: a.uid });
  const cookie = made.cookies.find((c) => c.name === '__session');
  t.ok(cookie, 'the session cookie is set');
  t.equal(cookie?.httpOnly, true);
  t.equal(cookie?.sameSite, 'Strict');
  t.equal(cookie?.path, '/api');
  const withCookie = await app.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: { cookie: `__session=${cookie?.value}` } });
  t.equal(withCookie.statusCode, 200);

  t.equal((await app.inject({ method: 'POST', url: '/api/firebase/session', headers: { cookie: `__session=${cookie?.value}` } })).statusCode, 401, 'a session cannot make itself a new one');
  t.equal((await app.inject({ method: 'POST', url: '/api/firebase/session', headers: bearer('garbage') })).statusCode, 401);
  const withBody = await app.inject({ method: 'POST', url: '/api/firebase/session', headers: { ...bearer(a.idToken), 'content-type': 'application/json' }, payload: '{"uid":"x"}' });
  t.equal(withBody.statusCode, 400, 'a body is refused');
  t.equal(withBody.json<{ field: string }>().field, 'body');
  const ended = await app.inject({ method: 'DELETE', url: '/api/firebase/session' });
  t.equal(ended.statusCode, 204);
  t.match(String(ended.headers['set-cookie']), /__session=;.*Expires=Thu, 01 Jan 1970/);
});

t.test('a password change revokes: the old ID token stops working', async (t) => {
  const { app, galaxy } = await setup(t);
  const a = await createUser('revoked');
  await galaxy('add', '--uid', a.uid, '--email', a.email);
  t.equal((await app.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: bearer(a.idToken) })).statusCode, 200);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const response = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: a.uid, validSince: String(Math.floor(Date.now() / 1000)) }),
  });
  t.ok(response.ok);
  t.equal((await app.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: bearer(a.idToken) })).statusCode, 401, 'the revoked token');
  const fresh = await signIn(a.email, a.password);
  t.equal((await app.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: bearer(fresh) })).statusCode, 200, 'a new sign-in works');
});

t.test('bad uids and unknown query fields are refused by the schema', async (t) => {
  const { app } = await setup(t);
  const a = await createUser('schema');
  const long = 'x'.repeat(129);
  for (const uid of [long, '%20', '%00abc', 'a%0Ab', '']) {
    const response = await app.inject({ url: `/api/galaxy/profile/me/${uid}`, headers: bearer(a.idToken) });
    t.equal(response.statusCode, 400, uid.slice(0, 12));
    t.equal(response.json<{ field: string }>().field, 'uid');
  }
});

t.test('the exclusions are the configured paths', async (t) => {
  const { app } = await setup(t);
  const response = await app.inject({ url: '/api/galaxy/exclusions' });
  t.equal(response.statusCode, 200);
  t.same(response.json(), ['/newsletter', '/unternehmen/karriere']);
  const none = await build(t, {});
  t.same((await none.inject({ url: '/api/galaxy/exclusions' })).json(), []);
});

t.test('without a Firebase project the login API answers 503, and pages say sign-in is not configured', async (t) => {
  const app = await build(t, {});
  const response = await app.inject({ url: '/api/galaxy/profile/me/abc', headers: bearer('x.y.z') });
  t.equal(response.statusCode, 503);
  t.match(response.json(), { field: 'login', code: 'login_unavailable' });
  t.equal((await app.inject({ url: '/api/firebase/token/abc', headers: bearer('x.y.z') })).statusCode, 503);
  const page = await app.inject({ url: '/' });
  t.match(page.body, /"login":null/, 'the browser learns that sign-in is off');
});

t.test('with sign-in configured, the page hands the browser the Firebase web config and nothing secret', async (t) => {
  const app = await build(t, loginEnv({ GALAXY_API_TOKEN: 'platform-secret-token', GALAXY_COOKIE_DOMAIN: '.nordstern-digital.example' }));
  const page = await app.inject({ url: '/' });
  t.match(page.body, /"login":\{"firebase":\{"apiKey":"demo-api-key"/);
  t.match(page.body, /"galaxyUrl":"http:\/\/127.0.0.1:9\/galaxy"/);
  t.notMatch(page.body, 'platform-secret-token');
});
