/** The Galaxy directory's two implementations: the platform's user API on loopback, and the embedded one with its operator tool. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import t from 'tap';
import { runGalaxyCli } from '#server/cli/galaxy.ts';
import { DirectoryUnavailableError } from '#server/galaxy/directory.ts';
import { createDirectoryAdmin, createEmbeddedDirectory } from '#server/galaxy/embedded-directory.ts';
import { createHttpDirectory } from '#server/galaxy/http-directory.ts';
import { openDatabase } from '#server/store/database.ts';
import { tempDataDir } from './helpers/build.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

async function platform(t: { teardown(fn: () => unknown): void }, handler: Handler) {
  const seen: { url: string; authorization?: string }[] = [];
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`, seen };
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const anna = { uid: 'uid-anna', email: 'anna@example.com', emailVerified: true };
const annaUser = { uid: 'uid-anna', email: 'anna@example.com', name: 'Anna', role: 'admin', status: 'active' };

t.test('the platform API: a user, a 404, and everything else as unavailable', async (t) => {
  const cases: [string, Handler, 'user' | 'null' | 'unavailable'][] = [
    ['a user', (_q, r) => json(r, 200, annaUser), 'user'],
    ['no such user', (_q, r) => json(r, 404, { error: 'not found' }), 'null'],
    ['a server error', (_q, r) => json(r, 500, { error: 'boom' }), 'unavailable'],
    [
      'not JSON',
      (_q, r) => {
        r.writeHead(200, { 'content-type': 'text/html' });
        r.end('<html>');
      },
      'unavailable',
    ],
    ['a user of another shape', (_q, r) => json(r, 200, { ...annaUser, role: 'owner' }), 'unavailable'],
    ['a user with extra fields', (_q, r) => json(r, 200, { ...annaUser, isAdmin: true }), 'unavailable'],
    ['someone else', (_q, r) => json(r, 200, { ...annaUser, uid: 'uid-bernd' }), 'unavailable'],
    [
      'an address with URL syntax',
      (_q, r) => json(r, 200, { ...annaUser, email: 'anna?cc=x@evil.example' }),
      'unavailable',
    ],
    ['a quoted address', (_q, r) => json(r, 200, { ...annaUser, email: '"anna bell"@example.com' }), 'unavailable'],
    ['a list', (_q, r) => json(r, 200, [annaUser]), 'unavailable'],
    [
      'a redirect',
      (_q, r) => {
        r.writeHead(302, { location: 'http://127.0.0.1:9/' });
        r.end();
      },
      'unavailable',
    ],
    [
      'too slow',
      (_q, r) => {
        setTimeout(() => json(r, 200, annaUser), 1_000);
      },
      'unavailable',
    ],
  ];
  for (const [name, handler, expected] of cases) {
    const api = await platform(t, handler);
    const directory = createHttpDirectory({ apiUrl: api.url, token: 'platform-token', timeoutMs: 300 });
    if (expected === 'unavailable') {
      await t.rejects(directory.findUser(anna), DirectoryUnavailableError, name);
    } else {
      t.same(await directory.findUser(anna), expected === 'user' ? annaUser : null, name);
    }
    t.equal(
      api.seen[0]?.url,
      '/v1/users/uid-anna?email=anna%40example.com',
      `${name}: asked by uid with the verified email`,
    );
    t.equal(api.seen[0]?.authorization, 'Bearer platform-token');
  }
});

t.test('the platform API is not told an unverified email, and uids are escaped', async (t) => {
  const api = await platform(t, (_q, r) => json(r, 404, {}));
  const directory = createHttpDirectory({ apiUrl: `${api.url}/`, timeoutMs: 1_000 });
  t.equal(await directory.findUser({ uid: 'a/b?c', email: 'x@example.com', emailVerified: false }), null);
  t.equal(api.seen[0]?.url, '/v1/users/a%2Fb%3Fc');
  t.equal(api.seen[0]?.authorization, undefined, 'no token configured, none sent');
});

t.test('an unreachable platform is unavailable, not a refusal', async (t) => {
  const directory = createHttpDirectory({ apiUrl: 'http://127.0.0.1:9/v1', timeoutMs: 1_000 });
  await t.rejects(directory.findUser(anna), DirectoryUnavailableError);
});

t.test('the embedded directory: accounts by uid, invitations by verified email until they expire', async (t) => {
  const db = await openDatabase({ dataDir: await tempDataDir(t) });
  t.teardown(() => db.close());
  let now = new Date('2026-11-24T10:00:00Z');
  const directory = createEmbeddedDirectory(db, () => now);
  const admin = createDirectoryAdmin(db, () => now);
  await admin.addAccount({ uid: 'uid-anna', email: 'Anna@Example.com', role: 'editor', name: 'Anna' });
  t.same(await directory.findUser({ uid: 'uid-anna', emailVerified: false }), {
    uid: 'uid-anna',
    email: 'anna@example.com',
    name: 'Anna',
    role: 'editor',
    status: 'active',
  });
  t.equal(
    await directory.findUser({ uid: 'uid-other', email: 'anna@example.com', emailVerified: true }),
    null,
    'an account is found by uid, not by email',
  );
  await admin.invite({ email: 'Bernd@Example.com', role: 'viewer', days: 2 });
  t.same(await directory.findUser({ uid: 'uid-b', email: 'bernd@example.com', emailVerified: true }), {
    uid: 'uid-b',
    email: 'bernd@example.com',
    name: null,
    role: 'viewer',
    status: 'invited',
  });
  t.equal(
    await directory.findUser({ uid: 'uid-b', email: 'bernd@example.com', emailVerified: false }),
    null,
    'an unverified email takes up no invitation',
  );
  now = new Date('2026-11-27T10:00:00Z');
  t.equal(
    await directory.findUser({ uid: 'uid-b', email: 'bernd@example.com', emailVerified: true }),
    null,
    'an expired invitation lets nobody in',
  );
});

t.test('npm run galaxy: add, invite, list, remove, and refusals that name the problem', async (t) => {
  const env = { DATA_DIR: await tempDataDir(t) };
  const run = (...args: string[]) => runGalaxyCli(args, env);
  t.match(await run('list'), { code: 0, out: /No accounts\.[\s\S]*No invitations\./ });
  t.match(await run('add', '--uid', 'uid-anna', '--email', 'anna@example.com', '--name', 'Anna', '--role', 'admin'), {
    code: 0,
    out: /uid-anna/,
  });
  t.match(await run('invite', '--email', 'bernd@example.com', '--days', '14'), {
    code: 0,
    out: /bernd@example.com is invited as viewer until \d{4}-\d\d-\d\d/,
  });
  const listed = await run('list');
  t.match(listed.out, /uid-anna\s+anna@example.com\s+admin\s+Anna/);
  t.match(listed.out, /bernd@example.com\s+viewer/);
  t.match(await run('remove', '--uid', 'uid-anna'), { code: 0, out: 'Removed 1 entry.' });
  t.match(await run('remove', '--uid', 'uid-anna'), { code: 1, out: 'Nothing to remove.' });
  t.match(await run('remove', '--email', 'bernd@example.com'), { code: 0 });

  const refusals: [string[], RegExp][] = [
    [[], /a command is needed/],
    [['promote'], /unknown command: promote/],
    [['add', '--email', 'a@example.com'], /add needs --uid and --email/],
    [['add', '--uid', 'x', '--email', 'not-an-email'], /--email is not an email address/],
    [['add', '--uid', 'has space', '--email', 'a@example.com'], /--uid must be/],
    [['invite', '--email', 'a@example.com', '--role', 'owner'], /--role must be one of admin, editor, viewer/],
    [['invite', '--email', 'a@example.com', '--days', '0'], /--days must be a whole number/],
    [['invite', '--email', 'a@example.com', '--days', '1e3'], /--days must be a whole number/],
    [['remove'], /remove needs --uid or --email/],
    [['remove', '--uid', 'a', '--email', 'a@example.com'], /remove needs --uid or --email/],
    [['list', '--colour'], /Unknown option/],
  ];
  for (const [args, message] of refusals) {
    const result = await run(...args);
    t.equal(result.code, 2, args.join(' ') || '(nothing)');
    t.match(result.out, message);
    t.match(result.out, /usage: npm run galaxy/);
  }
});
