// One attack of `npm run bench:abuse` against a server of its own: the server started with the
// heap flags and limits it ships with, a visitor on 127.0.0.1 measured idle, under the attack and
// after it, the server's heap and RSS sampled all along, and its death (signal, V8's last words)
// noticed. What the attack does is the attack module's; this is what every attack is measured by.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { freePort, startBenchServer } from '../bench-server.mjs';
import { BROWSER, MB, now, sleep } from './wire.mjs';

const IDLE_SECONDS = 10;
/** After the attackers hang up: longer than the storage probe interval (STORAGE_PROBE_MS, 5 s), to see whether readiness and latency come back. */
const AFTER_SECONDS = 8;
const PAGE_EVERY_MS = 100;
const CONTACT_EVERY_MS = 400;
const READY_EVERY_MS = 250;
const METRICS_EVERY_MS = 200;
const RSS_EVERY_MS = 20;
/** A normal request that has not been answered by then counts as failed. */
const REQUEST_TIMEOUT_MS = 10_000;
/** The server's default RATE_LIMIT_MAX: submissions per address and minute. */
export const POSTS_PER_ADDRESS = 20;

export const VISITOR = {
  idleSeconds: IDLE_SECONDS,
  afterSeconds: AFTER_SECONDS,
  pageEveryMs: PAGE_EVERY_MS,
  contactEveryMs: CONTACT_EVERY_MS,
  readyEveryMs: READY_EVERY_MS,
  metricsEveryMs: METRICS_EVERY_MS,
};

