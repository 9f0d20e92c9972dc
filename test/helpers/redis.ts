/** A real Redis server on a free loopback port, memory only, that a test can stop and start again. */
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { freePort } from './free-port.ts';
import { serviceProcess } from './service-process.ts';

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
  const service = serviceProcess({
    name: 'redis-server',
    command: REDIS_SERVER,
    // No snapshots and no append-only file: nothing is written to the working directory, and every start is empty.
    args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    stopSignal: 'SIGTERM',
    // PING, because Redis opens its port before it has finished loading and would answer LOADING.
    async probe() {
      // No reconnects and short timeouts: a refused or silent port fails this round, so the loop notices an exited server.
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
        if ((await client.ping()) !== 'PONG') throw new Error('no PONG');
      } finally {
        client.disconnect();
      }
    },
    probeIntervalMs: 50,
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  t.teardown(() => service.stop());
  await service.start();

  return {
    url,
    port,
    ...service,
  };
}
