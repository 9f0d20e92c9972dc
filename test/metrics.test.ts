/** GET /metrics: Prometheus text, series that move with what happens, bounded labels, and kept off the public site. */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import perfHooks from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import t from 'tap';
import { WEB_VITALS_API as WEB_VITALS_PATH } from '#app/api-paths.ts';
import { buildApp } from '#server/app.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { collectProcessMetrics } from '#server/metrics/process-metrics.ts';
import { WEB_VITALS_BUCKETS, WEB_VITALS_METRIC_NAMES } from '#server/metrics/web-vitals-metrics.ts';
import { build, tempDataDir } from './helpers/build.ts';
import { waitForRows } from './helpers/db.ts';
import { samples } from './helpers/files.ts';

const TOKEN = 'metrics-token-0123456789abcdefghijklmnop';
const PROMETHEUS_TEXT = /^text\/plain; version=0\.0\.4/;
const contact = {
  name: 'Jana Vogt',
  email: 'jana@example.com',
  company: 'Elbwerk',
  message: 'Bitte rufen Sie mich an.',
  language: 'de',
  legals: true,
};

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/;
/** A float as Prometheus reads one (Go's ParseFloat): NaN and Inf in any case, which matters as prom-client writes `Nan`. */
const VALUE = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?|[+-]?inf(?:inity)?|nan)$/i;

function numberOf(text: string): number {
  if (/^nan$/i.test(text)) return Number.NaN;
  if (/inf/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  return Number(text);
}
const SUFFIXES: Record<string, readonly string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/**
 * A strict reader of the Prometheus text format (0.0.4): every line is empty, a HELP, a TYPE
 * or a sample of a family typed before it; label values are escaped; no series appears twice.
 */
function parsePrometheus(text: string): Sample[] {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a line feed');
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const seen = new Set<string>();
  const parsed: Sample[] = [];
  for (const [index, line] of text.slice(0, -1).split('\n').entries()) {
    const fail = (why: string) => new Error(`line ${index + 1} ${why}: ${JSON.stringify(line)}`);
    // The format ignores empty lines; prom-client puts one between families.
    if (line === '') continue;
    if (line.startsWith('#')) {
      const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
      if (!meta || !METRIC_NAME.test(meta[2]!)) throw fail('is not a well-formed HELP or TYPE');
      const [, kind, name, rest] = meta as unknown as [string, 'HELP' | 'TYPE', string, string];
      if (kind === 'HELP') {
        if (helps.has(name) || /\\[^\\n]/.test(rest.replace(/\\\\/g, '')))
          throw fail('repeats a HELP or escapes wrongly');
        helps.add(name);
      } else {
        if (types.has(name) || !(rest in SUFFIXES)) throw fail('repeats a TYPE or names an unknown type');
        types.set(name, rest);
      }
      continue;
    }
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(line);
    if (!match) throw fail('is not a sample');
    const [, name, labelText = '', valueText] = match as unknown as [string, string, string | undefined, string];
    if (!VALUE.test(valueText)) throw fail('has no number as value');
    const family = [...types].find(([base, type]) => SUFFIXES[type]!.some((suffix) => `${base}${suffix}` === name));
    if (!family) throw fail('belongs to no family typed before it');
    const labels: Record<string, string> = {};
    let rest = labelText;
    while (rest !== '') {
      const label = LABEL.exec(rest);
      if (!label || label[1]! in labels) throw fail('has a malformed or repeated label');
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      rest = rest.slice(label[0].length);
    }
    if (family[1] === 'histogram' && name.endsWith('_bucket') && !('le' in labels))
      throw fail('is a bucket without le');
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(key)) throw fail('repeats a series');
    seen.add(key);
    parsed.push({ name, labels, value: numberOf(valueText) });
  }
  return parsed;
}

/** The value of the one series with these labels (others may be present), undefined when absent. */
function value(all: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return all.find((s) => s.name === name && Object.entries(labels).every(([key, v]) => s.labels[key] === v))?.value;
}

async function scrape(app: FastifyInstance): Promise<Sample[]> {
  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  if (response.statusCode !== 200) throw new Error(`GET /metrics answered ${response.statusCode}`);
  return parsePrometheus(response.body);
}

