/**
 * Guards the API: only this site may change something in a visitor's name (every POST, PUT,
 * PATCH and DELETE, and the reads that hand out credentials, checked by Origin and
 * Sec-Fetch-Site), and each address may post only so often.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { FormRefusal } from '../forms/refusal.ts';
import { clientKey } from '../http/client-address.ts';

export interface ApiGuardOptions {
  siteUrl: string;
  allowedOrigins: string[];
  rateLimit: { max: number; readMax: number; windowMs: number };
  /** Counts in Redis, shared by every replica; unset, in this process's memory. */
  redis?: Redis;
}

/** The methods a page of another site must not send in a visitor's name: they change something. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isSameSite(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  try {
    // The address the browser used for this very server is its own origin too.
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads: not counted against the submission rate limit. */
    readOnly?: boolean;
    /** A read that hands out a credential: refused from other sites like a change, since its answer signs someone in. */
    sameSiteOnly?: boolean;
  }
}

const apiGuard: FastifyPluginAsync<ApiGuardOptions> = async (app, options) => {
  const allowed = new Set([new URL(options.siteUrl).origin, ...options.allowedOrigins]);
  // The API speaks JSON and form posts; plain text is no way to send a form.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request) => {
    const guarded = STATE_CHANGING.has(request.method) || request.routeOptions.config.sameSiteOnly === true;
    if (guarded && !isSameSite(request, allowed)) throw new FormRefusal(403, 'origin', 'forbidden_origin');
  });

  // Two budgets per address: submissions (POSTs that store something) and reads (every GET,
  // and the POSTs that only read, such as recommendations and file checks), counted apart.
  const isSubmission = (request: FastifyRequest) =>
    request.method === 'POST' && request.routeOptions.config.readOnly !== true;
  await app.register(rateLimit, {
    max: (request) => (isSubmission(request) ? options.rateLimit.max : options.rateLimit.readMax),
    timeWindow: options.rateLimit.windowMs,
    // An IPv6 client counts by its /64, or every address of its network would be a fresh count.
    keyGenerator: (request) => `${clientKey(request.ip)}:${isSubmission(request) ? 'submit' : 'read'}`,
    ...(options.redis ? { redis: options.redis, nameSpace: 'nordstern-rate-limit:' } : {}),
    // Retry-After is set by the plugin; the body is ours, in the visitor's language.
    errorResponseBuilder: () => new FormRefusal(429, 'request', 'rate_limited'),
  });
};

export const apiGuardPlugin = fp(apiGuard, { name: 'api-guard' });
