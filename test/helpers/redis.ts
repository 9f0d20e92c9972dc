/** A real Redis server on a free loopback port, memory only, that a test can stop and start again. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { freePort } from './free-port.ts';

const REDIS_SERVER = '/usr/bin/redis-server';
const READY_TIMEOUT_MS = 15_000;

export interface RedisServer {
  url: string;
  port: number;
  /** SIGTERM; resolves once the server has exited. Nothing is saved, so a restart begins empty. */
  stop(): Promise<void>;
  /** Starts again on the same port; resolves once PING answers. */
  start(): Promise<void>;
  /** SIGKILL, as in a crash. */
  kill(): void;
}

interface TestContext {
  teardown(fn: () => unknown): void;
}

export async function startRedis(t: TestContext): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing: apt-get install redis-server`);
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let closed = Promise.resolve();
  let output = '';

  const stop = async () => {
    if (child && isRunning(child)) child.kill('SIGTERM');
    await closed;
  };
  t.teardown(stop);

  const start = async () => {
    // child.killed: a signal was sent (stop or kill), so it is on its way out even if it has not exited yet.
    if (child && isRunning(child) && !child.killed) throw new Error('Redis is already running');
    await closed;
    output = '';
    // No snapshots and no append-only file: nothing is written to the working directory, and every start is empty.
    const proc = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    closed = new Promise((resolve) => proc.once('close', () => resolve()));
    proc.stdout!.on('data', (data: Buffer) => (output += data.toString()));
    proc.stderr!.on('data', (data: Buffer) => (output += data.toString()));
    await waitUntilReady(port, proc, () => output);
  };
  await start();

  return {
    url,
    port,
    stop,
    start,
    kill() {
      if (child && isRunning(child)) child.kill('SIGKILL');
    },
  };
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Polls with PING, because Redis opens its port before it has finished loading and would answer LOADING. */
async function waitUntilReady(port: number, proc: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (!isRunning(proc)) throw new Error(`redis-server exited (${proc.exitCode ?? proc.signalCode}) before answering PING:\n${output()}`);
    // One attempt per client with short timeouts and no reconnects: a refused or silent port (something else took it)
    // must fail this round, so the loop gets to notice that redis-server has exited.
    const client = new Redis({
      host: '127.0.0.1',
      port,
      lazyConnect: true,
      connectTimeout: 1000,
      commandTimeout: 1000,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer PING within ${READY_TIMEOUT_MS / 1000} s (${error}):\n${output()}`);
    } finally {
      client.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