// The defaults are the point: nothing from the caller's shell (budgets, timeouts, a database, the
// Auth emulator, NODE_OPTIONS with other heap flags) reaches the server but what a process needs.
const PASSED_THROUGH = new Set(['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'USER']);
const DEFAULT_LIMITS = {
  RATE_LIMIT_MAX: undefined,
  RATE_LIMIT_READ_MAX: undefined,
  MAX_CONNECTIONS_PER_ADDRESS: undefined,
  MAX_REQUESTS_PER_ADDRESS: undefined,
  UPLOAD_QUOTA_MB: undefined,
  FIREBASE_AUTH_EMULATOR_HOST: undefined,
};
export const LIMITS_DESCRIBED =
  'defaults (RATE_LIMIT_MAX 20 posts/min per address, MAX_CONNECTIONS 2000, MAX_CONNECTIONS_PER_ADDRESS 64, MAX_REQUESTS_PER_ADDRESS 32, BODY_MEMORY_MB 8, UPLOAD_QUOTA_MB 100, UPLOAD_CV_MAX_MB 10, PAGE_CACHE_MB 24, REQUEST_TIMEOUT_MS 120000, IDLE_TIMEOUT_MS 30000)';

function series() {
  return { ms: [], failures: {}, etags: 0 };
}
function record(into, result) {
  if (result.status !== undefined && result.status >= 200 && result.status < 300) {
    into.ms.push(result.ms);
    if (result.etag) into.etags += 1;
  } else {
    const key = result.error ?? String(result.status);
    into.failures[key] = (into.failures[key] ?? 0) + 1;
  }
}
function percentile(sorted, q) {
  return sorted.length === 0 ? null : sorted[Math.ceil(q * sorted.length) - 1];
}
function summary({ ms, failures, etags }) {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (value) => (value === null ? null : Math.round(value * 10) / 10);
  return {
    ok: sorted.length,
    failed: Object.values(failures).reduce((sum, n) => sum + n, 0),
    failures,
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
    withEtag: etags,
  };
}

async function paced(everyMs, state, task) {
  while (!state.over) {
    const started = now();
    await task();
    await sleep(Math.max(0, everyMs - (now() - started)));
  }
}

/**
 * Runs `attack` (a module of scripts/abuse/) with `settings` against a fresh server and returns
 * what was measured; a server that dies is reported, never thrown.
 */
export async function runAttack(attack, settings) {
  const metricsPort = await freePort();
  const env = Object.fromEntries(
    Object.keys(process.env)
      .filter((name) => !PASSED_THROUGH.has(name))
      .map((name) => [name, undefined]),
  );
  const serverEnv = attack.env?.(settings) ?? {};
  Object.assign(env, DEFAULT_LIMITS, { METRICS_PORT: String(metricsPort), LOG_LEVEL: 'warn' }, serverEnv);

  const stderrLines = [];
  const logCounts = new Map();
  const count = (key) => logCounts.set(key, (logCounts.get(key) ?? 0) + 1);
  const server = await startBenchServer({
    env,
    onErrorLine(line) {
      stderrLines.push(line);
      if (stderrLines.length > 200) stderrLines.shift();
    },
    onLine(line) {
      try {
        const entry = JSON.parse(line);
        count(
          `${entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg ?? ''}${entry.err?.code ? ` (${entry.err.code})` : ''}`,
        );
      } catch {
        count(`other: ${line.slice(0, 80)}`);
      }
    },
  });
  const port = Number(new URL(server.url).port);
  const startedAt = now();
  let death;
  void server.exited.then(({ code, signal }) => {
    death = { code, signal, atMs: now() };
  });

  // ---- what the server holds: RSS from /proc often, the heap from /metrics less often ----

  /** Peaks per phase; `phase` is the one being measured. */
  const peaks = {};
  let phase = 'start';
  const peakOf = (name) => (peaks[name] ??= { heapMb: 0, rssMb: 0, lastRssMb: 0 });
  let vmHwmMb = 0;
  const readStatus = () => readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const rssTimer = setInterval(() => {
    try {
      const status = readStatus();
      // A process that has died but not been reaped yet has a status without its memory.
      const rssKb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
      if (rssKb === undefined) return;
      const rss = Number(rssKb) / 1024;
      vmHwmMb = Math.max(vmHwmMb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
      peakOf(phase).rssMb = Math.max(peakOf(phase).rssMb, rss);
      peakOf(phase).lastRssMb = rss;
    } catch {
      // the process is gone
    }
  }, RSS_EVERY_MS);

  function scrapeHeapMb() {
    return new Promise((resolve) => {
      const request = http.get(
        { host: '127.0.0.1', port: metricsPort, path: '/metrics', agent: false, timeout: 2_000 },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve(Number(/^nodejs_heap_size_used_bytes (\d+)/m.exec(text)?.[1] ?? NaN) / MB));
          response.on('error', () => resolve(NaN));
        },
      );
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve(NaN));
    });
  }
  let sampling = true;
  const heapLoop = (async () => {
    while (sampling && !death) {
      const started = now();
      const heap = await scrapeHeapMb();
      if (Number.isFinite(heap)) peakOf(phase).heapMb = Math.max(peakOf(phase).heapMb, heap);
      await sleep(Math.max(0, METRICS_EVERY_MS - (now() - started)));
    }
  })();

  // ---- the normal visitor ----

  /** One request on a connection of its own from `localAddress`, timed to the last byte of the answer. */
  function timedRequest({ path, method = 'GET', headers = {}, body, localAddress = '127.0.0.1' }) {
    return new Promise((resolve) => {
      const started = now();
      const request = http.request(
        { host: '127.0.0.1', port, path, method, headers, localAddress, agent: false, timeout: REQUEST_TIMEOUT_MS },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ ms: now() - started, status: response.statusCode, etag: response.headers.etag !== undefined }),
          );
          response.on('error', (error) => resolve({ error: error.code ?? error.message }));
        },
      );
      request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
      request.on('error', (error) => resolve({ error: error.code ?? error.message }));
      request.end(body);
    });
  }

  const page = {
    path: '/',
    headers: {
      'user-agent': BROWSER,
      accept: 'text/html',
      'accept-encoding': attack.visitorEncoding ?? 'gzip, deflate, br, zstd',
    },
  };
  const contactBody = JSON.stringify({
    name: 'Nora Normal',
    email: 'nora@example.com',
    message: 'Could we talk about our analytics setup next week?',
    language: 'en',
    legals: true,
  });
  const contactHeaders = {
    'user-agent': BROWSER,
    'content-type': 'application/json',
    accept: 'application/json',
    origin: server.url,
  };
  // Each visitor address posts no more than the budget allows, so a 429 means the budget was not the cause.
  let contactPosts = 0;
  function contactPost() {
    const address = `127.0.1.${1 + Math.floor(contactPosts / POSTS_PER_ADDRESS)}`;
    contactPosts += 1;
    return timedRequest({
      path: '/api/contact',
      method: 'POST',
      headers: contactHeaders,
      body: contactBody,
      localAddress: address,
    });
  }

  /** The visitor's page views, contact posts and readiness probes for `seconds`, or until a second after the server died. */
  async function measure(name, seconds) {
    phase = name;
    const pages = series();
    const contact = series();
    const ready = {};
    const state = { over: false };
    const started = now();
    const loops = [
      paced(PAGE_EVERY_MS, state, async () => record(pages, await timedRequest(page))),
      paced(CONTACT_EVERY_MS, state, async () => record(contact, await contactPost())),
      paced(READY_EVERY_MS, state, async () => {
        const result = await timedRequest({ path: '/readyz' });
        const key = result.error ?? String(result.status);
        ready[key] = (ready[key] ?? 0) + 1;
      }),
    ];
    await Promise.race([sleep(seconds * 1000), server.exited.then(() => sleep(1000))]);
    state.over = true;
    await Promise.all(loops);
    return {
      seconds: Math.round((now() - started) / 100) / 10,
      page: summary(pages),
      contact: summary(contact),
      readyz: ready,
      peakHeapMb: null,
      peakRssMb: null,
      endRssMb: null,
    };
  }

  // ---- the run ----

  const target = { port, url: server.url, settings, isDead: () => death !== undefined };
  await attack.prepare?.(target);
  // A first page and post, so neither phase times the first render or the first compile.
  await timedRequest(page);
  await contactPost();

  const idle = await measure('idle', IDLE_SECONDS);
  const attackStarted = now();
  const running = attack.start(target);
  const underAttack = await measure('attack', settings.seconds);
  const { outcomes, ...details } = await running.stop();

  const after = death ? null : await measure('after', AFTER_SECONDS);
  sampling = false;
  clearInterval(rssTimer);
  await heapLoop;
  // A server still running is asked once more: its high-water mark covers the moments between samples.
  try {
    vmHwmMb = Math.max(vmHwmMb, Number(/VmHWM:\s+(\d+)/.exec(readStatus())?.[1] ?? 0) / 1024);
  } catch {
    // gone
  }
  // Taken before stop(), whose own SIGTERM is no crash.
  const crash = death;
  await server.stop();

  const phases = { idle, attack: underAttack, after };
  for (const [name, measured] of Object.entries(phases)) {
    if (!measured) continue;
    measured.peakHeapMb = Math.round(peakOf(name).heapMb);
    measured.peakRssMb = Math.round(peakOf(name).rssMb);
    measured.endRssMb = Math.round(peakOf(name).lastRssMb);
  }
  // V8's last words before "Reached heap limit" list its last collections, "Mark-Compact 95.2 (99.1) -> ...":
  // the heap in use when it gave up, which a sample every 200 ms easily misses.
  const gcHeapsMb = stderrLines.flatMap((line) =>
    [...line.matchAll(/(?:Mark-Compact|Scavenge)[^\d]*([\d.]+) \([\d.]+\) ->/g)].map((match) => Number(match[1])),
  );
  // From V8's list of collections to its FATAL ERROR line; the native stack after it names no code of ours.
  const fatalFrom = stderrLines.findIndex((line) => /FATAL ERROR|Last few GCs/.test(line));
  const fatalTo = stderrLines.findIndex((line) => /FATAL ERROR/.test(line));
  return {
    server: {
      flags: server.flags,
      nodeEnv: 'production',
      limits: LIMITS_DESCRIBED,
      env: Object.fromEntries(Object.entries(serverEnv).filter(([, value]) => value !== undefined)),
    },
    attack: { name: attack.name, ...attack.summary(settings), seconds: settings.seconds, outcomes, ...details },
    phases,
    alive: !crash,
    exit: crash
      ? {
          code: crash.code,
          signal: crash.signal,
          secondsIntoAttack: Math.round((crash.atMs - attackStarted) / 100) / 10,
          secondsSinceStart: Math.round((crash.atMs - startedAt) / 100) / 10,
        }
      : null,
    vmHwmMb: Math.round(vmHwmMb),
    heapAtCrashMb: gcHeapsMb.length ? Math.max(...gcHeapsMb) : null,
    stderr: (fatalFrom >= 0
      ? stderrLines.slice(fatalFrom, fatalTo >= fatalFrom ? fatalTo + 1 : undefined)
      : stderrLines.slice(-15)
    )
      .filter((line) => line.trim() !== '')
      .slice(0, 25),
    serverLog: Object.fromEntries([...logCounts].sort((a, b) => b[1] - a[1])),
  };
}
