/** Liveness and readiness for the container and load balancers. */
import type { FastifyPluginAsync } from 'fastify';

export interface HealthOptions {
  /** Whether the server can answer pages and take submissions: content loaded, not shutting down, its storage reachable. */
  isReady: () => boolean | Promise<boolean>;
}

const statusSchema = {
  type: 'object',
  properties: { status: { type: 'string' } },
  required: ['status'],
} as const;

export const healthPlugin: FastifyPluginAsync<HealthOptions> = async (app, { isReady }) => {
  app.get('/healthz', { schema: { response: { 200: statusSchema } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { response: { 200: statusSchema, 503: statusSchema } } }, async (_request, reply) => {
    if (await isReady()) return { status: 'ready' };
    return reply.code(503).send({ status: 'not ready' });
  });
};
