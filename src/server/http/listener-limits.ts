/**
 * What every listener of the server holds its connections to, the public port and the
 * metrics port alike: at most MAX_CONNECTIONS open, MAX_CONNECTIONS_PER_ADDRESS from one
 * address (an IPv6 /64), and short header, request, idle and keep-alive timeouts, so idle or
 * half-open connections cannot pile up until the process runs out of memory.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../config.ts';
import { rawAnswer } from '../plugins/security-headers.ts';
import { clientKey } from './client-address.ts';

/** Seconds a client refused a connection should wait: connections close within a few. */
const RETRY_AFTER_SECONDS = 5;

/** Written straight to a connection refused before it sent anything that could be answered, in no language yet. */
export function tooManyConnections(headers: Readonly<Record<string, string>>): string {
  const body =
    '{"statusCode":429,"error":"Too Many Requests","field":"request","code":"requests_in_progress","message":"Too many open connections from your address."}';
  return rawAnswer('429 Too Many Requests', body, { ...headers, 'retry-after': String(RETRY_AFTER_SECONDS) });
}

/** Counts per key, forgetting a key at zero so the map holds only clients with something open. */
export function createTally() {
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

/** The timeouts and the connection cap of a listener; Node closes what passes them. */
export function applyListenerLimits(
  server: Server,
  limits: Pick<
    ConnectionLimits,
    'maxConnections' | 'headersTimeoutMs' | 'requestTimeoutMs' | 'idleTimeoutMs' | 'keepAliveTimeoutMs'
  >,
): void {
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.setTimeout(limits.idleTimeoutMs);
}

export interface PerAddressOptions {
  maxConnectionsPerAddress: number;
  /** Addresses not counted: proxies whose connections carry many clients. */
  exempt: (address: string) => boolean;
  /** Written to a connection past its address's share before it is closed. */
  refusal: string;
  onRefused: () => void;
}

/** Connections from one address past its share get the refusal and are closed, unread. */
export function limitConnectionsPerAddress(server: Server, options: PerAddressOptions): void {
  const connections = createTally();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || options.exempt(address)) return;
    const key = clientKey(address);
    socket.once('close', () => connections.remove(key));
    if (connections.add(key) <= options.maxConnectionsPerAddress) return;
    options.onRefused();
    // Nothing of this connection is read: the answer goes out and the socket closes.
    socket.pause();
    socket.end(options.refusal, () => socket.destroy());
  });
}
