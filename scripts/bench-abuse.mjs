// npm run bench:abuse: what a visitor notices while a handful of addresses attack the server with
// form posts that never finish. The other benches measure polite load; this one holds multipart
// posts of many large text fields open on the form routes and slow CV uploads on
// /api/application, from a few loopback addresses (so each stays within the per-address budget),
// and meanwhile a normal visitor on 127.0.0.1 times the homepage and a contact post, as before the
// attack and after it. The server runs with the heap flags and limits it ships with, since the
// limits are what is measured; it is a benchmark, so a crash is reported, never a failure.
//
//   npm run bench:abuse [-- --posts N --uploads M --addresses K --seconds S --fields F --field-kb KB --json]
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { freePort, startBenchServer } from './bench-server.mjs';

const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '50' },
    uploads: { type: 'string', default: '10' },
    addresses: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '30' },
    fields: { type: 'string', default: '23' },
    'field-kb': { type: 'string', default: '64' },
    json: { type: 'boolean', default: false },
  },
});
const whole = (name, min, max) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, got "${args[name]}"`);
  return value;
};
const POSTS = whole('posts', 0, 5_000);
const UPLOADS = whole('uploads', 0, 5_000);
const ADDRESSES = whole('addresses', 1, 250);
const ATTACK_SECONDS = whole('seconds', 1, 600);
const FIELDS = whole('fields', 1, 1_000);
const FIELD_BYTES = whole('field-kb', 1, 100_000) * 1024;

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
const POSTS_PER_ADDRESS = 20;
/** Often enough that the server's 30 s idle timeout never closes an open post. */
const TRICKLE_MS = 3_000;
const UPLOAD_CLAIMED_BYTES = 9 * 1024 * 1024;
const UPLOAD_FIRST_BYTES = 64 * 1024;
const UPLOAD_STEP_BYTES = 16 * 1024;
const UPLOAD_STEP_MS = 1_000;
/** The form routes that take multipart text fields (src/server/forms/form-parsers.ts). */
const FORM_ROUTES = [
  '/api/contact',
  '/api/contact/omr',
  '/api/contact/technology',
  '/api/events',
  '/api/newsletter/subscribe',
];
const BOUNDARY = '----nordstern-bench-abuse';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const MB = 1024 * 1024;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();

// The defaults are the point: nothing from the caller's shell (budgets, timeouts, a database, the
// Auth emulator, NODE_OPTIONS with other heap flags) reaches the server but what a process needs.
const PASSED_THROUGH = new Set(['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'USER']);
const metricsPort = await freePort();
const env = Object.fromEntries(
  Object.keys(process.env)
    .filter((name) => !PASSED_THROUGH.has(name))
    .map((name) => [name, undefined]),
);
Object.assign(env, {
  RATE_LIMIT_MAX: undefined,
  RATE_LIMIT_READ_MAX: undefined,
  MAX_CONNECTIONS_PER_ADDRESS: undefined,
  MAX_REQUESTS_PER_ADDRESS: undefined,
  UPLOAD_QUOTA_MB: undefined,
  FIREBASE_AUTH_EMULATOR_HOST: undefined,
  METRICS_PORT: String(metricsPort),
  LOG_LEVEL: 'warn',
});

const stderrLines = [];
const logCounts = new Map();
const server = await startBenchServer({
  env,
  onErrorLine(line) {
    stderrLines.push(line);
    if (stderrLines.length > 200) stderrLines.shift();
  },
  onLine(line) {
    try {
      const entry = JSON.parse(line);
      const key = `${entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg ?? ''}${entry.err?.code ? ` (${entry.err.code})` : ''}`;
      logCounts.set(key, (logCounts.get(key) ?? 0) + 1);
    } catch {
      logCounts.set(`other: ${line.slice(0, 80)}`, (logCounts.get(`other: ${line.slice(0, 80)}`) ?? 0) + 1);
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
const peakOf = (name) => (peaks[name] ??= { heapMb: 0, rssMb: 0 });
let vmHwmMb = 0;
const rssTimer = setInterval(() => {
  try {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    vmHwmMb = Math.max(vmHwmMb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    peakOf(phase).rssMb = Math.max(peakOf(phase).rssMb, rss);
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
        response.on('end', () => resolve({ ms: now() - started, status: response.statusCode }));
        response.on('error', (error) => resolve({ error: error.code ?? error.message }));
      },
    );
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    request.on('error', (error) => resolve({ error: error.code ?? error.message }));
    request.end(body);
  });
}

const PAGE = {
  path: '/',
  headers: { 'user-agent': BROWSER, accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' },
};
const CONTACT_BODY = JSON.stringify({
  name: 'Nora Normal',
  email: 'nora@example.com',
  message: 'Could we talk about our analytics setup next week?',
  language: 'en',
  legals: true,
});
const CONTACT_HEADERS = {
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
    headers: CONTACT_HEADERS,
    body: CONTACT_BODY,
    localAddress: address,
  });
}

function series() {
  return { ms: [], failures: {} };
}
function record(into, result, okStatus = (status) => status >= 200 && status < 300) {
  if (result.status !== undefined && okStatus(result.status)) into.ms.push(result.ms);
  else {
    const key = result.error ?? String(result.status);
    into.failures[key] = (into.failures[key] ?? 0) + 1;
  }
}
function percentile(sorted, q) {
  return sorted.length === 0 ? null : sorted[Math.ceil(q * sorted.length) - 1];
}
function summary({ ms, failures }) {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (value) => (value === null ? null : Math.round(value * 10) / 10);
  return {
    ok: sorted.length,
    failed: Object.values(failures).reduce((sum, n) => sum + n, 0),
    failures,
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
  };
}

async function paced(everyMs, state, task) {
  while (!state.over) {
    const started = now();
    await task();
    await sleep(Math.max(0, everyMs - (now() - started)));
  }
}

/** The visitor's page views, contact posts and readiness probes for `seconds`, or until a second after the server died. */
async function measure(name, seconds) {
  phase = name;
  const page = series();
  const contact = series();
  const ready = {};
  const state = { over: false };
  const started = now();
  const loops = [
    paced(PAGE_EVERY_MS, state, async () => record(page, await timedRequest(PAGE))),
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
    page: summary(page),
    contact: summary(contact),
    readyz: ready,
    peakHeapMb: null,
    peakRssMb: null,
  };
}

// ---- the attackers ----

/** The head of a post whose Content-Length claims the whole body, however little of it is ever sent. */
function requestHead(path, claimed) {
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: ${BROWSER}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${claimed}\r\n\r\n`;
}
const CLOSING = `--${BOUNDARY}--\r\n`;

