/**
 * The login API against the Firebase Auth emulator, through app.inject(): real ID tokens of
 * emulator users, the embedded Galaxy directory in the test's database, refusals for every
 * credential that proves nothing and for anyone else's uid, and the session cookie: made only
 * from a recent sign-in, ended at Firebase on sign-out, closed to other sites.
 */
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import t from 'tap';
import { runGalaxyCli } from '#server/cli/galaxy.ts';
import { build, tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import {
  createUser,
  decodeJwt,
  EMULATOR_PROJECT,
  emulatorHost,
  idTokensSignedInAgo,
  loginEnv,
  reshapeJwt,
  signIn,
  signInWithCustomToken,
} from './helpers/firebase-emulator.ts';

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
    JSON.stringify({
      iss: `https://securetoken.google.com/${EMULATOR_PROJECT}`,
      aud: EMULATOR_PROJECT,
      auth_time: now,
      user_id: uid,
      sub: uid,
      iat: now,
      exp: now + 3600,
    }),
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
    t.match(response.json(), { field: 'uid', code: 'unauthorized', message: 'You are not authorised to do this.' });
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
    [
      'a token for another project',
      bearer(
        reshapeJwt(a.idToken, (claims) => ({
          ...claims,
          aud: 'demo-other',
          iss: 'https://securetoken.google.com/demo-other',
        })),
      ),
    ],
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

  const profile = await app.inject({
    url: `/api/galaxy/profile/me/${verified.uid}`,
    headers: bearer(verified.idToken),
  });
  t.equal(profile.statusCode, 200);
  t.same(profile.json(), { uid: verified.uid, email: verified.email, name: null, role: 'viewer', status: 'invited' });
  const claims = await signInWithCustomToken(
    (await app.inject({ url: `/api/firebase/token/${verified.uid}`, headers: bearer(verified.idToken) })).json<{
      token: string;
    }>().token,
  );
  t.equal(claims.galaxyStatus, 'invited');

  const refused = await app.inject({
    url: `/api/galaxy/profile/me/${unverified.uid}`,
    headers: bearer(unverified.idToken),
  });
  t.equal(refused.statusCode, 404, 'an unverified address does not take up an invitation made for it');

  await galaxy('remove', '--email', verified.email);
  t.equal(
    (await app.inject({ url: `/api/galaxy/profile/me/${verified.uid}`, headers: bearer(verified.idToken) })).statusCode,
    404,
    'a removed invitation lets nobody in',
  );
});

/** The session cookie an answer set, as a request's Cookie header. */
function sessionCookieOf(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === '__session');
  if (!cookie?.value) throw new Error('no session cookie was set');
  return `__session=${cookie.value}`;
}

const PRIVATE = 'private, no-store';

t.test('a session cookie made from a fresh ID token works like the token', async (t) => {
  const { app, galaxy } = await setup(t);
  const a = await createUser('session');
  await galaxy('add', '--uid', a.uid, '--email', a.email);
  const made = await app.inject({ method: 'POST', url: '/api/firebase/session', headers: bearer(a.idToken) });
  t.equal(made.statusCode, 200);
  t.same(made.json(), { uid: a.uid });
  t.equal(made.headers['cache-control'], PRIVATE);
  const cookie = made.cookies.find((c) => c.name === '__session');
  t.ok(cookie, 'the session cookie is set');
  t.equal(cookie?.httpOnly, true);
  t.equal(cookie?.sameSite, 'Strict');
  t.equal(cookie?.path, '/api');
  const session = sessionCookieOf(made);
  t.equal((await app.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: { cookie: session } })).statusCode, 200);
  const token = await app.inject({ url: `/api/firebase/token/${a.uid}`, headers: { cookie: session } });
  t.equal(token.statusCode, 200, 'the cookie gets a platform token');
  t.equal(token.headers['cache-control'], PRIVATE);
  t.equal((await signInWithCustomToken(token.json<{ token: string }>().token)).user_id, a.uid);

  const itself = await app.inject({ method: 'POST', url: '/api/firebase/session', headers: { cookie: session } });
  t.equal(itself.statusCode, 401, 'a session cannot make itself a new one');
  t.equal(itself.headers['cache-control'], PRIVATE, 'refusals are not kept either');
  t.equal(
    (await app.inject({ method: 'POST', url: '/api/firebase/session', headers: bearer('garbage') })).statusCode,
    401,
  );
  const withBody = await app.inject({
    method: 'POST',
    url: '/api/firebase/session',
    headers: { ...bearer(a.idToken), 'content-type': 'application/json' },
    payload: '{"uid":"x"}',
  });
  t.equal(withBody.statusCode, 400, 'a body is refused');
  t.equal(withBody.json<{ field: string }>().field, 'body');
});

