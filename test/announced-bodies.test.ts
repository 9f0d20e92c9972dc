/**
 * Bodies announced but not sent, against the built server run as its own process under the
 * shipped heap flags: a body holds memory for what has arrived of it, not for its
 * Content-Length; one address holds at most its share of the body budget; and a body that
 * arrives below the minimum rate is answered 408 and its connection closed. Meanwhile a
 * visitor from another address has a form post accepted and stored, and /readyz says ready.
 */
import t, { type Test } from 'tap';
import { tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import { openSocket, type RawClient, SHIPPED_HEAP_FLAGS, send, VISITOR, waitFor } from './helpers/loopback-clients.ts';
import { type ServerProcess, startServer } from './helpers/server-process.ts';

const METRICS_TOKEN = 'm'.repeat(32);
const attacker = (n: number) => `127.0.0.${20 + n}`;
const contact = {
  name: 'Lena Vogt',
  email: 'lena@example.com',
  company: 'Kai 7',
  message: 'Hallo!',
  language: 'en',
  legals: true,
};

const postContact = (server: ServerProcess) =>
  send(server.url, '/api/contact', {
    from: VISITOR,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(contact),
  });

async function metric(server: ServerProcess, name: string): Promise<number> {
  const answer = await send(server.url, '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = new RegExp(`^${name.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(answer.body);
  return line ? Number(line[1]) : Number.NaN;
}

/** The metric once it satisfies the test, or its last value after 10 s. */
async function metricOnce(server: ServerProcess, name: string, test: (value: number) => boolean): Promise<number> {
  let value = await metric(server, name);
  for (const until = Date.now() + 10_000; !test(value) && Date.now() < until; value = await metric(server, name))
    await new Promise((resolve) => setTimeout(resolve, 50));
  return value;
}

/** A JSON post that announces more than it sends, from the given address; what it sends first is `start`. */
async function announcedPost(
  server: ServerProcess,
  from: string,
  announced: number,
  start: string,
): Promise<RawClient> {
  const client = await openSocket(server.url, from);
  client.socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: ${announced}\r\n\r\n${start}`,
  );
  return client;
}

/** What must hold after the attack: the process lives, a visitor is served and every acknowledged submission is stored. */
async function assertStillServing(t: Test, server: ServerProcess, dataDir: string, acknowledged: string[]) {
  t.equal(server.child.exitCode, null, 'the process is alive');
  t.equal((await send(server.url, '/')).status, 200, 'a visitor gets a page');
  const posted = await postContact(server);
  t.equal(posted.status, 201, `and has a contact request accepted (${posted.body.slice(0, 200)})`);
  if (posted.status === 201) acknowledged.push((JSON.parse(posted.body) as { id: string }).id);
  t.equal((await send(server.url, '/readyz')).status, 200, '/readyz says ready');
  const stored = new Set(rows(dataDir, 'SELECT id FROM submissions').map((row) => String(row.id)));
  t.same(
    acknowledged.filter((id) => !stored.has(id)),
    [],
    `all ${acknowledged.length} acknowledged submissions are stored`,
  );
  t.notMatch(server.logs.join('\n'), /heap limit|out of memory/i, 'no heap exhaustion in the log');
}

t.test('posts announcing 64 KB and sending a few bytes, from ten addresses, lock no visitor out', async (t) => {
  const dataDir = await tempDataDir(t);
  const server = await startServer(t, { DATA_DIR: dataDir, METRICS_TOKEN }, { nodeArgs: SHIPPED_HEAP_FLAGS });
  const acknowledged: string[] = [];
  // Sixteen an address stay below the submission rate limit; together they announce 10 MB, more than the 8 MB budget.
  const posts: RawClient[] = [];
  for (let address = 0; address < 10; address += 1) {
    for (let n = 0; n < 16; n += 1) posts.push(await announcedPost(server, attacker(address), 65_536, '{"name":"'));
  }
  t.teardown(() => {
    for (const { socket } of posts) socket.destroy();
  });
  // Half of them trickle a byte now and then, far below any real line; the rest stall.
  const trickle = setInterval(() => {
    for (const [n, { socket }] of posts.entries()) if (n % 2 === 0 && socket.writable) socket.write('x');
  }, 500);
  t.teardown(() => clearInterval(trickle));

  const posted = await postContact(server);
  const unanswered = posts.filter(({ received }) => received() === '').length;
  t.equal(posted.status, 201, `a visitor's contact request is accepted meanwhile (${posted.body.slice(0, 200)})`);
  if (posted.status === 201) acknowledged.push((JSON.parse(posted.body) as { id: string }).id);
  t.equal(unanswered, posts.length, 'while every announced body was still held open');
  const held = await metric(server, 'request_body_memory_bytes');
  t.ok(held < 16 * 1024, `the ${posts.length} bodies hold what they sent, not what they announced (${held} bytes)`);
  t.equal((await send(server.url, '/readyz')).status, 200, '/readyz says ready: visitors are served');

  // The minimum rate ends each of them once its grace period is over.
  const ended = await waitFor(
    () => posts.every(({ received, socket }) => received().startsWith('HTTP/1.1 408') && socket.closed),
    40_000,
  );
  t.ok(ended, 'every slow body is answered 408 and its connection closed');
  const answers = posts.map(({ received }) => received());
  t.ok(
    answers.every((answer) => /"field":"body"/.test(answer) && /"code":"body_too_slow"/.test(answer)),
    'naming the body as too slow',
  );
  t.equal(await metric(server, 'request_body_memory_bytes'), 0, 'nothing of them is held afterwards');
  t.equal(
    await metric(server, 'client_limit_refusals_total{limit="body_rate"}'),
    posts.length,
    'the operator sees the refusals',
  );
  await assertStillServing(t, server, dataDir, acknowledged);
});

t.test('an upload announced and not sent is ended by the minimum rate too', async (t) => {
  const dataDir = await tempDataDir(t);
  const server = await startServer(t, { DATA_DIR: dataDir, METRICS_TOKEN }, { nodeArgs: SHIPPED_HEAP_FLAGS });
  const acknowledged: string[] = [];
  const boundary = '----upload';
  const uploads: RawClient[] = [];
  for (let n = 0; n < 4; n += 1) {
    const client = await openSocket(server.url, attacker(n % 2));
    client.socket.write(
      `POST /api/application HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${1024 * 1024}\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    uploads.push(client);
  }
  t.teardown(() => {
    for (const { socket } of uploads) socket.destroy();
  });
  const posted = await postContact(server);
  t.equal(posted.status, 201, 'a visitor is served meanwhile');
  if (posted.status === 201) acknowledged.push((JSON.parse(posted.body) as { id: string }).id);
  const ended = await waitFor(
    () => uploads.every(({ received, socket }) => received().startsWith('HTTP/1.1 408') && socket.closed),
    40_000,
  );
  t.ok(ended, 'every stalled upload is answered 408 and its connection closed');
  t.ok(
    uploads.every(({ received }) => /"code":"body_too_slow"/.test(received())),
    'naming the body as too slow',
  );
  t.same(rows(dataDir, "SELECT id FROM submissions WHERE form = 'application'"), [], 'nothing of them is stored');
  t.equal(await metric(server, 'request_body_memory_bytes'), 0, 'nothing of them is held afterwards');
  await assertStillServing(t, server, dataDir, acknowledged);
});

t.test('one address sending whole bodies holds no more than its share of the budget', async (t) => {
  const dataDir = await tempDataDir(t);
  // 1 MB of body memory: an address may hold an eighth, 128 KB: room for two bodies announcing 64 KB, not three.
  const server = await startServer(
    t,
    { DATA_DIR: dataDir, METRICS_TOKEN, BODY_MEMORY_MB: '1' },
    { nodeArgs: SHIPPED_HEAP_FLAGS },
  );
  const acknowledged: string[] = [];
  const sent = `{"name":"${'x'.repeat(60_000 - 9)}`;
  const posts: RawClient[] = [];
  for (let n = 0; n < 4; n += 1) posts.push(await announcedPost(server, attacker(0), 65_536, sent));
  t.teardown(() => {
    for (const { socket } of posts) socket.destroy();
  });
  const refused = () => posts.filter(({ received }) => received().startsWith('HTTP/1.1 429'));
  t.ok(
    await waitFor(() => refused().length >= 2, 10_000),
    `bodies past the address's share are refused (${refused().length} of ${posts.length})`,
  );
  t.ok(
    refused().every(
      ({ received }) =>
        /"field":"body"/.test(received()) &&
        /"code":"requests_in_progress"/.test(received()) &&
        /retry-after: \d+/i.test(received()),
    ),
    'naming the body, with Retry-After',
  );
  const held = await metric(server, 'request_body_memory_bytes');
  t.ok(held <= 128 * 1024, `the address holds at most its share (${held} bytes)`);
  t.ok(held >= 60_000, 'and a body within it is held');

  // Another address has the rest of the budget.
  const other = await announcedPost(server, attacker(1), 65_536, sent);
  t.teardown(() => other.socket.destroy());
  const withOther = await metricOnce(server, 'request_body_memory_bytes', (value) => value >= held + 60_000);
  t.ok(withOther >= held + 60_000, `another address has its body held too (${withOther} bytes)`);
  t.equal(other.received(), '', 'unrefused');
  const posted = await postContact(server);
  t.equal(posted.status, 201, `a visitor's contact request is accepted (${posted.body.slice(0, 200)})`);
  if (posted.status === 201) acknowledged.push((JSON.parse(posted.body) as { id: string }).id);

  // A body that came in a burst and then stopped falls below the rate once the burst leaves the window.
  const kept = [...posts.filter((post) => !refused().includes(post)), other];
  t.ok(
    await waitFor(
      () => kept.every(({ received, socket }) => received().startsWith('HTTP/1.1 408') && socket.closed),
      40_000,
    ),
    `the ${kept.length} bodies held are answered 408 by the minimum rate, and closed`,
  );
  t.equal(await metric(server, 'request_body_memory_bytes'), 0, 'and nothing is held afterwards');
  await assertStillServing(t, server, dataDir, acknowledged);
});

t.test('bodies started together are refused as their bytes pass the address share', async (t) => {
  const dataDir = await tempDataDir(t);
  const server = await startServer(
    t,
    { DATA_DIR: dataDir, METRICS_TOKEN, BODY_MEMORY_MB: '1' },
    { nodeArgs: SHIPPED_HEAP_FLAGS },
  );
  const acknowledged: string[] = [];
  // Four bodies announcing 64 KB fit the 128 KB share while nothing of them has arrived; two fit once 60,000 bytes of each do.
  const posts: RawClient[] = [];
  for (let n = 0; n < 4; n += 1) posts.push(await announcedPost(server, attacker(2), 65_536, ''));
  t.teardown(() => {
    for (const { socket } of posts) socket.destroy();
  });
  const started = () => server.logs.filter((line) => /incoming request/.test(line) && line.includes(attacker(2)));
  t.ok(await waitFor(() => started().length === 4, 10_000), 'all four are started before a byte of them is sent');
  for (const { socket } of posts) socket.write(`{"name":"${'x'.repeat(60_000 - 9)}`);

  const refused = () => posts.filter(({ received }) => received().startsWith('HTTP/1.1 429'));
  t.ok(
    await waitFor(() => refused().length === 2, 10_000),
    `the bodies whose bytes pass the share are refused as they arrive (${refused().length} of ${posts.length})`,
  );
  t.ok(
    refused().every(({ received }) => /"field":"body"/.test(received()) && /retry-after: \d+/i.test(received())),
    'naming the body, with Retry-After',
  );
  const held = await metricOnce(server, 'request_body_memory_bytes', (value) => value === 120_000);
  t.equal(held, 120_000, 'the address holds the two bodies within its share, nothing of the refused ones');
  const posted = await postContact(server);
  t.equal(posted.status, 201, `a visitor's contact request is accepted (${posted.body.slice(0, 200)})`);
  if (posted.status === 201) acknowledged.push((JSON.parse(posted.body) as { id: string }).id);
  for (const { socket } of posts) socket.destroy();
  t.equal(
    await metricOnce(server, 'request_body_memory_bytes', (value) => value === 0),
    0,
    'bodies cut off by their client give back what they held',
  );
  await assertStillServing(t, server, dataDir, acknowledged);
});