/**
 * A free port below the system's range for ephemeral ports: the test servers running beside
 * this file listen on port 0, and one of them must not take the port between this check and
 * the metrics listener binding it.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const candidate = 20_000 + Math.floor(Math.random() * 10_000);
    const server = createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(candidate, '127.0.0.1', () => resolve(true));
    });
    if (!bound) continue;
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }
}

t.test('the strict reader refuses what is not Prometheus text', async (t) => {
  t.same(parsePrometheus('# HELP a_total A.\n# TYPE a_total counter\na_total{x="1\\"2"} 3\n'), [
    { name: 'a_total', labels: { x: '1"2' }, value: 3 },
  ]);
  for (const bad of [
    'a 1\n',
    '# TYPE a counter\na{x=1} 1\n',
    '# TYPE a counter\na one\n',
    '# TYPE a counter\na 0x10\n',
    '# TYPE a counter\na 1',
    '# TYPE a counter\na 1\na 2\n',
    '# NOTE a\n',
  ]) {
    t.throws(() => parsePrometheus(bad), JSON.stringify(bad));
  }
});

t.test('a page view, a contact request and a mail that fails for good move their series', async (t) => {
  const dataDir = await tempDataDir(t);
  // Nothing listens on port 9: the one attempt each mail gets fails at once.
  const app = await build(t, {
    DATA_DIR: dataDir,
    METRICS_TOKEN: TOKEN,
    SMTP_URL: 'smtp://127.0.0.1:9',
    MAIL_MAX_ATTEMPTS: '1',
    MAIL_POLL_MS: '50',
  });
  await app.ready();

  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  t.equal(response.statusCode, 200);
  t.match(response.headers['content-type'], PROMETHEUS_TEXT);
  const before = parsePrometheus(response.body);
  t.equal(value(before, 'form_submissions_total', { form: 'contact' }), 0, 'every form has a series from the start');
  t.equal(value(before, 'outbox_mails_failed_total'), 0);
  t.equal(value(before, 'outbox_mails', { state: 'failed' }), 0);
  t.equal(value(before, 'outbox_oldest_pending_age_seconds'), 0, 'no pending mail: 0');
  t.equal(value(before, 'storage_ready'), 1);
  t.equal(value(before, 'storage_failure_episodes_total'), 0);
  t.equal(value(before, 'upload_bytes_total'), 0);
  for (const name of [
    'process_cpu_user_seconds_total',
    'process_resident_memory_bytes',
    'nodejs_eventloop_lag_seconds',
    'nodejs_heap_size_used_bytes',
  ]) {
    t.ok(
      before.some((s) => s.name === name),
      `${name} from the process metrics`,
    );
  }

  t.equal((await app.inject({ url: '/company' })).statusCode, 200);
  t.equal((await app.inject({ method: 'POST', url: '/api/contact', payload: contact })).statusCode, 201);
  await waitForRows(dataDir, `SELECT id FROM outbox WHERE status = 'failed'`, 2);

  const after = await scrape(app);
  t.equal(
    value(after, 'http_requests_total', { method: 'GET', route: 'en-company', status: '200' }),
    1,
    'the page by its route id',
  );
  t.equal(value(after, 'page_render_duration_seconds_count', { route: 'en-company' }), 1, 'its render timed');
  t.ok(value(after, 'page_render_duration_seconds_sum', { route: 'en-company' })! > 0);
  t.equal(
    value(after, 'http_request_duration_seconds_count', { method: 'GET', route: 'en-company', status: '200' }),
    1,
  );
  t.equal(
    value(after, 'http_requests_total', { method: 'POST', route: '/api/contact', status: '201' }),
    1,
    'an API route by its pattern',
  );
  t.equal(value(after, 'form_submissions_total', { form: 'contact' }), 1);
  t.equal(value(after, 'form_submissions_total', { form: 'newsletter' }), 0);
  t.equal(value(after, 'outbox_mails', { state: 'failed' }), 2, 'the team mail and the confirmation');
  t.equal(value(after, 'outbox_mails', { state: 'pending' }), 0);
  t.equal(value(after, 'outbox_mails_failed_total'), 2);
  t.equal(
    value(after, 'http_requests_total', { route: '/metrics', status: '200' }),
    1,
    'the first scrape, counted under its own pattern',
  );
});

t.test('the age of the oldest pending mail, and a failing storage', async (t) => {
  // Without SMTP_URL mails wait in the outbox.
  const app = await build(t, { METRICS_TOKEN: TOKEN, STORAGE_PROBE_MS: '60000' });
  await app.ready();
  t.equal((await app.inject({ method: 'POST', url: '/api/contact', payload: contact })).statusCode, 201);
  const queued = await scrape(app);
  t.equal(value(queued, 'outbox_mails', { state: 'pending' }), 2);
  const age = value(queued, 'outbox_oldest_pending_age_seconds')!;
  t.ok(age > 0 && age < 60, `waiting for ${age} s`);

  const { page_count: pages } = (await app.db.get<{ page_count: number }>('PRAGMA page_count'))!;
  await app.db.run(`PRAGMA max_page_count = ${pages}`);
  const refused = await app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { ...contact, message: 'x'.repeat(3000) },
  });
  t.equal(refused.statusCode, 503);
  const failing = await scrape(app);
  t.equal(value(failing, 'storage_ready'), 0);
  t.equal(value(failing, 'storage_failure_episodes_total'), 1);
  t.equal(value(failing, 'form_submissions_total', { form: 'contact' }), 1, 'the refused submission is not counted');
  t.equal(value(failing, 'http_requests_total', { method: 'POST', route: '/api/contact', status: '503' }), 1);
});

t.test('the route label never holds a raw path', async (t) => {
  const app = await build(t, { METRICS_TOKEN: TOKEN });
  await app.ready();
  const randoms = Array.from({ length: 100 }, () => randomBytes(6).toString('hex'));
  for (const random of randoms) {
    t.equal((await app.inject({ url: `/x-${random}` })).statusCode, 404);
    t.equal((await app.inject({ url: `/api/${random}?q=${random}` })).statusCode, 404);
  }
  await app.inject({ method: 'DELETE', url: `/${randoms[0]}` });
  await app.inject({ url: `/insights/${randoms[1]}` });
  await app.inject({ url: `/company?ref=${randoms[2]}` });

  const all = await scrape(app);
  const routes = new Set(all.filter((s) => 'route' in s.labels).map((s) => s.labels.route!));
  t.ok(routes.size < 30, `${routes.size} route labels: ${[...routes].join(', ')}`);
  for (const route of routes)
    t.notOk(
      randoms.some((random) => route.includes(random)),
      `${route} holds no requested path`,
    );
  t.equal(
    value(all, 'http_requests_total', { method: 'GET', route: 'not_found', status: '404' }),
    200,
    'unknown pages and API paths under one label',
  );
  t.equal(
    value(all, 'http_requests_total', { method: 'DELETE', route: 'not_found', status: '404' }),
    1,
    'a method no route takes',
  );
  t.equal(
    value(all, 'http_requests_total', { method: 'GET', route: 'insight-article', status: '404' }),
    1,
    'a page route whose content is missing',
  );
  t.equal(
    value(all, 'http_requests_total', { method: 'GET', route: 'en-company', status: '200' }),
    1,
    'the query string plays no part',
  );
});

t.test('Web Vitals: four histograms by route id, with buckets at the good and poor thresholds', async (t) => {
  const app = await build(t, { METRICS_TOKEN: TOKEN });
  const report = (payload: object) =>
    app.inject({
      method: 'POST',
      url: WEB_VITALS_PATH,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: JSON.stringify(payload),
    });
  t.equal(
    (await report({ route: 'en-career', navigation: 'load', lcp: 2500, ttfb: 800, cls: 0.1, inp: 200 })).statusCode,
    204,
  );
  t.equal((await report({ route: 'en-career', navigation: 'client', cls: 0.3, inp: 650 })).statusCode, 204);

  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const all = parsePrometheus(response.body);
  const families: [keyof typeof WEB_VITALS_METRIC_NAMES, string, Record<string, string>, number][] = [
    ['lcp', 'web_vitals_lcp_seconds', { route: 'en-career' }, 2.5],
    ['ttfb', 'web_vitals_ttfb_seconds', { route: 'en-career' }, 0.8],
    ['inp', 'web_vitals_inp_seconds', { route: 'en-career', navigation: 'load' }, 0.2],
    ['cls', 'web_vitals_cls', { route: 'en-career', navigation: 'load' }, 0.1],
  ];
  for (const [metric, name, labels, observed] of families) {
    t.equal(WEB_VITALS_METRIC_NAMES[metric], name, `${metric} is ${name}`);
    t.match(response.body, new RegExp(`^# TYPE ${name} histogram$`, 'm'), `${name} is a histogram`);
    const buckets = all.filter(
      (s) => s.name === `${name}_bucket` && Object.entries(labels).every(([key, v]) => s.labels[key] === v),
    );
    const edges = buckets.map((s) => s.labels.le!);
    t.same(edges, [...WEB_VITALS_BUCKETS[metric].map(String), '+Inf'], `${name}: its buckets, then +Inf`);
    t.ok(
      edges.every((edge, index) => index === 0 || edge === '+Inf' || Number(edge) > Number(edges[index - 1])),
      'in rising order',
    );
    t.equal(value(all, `${name}_sum`, labels), observed, `${name}: the value in its unit`);
    // A value on a threshold is inside the bucket of that threshold (Prometheus buckets are "less than or equal").
    t.equal(
      value(all, `${name}_bucket`, { ...labels, le: String(observed) }),
      1,
      `${name}: ${observed} counts as good`,
    );
  }
  for (const [metric, good, poor] of [
    ['lcp', 2.5, 4],
    ['inp', 0.2, 0.5],
    ['cls', 0.1, 0.25],
    ['ttfb', 0.8, 1.8],
  ] as const) {
    t.ok(
      (WEB_VITALS_BUCKETS[metric] as readonly number[]).includes(good) &&
        (WEB_VITALS_BUCKETS[metric] as readonly number[]).includes(poor),
      `${metric}: edges at ${good} and ${poor}`,
    );
  }
  t.equal(
    value(all, 'web_vitals_inp_seconds_count', { route: 'en-career', navigation: 'client' }),
    1,
    'a client view by its own label',
  );
  t.equal(
    value(all, 'web_vitals_inp_seconds_bucket', { route: 'en-career', navigation: 'client', le: '0.5' }),
    0,
    '650 ms is poor',
  );
  t.equal(
    all.filter((s) => s.name.startsWith('web_vitals_lcp') && s.labels.navigation !== undefined).length,
    0,
    'LCP and TTFB have no navigation label: only loads have them',
  );
});

t.test('without METRICS_PORT or METRICS_TOKEN, /metrics is an unknown page', async (t) => {
  const app = await build(t);
  await app.ready();
  const unknown = await app.inject({ url: '/no-such-page' });
  const metrics = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  t.equal(metrics.statusCode, 404);
  t.equal(metrics.headers['content-type'], unknown.headers['content-type'], 'the site’s own 404 page');
  t.notMatch(metrics.body, 'http_requests_total');
});

t.test('with METRICS_TOKEN, /metrics answers on the main port to the bearer token only', async (t) => {
  const app = await build(t, { METRICS_TOKEN: TOKEN });
  await app.ready();
  for (const [what, authorization] of [
    ['no token', undefined],
    ['a wrong token', `Bearer ${TOKEN.slice(0, -1)}x`],
    ['a longer token', `Bearer ${TOKEN}x`],
    ['another scheme', `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}`],
    ['the token without a scheme', TOKEN],
  ] as const) {
    const response = await app.inject({
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });
    t.equal(response.statusCode, 401, what);
    t.match(response.headers['content-type'], /^application\/json/);
    t.equal(response.headers['www-authenticate'], 'Bearer');
    t.match(response.json(), { statusCode: 401, field: 'authorization', code: 'unauthenticated' });
    t.notMatch(response.body, /http_|process_|nodejs_/, 'nothing of the metrics');
  }
  const right = await app.inject({ url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
  t.equal(right.statusCode, 200, 'the scheme in any case');
  t.match(right.headers['content-type'], PROMETHEUS_TEXT);
  t.equal(right.headers['x-content-type-options'], 'nosniff', 'with the site’s headers');
  t.ok(parsePrometheus(right.body).length > 0);
});

t.test('with METRICS_PORT, /metrics answers on its own listener only, which closes with the app', async (t) => {
  const port = await freePort();
  const app = await build(t, { METRICS_PORT: String(port) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const site = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const metrics = `http://127.0.0.1:${port}`;

  t.equal((await fetch(`${site}/metrics`)).status, 404, 'the public port does not answer it');
  await app.inject({ url: '/company' });
  const response = await fetch(`${metrics}/metrics`);
  t.equal(response.status, 200);
  t.match(response.headers.get('content-type'), PROMETHEUS_TEXT);
  const all = parsePrometheus(await response.text());
  t.notOk(
    all.some((s) => s.labels.route === '/metrics'),
    'scrapes there are no requests of the site',
  );
  t.equal(value(all, 'http_requests_total', { method: 'GET', route: 'en-company', status: '200' }), 1);
  t.equal((await fetch(`${metrics}/`)).status, 404, 'nothing else answers there');
  t.equal((await fetch(`${metrics}/metrics`, { method: 'POST' })).status, 404);

  await app.close();
  await t.rejects(fetch(`${metrics}/metrics`), 'closed with the app');
});

t.test('with METRICS_PORT and METRICS_TOKEN, the own listener asks for the token too', async (t) => {
  const port = await freePort();
  const app = await build(t, { METRICS_PORT: String(port), METRICS_TOKEN: TOKEN });
  await app.listen({ port: 0, host: '127.0.0.1' });
  t.equal(
    (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    404,
    'not on the main port',
  );
  const refused = await fetch(`http://127.0.0.1:${port}/metrics`);
  t.equal(refused.status, 401);
  t.match(await refused.json(), { statusCode: 401, code: 'unauthenticated' });
  t.equal(
    (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    200,
  );
});

t.test('a METRICS_PORT that is taken is logged, and the site serves on', async (t) => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => taken.close(() => resolve())));
  const lines: string[] = [];
  const config = loadConfig({
    SITE_URL: 'http://localhost:3000',
    DATA_DIR: await tempDataDir(t),
    METRICS_PORT: String((taken.address() as AddressInfo).port),
  });
  const app = await buildApp(config, { logger: { level: 'info', stream: { write: (line) => void lines.push(line) } } });
  t.teardown(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  t.equal((await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/healthz`)).status, 200);
  const errors = () =>
    lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => entry.level === 50);
  // The listener's failure is reported a moment after the site's own listen.
  for (let tries = 0; errors().length === 0 && tries < 100; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  t.match(errors(), [{ msg: /metrics could not listen on METRICS_PORT/ }]);
});

t.test('an accepted application counts the bytes of its files', async (t) => {
  const app = await build(t, { METRICS_TOKEN: TOKEN });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const form = new FormData();
  for (const [name, text] of Object.entries({
    language: 'de',
    name: 'Aylin Demir',
    email: 'aylin@example.com',
    job: 'senior-data-engineer',
  }))
    form.append(name, text);
  form.append('cv', new Blob([samples.pdf], { type: 'application/pdf' }), 'Lebenslauf.pdf');
  form.append('additionals[]', new Blob([samples.png], { type: 'image/png' }), 'zeugnis.png');
  const response = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/application`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
  });
  t.equal(response.status, 201);
  const all = await scrape(app);
  t.equal(value(all, 'upload_bytes_total'), samples.pdf.byteLength + samples.png.byteLength);
  t.equal(value(all, 'form_submissions_total', { form: 'application' }), 1);
});

t.test('apps built one after another in one process keep their own series', async (t) => {
  const first = await build(t, { METRICS_TOKEN: TOKEN });
  await first.ready();
  await first.inject({ url: '/company' });
  await first.close();
  const second = await build(t, { METRICS_TOKEN: TOKEN });
  await second.ready();
  t.equal(
    value(await scrape(second), 'http_requests_total', { route: 'en-company' }),
    undefined,
    'no series of the first app',
  );
});

t.test('the process metrics of a closed app observe nothing more, and node:perf_hooks is left as it was', async (t) => {
  const { monitorEventLoopDelay, PerformanceObserver } = perfHooks;
  const stopped = new Registry();
  const running = new Registry();
  collectProcessMetrics(stopped)();
  const stopRunning = collectProcessMetrics(running);
  t.teardown(stopRunning);
  t.equal(perfHooks.monitorEventLoopDelay, monitorEventLoopDelay);
  t.equal(perfHooks.PerformanceObserver, PerformanceObserver);
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const collections = async (registry: Registry) =>
    parsePrometheus(await registry.metrics()).reduce(
      (sum, s) => sum + (s.name === 'nodejs_gc_duration_seconds_count' ? s.value : 0),
      0,
    );
  for (let i = 0; i < 3; i += 1) {
    gc();
    // GC entries reach observers on a later turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  }
  t.ok((await collections(running)) > 0, 'a running observer sees the collections');
  t.equal(await collections(stopped), 0, 'a stopped one does not');
});

t.test('METRICS_PORT and METRICS_TOKEN are checked at start', async (t) => {
  t.same(loadConfig({}).metrics, { port: undefined, token: undefined }, 'off by default');
  t.same(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN }).metrics, { port: 9464, token: TOKEN });
  const error = t.throws(() =>
    loadConfig({ PORT: '8080', METRICS_PORT: '8080', METRICS_TOKEN: 'short' }),
  ) as ConfigError;
  t.type(error, ConfigError);
  t.match(error.message, 'METRICS_PORT must differ from PORT');
  t.match(error.message, 'METRICS_TOKEN must be at least 32 characters long');
  t.throws(() => loadConfig({ METRICS_PORT: '0' }), /METRICS_PORT must be a whole number from 1 to 65535/);
  t.throws(() => loadConfig({ METRICS_PORT: 'ninety' }), /METRICS_PORT must be a whole number/);
  t.throws(
    () => loadConfig({ METRICS_TOKEN: `${TOKEN} with spaces` }),
    /METRICS_TOKEN must be printable ASCII without spaces/,
  );
});
