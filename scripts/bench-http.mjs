// npm run bench:http: requests per second and p50/p99 latency at concurrency 50 (autocannon,
// loopback) for pages, APIs and a form post against the built server, and beside each page
// the same bytes served as a precompressed static file by the same server, with the ratio.
// "uncached" runs on a second server with PAGE_CACHE_MB=0, which renders every request.

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server.mjs';

/** What browsers send: a kept page answers its brotli copy to it, an uncached one streams brotli. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const ARTICLE = '/insights/consent-mode-v2-explained';

/** A GET whose body stays as sent: fetch would decode it. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

async function run(url, { method = 'GET', headers = {}, body } = {}) {
  const result = await autocannon({
    url,
    method,
    headers: { 'user-agent': BROWSER, ...headers },
    body,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average / Math.max(result.requests.average, 1),
    bad,
  };
}

// The pages as the server sends them, saved as static files with the cache's own .br and .gz
// copies as siblings (a kept page is the same bytes for everyone), for the comparison.
const staticDir = mkdtempSync(path.join(tmpdir(), 'nordstern-bench-static-'));
cpSync('static', staticDir, { recursive: true });
const probe = await startBenchServer();
try {
  for (const [name, page] of [
    ['home', '/'],
    ['article', ARTICLE],
  ]) {
    const identity = Buffer.from(
      await (await fetch(`${probe.url}${page}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    writeFileSync(path.join(staticDir, `bench-${name}.html`), identity);
    // Ask until the answers are the cache's copies (an ETag names them), made in the background after the first render.
    for (const encoding of ['br', 'gzip']) {
      let copy;
      for (let i = 0; i < 100 && !copy; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const response = await rawGet(`${probe.url}${page}`, { 'accept-encoding': encoding });
        if (String(response.headers.etag).endsWith(`-${encoding}"`)) copy = response.body;
      }
      if (!copy) throw new Error(`${page} was never served from the cache's ${encoding} copy`);
      writeFileSync(path.join(staticDir, `bench-${name}.html.${encoding === 'br' ? 'br' : 'gz'}`), copy);
    }
  }
} finally {
  await probe.stop();
}

const cached = await startBenchServer({ env: { STATIC_DIR: staticDir } });
const uncached = await startBenchServer({ env: { STATIC_DIR: staticDir, PAGE_CACHE_MB: '0' } });
const BR = { 'accept-encoding': 'br' };
const IDENTITY = { 'accept-encoding': 'identity' };
const contact = JSON.stringify({
  name: 'Bench Mark',
  email: 'bench@example.com',
  message: 'Load test',
  language: 'en',
  legals: true,
});

const rows = [
  ['homepage, cached, identity', cached.url, '/', IDENTITY, '/bench-home.html', IDENTITY],
  [
    'homepage, cached, browser encodings (br)',
    cached.url,
    '/',
    BROWSER_ENCODINGS,
    '/bench-home.html',
    BROWSER_ENCODINGS,
  ],
  [
    'homepage, cached, gzip',
    cached.url,
    '/',
    { 'accept-encoding': 'gzip' },
    '/bench-home.html',
    { 'accept-encoding': 'gzip' },
  ],
  ['homepage, uncached, identity', uncached.url, '/', IDENTITY, '/bench-home.html', IDENTITY],
  [
    'homepage, uncached, browser encodings (br)',
    uncached.url,
    '/',
    BROWSER_ENCODINGS,
    '/bench-home.html',
    BROWSER_ENCODINGS,
  ],
  [
    'article, cached, browser encodings (br)',
    cached.url,
    ARTICLE,
    BROWSER_ENCODINGS,
    '/bench-article.html',
    BROWSER_ENCODINGS,
  ],
  [
    'article, cached, gzip',
    cached.url,
    ARTICLE,
    { 'accept-encoding': 'gzip' },
    '/bench-article.html',
    { 'accept-encoding': 'gzip' },
  ],
  [
    'article, uncached, browser encodings (br)',
    uncached.url,
    ARTICLE,
    BROWSER_ENCODINGS,
    '/bench-article.html',
    BROWSER_ENCODINGS,
  ],
  ['insights API, page 1', cached.url, '/api/insights/articles/en/1?sort=datetime:desc', BR],
  ['search "consent"', cached.url, '/api/insights/articles/en/search/consent', BR],
  [
    'POST /api/contact',
    cached.url,
    '/api/contact',
    { 'content-type': 'application/json', origin: cached.url },
    undefined,
    undefined,
    contact,
  ],
];

console.log(`concurrency ${CONNECTIONS}, ${DURATION_S} s each, node ${cached.flags.join(' ')}`);
console.log('| what | req/s | p50 ms | p99 ms | bytes/answer | non-2xx | static file req/s | ratio |');
console.log('|---|---|---|---|---|---|---|---|');
try {
  for (const [label, base, route, headers, staticPath, staticHeaders, body] of rows) {
    const measured = await run(`${base}${route}`, { method: body ? 'POST' : 'GET', headers, body });
    let staticCells = ['', ''];
    if (staticPath) {
      const file = await run(`${cached.url}${staticPath}`, { headers: staticHeaders });
      staticCells = [file.rps.toFixed(0), (measured.rps / file.rps).toFixed(2)];
    }
    console.log(
      `| ${label} | ${measured.rps.toFixed(0)} | ${measured.p50} | ${measured.p99} | ${measured.bytes.toFixed(0)} | ${measured.bad} | ${staticCells.join(' | ')} |`,
    );
  }
} finally {
  await cached.stop();
  await uncached.stop();
  rmSync(staticDir, { recursive: true, force: true });
}