t.test('signing out ends the session at Firebase: a copy of the cookie stops working', async (t) => {
  const { app, dataDir, galaxy } = await setup(t);
  const a = await createUser('signout');
  await galaxy('add', '--uid', a.uid, '--email', a.email);
  // Made and ended within the same second as the sign-in: the end must cover it all the same.
  const copy = sessionCookieOf(
    await app.inject({ method: 'POST', url: '/api/firebase/session', headers: bearer(a.idToken) }),
  );
  const ended = await app.inject({ method: 'DELETE', url: '/api/firebase/session', headers: { cookie: copy } });
  t.equal(ended.statusCode, 204);
  t.equal(ended.headers['cache-control'], PRIVATE);
  t.match(
    String(ended.headers['set-cookie']),
    /__session=;.*Expires=Thu, 01 Jan 1970/,
    'the browser forgets the cookie',
  );
  for (const url of [`/api/firebase/token/${a.uid}`, `/api/galaxy/profile/me/${a.uid}`]) {
    const response = await app.inject({ url, headers: { cookie: copy } });
    t.equal(response.statusCode, 401, `the copied cookie is refused: ${url}`);
    t.match(response.json(), { field: 'cookie', code: 'unauthenticated' });
  }
  t.equal(
    (await app.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: bearer(a.idToken) })).statusCode,
    401,
    'so is every ID token from before the sign-out',
  );
  const again = await app.inject({ method: 'DELETE', url: '/api/firebase/session', headers: { cookie: copy } });
  t.equal(again.statusCode, 204, 'ending an ended session is no error');

  // A sign-in in the sign-out's own second may have come before it and is refused
  // (galaxy-sign-out-same-second.test.ts): the new one comes after that second.
  const [{ at }] = rows(dataDir, 'SELECT signed_out_at AS at FROM galaxy_sign_outs WHERE uid = ?', a.uid) as [
    { at: number },
  ];
  while (Math.floor(Date.now() / 1000) <= Math.floor(at / 1000))
    await new Promise((resolve) => setTimeout(resolve, 50));
  const fresh = await signIn(a.email, a.password);
  const next = sessionCookieOf(
    await app.inject({ method: 'POST', url: '/api/firebase/session', headers: bearer(fresh) }),
  );
  t.equal(
    (await app.inject({ url: `/api/firebase/token/${a.uid}`, headers: { cookie: next } })).statusCode,
    200,
    'a new sign-in makes a new session',
  );
  t.equal(
    (await app.inject({ url: `/api/firebase/token/${a.uid}`, headers: { cookie: copy } })).statusCode,
    401,
    'which does not bring back the old one',
  );
});

t.test(
  'without a session, or with a cookie that proves none, signing out clears the cookie and answers 204',
  async (t) => {
    const { app } = await setup(t);
    for (const headers of [{}, { cookie: '__session=forged' }, { cookie: `__session=${'x'.repeat(2000)}` }]) {
      const response = await app.inject({ method: 'DELETE', url: '/api/firebase/session', headers });
      t.equal(response.statusCode, 204, JSON.stringify(headers).slice(0, 40));
      t.match(String(response.headers['set-cookie']), /__session=;/);
      t.equal(response.headers['cache-control'], PRIVATE);
    }
    const none = await build(t, {});
    const off = await none.inject({
      method: 'DELETE',
      url: '/api/firebase/session',
      headers: { cookie: '__session=x' },
    });
    t.equal(off.statusCode, 204, 'without sign-in configured too');
    t.match(String(off.headers['set-cookie']), /__session=;/);
  },
);

t.test('only a sign-in of the last five minutes makes a session', async (t) => {
  const { app, galaxy } = await setup(t);
  const a = await createUser('stale');
  await galaxy('add', '--uid', a.uid, '--email', a.email);
  const [sixMinutesAgo, fourMinutesAgo] = await idTokensSignedInAgo(a, 6 * 60, 4 * 60);

  for (const [language, message] of [
    ['en', 'For your security, please sign in again: a session can only be started within five minutes of signing in.'],
    [
      'de',
      'Bitte melden Sie sich zu Ihrer Sicherheit erneut an: Eine Sitzung lässt sich nur innerhalb von fünf Minuten nach der Anmeldung starten.',
    ],
  ] as const) {
    const stale = await app.inject({
      method: 'POST',
      url: '/api/firebase/session',
      headers: { ...bearer(sixMinutesAgo), 'accept-language': language },
    });
    t.equal(stale.statusCode, 401, `a sign-in six minutes ago (${language})`);
    t.same(stale.json(), {
      statusCode: 401,
      error: 'Unauthorized',
      field: 'authorization',
      code: 'sign_in_again',
      message,
    });
    t.notOk(
      stale.cookies.some((c) => c.name === '__session'),
      'and no cookie',
    );
    t.equal(stale.headers['cache-control'], PRIVATE);
  }
  const recent = await app.inject({ method: 'POST', url: '/api/firebase/session', headers: bearer(fourMinutesAgo) });
  t.equal(recent.statusCode, 200, 'a sign-in four minutes ago still does');
  t.equal(
    (await app.inject({ url: `/api/firebase/token/${a.uid}`, headers: { cookie: sessionCookieOf(recent) } }))
      .statusCode,
    200,
  );
  t.equal(
    (await app.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: bearer(sixMinutesAgo) })).statusCode,
    200,
    'an older sign-in still reads, as its ID token is valid',
  );
});

