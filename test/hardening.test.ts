/**
 * The findings of the black-box probe, each refused: coerced types, unknown and
 * prototype-named fields, invisible characters, an event that is not ours, a repeated
 * subscription, malformed paths and URLs; slow clients time out; search cost is bounded.
 */

import type { AddressInfo } from 'node:net';
import net from 'node:net';
import t from 'tap';
import { build, contentWithTestEvent, TEST_EVENT, tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import { samples } from './helpers/files.ts';

const contact = {
  name: 'Lena Vogt',
  email: 'lena@example.com',
  company: 'Kai 7',
  message: 'Hallo!',
  language: 'en',
  legals: true,
};
const event = { name: 'Lena Vogt', email: 'lena@example.com', terms: true, event: TEST_EVENT, language: 'en' };
const newsletter = { email: 'lena@example.com', language: 'en', consent: true };

interface Case {
  name: string;
  method?: 'GET' | 'POST';
  url: string;
  status: number;
  field?: string;
  code?: string;
  body?: unknown;
  raw?: string;
  form?: () => FormData;
}

function application(change: (form: FormData) => void = () => {}): () => FormData {
  return () => {
    const form = new FormData();
    form.append('language', 'en');
    form.append('name', 'Mia Roth');
    form.append('email', 'mia@example.com');
    form.append('cv', new Blob([samples.pdf]), 'cv.pdf');
    change(form);
    return form;
  };
}

const cases: Case[] = [
  // types are taken as sent
  {
    name: 'a name as a list',
    url: '/api/contact',
    body: { ...contact, name: ['A'] },
    status: 400,
    field: 'name',
    code: 'invalid',
  },
  {
    name: 'a message as a number',
    url: '/api/contact',
    body: { ...contact, message: 42 },
    status: 400,
    field: 'message',
    code: 'invalid',
  },
  {
    name: 'legals as 1',
    url: '/api/contact',
    body: { ...contact, legals: 1 },
    status: 400,
    field: 'legals',
    code: 'invalid',
  },
  {
    name: 'legals as "true"',
    url: '/api/contact',
    body: { ...contact, legals: 'true' },
    status: 400,
    field: 'legals',
    code: 'invalid',
  },
  {
    name: 'products as a single string',
    url: '/api/contact/technology',
    body: { ...contact, products: 'ga4' },
    status: 400,
    field: 'products',
    code: 'invalid',
  },
  {
    name: 'a list item as a number',
    url: '/api/contact/technology',
    body: { ...contact, services: [1] },
    status: 400,
    field: 'services',
    code: 'invalid',
  },
  {
    name: 'terms as "on" in JSON',
    url: '/api/events',
    body: { ...event, terms: 'on' },
    status: 400,
    field: 'terms',
    code: 'invalid',
  },
  {
    name: 'consent as null',
    url: '/api/newsletter/subscribe',
    body: { ...newsletter, consent: null },
    status: 400,
    field: 'consent',
    code: 'invalid',
  },
  {
    name: 'a file path as a number',
    url: '/api/file/exists',
    body: { path: 123 },
    status: 400,
    field: 'path',
    code: 'invalid',
  },
  {
    name: 'a token as an object',
    url: '/api/newsletter/confirm',
    body: { emailb64: { $ne: '' } },
    status: 400,
    field: 'emailb64',
    code: 'invalid',
  },
  {
    name: 'recoStorage as a string',
    url: '/api/recommendation/articles/en',
    body: { currentArticle: 'x', recoStorage: 'a' },
    status: 400,
    field: 'recoStorage',
    code: 'invalid',
  },
  {
    name: 'an insights page as a decimal',
    method: 'GET',
    url: '/api/insights/articles/en/1.5',
    status: 400,
    field: 'page',
    code: 'invalid',
  },
  {
    name: 'an insights page with a sign',
    method: 'GET',
    url: '/api/insights/articles/en/+1',
    status: 400,
    field: 'page',
    code: 'invalid',
  },
  {
    name: 'an insights page of zero',
    method: 'GET',
    url: '/api/insights/articles/en/0',
    status: 400,
    field: 'page',
    code: 'invalid',
  },
  // unknown and prototype-named fields
  {
    name: 'an unknown field "reference"',
    url: '/api/contact',
    body: { ...contact, reference: 'FAKE-1' },
    status: 400,
    field: 'reference',
    code: 'unknown_field',
  },
  {
    name: 'a field named toString',
    url: '/api/contact',
    body: { ...contact, toString: 'x' },
    status: 400,
    field: 'toString',
    code: 'unknown_field',
  },
  {
    name: 'a field named constructor',
    url: '/api/events',
    body: { ...event, constructor: 'x' },
    status: 400,
    field: 'constructor',
    code: 'unknown_field',
  },
  {
    name: 'a field named hasOwnProperty',
    url: '/api/newsletter/subscribe',
    body: { ...newsletter, hasOwnProperty: 'x' },
    status: 400,
    field: 'hasOwnProperty',
    code: 'unknown_field',
  },
  {
    name: 'a __proto__ key in JSON',
    url: '/api/contact',
    raw: '{"name":"Lena","email":"lena@example.com","message":"Hi","language":"en","legals":true,"__proto__":{"admin":true}}',
    status: 400,
    field: 'body',
    code: 'malformed',
  },
  {
    name: 'an unknown query parameter',
    method: 'GET',
    url: '/api/insights/articles/en/1?debug=1',
    status: 400,
    field: 'debug',
    code: 'unknown_field',
  },
  {
    name: 'an unknown field in the recommendation body',
    url: '/api/recommendation/articles/en',
    body: { currentArticle: 'x', admin: true },
    status: 400,
    field: 'admin',
    code: 'unknown_field',
  },
  {
    name: 'an unknown field in a file check',
    url: '/api/file/exists',
    body: { path: 'en/x.pdf', root: '/' },
    status: 400,
    field: 'root',
    code: 'unknown_field',
  },
  // The multipart parser refuses these names before they reach the route, so the refusal names the body.
  {
    name: 'an application part named toString',
    url: '/api/application',
    form: application((f) => f.append('toString', 'x')),
    status: 400,
    field: 'body',
    code: 'unknown_field',
  },
  {
    name: 'an application part named __proto__',
    url: '/api/application',
    form: application((f) => f.append('__proto__', 'x')),
    status: 400,
    field: 'body',
    code: 'unknown_field',
  },
  {
    name: 'an application file part named constructor',
    url: '/api/application',
    form: application((f) => f.append('constructor', new Blob([samples.pdf]), 'x.pdf')),
    status: 400,
    field: 'body',
    code: 'unknown_field',
  },
  {
    name: 'an unknown application text part',
    url: '/api/application',
    form: application((f) => f.append('salary', '1000000')),
    status: 400,
    field: 'salary',
    code: 'unknown_field',
  },
  // invisible characters
  {
    name: 'a name of zero-width spaces',
    url: '/api/contact',
    body: { ...contact, name: '\u200b\u200b\u200b' },
    status: 400,
    field: 'name',
    code: 'single_line',
  },
  {
    name: 'a name with a bidi override',
    url: '/api/contact',
    body: { ...contact, name: 'Lena \u202eVogt' },
    status: 400,
    field: 'name',
    code: 'single_line',
  },
  {
    name: 'a name with a line separator',
    url: '/api/contact',
    body: { ...contact, name: 'Lena\u2028Bcc: x@example.com' },
    status: 400,
    field: 'name',
    code: 'single_line',
  },
  {
    name: 'a name with a paragraph separator',
    url: '/api/events',
    body: { ...event, name: 'Lena\u2029Vogt' },
    status: 400,
    field: 'name',
    code: 'single_line',
  },
  {
    name: 'a company with a byte order mark',
    url: '/api/contact',
    body: { ...contact, company: 'Kai\ufeff7' },
    status: 400,
    field: 'company',
    code: 'single_line',
  },
  {
    name: 'a name of spaces only',
    url: '/api/contact',
    body: { ...contact, name: '\u00a0 \u2003' },
    status: 400,
    field: 'name',
    code: 'single_line',
  },
  {
    name: 'a message of zero-width joiners only',
    url: '/api/contact',
    body: { ...contact, message: '\u200d\u200d' },
    status: 400,
    field: 'message',
    code: 'single_line',
  },
  {
    name: 'an application name with a bidi isolate',
    url: '/api/application',
    form: application((f) => f.set('name', 'Mia \u2066Roth')),
    status: 400,
    field: 'name',
    code: 'single_line',
  },
  // events that are not ours
  {
    name: 'an event as free text',
    url: '/api/events',
    body: { ...event, event: 'Free beer at our office' },
    status: 400,
    field: 'event',
    code: 'invalid',
  },
  {
    name: 'an event path that climbs',
    url: '/api/events',
    body: { ...event, event: '../cloud/muenchen/2099/05' },
    status: 400,
    field: 'event',
    code: 'invalid',
  },
  {
    name: 'an event that is not in the content',
    url: '/api/events',
    body: { ...event, event: 'space-camp/hamburg/2099/05' },
    status: 400,
    field: 'event',
    code: 'invalid',
  },
  {
    name: 'an event edition in the other language',
    url: '/api/events',
    body: { ...event, event: 'cdp-event/muenchen/2024/03' },
    status: 400,
    field: 'event',
    code: 'invalid',
  },
  // paths and URLs
  { name: 'a path starting with //', method: 'GET', url: '//evil.example/company', status: 404 },
  { name: 'a path of three slashes', method: 'GET', url: '///', status: 404 },
  { name: 'a path with a backslash', method: 'GET', url: '/\\evil.example', status: 404 },
  { name: 'an undecodable URL', method: 'GET', url: '/%zz', status: 400 },
  { name: 'an undecodable API URL', method: 'GET', url: '/api/insights/articles/en/search/%E0%A4%A', status: 400 },
];

t.test(
  `a table of ${cases.length} hostile inputs: each its 4xx, nothing stored or mailed, nothing echoed`,
  async (t) => {
    const dataDir = await tempDataDir(t);
    const app = await build(t, {
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '1000',
      CONTENT_DIR: await contentWithTestEvent(t),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    for (const entry of cases) {
      // A raw request: fetch would tidy the URLs this table is about.
      const form = entry.form ? new Request('http://x', { method: 'POST', body: entry.form() }) : null;
      const payload = form
        ? await form.arrayBuffer()
        : (entry.raw ?? (entry.body === undefined ? undefined : JSON.stringify(entry.body)));
      const response = await rawRequest(
        port,
        entry.method ?? 'POST',
        entry.url,
        payload,
        form?.headers.get('content-type') ?? 'application/json',
      );
      t.equal(response.status, entry.status, `${entry.name}: status`);
      t.match(response.headers, /x-content-type-options: nosniff/i, `${entry.name}: security headers`);
      if (entry.field)
        t.match(
          JSON.parse(response.body),
          { field: entry.field, code: entry.code, message: /\w{3,}/ },
          `${entry.name}: ${response.body.slice(0, 160)}`,
        );
      // A refusal names the field; it never repeats a value or the path.
      t.notMatch(response.body, /evil\.example|%zz|FAKE-1|Free beer|\$ne/, `${entry.name}: nothing echoed`);
    }
    t.equal(rows(dataDir, 'SELECT * FROM submissions').length, 0, 'nothing stored');
    t.equal(rows(dataDir, 'SELECT * FROM outbox').length, 0, 'nothing mailed');
    t.equal((await rawRequest(port, 'GET', '/healthz')).status, 200, 'the process stays up');
  },
);

function rawRequest(
  port: number,
  method: string,
  url: string,
  body?: string | ArrayBuffer,
  type = 'application/json',
): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const bytes =
      body === undefined ? Buffer.alloc(0) : typeof body === 'string' ? Buffer.from(body) : Buffer.from(body);
    const head = [`${method} ${url} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', 'Accept: application/json'];
    if (body !== undefined) head.push(`Content-Type: ${type}`, `Content-Length: ${bytes.length}`);
    socket.write(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), bytes]));
    let raw = Buffer.alloc(0);
    socket.on('data', (data) => (raw = Buffer.concat([raw, data])));
    socket.on('error', reject);
    socket.on('end', () => {
      const split = raw.indexOf('\r\n\r\n');
      const headers = raw.subarray(0, split).toString('latin1');
      let rest = raw.subarray(split + 4).toString('utf8');
      if (/transfer-encoding: chunked/i.test(headers))
        rest = rest.replace(/^[0-9a-f]+\r\n/gim, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({ status: Number(headers.split(' ')[1]), headers, body: rest });
    });
  });
}

t.test('a repeated subscription within the link lifetime answers the same and mails once', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir });
  const answers = [];
  for (let i = 0; i < 5; i += 1)
    answers.push((await app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: newsletter })).body);
  t.equal(new Set(answers).size, 1, 'five identical answers');
  t.equal(rows(dataDir, "SELECT * FROM outbox WHERE purpose = 'double-opt-in'").length, 1, 'one mail queued');
});

t.test(
  'a half-sent body is answered or closed within the configured timeout; slow connections do not stop /healthz',
  async (t) => {
    const app = await build(t, { REQUEST_TIMEOUT_MS: '1500', IDLE_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '1000' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const started = Date.now();
    const halfSent = await new Promise<{ closedAfter: number; answer: string }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":"Le',
        );
      });
      let answer = '';
      socket.on('data', (data) => (answer += data.toString()));
      socket.on('error', () => {});
      socket.on('close', () => resolve({ closedAfter: Date.now() - started, answer }));
    });
    t.ok(halfSent.closedAfter < 5000, `closed after ${halfSent.closedAfter} ms`);
    t.notMatch(halfSent.answer, /201/, 'never accepted');

    // A bounded set of clients that send headers byte by byte and then stall, from an address other than the health check's.
    const slow = await Promise.all(
      Array.from(
        { length: 100 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' }, () => {
              socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
              resolve(socket);
            });
            // Read what the server sends, so a connection it closes shows as closed here.
            socket.resume();
            socket.on('error', () => {});
          }),
      ),
    );
    t.teardown(() => {
      for (const socket of slow) socket.destroy();
    });
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    t.equal(health.status, 200, '/healthz answers while 100 connections stall');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    t.equal(
      slow.filter((socket) => !socket.destroyed && !socket.closed && socket.readyState === 'open').length,
      0,
      'the stalled connections were closed',
    );
  },
);

t.test('a search of many words costs about as much as a normal one', async (t) => {
  const { searchWords, SEARCH_LIMITS } = await import('#server/insights/insights-queries.ts');
  const many = Array.from({ length: 100 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ');
  t.equal(searchWords(many).length, SEARCH_LIMITS.words, 'at most six words');
  t.same(searchWords('GA4 ga4 Ga4 consent'), ['GA4', 'consent'], 'each word once');
  t.equal(searchWords('x'.repeat(500))[0]!.length, SEARCH_LIMITS.wordLength, 'each word capped');
  const app = await build(t);
  const response = await app.inject({ url: `/api/insights/articles/en/search/${encodeURIComponent(many)}` });
  t.equal(response.statusCode, 200);
});

t.test('GETs to the API have a budget of their own', async (t) => {
  const app = await build(t, { RATE_LIMIT_READ_MAX: '5', RATE_LIMIT_MAX: '2' });
  const statuses = [];
  for (let i = 0; i < 7; i += 1)
    statuses.push((await app.inject({ url: '/api/insights/possibilities/search/options/en' })).statusCode);
  t.same(statuses, [200, 200, 200, 200, 200, 429, 429]);
  const post = await app.inject({ method: 'POST', url: '/api/contact', payload: contact });
  t.equal(post.statusCode, 201, 'reads do not use up the submission budget');
});

t.test('HSTS is sent when the site is served over HTTPS', async (t) => {
  const plain = await build(t);
  t.notOk((await plain.inject({ url: '/healthz' })).headers['strict-transport-security']);
  const https = await build(t, { SITE_URL: 'https://www.nordstern-digital.example' });
  for (const url of ['/healthz', '/', '/api/nothing', '/%zz']) {
    t.match((await https.inject({ url })).headers['strict-transport-security'], 'max-age=31536000', url);
  }
});
