/**
 * Redis for the rate limits when REDIS_URL is set, as app.sharedLimits: every replica counts
 * in the same place, so a limit holds however requests are spread. While Redis is unreachable
 * a counted request fails at once (no queue of commands waiting for it) and is answered 503,
 * and /readyz reports not ready; the client reconnects by itself.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { answersWithin } from '../store/reachable.ts';

export interface SharedLimits {
  redis: Redis;
  /** Whether Redis answers now. */
  reachable(): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined without REDIS_URL: each process then counts in its own memory. */
    sharedLimits: SharedLimits | undefined;
  }
}

/** How ioredis says a command could not reach the server. */
const UNREACHABLE =
  /enableOfflineQueue|Connection is closed|MaxRetriesPerRequest|ECONNREFUSED|ECONNRESET|ETIMEDOUT|connect ETIMEDOUT/;

export function isRedisUnavailable(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  return name === 'MaxRetriesPerRequestError' || (typeof message === 'string' && UNREACHABLE.test(message));
}

const sharedLimits: FastifyPluginAsync<{ redisUrl?: string }> = async (app, { redisUrl }) => {
  if (!redisUrl) {
    app.decorate('sharedLimits', undefined);
    return;
  }
  const log = app.log.child({ module: 'redis' });
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // Keeps trying for as long as the process runs, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error(
      { err: error },
      'Redis unreachable: rate-limited requests are answered 503 and the site reports not ready until it is back',
    );
  });
  redis.on('ready', () => {
    if (down) log.info('Redis reachable again');
    down = false;
  });
  app.decorate('sharedLimits', {
    redis,
    async reachable() {
      return redis.status === 'ready' && answersWithin(() => redis.ping());
    },
  });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
};

export const sharedLimitsPlugin = fp(sharedLimits, { name: 'shared-limits' });
