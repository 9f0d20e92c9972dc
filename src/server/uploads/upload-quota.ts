/**
 * Bytes of applications one client address (an IPv6 /64) may upload per window. The rate
 * limit counts requests, and twenty applications of 60 MB a minute would still fill a disk;
 * this counts what they carry. An upload takes its announced size from the quota before a
 * byte is read, so concurrent uploads cannot slip past it together. Counted in Redis when
 * the replicas share one, in this process's memory otherwise.
 */
import type { Redis } from 'ioredis';

export interface UploadQuota {
  /** Takes `bytes` from the client's quota for the current window; false (and nothing taken) when they do not fit. */
  take(client: string, bytes: number): Promise<boolean>;
}

export interface UploadQuotaOptions {
  bytes: number;
  windowMs: number;
  redis?: Redis;
  now?: () => number;
}

/** Clients remembered at once in memory; beyond it the oldest is forgotten, which only ever errs towards the client. */
const MAX_CLIENTS = 100_000;

function memoryQuota({ bytes, windowMs, now = Date.now }: UploadQuotaOptions): UploadQuota {
  let window = -1;
  const used = new Map<string, number>();
  return {
    async take(client, amount) {
      const current = Math.floor(now() / windowMs);
      if (current !== window) {
        window = current;
        used.clear();
      }
      const total = (used.get(client) ?? 0) + amount;
      if (total > bytes) return false;
      // Re-inserted, so the map's order is least recently used first.
      used.delete(client);
      used.set(client, total);
      if (used.size > MAX_CLIENTS) used.delete(used.keys().next().value!);
      return true;
    },
  };
}

function redisQuota({ bytes, windowMs, redis, now = Date.now }: UploadQuotaOptions & { redis: Redis }): UploadQuota {
  return {
    async take(client, amount) {
      const window = Math.floor(now() / windowMs);
      const key = `nordstern-upload-quota:${window}:${client}`;
      const [[incrError, total] = [], [expireError] = []] =
        (await redis.multi().incrby(key, amount).pexpire(key, windowMs).exec()) ?? [];
      if (incrError) throw incrError;
      if (expireError) throw expireError;
      if (Number(total) <= bytes) return true;
      await redis.decrby(key, amount);
      return false;
    },
  };
}

export function createUploadQuota(options: UploadQuotaOptions): UploadQuota {
  return options.redis ? redisQuota({ ...options, redis: options.redis }) : memoryQuota(options);
}