/** What a form post sends at once (`sent`) and how many bytes it may still trickle before the claimed length is reached. */
function formPost(path) {
  const header = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n\r\n`;
  const value = Buffer.alloc(FIELD_BYTES, 'x');
  const part = Buffer.concat([Buffer.from(header), value, Buffer.from('\r\n')]);
  const claimed = FIELDS * part.length + CLOSING.length;
  // Every field but the last complete; of the last only its header, its value trickles in a byte at a time.
  const sent = Buffer.concat([
    Buffer.from(requestHead(path, claimed)),
    ...Array.from({ length: FIELDS - 1 }, () => part),
    Buffer.from(header),
  ]);
  return { sent, trickle: FIELD_BYTES };
}

function upload() {
  const field = (name, value) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const start =
    field('language', 'en') +
    field('name', 'Abe Attacker') +
    field('email', 'abe@example.com') +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const claimed = Buffer.byteLength(start) + UPLOAD_CLAIMED_BYTES + 2 + CLOSING.length;
  const file = Buffer.alloc(UPLOAD_FIRST_BYTES, ' ');
  file.write('%PDF-1.7\n');
  return {
    sent: Buffer.concat([Buffer.from(requestHead('/api/application', claimed) + start), file]),
    trickle: UPLOAD_CLAIMED_BYTES - UPLOAD_FIRST_BYTES,
  };
}

const attackAddresses = Array.from({ length: ADDRESSES }, (_, i) => `127.0.0.${i + 2}`);
const formBodies = new Map(FORM_ROUTES.map((path) => [path, formPost(path)]));
const uploadBody = upload();
/** Every attack connection and what became of it. */
const attackers = [];

function attack(kind, route, body, localAddress) {
  const attacker = { kind, route, localAddress, outcome: 'connecting', left: body.trickle, socket: null };
  const socket = net.connect({ host: '127.0.0.1', port, localAddress });
  attacker.socket = socket;
  socket.on('connect', () => {
    attacker.outcome = 'open';
    socket.write(body.sent);
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
    if (attacker.outcome === 'open') attacker.outcome = 'closed by the server';
  });
  attackers.push(attacker);
}

function feed(kind, bytes) {
  for (const attacker of attackers) {
    if (attacker.kind !== kind || attacker.outcome !== 'open' || attacker.left < bytes) continue;
    attacker.left -= bytes;
    attacker.socket.write(Buffer.alloc(bytes, kind === 'post' ? 'x' : ' '));
  }
}

// ---- the run ----

// A first page and post, so neither phase times the first render or the first compile.
await timedRequest(PAGE);
await contactPost();

const idle = await measure('idle', IDLE_SECONDS);

const attackStarted = now();
let next = 0;
for (let i = 0; i < POSTS; i += 1)
  attack(
    'post',
    FORM_ROUTES[i % FORM_ROUTES.length],
    formBodies.get(FORM_ROUTES[i % FORM_ROUTES.length]),
    attackAddresses[next++ % ADDRESSES],
  );
for (let i = 0; i < UPLOADS; i += 1)
  attack('upload', '/api/application', uploadBody, attackAddresses[next++ % ADDRESSES]);
const trickleTimer = setInterval(() => feed('post', 1), TRICKLE_MS);
const uploadTimer = setInterval(() => feed('upload', UPLOAD_STEP_BYTES), UPLOAD_STEP_MS);
const underAttack = await measure('attack', ATTACK_SECONDS);
clearInterval(trickleTimer);
clearInterval(uploadTimer);
const outcomes = {};
for (const attacker of attackers) {
  const outcome = attacker.outcome === 'open' ? 'still open at the end' : attacker.outcome;
  const key = `${attacker.kind === 'post' ? 'form posts' : 'uploads'}: ${outcome}`;
  outcomes[key] = (outcomes[key] ?? 0) + 1;
  attacker.socket.destroy();
}

const after = death ? null : await measure('after', AFTER_SECONDS);
sampling = false;
clearInterval(rssTimer);
await heapLoop;
// A server still running is asked once more: its high-water mark covers the moments between samples.
try {
  vmHwmMb = Math.max(
    vmHwmMb,
    Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
  );
} catch {
  // gone
}
// Taken before stop(), whose own SIGTERM is no crash.
const crash = death;
await server.stop();

for (const [name, measured] of [
  ['idle', idle],
  ['attack', underAttack],
  ['after', after],
]) {
  if (!measured) continue;
  measured.peakHeapMb = Math.round(peakOf(name).heapMb);
  measured.peakRssMb = Math.round(peakOf(name).rssMb);
}
// V8's last words before "Reached heap limit" list its last collections, "Mark-Compact 95.2 (99.1) -> ...":
// the heap in use when it gave up, which a sample every 200 ms easily misses.
const gcHeapsMb = stderrLines.flatMap((line) =>
  [...line.matchAll(/(?:Mark-Compact|Scavenge)[^\d]*([\d.]+) \([\d.]+\) ->/g)].map((match) => Number(match[1])),
);
// From V8's list of collections to its FATAL ERROR line; the native stack after it names no code of ours.
const fatalFrom = stderrLines.findIndex((line) => /FATAL ERROR|Last few GCs/.test(line));
const fatalTo = stderrLines.findIndex((line) => /FATAL ERROR/.test(line));
const report = {
  server: {
    flags: server.flags,
    nodeEnv: 'production',
    limits:
      'defaults (RATE_LIMIT_MAX 20 posts/min per address, MAX_CONNECTIONS 2000, MAX_CONNECTIONS_PER_ADDRESS 64, MAX_REQUESTS_PER_ADDRESS 32, BODY_MEMORY_MB 8, UPLOAD_QUOTA_MB 100, REQUEST_TIMEOUT_MS 120000, IDLE_TIMEOUT_MS 30000)',
  },
  attack: {
    posts: POSTS,
    fields: FIELDS,
    fieldKb: FIELD_BYTES / 1024,
    trickleSeconds: TRICKLE_MS / 1000,
    routes: FORM_ROUTES,
    uploads: UPLOADS,
    uploadClaimedMb: UPLOAD_CLAIMED_BYTES / MB,
    uploadKbPerSecond: UPLOAD_STEP_BYTES / 1024 / (UPLOAD_STEP_MS / 1000),
    addresses: attackAddresses,
    seconds: ATTACK_SECONDS,
    outcomes,
  },
  phases: { idle, attack: underAttack, after },
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

if (args.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const failures = (s) =>
    s.failed
      ? `${s.failed} (${Object.entries(s.failures)
          .map(([key, n]) => `${key} ×${n}`)
          .join(', ')})`
      : '0';
  const ms = (value) => (value === null ? '–' : value.toFixed(1));
  const ready = (counts) =>
    Object.entries(counts)
      .map(([key, n]) => `${key} ×${n}`)
      .join(', ') || '–';
  console.log(`server: node ${server.flags.join(' ')}, NODE_ENV=production, ${report.server.limits}`);
  console.log(
    `attack: ${POSTS} multipart posts (${FIELDS} fields × ${FIELD_BYTES / 1024} KB, the last left open, a byte every ${TRICKLE_MS / 1000} s) spread over ${FORM_ROUTES.join(', ')}; ` +
      `${UPLOADS} uploads to /api/application (a cv part of a claimed ${UPLOAD_CLAIMED_BYTES / MB} MB at ${report.attack.uploadKbPerSecond} KB/s); ` +
      `from ${ADDRESSES} address${ADDRESSES === 1 ? '' : 'es'} (${attackAddresses[0]}${ADDRESSES > 1 ? `–${attackAddresses.at(-1)}` : ''}); for ${ATTACK_SECONDS} s`,
  );
  console.log(
    `visitor: GET / every ${PAGE_EVERY_MS} ms from 127.0.0.1, a JSON contact post every ${CONTACT_EVERY_MS} ms (at most ${POSTS_PER_ADDRESS} per address, from 127.0.1.x), /readyz every ${READY_EVERY_MS} ms; p50/p99 over the answered 2xx`,
  );
  console.log('');
  console.log(
    '| phase | s | page p50 ms | page p99 ms | pages ok | pages failed | contact p50 ms | contact p99 ms | posts ok | posts failed | /readyz | peak heap MB | peak RSS MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [name, m] of [
    ['idle', idle],
    ['attack', underAttack],
    ['after', after],
  ]) {
    if (!m) {
      console.log(`| ${name} | – | server gone | | | | | | | | | | |`);
      continue;
    }
    console.log(
      `| ${name} | ${m.seconds} | ${ms(m.page.p50)} | ${ms(m.page.p99)} | ${m.page.ok} | ${failures(m.page)} | ${ms(m.contact.p50)} | ${ms(m.contact.p99)} | ${m.contact.ok} | ${failures(m.contact)} | ${ready(m.readyz)} | ${m.peakHeapMb} | ${m.peakRssMb} |`,
    );
  }
  console.log('');
  console.log(
    `peak RSS (VmHWM): ${report.vmHwmMb} MB; heap sampled from /metrics every ${METRICS_EVERY_MS} ms${report.heapAtCrashMb ? `, ${report.heapAtCrashMb} MB in V8's last collections before it gave up` : ''}`,
  );
  if (crash) {
    console.log(
      `SERVER CRASHED ${report.exit.secondsIntoAttack} s into the attack: ${crash.signal ? `signal ${crash.signal}` : `exit code ${crash.code}`}`,
    );
    console.log('its last words on stderr:');
    for (const line of report.stderr) console.log(`  ${line}`);
  } else {
    console.log('server alive at the end');
  }
  console.log('attack connections:');
  for (const [key, n] of Object.entries(outcomes)) console.log(`  ${key}: ${n}`);
  if (logCounts.size) {
    console.log('server log, warn and above:');
    for (const [key, n] of Object.entries(report.serverLog).slice(0, 10)) console.log(`  ${n} × ${key}`);
  }
}
