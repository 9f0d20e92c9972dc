// npm run bench:insights [-- [--articles N [--seed S]] [--reload]]: what the insights cost the server as `npm start`
// runs it, over real sockets on a free loopback port: start time, memory (RSS, and the heap that
// stays live after a full collection) and the median and 95th-percentile latency of the insights
// API, an article page, the sitemap and the feed. With --articles, the same figures again for a
// generated content folder of N articles per language (scripts/content-generate.mjs), beside the
// shipped content's, so whether the site holds at the size it must reach is one command. A server
// that cannot start or dies under the load is a result, not an error: it is reported with its
// exit and its last words, and the command still exits 0.
// With --reload, the server runs with CONTENT_WATCH=true on a copy of each content folder and,
// instead of the latency rows, an article is edited, one added and one removed under load
// (scripts/bench-insights-reload.mjs): the time until each shows, the peak RSS meanwhile, the
// requests that failed, and the memory before and after.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureReloads } from './bench-insights-reload.mjs';
import { startBenchServer } from './bench-server.mjs';
import { generateContent } from './content-generate/generate-content.ts';
import { SERVER_FLAGS } from './server-flags.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const WARMUP = Math.min(50, REQUESTS);
/** A row stops after this long even before REQUESTS, so a slow endpoint at a large size keeps the run short. */
const ROW_SECONDS = Number(process.env.BENCH_ROW_SECONDS ?? 10);
/** A large content folder takes a while to load; a server close to its heap limit may take longer still before it gives up. */
const READY_WITHIN_MS = 120_000;
const ROOT = path.resolve(import.meta.dirname, '..');

const { values: options } = parseArgs({
  options: {
    articles: { type: 'string' },
    seed: { type: 'string', default: '1' },
    reload: { type: 'boolean', default: false },
  },
});
if (options.articles !== undefined && !/^\d+$/.test(options.articles)) {
  console.error('usage: npm run bench:insights [-- [--articles N [--seed S]] [--reload]]');
  process.exit(2);
}

const filter = encodeURIComponent(
  JSON.stringify({ primary: ['article', 'case-study'], secondary: ['analytics', 'ad-technology', 'privacy'] }),
);
/** Each row: its label and the address of its i-th request. */
const rows = (slugs) => [
  { label: 'search "Über" (de, umlaut)', url: () => `/api/insights/articles/de/search/${encodeURIComponent('Über')}` },
  { label: 'search "bigqeury" (en, typo)', url: () => '/api/insights/articles/en/search/bigqeury' },
  {
    label: 'search "consent mode" (en, two words)',
    url: () => `/api/insights/articles/en/search/${encodeURIComponent('consent mode')}`,
  },
  { label: 'search "datenstrategie" (de)', url: () => '/api/insights/articles/de/search/datenstrategie' },
  {
    label: 'listing, filtered page 1 (de)',
    url: () => `/api/insights/articles/de/1?sort=datetime:desc&filter=${filter}`,
  },
  { label: 'facet counts (en, filtered)', url: () => `/api/insights/possibilities/filter/en?filter=${filter}` },
  { label: 'article page, one slug (page cache)', url: () => '/insights/consent-mode-v2-explained' },
  // Every request another article: at thousands of articles the page cache holds few of them.
  { label: `article pages, each slug in turn`, url: (i) => `/insights/${slugs[i % slugs.length]}` },
  { label: 'sitemap.xml', url: () => '/sitemap.xml' },
  { label: 'RSS feed (en)', url: () => '/feeds/insights-en.xml' },
];

/** Talks to the server's inspector: a full collection, then process.memoryUsage() as it stands after it. */
async function memoryAfterFullGc(inspectorUrl) {
  const socket = new WebSocket(inspectorUrl);
  const pending = new Map();
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`the inspector at ${inspectorUrl} did not answer`));
  });
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  };
  socket.onclose = () => {
    for (const answer of pending.values())
      answer({ error: { message: 'the inspector closed the connection (the server ended?)' } });
    pending.clear();
  };
  let id = 0;
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      id += 1;
      pending.set(id, (message) =>
        message.error ? reject(new Error(message.error.message)) : resolve(message.result),
      );
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send('HeapProfiler.collectGarbage');
    const { result } = await send('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    return JSON.parse(result.value);
  } finally {
    // A server still connected to a debugger waits for it before it exits.
    socket.close();
  }
}

