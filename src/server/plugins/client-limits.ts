/**
 * What one client may hold of the server, whatever route it asks and whatever parses its
 * body: open connections and requests in progress per address (an IPv6 /64), and the bytes of
 * request bodies in memory, counted as they arrive, server-wide and per address (see
 * body-budget.ts). A connection or request past a limit is answered at once, before its body
 * is read; a body that would pass the budget or its address's share as it arrives, or that
 * arrives below the minimum rate (see body-pace.ts), is refused and its connection closed. So
 * held, slow and aborted bodies cannot grow the heap, and bodies announced but never sent hold
 * nothing that would lock other clients out.
 */

import { BlockList, isIPv4 } from 'node:net';
import { type Readable, Transform } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ConnectionLimits, ProxyTrust } from '../config.ts';
import { FormRefusal, refusalBody } from '../forms/refusal.ts';
import { requestLanguage } from '../forms/request-language.ts';
import { type BodyHold, type BodyRefusal, createBodyBudget } from '../http/body-budget.ts';
import { BODY_PACE_CHECK_MS, createBodyPace } from '../http/body-pace.ts';
import { clientKey } from '../http/client-address.ts';
import { createTally, limitConnectionsPerAddress, tooManyConnections } from '../http/listener-limits.ts';
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

/** Seconds a refused client should wait: bodies in progress finish or fall below the minimum rate within a few. */
const RETRY_AFTER_SECONDS = 5;

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

/** The length a request announces for its body (unbounded for chunks of unknown length), or undefined without one. */
function announcedBody(request: FastifyRequest): number | undefined {
  const length = request.headers['content-length'];
  if (request.headers['transfer-encoding'] !== undefined) return Number.POSITIVE_INFINITY;
  if (length === undefined || !/^\d+$/.test(length) || Number(length) === 0) return undefined;
  return Number(length);
}

interface BodyWatch {
  hold: BodyHold;
  /** The next look at the body's rate, until it has arrived whole or its answer is out. */
  timer?: NodeJS.Timeout;
}

