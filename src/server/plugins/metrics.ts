/**
 * GET /metrics in the Prometheus text format, kept off the public site: on a listener of its
 * own (METRICS_PORT, bound to HOST), or on the main port to a bearer token (METRICS_TOKEN).
 * With neither, /metrics is an unknown page like any other. Whatever is served, every answer
 * is counted by its route pattern, and the recorder is app.metrics for the routes and the outbox.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ConnectionLimits, MetricsConfig } from '../config.ts';
import { refusalResponseSchema } from '../forms/schemas.ts';
import { applyListenerLimits, limitConnectionsPerAddress, tooManyConnections } from '../http/listener-limits.ts';
import type { AppMetrics, MetricsRecorder } from '../metrics/app-metrics.ts';
import { routeLabel } from '../metrics/labels.ts';
import { collectProcessMetrics } from '../metrics/process-metrics.ts';
import { oldestPendingMail, outboxCounts } from '../store/outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts what happens (submissions, uploads, failed mails) for GET /metrics. */
    metrics: MetricsRecorder;
  }
}

export interface MetricsPluginOptions {
  metrics: AppMetrics;
  config: MetricsConfig;
  /** The address the main listener binds to; the metrics listener binds to the same. */
  host: string;
  /** The main listener's connection limits and timeouts, which the metrics listener keeps too. */
  connections: ConnectionLimits;
}

export const METRICS_PATH = '/metrics';

/** The same shape as every other refusal of the site; it names nothing about the metrics. */
const UNAUTHORIZED = {
  statusCode: 401,
  error: 'Unauthorized',
  field: 'authorization',
  code: 'unauthenticated',
  message: 'A valid bearer token is required.',
} as const;
const NOT_FOUND = {
  statusCode: 404,
  error: 'Not Found',
  field: 'path',
  code: 'not_found',
  message: 'Only /metrics answers here.',
} as const;

const BEARER = /^Bearer +(\S+) *$/i;
const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries the token. Both sides are hashed first, so the
 * comparison takes the same time however much of the token a guess gets right, and whatever its length.
 */
function createAuthorizer(token: string | undefined): (header: string | undefined) => boolean {
  if (token === undefined) return () => true;
  const expected = sha256(token);
  return (header) => {
    const presented = header === undefined ? undefined : BEARER.exec(header)?.[1];
    return presented !== undefined && timingSafeEqual(sha256(presented), expected);
  };
}

function sendJson(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

const metricsPluginAsync: FastifyPluginAsync<MetricsPluginOptions> = async (
  app,
  { metrics, config, host, connections },
) => {
  const { registry } = metrics;
  const stopProcessMetrics = collectProcessMetrics(registry);
  metrics.observeState({
    outboxCounts: () => outboxCounts(app.db),
    oldestPendingMail: () => oldestPendingMail(app.db),
    storage: app.storage,
  });
  app.decorate('metrics', metrics);

  // Scrapes on the main port are counted too, under their own pattern.
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestFinished(
      request.method,
      routeLabel(request.routeOptions.url, request.url),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  const authorized = createAuthorizer(config.token);

  if (config.port === undefined && config.token !== undefined) {
    app.get(METRICS_PATH, { schema: { response: { 401: refusalResponseSchema } } }, async (request, reply) => {
      if (!authorized(request.headers.authorization))
        return reply.code(401).header('www-authenticate', 'Bearer').send(UNAUTHORIZED);
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  }

  if (config.port !== undefined) {
    const port = config.port;
    const log = app.log.child({ module: 'metrics' });
    const answer = async (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD'))
        return sendJson(res, 404, NOT_FOUND);
      if (!authorized(req.headers.authorization))
        return sendJson(res, 401, UNAUTHORIZED, { 'www-authenticate': 'Bearer' });
      try {
        const body = await registry.metrics();
        res.writeHead(200, {
          'content-type': registry.contentType,
          'content-length': Buffer.byteLength(body),
          'cache-control': 'no-store',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      } catch (error) {
        log.error({ err: error }, 'metrics could not be collected');
        sendJson(res, 500, { statusCode: 500, error: 'Internal Server Error' });
      }
    };
    const server = createServer((req, res) => void answer(req, res));
    // A port that only a scraper needs is no easier to hold open than the site's: idle and
    // half-open connections time out, and no address holds more than its share.
    applyListenerLimits(server, connections);
    limitConnectionsPerAddress(server, {
      maxConnectionsPerAddress: connections.maxConnectionsPerAddress,
      exempt: () => false,
      refusal: tooManyConnections({}),
      onRefused: () => metrics.limitRefused('connections_per_address'),
    });
    // Started with the site's own listener, never by inject() or ready(). A port that is taken
    // is logged and leaves the site serving: a missing scrape target is what monitoring alerts on.
    app.addHook('onListen', async () => {
      try {
        const address = await listen(server, port, host);
        log.info({ address: address.address, port: address.port }, 'metrics listening');
      } catch (error) {
        log.error({ err: error, port }, 'metrics could not listen on METRICS_PORT; /metrics is not served');
      }
    });
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A scraper keeps its connection open between scrapes; it need not outlive the app.
      server.closeAllConnections();
      await closed;
    });
  }

  app.addHook('onClose', async () => stopProcessMetrics());
};

export const metricsPlugin = fp(metricsPluginAsync, { name: 'metrics', dependencies: ['database'] });