function peakRssMb(pid) {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

async function measure(base, { url }) {
  const get = async (i) => {
    const response = await fetch(`${base}${url(i)}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${response.status} for ${url(i)}`);
  };
  for (let i = 0; i < WARMUP; i += 1) await get(i);
  const times = [];
  const stopAt = performance.now() + ROW_SECONDS * 1000;
  for (let i = WARMUP; times.length < REQUESTS && performance.now() < stopAt; i += 1) {
    const started = performance.now();
    await get(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), count: times.length };
}

/** The slugs of a content folder's insights, in folder order. */
const slugsOf = (contentDir) =>
  readdirSync(path.join(contentDir, 'en', 'homepage', 'insights'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** Starts the server on one content folder and takes every figure; a failure ends the figures where it happened. */
async function run({ label, contentDir, env }) {
  const result = { label, figures: new Map(), failure: null };
  const lastLines = [];
  const keep = (line) => {
    if (/^(Debugger listening|For help, see|Debugger attached|Waiting for the debugger)/.test(line)) return;
    lastLines.push(line);
    if (lastLines.length > 60) lastLines.shift();
  };
  let inspectorUrl;
  let server;
  try {
    server = await startBenchServer({
      nodeFlags: ['--inspect=127.0.0.1:0'],
      env,
      readyWithinMs: READY_WITHIN_MS,
      onLine: keep,
      onErrorLine(line) {
        inspectorUrl ??= /Debugger listening on (ws:\/\/\S+)/.exec(line)?.[1];
        keep(line);
      },
    });
  } catch (error) {
    result.failure = { when: 'start', message: error.message, exit: error.exit, lastLines };
    return result;
  }
  let died = null;
  server.exited.then((exit) => {
    died = exit;
  });
  const put = (name, value) => result.figures.set(name, value);
  let step = 'memory after start';
  try {
    put('start', server.startMs);
    put('rssStart', server.rssMb());
    put('heapStart', (await memoryAfterFullGc(inspectorUrl)).heapUsed / 1024 / 1024);
    if (options.reload) {
      step = 'the reloads';
      put(
        'reload',
        await measureReloads({
          server,
          contentDir,
          heapAfterGc: async () => (await memoryAfterFullGc(inspectorUrl)).heapUsed / 1024 / 1024,
        }),
      );
    } else {
      for (const row of rows(slugsOf(contentDir))) {
        step = row.label;
        put(row.label, await measure(server.url, row));
      }
    }
    step = 'memory after the load';
    put('rssLoad', server.rssMb());
    put('rssPeak', peakRssMb(server.pid));
    put('heapLoad', (await memoryAfterFullGc(inspectorUrl)).heapUsed / 1024 / 1024);
  } catch (error) {
    // Give a dying server the moment it needs to be seen dead.
    await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
    result.failure = { when: step, message: error.message, exit: died, lastLines };
  }
  await server.stop();
  return result;
}

const shippedDir = path.join(ROOT, 'content');
const watch = options.reload ? { CONTENT_WATCH: 'true' } : {};
let shippedCopyDir;
let runDir = shippedDir;
if (options.reload) {
  // The reloads change the content: the shipped folder stays as it is.
  shippedCopyDir = mkdtempSync(path.join(tmpdir(), 'nordstern-content-'));
  runDir = path.join(shippedCopyDir, 'content');
  cpSync(shippedDir, runDir, { recursive: true });
}
const runs = [
  {
    label: `shipped (${slugsOf(shippedDir).length} per language)`,
    contentDir: runDir,
    env: { ...(options.reload ? { CONTENT_DIR: runDir } : {}), ...watch },
  },
];
let generatedDir;
if (options.articles !== undefined) {
  generatedDir = mkdtempSync(path.join(tmpdir(), 'nordstern-insights-'));
  const started = performance.now();
  const generated = generateContent({
    articles: Number(options.articles),
    out: path.join(generatedDir, 'site'),
    seed: options.seed,
  });
  console.log(
    `generated ${options.articles} insights per language (seed ${options.seed}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  runs.push({
    label: `${Number(options.articles).toLocaleString('en')} per language`,
    contentDir: generated.contentDir,
    env: { CONTENT_DIR: generated.contentDir, STATIC_DIR: generated.staticDir, ...watch },
  });
}

const results = [];
try {
  for (const spec of runs) results.push(await run(spec));
} finally {
  if (generatedDir) rmSync(generatedDir, { recursive: true, force: true });
  if (shippedCopyDir) rmSync(shippedCopyDir, { recursive: true, force: true });
}

const ms = (value) => (value === undefined ? '—' : `${value.toFixed(value < 10 ? 2 : 0)} ms`);
const mb = (value) => (value === undefined ? '—' : `${value.toFixed(0)} MB`);
const latency = (value) =>
  value === undefined
    ? '—'
    : `${value.p50.toFixed(2)} / ${value.p95.toFixed(2)} ms${value.count < REQUESTS ? ` (${value.count})` : ''}`;
const reloadStep = (name, label) => [
  [`${label}: change to answer`, (r) => ms(r.figures.get('reload')?.steps[name]?.visibleMs)],
  [`${label}: peak RSS meanwhile`, (r) => mb(r.figures.get('reload')?.steps[name]?.rssPeak)],
  [
    `${label}: requests failed / answered under load`,
    (r) =>
      r.figures.get('reload')?.steps[name]
        ? `${r.figures.get('reload').steps[name].failed} / ${r.figures.get('reload').steps[name].requests}`
        : '—',
  ],
];
const table = [
  ['start (spawn to /healthz answering)', (r) => ms(r.figures.get('start'))],
  ['RSS after start', (r) => mb(r.figures.get('rssStart'))],
  ['heap used after a full GC, after start', (r) => mb(r.figures.get('heapStart'))],
  ...(options.reload
    ? [
        ['RSS before the reloads', (r) => mb(r.figures.get('reload')?.rssBefore)],
        ...reloadStep('edit', 'article edited in place'),
        ...reloadStep('add', 'article added'),
        ...reloadStep('remove', 'article removed'),
        ['RSS after the reloads', (r) => mb(r.figures.get('reload')?.rssAfter)],
        ['heap used after a full GC, after the reloads', (r) => mb(r.figures.get('reload')?.heapAfter)],
      ]
    : rows([]).map(({ label }) => [`${label}: p50 / p95`, (r) => latency(r.figures.get(label))])),
  ['RSS after the load', (r) => mb(r.figures.get('rssLoad'))],
  ['peak RSS (VmHWM)', (r) => mb(r.figures.get('rssPeak'))],
  ['heap used after a full GC, after the load', (r) => mb(r.figures.get('heapLoad'))],
];
console.log(
  options.reload
    ? `\nflags: ${SERVER_FLAGS.join(' ')} --inspect=127.0.0.1:0, CONTENT_WATCH=true; German articles changed one after the other under autocannon load (8 connections); "change to answer" is from the change on disk to the insights API answering with it\n`
    : `\nflags: ${SERVER_FLAGS.join(' ')} --inspect=127.0.0.1:0; up to ${REQUESTS} sequential requests per row after ${WARMUP} to warm up, at most ${ROW_SECONDS} s a row (fewer are shown in brackets)\n`,
);
console.log(`| | ${results.map((r) => r.label).join(' | ')} |`);
console.log(`|---|${results.map(() => '---').join('|')}|`);
for (const [name, cell] of table) console.log(`| ${name} | ${results.map(cell).join(' | ')} |`);

for (const { label, failure } of results.filter((r) => r.failure)) {
  const exit = failure.exit
    ? failure.exit.signal
      ? `killed by signal ${failure.exit.signal}`
      : `exit code ${failure.exit.code}`
    : 'still running';
  const why = failure.message.startsWith('server exited') ? '' : `: ${failure.message}`;
  console.log(`\n${label}: FAILED during ${failure.when}, ${exit}${why}`);
  // V8's report of a heap out of memory starts with its last collections; its native stack says nothing of the site.
  const from = failure.lastLines.findIndex((line) => /Last few GCs|FATAL ERROR/.test(line));
  const to = failure.lastLines.findIndex((line) => /Native stack trace/.test(line));
  const lines = (from >= 0 ? failure.lastLines.slice(from, to > from ? to : undefined) : failure.lastLines.slice(-15))
    .filter((line) => line.trim() !== '')
    .slice(0, 30);
  if (lines.length > 0) console.log('its last words:');
  for (const line of lines) console.log(`  ${line}`);
}
if (results[0].failure) process.exit(1);
