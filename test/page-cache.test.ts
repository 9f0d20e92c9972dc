import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { PassThrough } from 'node:stream';
import { createElement, Suspense, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import t from 'tap';
import { compressedDestination, negotiateEncoding } from '#server/http/encoding.ts';
import { createPageCache } from '#server/ssr/page-cache.ts';
import { build, copyContent, editJson } from './helpers/build.ts';
import { rawGet } from './helpers/raw-http.ts';

const silentLog = { error() {} } as unknown as Parameters<typeof createPageCache>[0]['log'];

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

/** Every answer has its own nonce; two answers of one kept page differ only there. */
const withoutNonce = (html: string) => html.replace(/ nonce="[\w-]+"/g, ' nonce=""');
const nonceOfPolicy = (policy: unknown) => /'nonce-([\w-]+)'/.exec(String(policy))?.[1];
const noncesOf = (html: string) => new Set([...html.matchAll(/ nonce="([\w-]+)"/g)].map((match) => match[1]));

t.test('Accept-Encoding is read with its q-values', async (t) => {
  const cases: [string | undefined, string][] = [
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5', 'br'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=nonsense', 'br'],
  ];
  for (const [header, expected] of cases) t.equal(negotiateEncoding(header), expected, `${header ?? '(none)'} → ${expected}`);
});

t.test('the cache holds no more bytes than it may, drops the least recently used and ages entries out', async (t) => {
  let clock = 0;
  const cache = createPageCache({ maxBytes: 10_000, ttlMs: 1_000, now: () => clock, log: silentLog });
  for (let i = 0; i < 50; i += 1) {
    cache.put(`en /page-${i}`, Buffer.alloc(1_000 + i, 'a'));
    t.ok(cache.stats().bytes <= 10_000, `after ${i + 1} pages: ${cache.stats().bytes} bytes`);
  }
  t.notOk(cache.get('en /page-0'), 'the oldest is gone');
  t.ok(cache.get('en /page-49'), 'the newest is kept');
  t.notOk(cache.put('en /huge', Buffer.alloc(9_000)), 'a page larger than the bound is not kept at all');
  await new Promise((resolve) => setTimeout(resolve, 100));
  t.ok(cache.stats().bytes <= 10_000, `with compressed copies: ${cache.stats().bytes} bytes`);
  clock = 1_000;
  t.notOk(cache.get('en /page-49'), 'an entry as old as the TTL is rendered again');
  cache.clear();
  t.same(cache.stats(), { entries: 0, bytes: 0 });
  const off = createPageCache({ maxBytes: 0, ttlMs: 1_000, log: silentLog });
  t.notOk(off.enabled);
  t.notOk(off.put('en /', Buffer.from('x')));
});