const clientLimits: FastifyPluginAsync<ClientLimitsOptions> = async (app, { limits, trustProxy, headers }) => {
  const inProgress = createTally();
  const budget = createBodyBudget(limits.bodyMemoryBytes, (held) => app.metrics.bodyMemoryHeld(held));
  const bodies = new WeakMap<FastifyRequest, BodyWatch>();

  limitConnectionsPerAddress(app.server, {
    maxConnectionsPerAddress: limits.maxConnectionsPerAddress,
    exempt: proxyMatcher(trustProxy),
    refusal: tooManyConnections(headers),
    onRefused: () => app.metrics.limitRefused('connections_per_address'),
  });

  /** The refusal of a body that may not take more memory, counted for the operator. */
  const bodyRefusal = (refused: BodyRefusal): FormRefusal => {
    if (refused === 'address_share') {
      app.metrics.limitRefused('body_share');
      return new FormRefusal(429, 'body', 'requests_in_progress');
    }
    app.metrics.limitRefused('body_memory');
    return new FormRefusal(503, 'request', 'busy');
  };

  app.addHook('onRequest', async (request, reply) => {
    let released = false;
    const key = clientKey(request.ip);
    const count = inProgress.add(key);
    // 'close' comes once for every answer: sent whole, refused, or its connection gone.
    reply.raw.once('close', () => {
      if (released) return;
      released = true;
      inProgress.remove(key);
      const body = bodies.get(request);
      if (body) {
        clearTimeout(body.timer);
        body.hold.release();
      }
    });
    if (count > limits.maxRequestsPerAddress) {
      app.metrics.limitRefused('requests_per_address');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw new FormRefusal(429, 'request', 'requests_in_progress');
    }

    const announced = announcedBody(request);
    if (announced === undefined) return;
    const { bodyInMemory } = request.routeOptions.config;
    const cap = bodyInMemory ?? request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY;
    // A body starts only while its address and the server have room for what it announces, so one that
    // would not fit is refused before it is sent; it then holds what arrives of it, never what it announced.
    const hold = budget.open(key, cap, announced);
    if (typeof hold === 'string') {
      // The body is never parsed: once the answer is out, Node reads what still arrives and throws it away,
      // so the client sees the answer rather than a reset, and nothing of it is kept.
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw bodyRefusal(hold);
    }
    bodies.set(request, { hold });
  });

  app.addHook('preParsing', async (request, reply, payload) => {
    const body = bodies.get(request);
    if (!body) return payload;
    // Fastify's parsers read the body through the stream returned here; a route that streams its
    // body elsewhere (uploads) reads the request itself, so its bytes are counted where they leave it.
    if (request.routeOptions.config.bodyInMemory === undefined) return meteredPayload(request, reply, payload, body);
    watchStreamedBody(request, body);
    return payload;
  });

  /**
   * The body as Fastify's parsers read it, each chunk taken from the budget as it passes. A chunk
   * that does not fit, or a body that falls below the minimum rate, ends the stream with its
   * refusal: the parser stops and the error handler answers it; nothing more of the body is kept.
   */
  function meteredPayload(request: FastifyRequest, reply: FastifyReply, payload: Readable, body: BodyWatch): Readable {
    const refuse = (refusal: FormRefusal) => {
      // A body too slow is not waited for any longer. One refused for room is read on and thrown away
      // after the answer, as one refused before it was read: a client still sending sees the answer, not a reset.
      if (refusal.statusCode === 408) reply.header('connection', 'close');
      else reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      payload.unpipe(meter);
      meter.destroy(refusal);
      // With no reader left, what still arrives is dropped as it comes.
      if (refusal.statusCode !== 408) payload.resume();
    };
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        const refused = body.hold.add(chunk.length);
        if (refused) {
          refuse(bodyRefusal(refused));
          callback();
          return;
        }
        callback(null, chunk);
      },
    });
    // The parser listens for errors once it reads; until then a refusal must not be an unhandled one.
    meter.on('error', () => {});
    payload.on('error', (error) => meter.destroy(error));
    payload.pipe(meter);
    keepPace(request, body, () => refuse(tooSlow()));
    return meter;
  }

  /**
   * An upload's parser reads the request as it arrives; its bytes are counted as they are read,
   * up to what the route holds at once. The request waits unread until the parser starts, so
   * nothing arrives before it listens. A body refused on the way is answered on its connection,
   * which is then closed: the route learns of it as a connection gone, and keeps nothing.
   */
  function watchStreamedBody(request: FastifyRequest, body: BodyWatch): void {
    const raw = request.raw;
    const refuse = (refusal: FormRefusal) => {
      const socket = raw.socket;
      raw.removeListener('data', count);
      if (socket.destroyed) return;
      const answer = refusalBody(refusal, app.forms.texts.messages(requestLanguage(request)));
      const retry: Record<string, string> =
        refusal.statusCode === 408 ? {} : { 'retry-after': String(RETRY_AFTER_SECONDS) };
      socket.end(
        rawAnswer(`${answer.statusCode} ${answer.error}`, JSON.stringify(answer), { ...headers, ...retry }),
        () => socket.destroy(),
      );
    };
    const count = (chunk: Buffer) => {
      const refused = body.hold.add(chunk.length);
      if (refused) refuse(bodyRefusal(refused));
    };
    raw.pause();
    raw.on('data', count);
    keepPace(request, body, () => refuse(tooSlow()));
  }

  const tooSlow = () => {
    app.metrics.limitRefused('body_rate');
    return new FormRefusal(408, 'body', 'body_too_slow');
  };

  /** Looks at the body's rate every second once it has had its grace period, until it has arrived whole. */
  function keepPace(request: FastifyRequest, body: BodyWatch, onTooSlow: () => void): void {
    const pace = createBodyPace();
    const check = () => {
      if (request.raw.complete || request.raw.destroyed) return;
      if (pace.tooSlow(body.hold.read)) {
        request.log.info({ client: clientKey(request.ip) }, 'request body refused: arriving below the minimum rate');
        onTooSlow();
        return;
      }
      body.timer = setTimeout(check, BODY_PACE_CHECK_MS).unref();
    };
    body.timer = setTimeout(check, BODY_PACE_CHECK_MS).unref();
  }
};

export const clientLimitsPlugin = fp(clientLimits, { name: 'client-limits', dependencies: ['metrics', 'forms'] });