t.test('the session routes and the token route refuse other sites with 403', async (t) => {
  const { app, galaxy } = await setup(t);
  const a = await createUser('crosssite');
  await galaxy('add', '--uid', a.uid, '--email', a.email);
  const session = sessionCookieOf(
    await app.inject({
      method: 'POST',
      url: '/api/firebase/session',
      headers: { ...bearer(a.idToken), origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    }),
  );
  const foreign = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }, { origin: 'null' }];
  for (const headers of foreign) {
    const name = JSON.stringify(headers);
    const requests = [
      { method: 'POST', url: '/api/firebase/session', headers: { ...headers, ...bearer(a.idToken) } },
      { method: 'DELETE', url: '/api/firebase/session', headers: { ...headers, cookie: session } },
      { method: 'GET', url: `/api/firebase/token/${a.uid}`, headers: { ...headers, cookie: session } },
    ] as const;
    for (const request of requests) {
      const response = await app.inject(request);
      t.equal(response.statusCode, 403, `${request.method} ${request.url.split('/')[3]} ${name}`);
      t.match(response.json(), { field: 'origin', code: 'forbidden_origin' });
      t.equal(response.headers['cache-control'], PRIVATE);
      t.notOk(response.headers['set-cookie'], 'no cookie is set or cleared');
    }
  }
  const still = await app.inject({
    url: `/api/firebase/token/${a.uid}`,
    headers: { cookie: session, 'sec-fetch-site': 'same-origin' },
  });
  t.equal(still.statusCode, 200, 'the refused sign-outs ended nothing');
  const own = await app.inject({
    method: 'DELETE',
    url: '/api/firebase/session',
    headers: { cookie: session, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
  });
  t.equal(own.statusCode, 204, 'the site itself signs out');
});

t.test(
  'when Firebase cannot be reached, signing out clears the cookie and says the session was not ended',
  async (t) => {
    // The server reaches the emulator through a relay that the test cuts: a real outage, no stand-in for firebase-admin.
    const emulator = emulatorHost();
    const [emulatorHostname, emulatorPort] = [
      emulator.slice(0, emulator.lastIndexOf(':')),
      Number(emulator.slice(emulator.lastIndexOf(':') + 1)),
    ];
    const sockets = new Set<Socket>();
    const relay = createServer((client) => {
      const upstream = connect(emulatorPort, emulatorHostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const cut = () => {
      relay.close();
      for (const socket of sockets) socket.destroy();
    };
    t.teardown(cut);
    const a = await createUser('outage');
    // firebase-admin reads the emulator's address from the environment on every call.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${(relay.address() as AddressInfo).port}`;
    t.teardown(() => {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
    });
    const { app, dataDir, galaxy } = await setup(t);
    await galaxy('add', '--uid', a.uid, '--email', a.email);
    const session = sessionCookieOf(
      await app.inject({ method: 'POST', url: '/api/firebase/session', headers: bearer(a.idToken) }),
    );
    t.equal(
      (await app.inject({ url: `/api/firebase/token/${a.uid}`, headers: { cookie: session } })).statusCode,
      200,
      'through the relay',
    );

    cut();
    const response = await app.inject({ method: 'DELETE', url: '/api/firebase/session', headers: { cookie: session } });
    t.equal(response.statusCode, 503);
    t.match(response.json(), { field: 'session', code: 'session_not_ended', message: /could not end your session/ });
    t.match(
      String(response.headers['set-cookie']),
      /__session=;.*Expires=Thu, 01 Jan 1970/,
      'the browser forgets the cookie all the same',
    );
    t.equal(response.headers['cache-control'], PRIVATE);

    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator;
    const direct = await build(t, loginEnv({ DATA_DIR: dataDir }));
    t.equal(
      (await direct.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: { cookie: session } })).statusCode,
      200,
      'the 503 told the truth: the session still works',
    );
  },
);

t.test('a password change revokes: the old ID token stops working', async (t) => {
  const { app, galaxy } = await setup(t);
  const a = await createUser('revoked');
  await galaxy('add', '--uid', a.uid, '--email', a.email);
  t.equal((await app.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: bearer(a.idToken) })).statusCode, 200);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: a.uid, validSince: String(Math.floor(Date.now() / 1000)) }),
    },
  );
  t.ok(response.ok);
  t.equal(
    (await app.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: bearer(a.idToken) })).statusCode,
    401,
    'the revoked token',
  );
  const fresh = await signIn(a.email, a.password);
  t.equal(
    (await app.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: bearer(fresh) })).statusCode,
    200,
    'a new sign-in works',
  );
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
  const app = await build(
    t,
    loginEnv({ GALAXY_API_TOKEN: 'platform-secret-token', GALAXY_COOKIE_DOMAIN: '.nordstern-digital.example' }),
  );
  const page = await app.inject({ url: '/' });
  t.match(page.body, /"login":\{"firebase":\{"apiKey":"demo-api-key"/);
  t.match(page.body, /"galaxyUrl":"http:\/\/127.0.0.1:9\/galaxy"/);
  t.notMatch(page.body, 'platform-secret-token');
});
