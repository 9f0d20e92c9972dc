import net from 'node:net';
import t, { type Test } from 'tap';
import { tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import { samples } from './helpers/files.ts';
import { SHIPPED_HEAP_FLAGS, send } from './helpers/loopback-clients.ts';
import { type ServerProcess, startServer } from './helpers/server-process.ts';

const NORMAL = '127.0.0.1';
const attacker = (n: number) => `127.0.0.${10 + n}`;
const contact = {
  name: 'Lena Vogt',
  email: 'lena@example.com',
  company: 'Kai 7',
  message: 'Hallo!',
  language: 'en',
  legals: true,
};

const postContact = (server: ServerProcess, from = NORMAL, headers: Record<string, string> = {}) =>
  send(server.url, '/api/contact', {
    from,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(contact),
  });

/** A form as the bytes and content type a browser would send. */
async function multipartOf(form: FormData): Promise<{ body: Buffer; type: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

function applicationForm(): FormData {
  const form = new FormData();
  form.append('language', 'en');
  form.append('name', 'Mia Roth');
  form.append('email', 'mia@example.com');
  form.append('cv', new Blob([samples.pdf], { type: 'application/pdf' }), 'cv.pdf');
  return form;
}

/** A socket from the given address, connected, with what the server writes to it collected. */
function openSocket(
  server: ServerProcess,
  from: string,
): Promise<{ socket: net.Socket; received: () => string; closed: Promise<void> }> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    let received = '';
    const socket = net.connect({ port: Number(port), host: '127.0.0.1', localAddress: from });
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('error', () => {});
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    // A connection the server closes before it is established still settles.
    socket.once('close', () => resolve({ socket, received: () => received, closed }));
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What must hold after every attack: the process lives, a normal client from its own address
 * gets a page and has a contact request stored, /readyz says ready, and every acknowledged
 * submission is in the database.
 */
async function assertStillServing(
  t: Test,
  server: ServerProcess,
  dataDir: string,
  acknowledged: string[],
): Promise<void> {
  t.equal(server.child.exitCode, null, 'the process is alive');
  t.equal(server.child.signalCode, null, 'and was not killed');
  const page = await send(server.url, '/');
  t.equal(page.status, 200, 'a normal client from another address gets a page');
  const posted = await postContact(server);
  t.equal(posted.status, 201, `and has its contact request accepted (${posted.body.slice(0, 200)})`);
  if (posted.status === 201) acknowledged.push((JSON.parse(posted.body) as { id: string }).id);
  const ready = await send(server.url, '/readyz');
  t.equal(ready.status, 200, '/readyz says ready');
  const stored = new Set(rows(dataDir, 'SELECT id FROM submissions').map((row) => String(row.id)));
  t.same(
    acknowledged.filter((id) => !stored.has(id)),
    [],
    `all ${acknowledged.length} acknowledged submissions are stored`,
  );
  t.notMatch(server.logs.join('\n'), /heap limit|out of memory/i, 'no heap exhaustion in the log');
}

async function hostileServer(t: Test, env: Record<string, string> = {}) {
  const dataDir = await tempDataDir(t);
  const server = await startServer(t, { DATA_DIR: dataDir, ...env }, { nodeArgs: SHIPPED_HEAP_FLAGS });
  return { server, dataDir };
}

t.test('the shipped heap flags are the ones the test runs with', async (t) => {
  t.ok(
    SHIPPED_HEAP_FLAGS.some((flag) => flag.startsWith('--max-old-space-size=')),
    `npm start caps the heap: ${SHIPPED_HEAP_FLAGS.join(' ')}`,
  );
});

t.test('dozens of unfinished multipart posts of many large fields, from four addresses', async (t) => {
  const { server, dataDir } = await hostileServer(t);
  const acknowledged: string[] = [];
  const field = 'x'.repeat(64 * 1024);
  const boundary = '----hostile';
  const routes = [
    '/api/contact',
    '/api/contact/technology',
    '/api/contact/omr',
    '/api/newsletter/subscribe',
    '/api/events',
  ];
  const held: (Awaited<ReturnType<typeof openSocket>> & { chunked: boolean })[] = [];
  // Sixteen posts an address stays below the submission rate limit, so each reaches the body parser.
  for (let address = 0; address < 4; address += 1) {
    for (let n = 0; n < 16; n += 1) {
      const connection = await openSocket(server, attacker(address));
      const chunked = n % 2 === 1;
      const parts = Array.from(
        { length: 22 },
        (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${field}\r\n`,
      ).join('');
      const opened = `${parts}--${boundary}\r\nContent-Disposition: form-data; name="last"\r\n\r\n${field.slice(0, 1000)}`;
      const head = [
        `POST ${routes[n % routes.length]} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${Buffer.byteLength(opened) + 70_000}`,
      ];
      connection.socket.write(`${head.join('\r\n')}\r\n\r\n`);
      connection.socket.write(chunked ? `${Buffer.byteLength(opened).toString(16)}\r\n${opened}\r\n` : opened);
      held.push({ ...connection, chunked });
    }
  }
  t.teardown(() => {
    for (const { socket } of held) socket.destroy();
  });
  // The last field trickles on, a byte at a time, while nothing is answered and the last byte was taken.
  const trickle = setInterval(() => {
    for (const { socket, received, chunked } of held) {
      if (socket.writable && received() === '' && socket.writableLength === 0)
        socket.write(chunked ? '1\r\nx\r\n' : 'x');
    }
  }, 500);
  t.teardown(() => clearInterval(trickle));
  await pause(1500);
  // A connection closed while its request was still arriving may lose the answer to the reset; either way it is not held.
  const refused = held.filter(
    ({ received, socket }) => received().startsWith('HTTP/1.1 413') || (received() === '' && socket.closed),
  );
  t.equal(
    refused.length,
    held.length,
    `each of the ${held.length} posts is refused as too large, or closed, once it passes the form body limit`,
  );
  t.ok(
    held.filter(({ received }) => received().startsWith('HTTP/1.1 413')).length >= held.length / 2,
    'most with a 413 that reaches the client',
  );
  await assertStillServing(t, server, dataDir, acknowledged);
});

t.test('unfinished uploads take their size from the address quota before a byte is read', async (t) => {
  const { server, dataDir } = await hostileServer(t, { UPLOAD_QUOTA_MB: '100' });
  const acknowledged: string[] = [];
  const announced = 40 * 1024 * 1024;
  const boundary = '----upload';
  const head =
    `POST /api/application HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${announced}\r\n\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nen\r\n--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
  const uploads: Awaited<ReturnType<typeof openSocket>>[] = [];
  for (const from of [attacker(0), attacker(1)]) {
    for (let n = 0; n < 6; n += 1) {
      const connection = await openSocket(server, from);
      connection.socket.write(head);
      uploads.push(connection);
    }
  }
  t.teardown(() => {
    for (const { socket } of uploads) socket.destroy();
  });
  const trickle = setInterval(() => {
    for (const { socket } of uploads) if (socket.writable) socket.write('0');
  }, 500);
  t.teardown(() => clearInterval(trickle));
  await pause(1500);
  const refused = uploads.filter(({ received }) => received().startsWith('HTTP/1.1 429'));
  t.equal(
    refused.length,
    8,
    'two 40 MB uploads fit an address quota of 100 MB; the other four of each address are refused at once',
  );
  t.ok(
    refused.every(({ received }) => /upload_quota/.test(received())),
    'naming the upload quota',
  );
  t.ok(
    refused.every(({ received }) => /retry-after: \d+/i.test(received())),
    'with Retry-After',
  );

  // A normal applicant from another address is not held up by them.
  const { body, type } = await multipartOf(applicationForm());
  const application = await send(server.url, '/api/application', {
    method: 'POST',
    headers: { 'content-type': type, accept: 'application/json', 'content-length': String(body.length) },
    body,
  });
  t.equal(application.status, 201, `a normal application is accepted meanwhile (${application.body.slice(0, 200)})`);
  if (application.status === 201) acknowledged.push((JSON.parse(application.body) as { id: string }).id);

  // Then the held uploads are cut off: the visitors' failure, not the storage's.
  clearInterval(trickle);
  for (const { socket } of uploads) socket.destroy();
  await pause(300);
  await assertStillServing(t, server, dataDir, acknowledged);
  t.same(
    rows(dataDir, "SELECT id FROM submissions WHERE form = 'application'").map((row) => row.id),
    acknowledged.slice(0, 1),
    'nothing of the cut-off uploads is stored',
  );
});

t.test('aborted JSON and multipart bodies are the client’s failure: readiness stays true', async (t) => {
  const { server, dataDir } = await hostileServer(t, { METRICS_TOKEN: 'm'.repeat(32) });
  const acknowledged: string[] = [];
  const bodies = [
    { path: '/api/contact', type: 'application/json', start: '{"name":"Lena","message":"' },
    {
      path: '/api/newsletter/subscribe',
      type: 'multipart/form-data; boundary=x',
      start: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nlena@',
    },
    { path: '/api/does-not-exist', type: 'application/json', start: '{"a":' },
    {
      path: '/api/application',
      type: 'multipart/form-data; boundary=x',
      start: '--x\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\n\r\n%PDF-1.7\n',
    },
  ];
  for (let round = 0; round < 3; round += 1) {
    await Promise.all(
      bodies.map(async ({ path, type, start }, n) => {
        const connection = await openSocket(server, attacker(n));
        connection.socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: 5000\r\n\r\n${start}`,
        );
        await pause(100);
        connection.socket.destroy();
        await connection.closed;
      }),
    );
  }
  await pause(300);
  const metrics = await send(server.url, '/metrics', { headers: { authorization: `Bearer ${'m'.repeat(32)}` } });
  t.match(metrics.body, /^storage_ready 1$/m, 'storage_ready stays 1');
  t.match(metrics.body, /^storage_failure_episodes_total 0$/m, 'no storage failure episode began');
  t.notMatch(server.logs.join('\n'), /storage cannot take writes/, 'no storage error is logged');
  t.notMatch(server.logs.join('\n'), /"level":50/, 'nothing at error level');
  await assertStillServing(t, server, dataDir, acknowledged);
});

t.test('one address holding more half-open connections than its share does not lock others out', async (t) => {
  const { server, dataDir } = await hostileServer(t, {
    MAX_CONNECTIONS: '60',
    MAX_CONNECTIONS_PER_ADDRESS: '20',
    HEADERS_TIMEOUT_MS: '60000',
    REQUEST_TIMEOUT_MS: '120000',
    IDLE_TIMEOUT_MS: '60000',
  });
  const acknowledged: string[] = [];
  const held: Awaited<ReturnType<typeof openSocket>>[] = [];
  for (let n = 0; n < 70; n += 1) {
    const connection = await openSocket(server, attacker(0));
    // Headers never finished, and a slow body on the rest.
    connection.socket.write(
      n % 2 === 0
        ? 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n'
        : 'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"name":',
    );
    held.push(connection);
  }
  t.teardown(() => {
    for (const { socket } of held) socket.destroy();
  });
  await pause(500);
  const open = held.filter(({ socket }) => !socket.destroyed && !socket.readableEnded);
  t.equal(open.length, 20, 'the address keeps as many connections as its share');
  t.ok(
    held.filter(({ received }) => received().startsWith('HTTP/1.1 429')).length >= 50,
    'the rest are answered 429 and closed',
  );
  await assertStillServing(t, server, dataDir, acknowledged);
});

t.test(
  'a rotated X-Forwarded-For behind a trusted proxy, or a rotated IPv6 address, does not dodge the rate limit',
  async (t) => {
    const { server, dataDir } = await hostileServer(t, { TRUST_PROXY: '1', RATE_LIMIT_MAX: '5' });
    const acknowledged: string[] = [];
    const proxy = attacker(5);
    const statuses: number[] = [];
    for (let n = 0; n < 10; n += 1) {
      // The client names any address it likes; the proxy appends the one it saw.
      const answer = await postContact(server, proxy, { 'x-forwarded-for': `10.${n}.${n}.${n}, 203.0.113.7` });
      statuses.push(answer.status);
      if (answer.status === 201) acknowledged.push((JSON.parse(answer.body) as { id: string }).id);
    }
    t.same(statuses, [201, 201, 201, 201, 201, 429, 429, 429, 429, 429], 'counted as the one client the proxy saw');
    // Another client behind the same proxy has its own count.
    const other = await postContact(server, proxy, { 'x-forwarded-for': '203.0.113.8' });
    t.equal(other.status, 201, 'another client behind the proxy is served');
    if (other.status === 201) acknowledged.push((JSON.parse(other.body) as { id: string }).id);
    // An IPv6 client has a /64 of addresses to rotate through; it is one client all the same.
    const ipv6: number[] = [];
    for (let n = 1; n <= 7; n += 1) {
      const answer = await postContact(server, proxy, { 'x-forwarded-for': `2001:db8:77:1::${n.toString(16)}` });
      ipv6.push(answer.status);
      if (answer.status === 201) acknowledged.push((JSON.parse(answer.body) as { id: string }).id);
    }
    t.same(ipv6, [201, 201, 201, 201, 201, 429, 429], 'addresses of one IPv6 /64 share one count');
    const neighbour = await postContact(server, proxy, { 'x-forwarded-for': '2001:db8:77:2::1' });
    t.equal(neighbour.status, 201, 'the next /64 is another client');
    if (neighbour.status === 201) acknowledged.push((JSON.parse(neighbour.body) as { id: string }).id);
    await assertStillServing(t, server, dataDir, acknowledged);
  },
);

t.test('bodies sent beyond the server-wide body budget are answered 503 instead of growing the heap', async (t) => {
  const { server, dataDir } = await hostileServer(t, { BODY_MEMORY_MB: '1', METRICS_TOKEN: 'm'.repeat(32) });
  const acknowledged: string[] = [];
  const held: Awaited<ReturnType<typeof openSocket>>[] = [];
  // 20 bodies of which 60,000 bytes each arrive (of 65,536 announced), two an address, within its share: 17 fit 1 MB.
  const sent = `{"name":"${'x'.repeat(60_000 - 9)}`;
  for (let address = 0; address < 10; address += 1) {
    for (let n = 0; n < 2; n += 1) {
      const connection = await openSocket(server, attacker(address));
      connection.socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: 65536\r\n\r\n${sent}`,
      );
      held.push(connection);
    }
  }
  t.teardown(() => {
    for (const { socket } of held) socket.destroy();
  });
  const busy = () => held.filter(({ received }) => received().startsWith('HTTP/1.1 503'));
  for (const until = Date.now() + 10_000; busy().length === 0 && Date.now() < until; ) await pause(50);
  t.ok(busy().length >= 1, `the bodies beyond 1 MB are refused (${busy().length})`);
  t.ok(
    busy().every(({ received }) => /retry-after: 5/i.test(received()) && /"code":"busy"/.test(received())),
    'with Retry-After and the busy message',
  );
  const metrics = await send(server.url, '/metrics', { headers: { authorization: `Bearer ${'m'.repeat(32)}` } });
  const bytes = Number(/^request_body_memory_bytes (\d+)$/m.exec(metrics.body)?.[1]);
  t.ok(bytes <= 1024 * 1024, `the bodies in memory stay within the budget (${bytes} bytes)`);
  // The rest stop arriving, and the minimum rate ends them: then the budget is free again.
  const kept = held.filter((connection) => !busy().includes(connection));
  for (const until = Date.now() + 40_000; kept.some(({ socket }) => !socket.closed) && Date.now() < until; )
    await pause(50);
  t.ok(
    kept.every(({ received }) => received().startsWith('HTTP/1.1 408')),
    `each of the ${kept.length} others is answered 408 once it falls below the minimum rate`,
  );
  await assertStillServing(t, server, dataDir, acknowledged);
});

t.test('one address with more requests in progress than its share is answered 429 for the rest', async (t) => {
  const { server, dataDir } = await hostileServer(t, { MAX_REQUESTS_PER_ADDRESS: '5', METRICS_TOKEN: 'm'.repeat(32) });
  const acknowledged: string[] = [];
  const held: Awaited<ReturnType<typeof openSocket>>[] = [];
  for (let n = 0; n < 10; n += 1) {
    const connection = await openSocket(server, attacker(0));
    connection.socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: 200\r\n\r\n{"name":"',
    );
    held.push(connection);
  }
  t.teardown(() => {
    for (const { socket } of held) socket.destroy();
  });
  await pause(1000);
  t.equal(held.filter(({ received }) => received().startsWith('HTTP/1.1 429')).length, 5, 'five are refused at once');
  t.equal(held.filter(({ received }) => received() === '').length, 5, 'five wait for their bodies');
  const metrics = await send(server.url, '/metrics', { headers: { authorization: `Bearer ${'m'.repeat(32)}` } });
  t.match(
    metrics.body,
    /^client_limit_refusals_total\{limit="requests_per_address"\} 5$/m,
    'the operator sees the refusals',
  );
  t.match(
    metrics.body,
    /^request_body_memory_bytes 45$/m,
    'and the bytes the five waiting bodies have sent (not the 1000 they announced)',
  );
  await assertStillServing(t, server, dataDir, acknowledged);
});

t.test('below the free-disk floor applications are refused with 503 while everything else works', async (t) => {
  // A floor far above any disk here: every application meets a full disk.
  const { server, dataDir } = await hostileServer(t, { MIN_FREE_DISK_MB: '100000000' });
  const acknowledged: string[] = [];
  const { body, type } = await multipartOf(applicationForm());
  const application = await send(server.url, '/api/application', {
    method: 'POST',
    headers: { 'content-type': type, accept: 'application/json', 'content-length': String(body.length) },
    body,
  });
  t.equal(application.status, 503, 'the application is refused');
  t.match(application.body, /"code":"storage_unavailable"/, 'nothing was stored, come back later');
  t.match(String(application.headers['retry-after']), /^\d+$/, 'with Retry-After');
  t.same(rows(dataDir, "SELECT id FROM submissions WHERE form = 'application'"), [], 'and nothing of it is stored');
  await assertStillServing(t, server, dataDir, acknowledged);
});