t.test('a page is rendered once and then served from the cache', async (t) => {
  const app = await build(t);
  const first = await app.inject({ url: '/services', headers: { 'accept-encoding': 'identity' } });
  t.equal(first.statusCode, 200);
  t.notOk(first.headers.etag, 'the first answer is the render itself, streamed');
  const second = await app.inject({ url: '/services', headers: { 'accept-encoding': 'identity' } });
  t.match(second.headers.etag, /^W\/"[\w-]{27}"$/, 'the second carries a weak ETag: only its nonce differs between answers');
  t.equal(second.headers['content-length'], String(second.rawPayload.length));
  t.equal(withoutNonce(second.body), withoutNonce(first.body), 'the same document');
  for (const answer of [first, second]) {
    t.same([...noncesOf(answer.body)], [nonceOfPolicy(answer.headers['content-security-policy'])], "every script carries the answer's own nonce");
  }
  t.not(nonceOfPolicy(first.headers['content-security-policy']), nonceOfPolicy(second.headers['content-security-policy']), 'a new nonce per answer');
  t.equal(second.headers['cache-control'], 'no-cache');
  t.match(second.headers.vary, /Accept-Encoding/);
  t.equal(second.headers['x-content-type-options'], 'nosniff', 'security headers on cached answers too');

  // The gzip copy is made in the background; afterwards each answer joins it with its nonce.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const gzips = [];
  for (let i = 0; i < 3; i += 1) gzips.push(await app.inject({ url: '/services', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }));
  for (const gzip of gzips) {
    t.equal(gzip.headers['content-encoding'], 'gzip', 'a kept page goes out as gzip to a client that takes it');
    const html = decode(gzip.rawPayload, 'gzip');
    t.equal(withoutNonce(html), withoutNonce(first.body), 'gzip decodes to the same document');
    t.same([...noncesOf(html)], [nonceOfPolicy(gzip.headers['content-security-policy'])], 'with its own nonce');
    t.ok(gzip.rawPayload.length < first.rawPayload.length / 4, `gzip ${gzip.rawPayload.length} bytes of ${first.rawPayload.length}`);
  }
  t.equal(new Set(gzips.map((gzip) => nonceOfPolicy(gzip.headers['content-security-policy']))).size, 3, 'three answers, three nonces');
  const brOnly = await app.inject({ url: '/services', headers: { 'accept-encoding': 'br' } });
  t.equal(brOnly.headers['content-encoding'], 'br', 'a client taking only br gets br');
  t.equal(withoutNonce(decode(brOnly.rawPayload, 'br')), withoutNonce(first.body));
  t.not(brOnly.headers.etag, gzips[0]!.headers.etag, 'each representation has its own ETag');

  for (const tag of [second.headers.etag, gzips[0]!.headers.etag, `"other", ${gzips[0]!.headers.etag}`, '*']) {
    const revalidated = await app.inject({ url: '/services', headers: { 'accept-encoding': 'gzip', 'if-none-match': String(tag) } });
    t.equal(revalidated.statusCode, 304, `If-None-Match ${tag} → 304`);
    t.equal(revalidated.rawPayload.length, 0);
    t.ok(revalidated.headers.etag);
    t.notOk(revalidated.headers['content-security-policy'], 'a 304 keeps the policy of the body the browser holds');
  }
  const changed = await app.inject({ url: '/services', headers: { 'if-none-match': '"somethingelse"' } });
  t.equal(changed.statusCode, 200, 'another tag gets the page');

  const head = await app.inject({ method: 'HEAD', url: '/services', headers: { 'accept-encoding': 'gzip' } });
  t.equal(head.statusCode, 200);
  t.equal(head.rawPayload.length, 0, 'HEAD has no body');
  t.equal(head.headers['content-length'], String(gzips[0]!.rawPayload.length));
});

t.test('languages never share an entry', async (t) => {
  const app = await build(t);
  const ask = (headers: Record<string, string>) => app.inject({ url: '/', headers: { 'accept-encoding': 'identity', ...headers } });
  for (let round = 0; round < 2; round += 1) {
    const english = await ask({ 'accept-language': 'en' });
    const german = await ask({ 'accept-language': 'de-DE,de;q=0.9' });
    const cookie = await ask({ cookie: 'language=de', 'accept-language': 'en' });
    t.match(english.body, /<html lang="en"/, `round ${round}: English by Accept-Language`);
    t.match(german.body, /<html lang="de"/, `round ${round}: German by Accept-Language`);
    t.match(cookie.body, /<html lang="de"/, `round ${round}: the cookie wins`);
    if (round === 1) {
      t.ok(english.headers.etag && german.headers.etag, 'both cached');
      t.not(english.headers.etag, german.headers.etag);
      t.equal(german.headers.etag, cookie.headers.etag, 'German by cookie and by header is one page');
    }
  }
  const germanPath = await app.inject({ url: '/unternehmen', headers: { cookie: 'language=en' } });
  const again = await app.inject({ url: '/unternehmen', headers: { cookie: 'language=en' } });
  t.match(again.body, /<html lang="de"/);
  t.match(String(again.headers['set-cookie']), /language=de/, 'a cached answer still sets the language of its path');
  t.equal(withoutNonce(again.body), withoutNonce(germanPath.body));
});

t.test('what depends on the visitor is never kept', async (t) => {
  const app = await build(t);
  for (let i = 0; i < 2; i += 1) {
    const campaign = await app.inject({ url: '/services?utm_source=newsletter' });
    t.equal(campaign.statusCode, 200);
    t.notOk(campaign.headers.etag, 'a page with a query is rendered every time');
    const missing = await app.inject({ url: '/no-such-page' });
    t.equal(missing.statusCode, 404);
    t.notOk(missing.headers.etag, 'a 404 is not kept');
  }
  // A refused plain form post shows the page with the visitor's values: rendered, never stored.
  const refused = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml', origin: 'http://localhost:3000' },
    payload: new URLSearchParams({ name: 'Kept Value', email: 'lena@example', message: 'Hello', language: 'en', page: '/company/contact', legals: 'on' }).toString(),
  });
  t.equal(refused.statusCode, 400);
  t.match(refused.body, 'Kept Value');
  t.notOk(refused.headers.etag);
  const contact = await app.inject({ url: '/company/contact' });
  const cachedContact = await app.inject({ url: '/company/contact' });
  t.ok(cachedContact.headers.etag, 'the form page itself is kept');
  t.notMatch(contact.body, 'Kept Value');
  t.notMatch(cachedContact.body, 'Kept Value');
});

