// The server as `npm start` runs it (scripts/start.mjs with the same Node flags): production mode, a free loopback port, a fresh
// data folder, the visitor budgets lifted (one address sends everything), ready once
// /healthz answers. Shared by every bench script so they measure the same process.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ensureBuild } from '../build.mjs';
import { SERVER_FLAGS } from './server-flags.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(url, server) {
  for (let tries = 0; tries < 200; tries += 1) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy within 20 s');
}

/**
 * @param {{ nodeFlags?: string[], env?: Record<string, string>, onLine?: (line: string) => void }} [options]
 *   nodeFlags come after the heap flags of `npm start`; onLine sees every line of the server's stdout.
 */
export async function startBenchServer({ nodeFlags = [], env = {}, onLine } = {}) {
  await ensureBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nordstern-bench-'));
  const port = await freePort();
  // A production server refuses the Auth emulator, whose address `firebase emulators:exec` exports to every process.
  const inherited = { ...process.env };
  delete inherited.FIREBASE_AUTH_EMULATOR_HOST;
  const server = spawn(process.execPath, [...SERVER_FLAGS, ...nodeFlags, 'scripts/start.mjs'], {
    env: { ...inherited, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', RATE_LIMIT_READ_MAX: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: server.stdout }).on('line', (line) => onLine?.(line));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, server);
  return {
    url,
    flags: SERVER_FLAGS,
    /** The server's resident set size in MB, read from /proc. */
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024,
    async stop() {
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
