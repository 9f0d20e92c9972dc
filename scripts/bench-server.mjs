// The server as `npm start` runs it (scripts/start.mjs with the same Node flags): production mode, a free loopback port, a fresh
// data folder, the visitor budgets lifted (one address sends everything) unless a bench asks
// for the defaults, ready once /healthz answers. Shared by every bench script so they measure
// the same process.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ensureBuild } from '../build.mjs';
import { SERVER_FLAGS } from './server-flags.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(url, server, withinMs) {
  const deadline = performance.now() + withinMs;
  while (performance.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`server exited with ${server.exitCode ?? server.signalCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy within ${withinMs / 1000} s`);
}

/**
 * A benchmark's load comes from one address, so the per-address limits that protect a real
 * site from one client would measure themselves; they are lifted unless a bench sets them.
 */
const UNLIMITED_CLIENT = {
  RATE_LIMIT_MAX: '1000000',
  RATE_LIMIT_READ_MAX: '1000000',
  MAX_CONNECTIONS_PER_ADDRESS: '1000000',
  MAX_REQUESTS_PER_ADDRESS: '1000000',
  UPLOAD_QUOTA_MB: '1000000',
};

/**
 * @param {{ nodeFlags?: string[], env?: Record<string, string | undefined>, onLine?: (line: string) => void, onErrorLine?: (line: string) => void, readyWithinMs?: number }} [options]
 *   nodeFlags come after the heap flags of `npm start`; a variable set to undefined in env is not
 *   passed at all (so the server uses its default); onLine sees every line of the server's stdout,
 *   onErrorLine, when given, every line of its stderr, which is otherwise the bench's own;
 *   readyWithinMs is how long /healthz may take to answer (a large content folder takes longer).
 *   A server that does not become ready is ended and its data folder removed; the error thrown
 *   then carries `exit`, the { code, signal } the process ended with.
 */
export async function startBenchServer({ nodeFlags = [], env = {}, onLine, onErrorLine, readyWithinMs = 20_000 } = {}) {
  await ensureBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nordstern-bench-'));
  const port = await freePort();
  // A production server refuses the Auth emulator, whose address `firebase emulators:exec` exports to every process.
  const inherited = { ...process.env };
  delete inherited.FIREBASE_AUTH_EMULATOR_HOST;
  const spawnedAt = performance.now();
  const server = spawn(process.execPath, [...SERVER_FLAGS, ...nodeFlags, 'scripts/start.mjs'], {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...UNLIMITED_CLIENT,
      ...env,
    },
    stdio: ['ignore', 'pipe', onErrorLine ? 'pipe' : 'inherit'],
  });
  createInterface({ input: server.stdout }).on('line', (line) => onLine?.(line));
  if (onErrorLine) createInterface({ input: server.stderr }).on('line', onErrorLine);
  // 'close' rather than 'exit': a crashing server's last words on stderr have been read by then.
  const exited = new Promise((resolve) => server.once('close', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(url, server, readyWithinMs);
  } catch (error) {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    error.exit = await exited;
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    flags: SERVER_FLAGS,
    pid: server.pid,
    /** Milliseconds from spawning the process to its first healthy answer (polled every 100 ms). */
    startMs: performance.now() - spawnedAt,
    /** Settles with { code, signal } once the process has ended, whoever ended it. */
    exited,
    /** The server's resident set size in MB, read from /proc. */
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024,
    async stop() {
      // A server that already died (killed by a signal, so exitCode stays null) must not be waited for again.
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
