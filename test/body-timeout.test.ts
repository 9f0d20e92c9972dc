/**
 * A request whose body stops arriving is answered 408 and closed, as the README's
 * REQUEST_TIMEOUT_MS promises: a JSON post, a plain form post and an upload alike, whether
 * the whole request ran out of time or its body stopped moving past IDLE_TIMEOUT_MS. The
 * built server runs as its own process; a visitor is served after each.
 */
import net from 'node:net';
import t, { type Test } from 'tap';
import { type ServerProcess, startServer } from './helpers/server-process.ts';

interface Unfinished {
  path: string;
  type: string;
  /** What is sent of a body that announces more. */
  start: string;
}

const UNFINISHED: Record<string, Unfinished> = {
  'a JSON contact post': {
    path: '/api/contact',
    type: 'application/json',
    start: '{"name":"Lena Vogt","message":"Hal',
  },
  'a plain form post': {
    path: '/api/newsletter/subscribe',
    type: 'application/x-www-form-urlencoded',
    start: 'language=en&email=lena%40exa',
  },
  'an upload': {
    path: '/api/application',
    type: 'multipart/form-data; boundary=x',
    start:
      '--x\r\nContent-Disposition: form-data; name="language"\r\n\r\nen\r\n--x\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n',
  },
};

/** Sends these bytes, then nothing more: resolves with what the server wrote before it closed the connection. */
function sendThenWait(server: ServerProcess, text: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    let received = '';
    const socket = net.connect({ port: Number(port), host: '127.0.0.1' });
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('error', () => {});
    socket.once('close', () => resolve(received));
    socket.write(text);
  });
}

/** Sends the headers and the start of a body that announces more. */
const sendUnfinished = (server: ServerProcess, { path, type, start }: Unfinished) =>
  sendThenWait(
    server,
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nAccept: application/json\r\nContent-Length: ${Buffer.byteLength(start) + 5000}\r\n\r\n${start}`,
  );

async function assertVisitorServed(t: Test, server: ServerProcess): Promise<void> {
  t.equal(server.child.exitCode, null, 'the process is alive');
  const page = await fetch(`${server.url}/`);
  t.equal(page.status, 200, 'a visitor gets a page');
  const ready = await fetch(`${server.url}/readyz`);
  t.equal(ready.status, 200, '/readyz says ready');
}

for (const [limit, env] of [
  ['REQUEST_TIMEOUT_MS', { REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '1000' }],
  ['IDLE_TIMEOUT_MS', { IDLE_TIMEOUT_MS: '1000' }],
] as const) {
  t.test(`a body that stops arriving is answered 408 when ${limit} passes`, async (t) => {
    const server = await startServer(t, env);
    for (const [name, request] of Object.entries(UNFINISHED)) {
      const answer = await sendUnfinished(server, request);
      t.match(
        answer,
        /^HTTP\/1\.1 408 Request Timeout\r\n/,
        `${name} is answered 408 (${answer.slice(0, 80) || 'nothing'})`,
      );
      t.match(answer, /connection: close/i, 'and closed');
      t.match(answer, /"code":"request_timeout"/, 'saying why');
    }
    t.notMatch(server.logs.join('\n'), /"level":50/, 'nothing at error level');
    await assertVisitorServed(t, server);
  });
}

t.test('headers that stop arriving are answered 408; a connection idle after its answer is only closed', async (t) => {
  // The headers timeout ends the first request before the idle one could; the keep-alive timeout ends the second's connection.
  const server = await startServer(t, {
    HEADERS_TIMEOUT_MS: '1000',
    IDLE_TIMEOUT_MS: '3000',
    KEEP_ALIVE_TIMEOUT_MS: '1000',
  });
  const unfinished = await sendThenWait(server, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/ht');
  t.match(
    unfinished,
    /^HTTP\/1\.1 408 Request Timeout\r\n/,
    `headers cut off are answered 408 (${unfinished.slice(0, 40)})`,
  );
  const answered = await sendThenWait(server, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  t.match(answered, /^HTTP\/1\.1 200 OK\r\n/, 'a whole request is answered');
  t.equal(answered.match(/HTTP\/1\.1 /g)?.length, 1, 'and its idle connection closed later with nothing more written');
  await assertVisitorServed(t, server);
});
