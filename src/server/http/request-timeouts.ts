/**
 * A request whose body does not arrive in time is answered 408 and closed, whichever limit
 * it ran into: REQUEST_TIMEOUT_MS for the whole request, IDLE_TIMEOUT_MS for a body that
 * stopped moving. The client learns why instead of seeing a reset; a socket on which an
 * answer has begun, or that is idle between requests, is only closed, as before.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config.ts';
import { rawAnswer, rawBadRequest, securityHeaders } from '../plugins/security-headers.ts';

/**
 * How often Node looks for requests past their headers or request timeout (its default is
 * 30 s, so a 1 s REQUEST_TIMEOUT_MS would take up to 31 s). A pass walks the open
 * connections, at most MAX_CONNECTIONS: cheap once a second.
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** What Node's HTTP server keeps on a socket: the request being read and the answer being written. */
interface HttpSocket extends Socket {
  parser?: { incoming?: IncomingMessage | null } | null;
  _httpMessage?: ServerResponse | null;
}

/** A request is on the socket, not all of it has arrived and no byte of an answer has gone out. */
function awaitingRequest(socket: HttpSocket): boolean {
  const incoming = socket.parser?.incoming;
  return incoming != null && !incoming.complete && !socket._httpMessage?.headersSent;
}

function rawRequestTimeout(config: Pick<Config, 'siteUrl' | 'trustProxy'>): string {
  const body =
    '{"statusCode":408,"error":"Request Timeout","field":"body","code":"request_timeout","message":"The request did not arrive in time. Please send it again."}';
  return rawAnswer('408 Request Timeout', body, securityHeaders(config));
}

/** Fastify's clientErrorHandler: a request past its timeout is answered 408, one that cannot be parsed 400. */
export function createClientErrorHandler(config: Pick<Config, 'siteUrl' | 'trustProxy'>) {
  const badRequest = rawBadRequest(config);
  const timedOut = rawRequestTimeout(config);
  return (error: Error & { code?: string }, socket: Socket): void => {
    // Bytes written after an answer began would corrupt it for the client.
    if (!socket.writable || socket.destroyed || (socket as HttpSocket)._httpMessage?.headersSent) {
      socket.destroy(error);
      return;
    }
    socket.end(error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? timedOut : badRequest);
  };
}

/**
 * The server's 'timeout' listener (IDLE_TIMEOUT_MS passed with no byte moving): a request
 * whose body stopped arriving is answered 408; any other socket is closed, as Node closes it
 * when no one listens. A socket already answered that still does not move is closed.
 */
export function createIdleSocketHandler(config: Pick<Config, 'siteUrl' | 'trustProxy'>) {
  const timedOut = rawRequestTimeout(config);
  return (socket: Socket): void => {
    if (socket.writable && !socket.writableEnded && awaitingRequest(socket as HttpSocket)) socket.end(timedOut);
    else socket.destroy();
  };
}
