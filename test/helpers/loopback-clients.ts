/**
 * Clients of a server process from chosen loopback addresses (all of 127.0.0.0/8 is this
 * machine), for attacks from several addresses at once: whole requests over their own
 * connection, raw sockets that send what a test writes and collect what comes back, and a
 * wait for a condition instead of a sleep.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';

/** The heap flags of `npm start` (and the image), read from package.json so a test follows them. */
export const SHIPPED_HEAP_FLAGS =
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start.match(
    /--max-[a-z-]+-size=\d+/g,
  ) ?? [];

export const VISITOR = '127.0.0.1';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface SendOptions {
  /** The source address; ignored with an agent, whose sockets choose their own. */
  from?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Reuse this agent's kept-alive connections instead of one connection per request. */
  agent?: http.Agent;
  /** How the body is read: latin1 keeps every byte of a body that is not UTF-8. */
  encoding?: BufferEncoding;
  /** How long the answer may take before the request fails (20 s unless told). */
  timeoutMs?: number;
}

/** One request from a chosen source address, over its own connection (or the agent's), path sent exactly as written. */
export function send(
  url: string,
  path: string,
  {
    from = VISITOR,
    method = 'GET',
    headers = {},
    body,
    agent,
    encoding = 'utf8',
    timeoutMs = 20_000,
  }: SendOptions = {},
): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        path,
        method,
        localAddress: agent ? undefined : from,
        agent: agent ?? false,
        headers: agent ? headers : { connection: 'close', ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding(encoding);
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    request.setTimeout(timeoutMs, () =>
      request.destroy(new Error(`no answer to ${method} ${path} within ${timeoutMs / 1000} s`)),
    );
    request.end(body);
  });
}

export interface RawClient {
  socket: net.Socket;
  /** What the server wrote so far. */
  received: () => string;
  /** Settles when the connection is closed, by either side. */
  closed: Promise<void>;
}

/** A socket from the given address, connected (or closed at once by the server), with what the server writes collected. */
export function openSocket(url: string, from: string): Promise<RawClient> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    let received = '';
    const socket = net.connect({ port: Number(port), host: hostname, localAddress: from });
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('error', () => {});
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    const client = { socket, received: () => received, closed };
    socket.once('connect', () => resolve(client));
    socket.once('close', () => resolve(client));
  });
}

/** Resolves true once the condition holds, false if it has not after timeoutMs. */
export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
