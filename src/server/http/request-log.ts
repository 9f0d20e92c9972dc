/**
 * How a request appears in the log. A mailed link's token is a key to one person's sign-up or
 * registration: it is blanked out of every logged address, pages and API routes alike, so
 * a log shipped elsewhere holds nothing that confirms, unsubscribes or names anyone.
 */
import type { FastifyRequest } from 'fastify';
import { EVENT_CONFIRM_API, NEWSLETTER_UNSUBSCRIBE_API } from '#app/api-paths.ts';
import { TOKEN_PLACEHOLDER, withoutToken } from '#app/match-page.ts';

/** API routes that take a mailed link's token in their path. */
const API_TOKEN_PATHS = [`${NEWSLETTER_UNSUBSCRIBE_API}/`, `${EVENT_CONFIRM_API}/`].map(
  (prefix) => new RegExp(`^(${prefix.replaceAll('/', '\\/')})[^/]+$`),
);

export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  const api = API_TOKEN_PATHS.find((pattern) => pattern.test(pathname));
  return api
    ? `${pathname.replace(api, `$1${TOKEN_PLACEHOLDER}`)}${queryAt < 0 ? '' : url.slice(queryAt)}`
    : withoutToken(url);
}

/** Fastify's own request fields, with the address made safe to log. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
