/** Headers every answer carries; the page renderer copies them onto its streamed responses. */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

const HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
};

const securityHeaders: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(HEADERS);
  });
};

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
