/** Runs the built server (dist/server/main.js) as its own process on a free loopback port. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every log line the server printed. */
  logs: string[];
  /**
   * The log lines that match, once there is at least one: the server writes a line after its
   * answer has gone out, and the pipe may bring it a moment after the answer. Empty after 10 s.
   */
  waitForLog(pattern: RegExp): Promise<string[]>;
  /** Every answer of 400 or more the server logged, as `status method url`: what a test that failed on one shows. */
  failedAnswers(): string[];
  stop(): Promise<number | null>;
}

interface RequestLogLine {
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

function failedAnswersIn(logs: readonly string[]): string[] {
  const requests = new Map<string, string>();
  const failed: string[] = [];
  for (const line of logs) {
    let entry: RequestLogLine;
    try {
      entry = JSON.parse(line) as RequestLogLine;
    } catch {
      continue;
    }
    if (entry.reqId && entry.req) requests.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
    if (entry.reqId && entry.res && entry.res.statusCode >= 400)
      failed.push(`${entry.res.statusCode} ${requests.get(entry.reqId) ?? entry.reqId}`);
  }
  return failed;
}

interface TestContext {
  teardown(fn: () => unknown): void;
}

export interface StartOptions {
  /** Flags for node itself, such as the heap limits `npm start` ships. */
  nodeArgs?: string[];
}

/**
 * The test's own environment without the Auth emulator's address: `npm test` runs inside
 * `firebase emulators:exec`, which exports it to every process, and a production server refuses
 * to start with it. A test that wants the emulator passes it (loginEnv does, with NODE_ENV=test).
 */
export function inheritedEnv(): Record<string, string | undefined> {
  const env = { ...process.env };
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  return env;
}

export async function startServer(
  t: TestContext,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  let dataDir = env.DATA_DIR;
  if (!dataDir) {
    const created = mkdtempSync(path.join(tmpdir(), 'nordstern-data-'));
    t.teardown(() => rmSync(created, { recursive: true, force: true }));
    dataDir = created;
  }
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/server/main.js'], {
    // Web Vitals off unless a test asks: sampled at random, the reporter would come and go between runs.
    env: {
      ...inheritedEnv(),
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      WEB_VITALS_SAMPLE_RATE: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      logs.push(line);
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (data: Buffer) => logs.push(data.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${logs.join('\n')}`)));
  });
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  t.teardown(stop);
  const waitForLog = async (pattern: RegExp) => {
    const matching = () => logs.filter((line) => pattern.test(line));
    for (let waited = 0; matching().length === 0 && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return matching();
  };
  return { url, child, logs, waitForLog, failedAnswers: () => failedAnswersIn(logs), stop };
}
