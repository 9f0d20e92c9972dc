/** Puts the insights service (both languages' indexes) on the app as app.insights. */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { InsightsService } from '../insights/insights-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    insights: InsightsService;
  }
}

const insights: FastifyPluginAsync<{ service: InsightsService }> = async (app, { service }) => {
  app.decorate('insights', service);
};

export const insightsPlugin = fp(insights, { name: 'insights' });
