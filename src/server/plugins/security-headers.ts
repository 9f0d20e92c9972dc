/** Headers every answer carries; the page renderer copies them onto its streamed responses. */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { API_ROOT } from '#app/api-paths.ts';
import { behindProxy, type Config } from '../config.ts';

const HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Pages say frame-ancestors 'none' too; this covers every other answer and older browsers.
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
};

/** Browsers keep to HTTPS for a year once they reached the site over it. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers of this configuration: HSTS when the site is served over HTTPS (its URL says so, or a proxy in front terminates TLS). */
export function securityHeaders(config: Pick<Config, 'siteUrl' | 'trustProxy'>): Readonly<Record<string, string>> {
  const https = config.siteUrl.startsWith('https://') || behindProxy(config.trustProxy);
  return https ? { ...HEADERS, 'strict-transport-security': HSTS } : HEADERS;
}

/** An answer written straight to a socket, before (or without) a request Fastify could answer: JSON, closing the connection. */
export function rawAnswer(status: string, body: string, headers: Readonly<Record<string, string>>): string {
  const lines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${lines}\r\n${body}`;
}

/** A 400 written straight to a socket whose request could not be parsed at all. */
export function rawBadRequest(config: Pick<Config, 'siteUrl' | 'trustProxy'>): string {
  const body =
    '{"statusCode":400,"error":"Bad Request","field":"request","code":"malformed","message":"The request could not be read."}';
  return rawAnswer('400 Bad Request', body, securityHeaders(config));
}

/**
 * An API answer is kept by no cache unless its route says how long (careers, exclusions): a
 * CDN given no Cache-Control may keep an answer for a default time of its own (CloudFront a
 * day), and an API answer may be one visitor's.
 */
export const API_CACHE_CONTROL = 'no-store';

const securityHeadersHook: FastifyPluginAsync<{ headers: Readonly<Record<string, string>> }> = async (
  app,
  { headers },
) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.url.startsWith(`${API_ROOT}/`)) reply.header('cache-control', API_CACHE_CONTROL);
  });
};

export const securityHeadersPlugin = fp(securityHeadersHook, { name: 'security-headers' });