t.test('with PAGE_CACHE_MB=0 every request is rendered', async (t) => {
  const app = await build(t, { PAGE_CACHE_MB: '0' });
  for (let i = 0; i < 3; i += 1) t.notOk((await app.inject({ url: '/services' })).headers.etag);
});

t.test('a content reload empties the cache', async (t) => {
  const dir = await copyContent(t, async () => {});
  const app = await build(t, { CONTENT_DIR: dir, CONTENT_WATCH: 'true' });
  await app.ready();
  await app.inject({ url: '/imprint' });
  const before = await app.inject({ url: '/imprint' });
  t.ok(before.headers.etag, 'cached');
  await editJson(dir, 'en/homepage/imprint/stage.json', (stage) => ({ ...stage, headline: 'Imprint, freshly edited' }));
  let after = before;
  for (let i = 0; i < 60 && !after.body.includes('freshly edited'); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = await app.inject({ url: '/imprint' });
  }
  t.match(after.body, 'Imprint, freshly edited', 'the edit shows');
  const cachedAfter = await app.inject({ url: '/imprint' });
  t.not(cachedAfter.headers.etag, before.headers.etag, 'a new ETag');
  const stale = await app.inject({ url: '/imprint', headers: { 'if-none-match': String(before.headers.etag) } });
  t.equal(stale.statusCode, 200, 'the old ETag no longer gets a 304');
});

t.test('an uncached page is compressed while it streams, over a real socket', async (t) => {
  const app = await build(t, { PAGE_CACHE_MB: '0' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const identity = (await app.inject({ url: '/insights', headers: { 'accept-encoding': 'identity' } })).body;
  for (const encoding of ['br', 'gzip'] as const) {
    const { headers: head, rawChunks: chunks } = await rawGet(port, '/insights', { 'accept-encoding': encoding, 'user-agent': 'Mozilla/5.0 Chrome/140.0' });
    t.match(head, new RegExp(`content-encoding: ${encoding}`, 'i'));
    t.match(head, /transfer-encoding: chunked/i, 'no content-length: the page was not buffered first');
    t.notMatch(head, /etag/i);
    t.equal(withoutNonce(decode(Buffer.concat(chunks), encoding)), withoutNonce(identity), `${encoding}: the chunks decode to the same document`);
  }
});

t.test('the first bytes of a streamed page leave before its render ends', async (t) => {
  // A page part that takes 300 ms: what came before it must be readable while it waits.
  let release: () => void = () => {};
  let slow = Promise.resolve();
  let ready = false;
  function Slow(): ReactNode {
    if (!ready) throw slow.then(() => (ready = true));
    return createElement('p', null, 'late part');
  }
  for (const encoding of ['br', 'gzip'] as const) {
    ready = false;
    slow = new Promise<void>((resolve) => (release = resolve));
    const received = new PassThrough();
    const decoder = encoding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip();
    received.pipe(decoder);
    let text = '';
    decoder.on('data', (data: Buffer) => (text += data.toString('utf8')));
    const stream = renderToPipeableStream(
      createElement('html', null, createElement('body', null, createElement('h1', null, 'early part'), createElement(Suspense, { fallback: createElement('p', null, 'waiting') }, createElement(Slow)))),
      { onShellReady: () => stream.pipe(compressedDestination(received, encoding)) },
    );
    const finished = new Promise((resolve) => decoder.on('end', resolve));
    await new Promise((resolve) => setTimeout(resolve, 150));
    t.match(text, '<h1>early part</h1>', `${encoding}: the early part is decoded while the late one is pending`);
    t.notMatch(text, 'late part');
    release();
    await finished;
    t.match(text, 'late part', `${encoding}: the late part follows in the same stream`);
  }
});

t.test('JSON and other text answers are compressed too', async (t) => {
  const app = await build(t);
  for (const url of ['/api/insights/articles/en/1', '/content/en/navigation.json', '/feeds/insights-en.xml']) {
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    const br = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    t.equal(plain.statusCode, 200, url);
    t.equal(br.headers['content-encoding'], 'br', `${url} in br`);
    t.equal(decode(br.rawPayload, 'br'), plain.body, `${url} decodes to the same answer`);
  }
});
