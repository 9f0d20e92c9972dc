import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { createElement, type ReactNode, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import t from 'tap';
import { BROTLI_WINDOW_BITS, compressedDestination, negotiateEncoding } from '#server/http/encoding.ts';
import { createPageCache, KEPT_BROTLI_QUALITY } from '#server/ssr/page-cache.ts';
import { build, copyContent, editJson } from './helpers/build.ts';
import { rawGet } from './helpers/raw-http.ts';

const silentLog = { error() {} } as unknown as Parameters<typeof createPageCache>[0]['log'];

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

/** Every streamed answer has its own nonce; two of one page differ only there. */
const withoutNonce = (html: string) => html.replace(/ nonce="[\w-]+"/g, ' nonce=""');

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
  for (const [header, expected] of cases)
    t.equal(negotiateEncoding(header), expected, `${header ?? '(none)'} → ${expected}`);
});

const POLICY = "script-src 'self' 'strict-dynamic' 'sha256-x'";
/** Brotli as the cache makes its copy: the same bytes every time for the same document. */
const bestBrotli = (html: string) =>
  zlib.brotliCompressSync(Buffer.from(html), {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
    },
  });

/** Asks until the answer is the cache's copy in this encoding (its ETag names it), made in the background after the first render. */
async function keptCopy(
  app: Awaited<ReturnType<typeof build>>,
  url: string,
  encoding: 'br' | 'gzip',
  headers: Record<string, string> = {},
) {
  for (let i = 0; i < 100; i += 1) {
    const response = await app.inject({ url, headers: { 'accept-encoding': encoding, ...headers } });
    if (String(response.headers.etag).endsWith(`-${encoding}"`)) return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} was never answered from its ${encoding} copy`);
}

t.test(
  'the cache holds no more bytes than it may, every copy counted, drops the least recently used and ages entries out',
  async (t) => {
    let clock = 0;
    const cache = createPageCache({ maxBytes: 10_000, ttlMs: 1_000, now: () => clock, log: silentLog });
    for (let i = 0; i < 50; i += 1) {
      cache.put(`en /page-${i}`, Buffer.from(`<p>${i}</p>`.repeat(100 + i)), POLICY);
      t.ok(cache.stats().bytes <= 10_000, `after ${i + 1} pages: ${cache.stats().bytes} bytes`);
    }
    t.notOk(cache.get('en /page-0'), 'the oldest is gone');
    t.ok(cache.get('en /page-49'), 'the newest is kept');
    t.notOk(cache.put('en /huge', Buffer.alloc(9_000), POLICY), 'a page whose copies would not fit is not kept at all');
    // The copies are made a few at a time; the newest page waits its turn.
    await cache.get('en /page-49')!.compressing;
    const kept = cache.get('en /page-49')!;
    t.ok(kept.compressed, 'the brotli and gzip copies are made');
    t.same(zlib.brotliDecompressSync(kept.compressed!.br), kept.html);
    t.same(zlib.gunzipSync(kept.compressed!.gzip), kept.html);
    t.ok(cache.stats().bytes <= 10_000, `with compressed copies: ${cache.stats().bytes} bytes`);
    let counted = 0;
    for (let i = 0; i < 50; i += 1) {
      const page = cache.get(`en /page-${i}`);
      if (page)
        counted += page.html.length + (page.compressed ? page.compressed.br.length + page.compressed.gzip.length : 0);
    }
    t.equal(cache.stats().bytes, counted, 'every encoding counts against the bound');

    // The same bytes rendered again after their time keep their copies (and their ETags); other bytes do not.
    clock = 1_000;
    t.notOk(cache.get('en /page-49'), 'an entry as old as the TTL is rendered again');
    const again = cache.put('en /page-49', Buffer.from(kept.html), POLICY)!;
    t.equal(again.hash, kept.hash);
    t.equal(again.compressed, kept.compressed, 'the same bytes are not compressed again');
    const changed = cache.put('en /page-49', Buffer.from(`${kept.html}<p>new</p>`), POLICY)!;
    t.not(changed.hash, kept.hash, 'other bytes, another hash');
    t.notOk(changed.compressed);
    t.not(
      cache.put('en /page-48', Buffer.from(kept.html), `${POLICY} 'sha256-y'`)!.hash,
      kept.hash,
      'another policy, another hash',
    );
    cache.clear();
    t.same(cache.stats(), { entries: 0, bytes: 0 });
    const off = createPageCache({ maxBytes: 0, ttlMs: 1_000, log: silentLog });
    t.notOk(off.enabled);
    t.notOk(off.put('en /', Buffer.from('x'), POLICY));
  },
);

t.test(
  'a kept page is the same bytes for everyone, in brotli and gzip made once, with a strong ETag per encoding',
  async (t) => {
    const app = await build(t);
    const url = '/services?lang=en';
    const first = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    t.equal(first.statusCode, 200);
    t.notMatch(first.body, / nonce=/, 'no nonce in a page the cache keeps');
    t.notMatch(String(first.headers['content-security-policy']), /'nonce-/);
    t.match(
      String(first.headers['content-security-policy']),
      /^script-src 'self' 'strict-dynamic'( 'sha256-[\w+/]+={0,2}')+;/,
      'its inline scripts are allowed by their hashes',
    );
    t.match(first.headers.etag, /^"[\w-]{27}"$/, 'a strong ETag');
    const second = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    t.equal(second.body, first.body, 'two answers, the same bytes');
    t.equal(second.headers.etag, first.headers.etag);
    t.equal(second.headers['content-security-policy'], first.headers['content-security-policy'], 'and the same policy');
    t.equal(second.headers['content-length'], String(second.rawPayload.length));
    t.equal(second.headers['x-content-type-options'], 'nosniff', 'security headers on cached answers too');
    t.notOk(second.headers['set-cookie'], 'no cookie: a shared cache keeps no answer that sets one');

    // Asked for right after the render, before its copies can be ready: the answer waits for them, it does not compress.
    const brotli = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    t.match(brotli.headers.etag, /-br"$/, 'the kept brotli copy at once');
    const browsers = [];
    for (let i = 0; i < 3; i += 1)
      browsers.push(await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }));
    for (const answer of browsers) {
      t.equal(answer.headers['content-encoding'], 'br', 'a browser gets brotli from the cache');
      t.same(answer.rawPayload, browsers[0]!.rawPayload, 'byte-identical brotli answers');
      t.equal(answer.headers.etag, brotli.headers.etag);
      t.equal(answer.headers['content-length'], String(answer.rawPayload.length), 'sent whole, not streamed');
    }
    t.same(
      browsers[0]!.rawPayload,
      bestBrotli(first.body),
      'the copy is brotli at the kept quality, made once: not made per answer',
    );
    t.equal(decode(browsers[0]!.rawPayload, 'br'), first.body, 'brotli decodes to the document');
    const gzip = await keptCopy(app, url, 'gzip');
    t.equal(decode(gzip.rawPayload, 'gzip'), first.body, 'gzip decodes to the document');
    t.same(
      (await app.inject({ url, headers: { 'accept-encoding': 'gzip' } })).rawPayload,
      gzip.rawPayload,
      'byte-identical gzip answers',
    );
    t.ok(
      browsers[0]!.rawPayload.length < gzip.rawPayload.length,
      `brotli ${browsers[0]!.rawPayload.length} bytes, gzip ${gzip.rawPayload.length}`,
    );
    const tags = new Set([first.headers.etag, brotli.headers.etag, gzip.headers.etag]);
    t.equal(tags.size, 3, 'each encoding has its own ETag');
    for (const tag of tags) t.match(tag, /^"[\w-]+"$/, `${tag} is strong`);

    const cases: [string, string, number][] = [
      ['br', String(brotli.headers.etag), 304],
      ['gzip, deflate, br, zstd', String(brotli.headers.etag), 304],
      ['gzip', String(gzip.headers.etag), 304],
      ['identity', String(first.headers.etag), 304],
      ['br', `W/${brotli.headers.etag}`, 304],
      ['br', `"other", ${brotli.headers.etag}`, 304],
      ['br', '*', 304],
      ['br', String(gzip.headers.etag), 200],
      ['gzip', String(brotli.headers.etag), 200],
      ['identity', String(brotli.headers.etag), 200],
      ['br', '"somethingelse"', 200],
    ];
    for (const [encoding, tag, status] of cases) {
      const answer = await app.inject({ url, headers: { 'accept-encoding': encoding, 'if-none-match': tag } });
      t.equal(answer.statusCode, status, `${encoding} with If-None-Match ${tag} → ${status}`);
      if (status === 304) {
        t.equal(answer.rawPayload.length, 0);
        t.ok(answer.headers.etag, 'the 304 names the tag');
        t.match(answer.headers['cache-control'], /s-maxage/, 'and the cache headers');
      }
    }

    const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    t.equal(head.statusCode, 200);
    t.equal(head.rawPayload.length, 0, 'HEAD has no body');
    t.equal(head.headers['content-length'], String(browsers[0]!.rawPayload.length));
  },
);

t.test('brotli comes from the cache over a real socket', async (t) => {
  const app = await build(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const identity = (await app.inject({ url: '/unternehmen', headers: { 'accept-encoding': 'identity' } })).body;
  await keptCopy(app, '/unternehmen', 'br');
  const answers = [];
  for (let i = 0; i < 2; i += 1)
    answers.push(
      await rawGet(port, '/unternehmen', {
        'accept-encoding': 'gzip, deflate, br, zstd',
        'user-agent': 'Mozilla/5.0 Chrome/140.0',
      }),
    );
  for (const { headers: head, rawChunks } of answers) {
    t.match(head, /content-encoding: br/i);
    t.match(head, /etag: "[\w-]+-br"/i);
    t.notMatch(head, /transfer-encoding: chunked/i, 'sent whole with its length');
    t.equal(decode(Buffer.concat(rawChunks), 'br'), identity);
  }
  t.same(Buffer.concat(answers[0]!.rawChunks), Buffer.concat(answers[1]!.rawChunks), 'byte-identical');
  t.same(Buffer.concat(answers[0]!.rawChunks), bestBrotli(identity), 'the copy made once');
});

t.test('languages never share an entry', async (t) => {
  const app = await build(t);
  const ask = (headers: Record<string, string>) =>
    app.inject({ url: '/', headers: { 'accept-encoding': 'identity', ...headers } });
  for (let round = 0; round < 2; round += 1) {
    const english = await ask({ 'accept-language': 'en' });
    const german = await ask({ 'accept-language': 'de-DE,de;q=0.9' });
    const cookie = await ask({ cookie: 'language=de', 'accept-language': 'en' });
    t.match(english.body, /<html lang="en"/, `round ${round}: English by Accept-Language`);
    t.match(german.body, /<html lang="de"/, `round ${round}: German by Accept-Language`);
    t.match(cookie.body, /<html lang="de"/, `round ${round}: the cookie wins`);
    t.not(english.headers.etag, german.headers.etag);
    t.equal(german.headers.etag, cookie.headers.etag, 'German by cookie and by header is one page');
    t.equal(german.body, cookie.body);
  }
  const germanPath = await app.inject({ url: '/unternehmen', headers: { cookie: 'language=en' } });
  const again = await app.inject({ url: '/unternehmen', headers: { cookie: 'language=en' } });
  t.match(again.body, /<html lang="de"/);
  t.equal(again.body, germanPath.body);
  t.match(
    String(again.headers['set-cookie']),
    /language=de/,
    'a cached answer still switches a cookie naming another language',
  );
  t.equal(again.headers['cache-control'], 'private, no-cache', 'and is then not shared');
  const firstVisit = await app.inject({ url: '/unternehmen' });
  t.notOk(
    firstVisit.headers['set-cookie'],
    'without the cookie, the shared answer: the page remembers the language in the browser',
  );
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
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html,application/xhtml+xml',
      origin: 'http://localhost:3000',
    },
    payload: new URLSearchParams({
      name: 'Kept Value',
      email: 'lena@example',
      message: 'Hello',
      language: 'en',
      page: '/company/contact',
      legals: 'on',
    }).toString(),
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

t.test('a content reload empties the cache and changes the ETag of exactly the changed pages', async (t) => {
  const dir = await copyContent(t, async () => {});
  const app = await build(t, { CONTENT_DIR: dir, CONTENT_WATCH: 'true' });
  await app.ready();
  const before = await app.inject({ url: '/imprint' });
  t.ok(before.headers.etag, 'kept');
  const otherBefore = await app.inject({ url: '/services?lang=en' });
  await editJson(dir, 'en/homepage/imprint/stage.json', (stage) => ({ ...stage, headline: 'Imprint, freshly edited' }));
  let after = before;
  for (let i = 0; i < 60 && !after.body.includes('freshly edited'); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = await app.inject({ url: '/imprint' });
  }
  t.match(after.body, 'Imprint, freshly edited', 'the edit shows');
  t.not(after.headers.etag, before.headers.etag, 'a new ETag');
  const stale = await app.inject({ url: '/imprint', headers: { 'if-none-match': String(before.headers.etag) } });
  t.equal(stale.statusCode, 200, 'the old ETag no longer gets a 304');
  const otherAfter = await app.inject({
    url: '/services?lang=en',
    headers: { 'if-none-match': String(otherBefore.headers.etag) },
  });
  t.equal(otherAfter.statusCode, 304, 'an unchanged page keeps its ETag: a shared cache keeps its copy');
});

t.test('an uncached page is compressed while it streams, over a real socket', async (t) => {
  const app = await build(t, { PAGE_CACHE_MB: '0' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const identity = (await app.inject({ url: '/insights', headers: { 'accept-encoding': 'identity' } })).body;
  for (const encoding of ['br', 'gzip'] as const) {
    const { headers: head, rawChunks: chunks } = await rawGet(port, '/insights', {
      'accept-encoding': encoding,
      'user-agent': 'Mozilla/5.0 Chrome/140.0',
    });
    t.match(head, new RegExp(`content-encoding: ${encoding}`, 'i'));
    t.match(head, /transfer-encoding: chunked/i, 'no content-length: the page was not buffered first');
    t.notMatch(head, /etag/i);
    t.equal(
      withoutNonce(decode(Buffer.concat(chunks), encoding)),
      withoutNonce(identity),
      `${encoding}: the chunks decode to the same document`,
    );
  }
});

t.test('the first bytes of a streamed page leave before its render ends', async (t) => {
  // A page part that takes 300 ms: what came before it must be readable while it waits.
  let release: () => void = () => {};
  let slow = Promise.resolve();
  let ready = false;
  // biome-ignore lint/correctness/noComponentHookFactories: the component reads this test's own state, so it lives in the test
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
      createElement(
        'html',
        null,
        createElement(
          'body',
          null,
          createElement('h1', null, 'early part'),
          createElement(Suspense, { fallback: createElement('p', null, 'waiting') }, createElement(Slow)),
        ),
      ),
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
