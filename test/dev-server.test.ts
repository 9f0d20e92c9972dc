/**
 * npm run dev in a copy of the project: it serves, a change to a build input builds again and
 * restarts the server on the new build, a build that fails keeps it waiting for the next change,
 * a content change is reloaded without a restart, and SIGTERM stops it with its server.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import t from 'tap';
import { inheritedEnv } from './helpers/server-process.ts';

// Four builds on a busy machine take longer than the default per-file limit.
t.setTimeout(300_000);

/** What the build and the server read; node_modules is shared, not copied. */
const PROJECT_ENTRIES = [
  'src',
  'client',
  'scripts',
  'content',
  'static',
  'build.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

/** The English homepage; a page that does not answer 200 fails the test. */
async function page(url: string): Promise<string> {
  const response = await fetch(`${url}/?lang=en`);
  if (response.status !== 200) throw new Error(`${url}/?lang=en answered ${response.status}`);
  return response.text();
}

/** Every style the page applies, inline or linked, so the check holds however the build ships CSS. */
async function stylesOf(url: string, html: string): Promise<string> {
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  const linked = await Promise.all(
    [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(async (match) =>
      (await fetch(new URL(match[1]!, url))).text(),
    ),
  );
  return [...inline, ...linked].join('\n');
}

t.test(
  'npm run dev builds, serves, builds again on a change, survives a failed build, reloads content, and stops with its server',
  async (t) => {
    const project = await mkdtemp(path.join(tmpdir(), 'nordstern-dev-'));
    t.teardown(() => rm(project, { recursive: true, force: true }));
    for (const entry of PROJECT_ENTRIES) await cp(path.resolve(entry), path.join(project, entry), { recursive: true });
    await symlink(path.resolve('node_modules'), path.join(project, 'node_modules'));
    const dataDir = await mkdtemp(path.join(tmpdir(), 'nordstern-data-'));
    t.teardown(() => rm(dataDir, { recursive: true, force: true }));

    const dev = spawn(process.execPath, ['scripts/dev.mjs'], {
      cwd: project,
      env: { ...inheritedEnv(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => dev.once('exit', (code) => resolve(code)));
    // SIGTERM, not SIGKILL: dev stops its server on the way out.
    t.teardown(async () => {
      if (dev.exitCode === null && dev.signalCode === null) dev.kill('SIGTERM');
      await exited;
    });

    /** The server's listening addresses, one per start, and dev's own lines, in order. */
    const listening: string[] = [];
    const devLines: string[] = [];
    createInterface({ input: dev.stdout }).on('line', (line) => {
      try {
        const { msg } = JSON.parse(line) as { msg?: string };
        const url = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(msg ?? '')?.[1];
        if (url) listening.push(url);
      } catch {
        // the build's own output
      }
    });
    createInterface({ input: dev.stderr }).on('line', (line) => devLines.push(line));

    async function until<T>(
      what: string,
      check: () => T | undefined | false | Promise<T | undefined | false>,
      ms = 90_000,
    ): Promise<T> {
      const deadline = Date.now() + ms;
      for (;;) {
        const value = await check();
        if (value) return value;
        if (dev.exitCode !== null || Date.now() > deadline)
          throw new Error(
            `${what}: not seen (dev ${dev.exitCode === null ? 'running' : `exited ${dev.exitCode}`}); its lines:\n${devLines.join('\n')}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const serverNumber = (n: number) => until(`server start #${n}`, () => listening[n - 1]);

    const first = await serverNumber(1);
    t.match(await page(first), 'Marketing that knows where it is heading', 'the first start builds and serves');

    const css = path.join(project, 'src/app/styles/base.css');
    await writeFile(css, `${await readFile(css, 'utf8')}\n.dev-rebuild-marker { color: #123456; }\n`);
    const second = await serverNumber(2);
    t.match(
      await stylesOf(second, await page(second)),
      'dev-rebuild-marker',
      'a changed build input is built and served by a new server',
    );

    const broken = path.join(project, 'src/app/paths.ts');
    const original = await readFile(broken, 'utf8');
    await writeFile(broken, `${original}\nexport const = ;\n`);
    await until('the failed build', () => devLines.some((line) => line.startsWith('[dev] the build failed')));
    t.equal(dev.exitCode, null, 'a build that fails leaves dev running');
    t.equal(listening.length, 2, 'and starts no server on it');
    await writeFile(broken, original);
    const third = await serverNumber(3);
    t.match(await page(third), 'Marketing that knows where it is heading', 'the next change builds and serves again');

    const stage = path.join(project, 'content/en/homepage/stage.json');
    const content = JSON.parse(await readFile(stage, 'utf8')) as Record<string, unknown>;
    await writeFile(stage, JSON.stringify({ ...content, headline: 'A headline changed while the server runs' }));
    await until(
      'the changed content',
      async () => (await page(third)).includes('A headline changed while the server runs'),
      30_000,
    );
    t.equal(listening.length, 3, 'content is reloaded by the running server, without a build or a restart');

    dev.kill('SIGTERM');
    t.equal(await exited, 0, 'SIGTERM stops dev');
    await t.rejects(fetch(third), 'and the server with it');
  },
);
