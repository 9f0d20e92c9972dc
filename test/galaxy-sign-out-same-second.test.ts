/**
 * A sign-out ends every sign-in made up to it, one in its own second included: Firebase keeps a
 * revocation in whole seconds and still accepts a credential whose sign-in fell in that second
 * (its check is auth_time < validSince), so the server keeps the sign-out to the millisecond in
 * the database its replicas share and refuses such a credential. Against the Auth emulator.
 */
import t from 'tap';
import { runGalaxyCli } from '#server/cli/galaxy.ts';
import { build, tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import {
  createUser,
  EMULATOR_PROJECT,
  emulatorHost,
  loginEnv,
  reshapeJwt,
  signIn,
} from './helpers/firebase-emulator.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function sessionCookieOf(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === '__session');
  if (!cookie?.value) throw new Error('no session cookie was set');
  return `__session=${cookie.value}`;
}

/** The account's validSince at the emulator: the second of its last revocation, in seconds. */
async function validSinceOf(uid: string): Promise<number> {
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT}/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: [uid] }),
    },
  );
  const { users } = (await response.json()) as { users: { validSince: string }[] };
  return Number(users[0]!.validSince);
}

t.test('a sign-in made in the second of a sign-out is refused, by every replica', async (t) => {
  const dataDir = await tempDataDir(t);
  // Two servers on one database, as replicas share theirs.
  const app = await build(t, loginEnv({ DATA_DIR: dataDir }));
  const replica = await build(t, loginEnv({ DATA_DIR: dataDir }));
  const a = await createUser('same-second');
  const added = await runGalaxyCli(['add', '--uid', a.uid, '--email', a.email], { DATA_DIR: dataDir });
  t.equal(added.code, 0);

  const session = sessionCookieOf(
    await app.inject({ method: 'POST', url: '/api/firebase/session', headers: bearer(a.idToken) }),
  );
  const ended = await app.inject({ method: 'DELETE', url: '/api/firebase/session', headers: { cookie: session } });
  t.equal(ended.statusCode, 204, 'signed out');

  // What a sign-in in the revocation's own second carries: Firebase counts it as made after the revocation.
  const revokedSecond = await validSinceOf(a.uid);
  const sameSecond = reshapeJwt(await signIn(a.email, a.password), (claims) => ({
    ...claims,
    auth_time: revokedSecond,
  }));
  for (const [name, server] of [
    ['the server signed out on', app],
    ['another replica', replica],
  ] as const) {
    const profile = await server.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: bearer(sameSecond) });
    t.equal(profile.statusCode, 401, `${name} refuses its ID token`);
    t.match(profile.json(), { field: 'authorization', code: 'unauthenticated' });
    const made = await server.inject({ method: 'POST', url: '/api/firebase/session', headers: bearer(sameSecond) });
    t.equal(made.statusCode, 401, `${name} makes no session of it`);
  }

  // A sign-in after the sign-out's second is a new one, and works everywhere.
  const [{ at }] = rows(dataDir, 'SELECT signed_out_at AS at FROM galaxy_sign_outs WHERE uid = ?', a.uid) as [
    { at: number },
  ];
  t.ok(Math.floor(at / 1000) >= revokedSecond, 'the sign-out is kept to the millisecond, not before the revocation');
  while (Math.floor(Date.now() / 1000) <= Math.floor(at / 1000))
    await new Promise((resolve) => setTimeout(resolve, 50));
  const later = await signIn(a.email, a.password);
  for (const server of [app, replica]) {
    t.equal((await server.inject({ url: `/api/galaxy/profile/me/${a.uid}`, headers: bearer(later) })).statusCode, 200);
    const made = await server.inject({ method: 'POST', url: '/api/firebase/session', headers: bearer(later) });
    t.equal(made.statusCode, 200, 'a sign-in after the sign-out makes a session');
  }
});
