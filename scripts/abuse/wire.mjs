// What the attacks of `npm run bench:abuse` share: raw connections whose bytes they write
// themselves (a client library would not send a body shorter than it announces), and what
// became of each of them.
import net from 'node:net';

export const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
export const MB = 1024 * 1024;
export const BOUNDARY = '----nordstern-bench-abuse';
export const CLOSING = `--${BOUNDARY}--\r\n`;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const now = () => performance.now();

/**
 * The head of a post whose Content-Length claims the whole body, however little of it is ever
 * sent. It asks for JSON, so what the server made of it is its status alone (201, 4xx, 503), never
 * the 303 of a plain form post.
 */
export function requestHead(port, path, contentType, claimed) {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: ${BROWSER}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
    'Accept: application/json\r\n' +
    `Content-Type: ${contentType}\r\nContent-Length: ${claimed}\r\n\r\n`
  );
}

/** One multipart text field, framed. */
export const textPart = (name, value) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/**
 * Opens a connection from `localAddress`, writes `sent` once connected and keeps track of what
 * the server does with it: its answer's status, or closing it, or refusing it. `left` is what
 * the attack may still trickle (see `trickle`).
 */
export function connect({ port, kind, route, localAddress, sent, left = 0 }) {
  const attacker = { kind, route, localAddress, outcome: 'connecting', left, socket: null, closed: false };
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  attacker.socket = socket;
  attacker.done = new Promise((resolve) => socket.once('close', resolve));
  /** Settles once `sent` is handed to the system, or the connection is gone. */
  attacker.written = new Promise((resolve) => {
    socket.once('close', resolve);
    socket.on('connect', () => {
      attacker.outcome = 'open';
      socket.write(sent, resolve);
    });
  });
  socket.once('data', (chunk) => {
    attacker.outcome = `answered ${/^HTTP\/1\.[01] (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? '?'}`;
    socket.destroy();
  });
  socket.on('error', (error) => {
    if (attacker.outcome === 'connecting') attacker.outcome = `refused (${error.code})`;
    else if (attacker.outcome === 'open') attacker.outcome = `closed by the server (${error.code})`;
  });
  socket.on('close', () => {
    attacker.closed = true;
    if (attacker.outcome === 'open') attacker.outcome = 'closed by the server';
  });
  return attacker;
}

/** Writes `bytes` more of `fill` on every open connection that may still send that many. */
export function trickle(attackers, bytes, fill) {
  for (const attacker of attackers) {
    if (attacker.outcome !== 'open' || attacker.left < bytes) continue;
    attacker.left -= bytes;
    attacker.socket.write(Buffer.alloc(bytes, fill));
  }
}

/** What became of the connections, counted by `label(attacker)` and outcome; ends those still open. */
export function hangUp(attackers, label) {
  const outcomes = {};
  for (const attacker of attackers) {
    const outcome = attacker.outcome === 'open' ? 'still open at the end' : attacker.outcome;
    const key = `${label(attacker)}: ${outcome}`;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
    attacker.socket.destroy();
  }
  return outcomes;
}

/** `count` loopback addresses from 127.0.0.2 on, the visitor's 127.0.0.1 and 127.0.1.x left out. */
export const attackAddresses = (count) => Array.from({ length: count }, (_, i) => `127.0.0.${i + 2}`);
