/**
 * A DATA_DIR the server cannot use stops the start with one plain message naming the path,
 * the user, the error and the fix. The tests run as root, which every permission bit lets
 * through: real refusals come from a path under a regular file (ENOTDIR) and, as root, from
 * the server started as uid 1000 (the image's user) on root-owned folders; the other codes
 * come from injected file operations.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { runSubmissionsCli } from '#server/cli/submissions.ts';
import { checkDataDir, DataDirError, type DataDirFs } from '#server/store/data-dir.ts';
import { DATABASE_FILE, openDatabase } from '#server/store/database.ts';
import { inheritedEnv, startServer } from './helpers/server-process.ts';

const user = { name: 'node', uid: 1000, gid: 1000 };

function tempDir(t: { teardown(fn: () => unknown): void }): string {
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'nordstern-datadir-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const errno = (code: string) => Object.assign(new Error(`${code}: refused`), { code });

/** The real file operations, with the named one failing. */
function failing(operation: keyof DataDirFs, code: string, only: (file: string) => boolean = () => true): DataDirFs {
  const real: DataDirFs = fs;
  return {
    mkdirSync: (file, options) =>
      operation === 'mkdirSync' && only(file) ? thrown(code) : real.mkdirSync(file, options),
    writeFileSync: (file, data) =>
      operation === 'writeFileSync' && only(file) ? thrown(code) : real.writeFileSync(file, data),
    rmSync: (file, options) => (operation === 'rmSync' && only(file) ? thrown(code) : real.rmSync(file, options)),
    existsSync: (file) => real.existsSync(file),
    accessSync: (file, mode) => (operation === 'accessSync' && only(file) ? thrown(code) : real.accessSync(file, mode)),
  };
}
function thrown(code: string): never {
  throw errno(code);
}

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built server started and left to end by itself; what it printed and its exit code. */
function runServer(env: Record<string, string>, ids: { uid?: number; gid?: number } = {}): Promise<Exit> {
  // As another user, without tap's process tracking, which tap puts back into NODE_OPTIONS of every
  // child and which would write its record into .tap/ as a user that may not.
  const [command, args] =
    ids.uid === undefined
      ? [process.execPath, ['dist/server/main.js']]
      : ['env', ['-u', 'NODE_OPTIONS', process.execPath, 'dist/server/main.js']];
  const child = spawn(command, args, {
    env: { ...inheritedEnv(), NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...ids,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

t.test('a usable folder: created when missing, nothing left behind', async (t) => {
  const dataDir = path.join(tempDir(t), 'a', 'data');
  checkDataDir(dataDir);
  t.same(fs.readdirSync(dataDir), [], 'created, and the probe file removed');
  fs.writeFileSync(path.join(dataDir, 'nordstern.sqlite'), '');
  fs.mkdirSync(path.join(dataDir, 'uploads'));
  fs.writeFileSync(path.join(dataDir, 'token-secret'), 'x');
  checkDataDir(dataDir);
  t.same(
    fs.readdirSync(dataDir).sort(),
    ['nordstern.sqlite', 'token-secret', 'uploads'],
    'an existing folder is only read',
  );
});

t.test('a new database and its -wal and -shm files are readable by their owner only, like the uploads', async (t) => {
  const dataDir = path.join(tempDir(t), 'data');
  // Under the usual umask, which would leave a file SQLite creates itself readable by everyone.
  const umask = process.umask(0o022);
  t.teardown(() => process.umask(umask));
  const db = await openDatabase({ dataDir });
  t.teardown(() => db.close());
  const files = fs
    .readdirSync(dataDir)
    .filter((name) => name.startsWith(DATABASE_FILE))
    .sort();
  t.same(files, [DATABASE_FILE, `${DATABASE_FILE}-shm`, `${DATABASE_FILE}-wal`], 'the database in WAL mode');
  for (const name of files) t.equal((fs.statSync(path.join(dataDir, name)).mode & 0o777).toString(8), '600', name);

  const older = path.join(tempDir(t), 'older');
  fs.mkdirSync(older);
  fs.writeFileSync(path.join(older, DATABASE_FILE), '', { mode: 0o640 });
  await (await openDatabase({ dataDir: older })).close();
  t.equal(
    (fs.statSync(path.join(older, DATABASE_FILE)).mode & 0o777).toString(8),
    '640',
    'an existing file keeps the mode it was given',
  );
});

t.test('each refusal names the path, the step, the code, the user and the fix', async (t) => {
  const dir = tempDir(t);
  const missing = path.join(dir, 'missing');
  const existing = path.join(dir, 'existing');
  fs.mkdirSync(existing);
  const cases: [string, string, DataDirFs, RegExp[]][] = [
    [
      'a parent the user may not write',
      missing,
      failing('mkdirSync', 'EACCES'),
      [
        /creating the folder failed with EACCES \(permission denied\)/,
        /Fix: create the folder for that user \(mkdir -p \S+missing && chown -R 1000:1000 \S+missing\)/,
        /docker run -v nordstern-data:\S+missing/,
      ],
    ],
    [
      'a root-owned folder',
      existing,
      failing('writeFileSync', 'EACCES'),
      [
        /writing a file in it \(\.write-check\) failed with EACCES/,
        /Fix: give the folder to that user \(chown -R 1000:1000 \S+existing, on the host for a folder mounted into the container\)/,
      ],
    ],
    [
      'a read-only mount',
      existing,
      failing('writeFileSync', 'EROFS'),
      [/failed with EROFS \(read-only file system\)/, /Fix: in a container, mount a writable volume there/],
    ],
    [
      'a full disk',
      existing,
      failing('writeFileSync', 'ENOSPC'),
      [/failed with ENOSPC \(no space left on the device\)/, /Fix: free space on the file system of \S+existing/],
    ],
    [
      'an operation refused by the file system',
      existing,
      failing('writeFileSync', 'EPERM'),
      [/failed with EPERM \(operation not permitted\)/, /chown -R 1000:1000/],
    ],
  ];
  for (const [name, dataDir, ops, patterns] of cases) {
    const error = t.throws(() => checkDataDir(dataDir, { fs: ops, user }), name) as DataDirError;
    t.type(error, DataDirError, name);
    t.match(
      error.message,
      new RegExp(`^DATA_DIR ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be used: `),
      `${name}: the path first`,
    );
    t.match(
      error.message,
      'The server runs as user node (uid 1000, gid 1000), which must be able to create and write files there.',
      `${name}: the user`,
    );
    for (const pattern of patterns) t.match(error.message, pattern, name);
    t.match((error.cause as { code?: string }).code, /^E/, `${name}: the original error is kept as the cause`);
  }

  fs.writeFileSync(path.join(existing, 'nordstern.sqlite'), '');
  const restoredAsRoot = t.throws(() =>
    checkDataDir(existing, { fs: failing('accessSync', 'EACCES', (file) => file.endsWith('nordstern.sqlite')), user }),
  ) as DataDirError;
  t.match(
    restoredAsRoot.message,
    /opening nordstern\.sqlite for writing failed with EACCES/,
    'a database file the user may not write',
  );
  fs.writeFileSync(path.join(existing, 'token-secret'), 'x');
  t.match(
    (
      t.throws(() =>
        checkDataDir(existing, { fs: failing('accessSync', 'EACCES', (file) => file.endsWith('token-secret')), user }),
      ) as Error
    ).message,
    /opening token-secret for reading failed with EACCES/,
    'a token secret the user may not read',
  );

  const nameless = t.throws(() =>
    checkDataDir(existing, { fs: failing('writeFileSync', 'EACCES'), user: { uid: 12345, gid: 0 } }),
  ) as Error;
  t.match(nameless.message, 'The server runs as uid 12345, gid 0,', 'a uid with no name (docker run --user 12345)');
  t.match(nameless.message, 'chown -R 12345:0');

  const bug = new TypeError('not a file system refusal');
  t.throws(
    () =>
      checkDataDir(existing, {
        fs: {
          ...fs,
          writeFileSync: () => {
            throw bug;
          },
        },
        user,
      }),
    bug,
    'anything else is thrown as it is',
  );
});

t.test(
  'the built server: a DATA_DIR under a regular file ends the start with the plain message and exit code 1',
  async (t) => {
    const file = path.join(tempDir(t), 'not-a-folder');
    fs.writeFileSync(file, '');
    const dataDir = path.join(file, 'data');
    const { code, stderr } = await runServer({ DATA_DIR: dataDir });
    t.equal(code, 1, 'exit code 1');
    t.match(
      stderr,
      `DATA_DIR ${dataDir} cannot be used: creating the folder failed with ENOTDIR (a part of the path is a file, not a folder).`,
    );
    t.match(stderr, /The server runs as user \S+ \(uid \d+, gid \d+\)/);
    t.match(stderr, 'Fix: set DATA_DIR to a folder, or move the file that is in the way.');
    t.notMatch(stderr, /\n\s+at /, 'no stack trace');
    t.notMatch(stderr, 'unable to open database file');
    await t.rejects(
      startServer(t, { DATA_DIR: dataDir }),
      /exited with 1 before listening/,
      'the test helper sees it too',
    );
  },
);

/**
 * Why the image user's run cannot happen here, if it cannot: it needs root to switch users,
 * and a checkout uid 1000 may enter (a clone in a private temporary folder is not one).
 */
function imageUserUnavailable(): string | false {
  if (process.getuid?.() !== 0) return 'needs root to start the server as another user';
  const probe = spawnSync(process.execPath, ['-e', "require('node:fs').accessSync('dist/server/main.js')"], {
    uid: 1000,
    gid: 1000,
    cwd: process.cwd(),
  });
  return probe.status === 0
    ? false
    : `uid 1000 cannot run this checkout's node and read its build (${probe.error?.message ?? probe.stderr.toString().trim().slice(0, 120)})`;
}

t.test(
  'the built server as uid 1000, the image user, on folders root owns',
  { skip: imageUserUnavailable() },
  async (t) => {
    const parent = tempDir(t);
    fs.chmodSync(parent, 0o755);
    const missing = path.join(parent, 'data');
    const asImageUser = (dataDir: string) => runServer({ DATA_DIR: dataDir, HOME: '/tmp' }, { uid: 1000, gid: 1000 });

    const notCreated = await asImageUser(missing);
    t.equal(notCreated.code, 1);
    t.match(
      notCreated.stderr,
      `DATA_DIR ${missing} cannot be used: creating the folder failed with EACCES (permission denied).`,
    );
    t.match(notCreated.stderr, /The server runs as (user \S+ \()?uid 1000, gid 1000/);
    t.match(
      notCreated.stderr,
      `Fix: create the folder for that user (mkdir -p ${missing} && chown -R 1000:1000 ${missing})`,
    );
    t.notMatch(notCreated.stderr, /\n\s+at /, 'no stack trace');

    fs.mkdirSync(missing, { mode: 0o755 });
    const rootOwned = await asImageUser(missing);
    t.equal(rootOwned.code, 1, 'a root-owned host folder mounted into the container');
    t.match(
      rootOwned.stderr,
      `DATA_DIR ${missing} cannot be used: writing a file in it (.write-check) failed with EACCES (permission denied).`,
    );
    t.match(
      rootOwned.stderr,
      `Fix: give the folder to that user (chown -R 1000:1000 ${missing}, on the host for a folder mounted into the container)`,
    );

    fs.chownSync(missing, 1000, 1000);
    fs.writeFileSync(path.join(missing, 'nordstern.sqlite'), '', { mode: 0o644 });
    const restoredAsRoot = await asImageUser(missing);
    t.equal(restoredAsRoot.code, 1, 'a database restored as root and not handed back');
    t.match(restoredAsRoot.stderr, 'opening nordstern.sqlite for writing failed with EACCES');
    t.notMatch(restoredAsRoot.stderr, 'unable to open database file');
  },
);

t.test('the operator tools say the same', async (t) => {
  const file = path.join(tempDir(t), 'not-a-folder');
  fs.writeFileSync(file, '');
  await t.rejects(runSubmissionsCli(['list'], { DATA_DIR: path.join(file, 'data') }), {
    name: 'DataDirError',
    message: /creating the folder failed with ENOTDIR/,
  });
});
