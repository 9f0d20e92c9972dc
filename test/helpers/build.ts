/** Builds the app for a test against the real content and build output, closed when the test ends. */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

interface TestContext {
  teardown(fn: () => unknown): void;
}

/** A fresh data folder for one test, removed when it ends. */
export async function tempDataDir(t: TestContext): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nordstern-data-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Under npm test this process has FIREBASE_AUTH_EMULATOR_HOST (firebase emulators:exec), which
 * firebase-admin follows; the server refuses a configuration that does not name the same host,
 * so a test that turns sign-in on names it, unless the test sets the variable itself.
 */
const followedEmulator = (env: Record<string, string>): Record<string, string> =>
  env.FIREBASE_PROJECT_ID && !('FIREBASE_AUTH_EMULATOR_HOST' in env) && process.env.FIREBASE_AUTH_EMULATOR_HOST
    ? { FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST }
    : {};

export async function build(t: TestContext, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const dataDir = env.DATA_DIR ?? (await tempDataDir(t));
  const app = await buildApp(
    loadConfig({ SITE_URL: 'http://localhost:3000', DATA_DIR: dataDir, ...followedEmulator(env), ...env }),
    { logger: false },
  );
  t.teardown(() => app.close());
  return app;
}

/** A copy of content/ that a test may change; removed when the test ends. */
export async function copyContent(t: TestContext, change: (dir: string) => Promise<void>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nordstern-content-'));
  await cp(path.resolve('content'), dir, { recursive: true });
  await change(dir);
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Rewrites one JSON file of a content copy. */
export async function editJson(
  dir: string,
  file: string,
  edit: (value: Record<string, unknown>) => unknown,
): Promise<void> {
  const full = path.join(dir, file);
  const value = JSON.parse(await readFile(full, 'utf8')) as Record<string, unknown>;
  await writeFile(full, JSON.stringify(edit(value)));
}

/** An edition far in the future that takes registrations, added to a content copy, so event tests do not age. */
export const TEST_EVENT = 'cloud/muenchen/2099/05';
export const TEST_EVENT_TITLE = { en: 'Nordstern Cloud Day 2099', de: 'Nordstern Cloud Day 2099' } as const;

export async function contentWithTestEvent(t: TestContext): Promise<string> {
  return copyContent(t, async (dir) => {
    for (const [language, folder] of [
      ['en', 'en/homepage/company/events/cloud'],
      ['de', 'de/homepage/unternehmen/events/cloud'],
    ] as const) {
      await editJson(dir, `${folder}/information.json`, (information) => ({
        ...information,
        editions: [
          ...(information.editions as unknown[]),
          {
            location: 'muenchen',
            year: '2099',
            month: '05',
            title: TEST_EVENT_TITLE[language],
            teaser: 'A test edition.',
            start: '2099-05-20T09:00:00+02:00',
            end: '2099-05-20T18:00:00+02:00',
            city: 'München',
            registration: true,
          },
        ],
      }));
    }
  });
}
