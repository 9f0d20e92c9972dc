/** POST /api/file/exists: answers for the downloads folder only, refuses every way out of it. */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { isSafeDownloadPath } from '#server/api/file.ts';
import { build } from './helpers/build.ts';

const ORIGIN = 'http://localhost:3000';

async function staticFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nordstern-static-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await mkdir(path.join(dir, 'downloads', 'en'), { recursive: true });
  await writeFile(path.join(dir, 'downloads', 'en', 'guide.pdf'), '%PDF-1.4\n');
  await writeFile(path.join(dir, 'secret.txt'), 'not a download');
  await writeFile(path.join(dir, 'downloads', '.hidden.pdf'), 'hidden');
  await symlink(path.join(dir, 'secret.txt'), path.join(dir, 'downloads', 'en', 'escape.pdf'));
  await mkdir(path.join(dir, 'downloads', 'en', 'folder.pdf'));
  return dir;
}

const staticDir = await staticFolder();
// A tight limit: file checks store nothing and must not count against it.
const app = await build(t, { STATIC_DIR: staticDir, RATE_LIMIT_MAX: '2' });
const ask = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/file/exists', headers: { origin: ORIGIN }, payload: payload as object });

t.test('an existing file and a missing one', async (t) => {
  const found = await ask({ path: 'en/guide.pdf' });
  t.equal(found.statusCode, 200);
  t.same(found.json(), { exists: true });
  const missing = await ask({ path: 'en/missing.pdf' });
  t.equal(missing.statusCode, 200);
  t.same(missing.json(), { exists: false });
  t.same((await ask({ path: 'de/guide.pdf' })).json(), { exists: false }, 'a folder that does not exist');
  t.same((await ask({ path: 'en/folder.pdf' })).json(), { exists: false }, 'a folder is not a file');
  t.same((await ask({ path: 'en/escape.pdf' })).json(), { exists: false }, 'a link pointing out of the folder');
});

t.test('the real downloads of the site exist', async (t) => {
  const site = await build(t);
  for (const file of ['en/ga4-migration-checklist.pdf', 'de/ga4-migrations-checkliste.pdf']) {
    const response = await site.inject({
      method: 'POST',
      url: '/api/file/exists',
      headers: { origin: ORIGIN },
      payload: { path: file },
    });
    t.same(response.json(), { exists: true }, file);
    const download = await site.inject({ method: 'GET', url: `/downloads/${file}` });
    t.equal(download.statusCode, 200, `${file} is served`);
    t.equal(download.headers['content-type'], 'application/pdf');
    t.equal(download.rawPayload.subarray(0, 5).toString(), '%PDF-');
  }
});

const traversals: [string, string][] = [
  ['parent folder', '../secret.txt'],
  ['parent after a folder', 'en/../../secret.txt'],
  ['parent inside the folder', 'en/../en/guide.pdf'],
  ['absolute path', '/etc/passwd'],
  ['absolute path inside the folder', '/downloads/en/guide.pdf'],
  ['encoded dots', '%2e%2e/secret.txt'],
  ['encoded slash', 'en%2Fguide.pdf'],
  ['double encoded', '%252e%252e%252fsecret.txt'],
  ['NUL byte', 'en/guide.pdf\u0000.txt'],
  ['backslashes', '..\\secret.txt'],
  ['Windows drive', 'C:\\Windows\\win.ini'],
  ['UNC path', '\\\\server\\share\\file.pdf'],
  ['current folder', './en/guide.pdf'],
  ['only dots', '..'],
  ['a single dot', '.'],
  ['empty segment', 'en//guide.pdf'],
  ['trailing slash', 'en/'],
  ['hidden file', '.hidden.pdf'],
  ['home folder', '~/secret.txt'],
  ['URL', 'file:///etc/passwd'],
  ['line break', 'en/guide.pdf\nx'],
];

t.test('paths that could leave the downloads folder are refused with 400', async (t) => {
  for (const [name, candidate] of traversals) {
    t.equal(isSafeDownloadPath(candidate), false, `${name} is not a safe path`);
    const response = await ask({ path: candidate });
    t.equal(response.statusCode, 400, name);
    t.match(response.json(), { statusCode: 400, field: 'path', code: 'path_outside', message: /downloads/ }, name);
  }
});

t.test('malformed requests name the field', async (t) => {
  for (const payload of [
    {},
    { path: { file: 'en/guide.pdf' } },
    { path: ['en/guide.pdf', 'de/x.pdf'] },
    { path: '' },
    { path: 'x'.repeat(301) },
  ]) {
    const response = await ask(payload);
    t.equal(response.statusCode, 400, JSON.stringify(payload).slice(0, 40));
    t.equal(response.json().field, 'path');
  }
  const foreign = await app.inject({
    method: 'POST',
    url: '/api/file/exists',
    headers: { origin: 'https://evil.example' },
    payload: { path: 'en/guide.pdf' },
  });
  t.equal(foreign.statusCode, 403);
  t.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200, 'the server stays up');
});
