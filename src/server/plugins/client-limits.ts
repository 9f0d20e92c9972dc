/**
 * What one client may hold of the server, whatever route it asks and whatever parses its
 * body: open connections and requests in progress per address (an IPv6 /64), and the bytes of
 * request bodies the whole server holds in memory at once. A connection or request past a
 * limit is answered at once, before its body is read, so held, slow and aborted bodies cannot
 * grow the heap or lock other clients out.
 */

import type { Socket } from 'node:net';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ConnectionLimits, ProxyTrust } from '../config.ts';
import { FormRefusal } from '../forms/refusal.ts';
import { clientKey } from '../http/client-address.ts';
import { rawAnswer } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For a route that streams its body elsewhere (uploads to disk): the most of it held in
     * memory at once. Other routes hold their whole body, up to their body limit.
     */
    bodyInMemory?: number;
  }
}

export interface ClientLimitsOptions {
  limits: Pick<ConnectionLimits, 'maxConnectionsPerAddress' | 'maxRequestsPerAddress' | 'bodyMemoryBytes'>;
  trustProxy: ProxyTrust;
  /** The security headers every answer carries, for the one written straight to a socket. */
  headers: Readonly<Record<string, string>>;
}

/** Seconds a refused client should wait: held bodies finish or time out within a few. */
const RETRY_AFTER_SECONDS = 5;

/** Written straight to a connection refused before it sent anything Fastify could answer, in no language yet. */
function tooManyConnections(headers: Readonly<Record<string, string>>): string {
  const body =
    '{"statusCode":429,"error":"Too Many Requests","field":"request","code":"requests_in_progress","message":"Too many open connections from your address."}';
  return rawAnswer('429 Too Many Requests', body, { ...headers, 'retry-after': String(RETRY_AFTER_SECONDS) });
}

/** Counts per key, forgetting a key at zero so the map holds only clients with something open. */
function createTally() {
  const counts = new Map<string, number>();
  return {
    add(key: string): number {
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return count;
    },
    remove(key: string): void {
      const count = (counts.get(key) ?? 1) - 1;
      if (count <= 0) counts.delete(key);
      else counts.set(key, count);
    },
  };
}

/**
 * Which socket addresses are proxies in front of the site, whose connections carry many
 * clients and are not counted per address. With a hop count every connection is taken to come
 * through the proxy, so the per-address connection cap is the proxy's to enforce.
 */
function proxyMatcher(trust: ProxyTrust): (address: string) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => true;
  const proxies = new BlockList();
  for (const entry of trust) {
    const [address = '', prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const key = clientKey(address);
    return isIPv4(key) ? proxies.check(key, 'ipv4') : proxies.check(address.split('%')[0]!, 'ipv6');
  };
}

/** Whether a request announces a body (a length above zero, or chunks of unknown length). */
function announcedBody(request: FastifyRequest): number | undefined {
  const length = request.headers['content-length'];
  if (request.headers['transfer-encoding'] !== undefined) return Number.POSITIVE_INFINITY;
  if (length === undefined || length === '0') return undefined;
  const bytes = Number(length);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}

const clientLimits: FastifyPluginAsync<ClientLimitsOptions> = async (app, { limits, trustProxy, headers }) => {
  const refusedConnection = tooManyConnections(headers);
  const isProxy = proxyMatcher(trustProxy);
  const connections = createTally();
  const inProgress = createTally();
  let bodyBytesHeld = 0;

  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isProxy(address)) return;
    const key = clientKey(address);
    socket.once('close', () => connections.remove(key));
    if (connections.add(key) <= limits.maxConnectionsPerAddress) return;
    app.metrics.limitRefused('connections_per_address');
    // Nothing of this connection is read: the answer goes out and the socket closes.
    socket.pause();
    socket.end(refusedConnection, () => socket.destroy());
  });

  app.addHook('onRequest', async (request, reply) => {
    let released = false;
    let reserved = 0;
    const key = clientKey(request.ip);
    const count = inProgress.add(key);
    // 'close' comes once for every answer: sent whole, refused, or its connection gone.
    reply.raw.once('close', () => {
      if (released) return;
      released = true;
      inProgress.remove(key);
      bodyBytesHeld -= reserved;
      app.metrics.bodyMemoryHeld(bodyBytesHeld);
    });
    if (count > limits.maxRequestsPerAddress) {
      app.metrics.limitRefused('requests_per_address');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw new FormRefusal(429, 'request', 'requests_in_progress');
    }

    const announced = announcedBody(request);
    if (announced === undefined) return;
    const { bodyInMemory } = request.routeOptions.config;
    const needed = bodyInMemory ?? Math.min(announced, request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY);
    if (bodyBytesHeld + needed > limits.bodyMemoryBytes) {
      app.metrics.limitRefused('body_memory');
      // The body is never parsed: once the answer is out, Node reads what still arrives and throws it away,
      // so the client sees the answer rather than a reset, and nothing of it is kept.
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw new FormRefusal(503, 'request', 'busy');
    }
    reserved = needed;
    bodyBytesHeld += needed;
    app.metrics.bodyMemoryHeld(bodyBytesHeld);
  });
};

export const clientLimitsPlugin = fp(clientLimits, { name: 'client-limits', dependencies: ['metrics'] });
