/**
 * POST /api/web-vitals through app.inject(): a good report moves the histograms of /metrics,
 * and everything else an attacker could send is refused with the field named, leaving the
 * series, their labels and the heap as they were.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import t, { type Test } from 'tap';
import { WEB_VITALS_API as WEB_VITALS_PATH } from '#app/api-paths.ts';
import { PAGE_ROUTES } from '#app/page-table.ts';
import {
  WEB_VITALS_BODY_LIMIT_BYTES,
  WEB_VITALS_MAX_CLS,
  WEB_VITALS_MAX_MS,
  WEB_VITALS_REPORTS_PER_ADDRESS_PER_MINUTE,
} from '#server/api/web-vitals.ts';
import { build } from './helpers/build.ts';

const TOKEN = 'metrics-token-0123456789abcdefghijklmnop';
const SITE = 'http://localhost:3000';
const load = { route: 'home', navigation: 'load', lcp: 1800, ttfb: 240, cls: 0.04, inp: 120 };
const client = { route: 'insight-article', navigation: 'client', cls: 0.3, inp: 560 };

async function appWithMetrics(t: Test): Promise<FastifyInstance> {
  return build(t, { METRICS_TOKEN: TOKEN });
}

function post(
  app: FastifyInstance,
  payload: string,
  {
    type = 'application/json',
    ip = '10.0.0.1',
    headers = {},
  }: { type?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: WEB_VITALS_PATH,
    headers: { 'content-type': type, origin: SITE, ...headers },
    payload,
    remoteAddress: ip,
  });
}

/** The web_vitals_* lines of the exposition. */
async function vitalsLines(app: FastifyInstance): Promise<string[]> {
  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  return response.body.split('\n').filter((line) => line.startsWith('web_vitals_'));
}

const countOf = (lines: string[], name: string, labels: string) =>
  Number(lines.find((line) => line.startsWith(`${name}_count{${labels}}`))?.split(' ')[1] ?? 0);

t.test('a report of a load and one of a client view land in their histograms', async (t) => {
  const app = await appWithMetrics(t);
  t.same(await vitalsLines(app), [], 'no series before a report: nothing is made up');
  const accepted = await post(app, JSON.stringify(load));
  t.equal(accepted.statusCode, 204);
  t.equal(accepted.body, '', 'nothing is answered');
  t.notOk(accepted.headers['set-cookie'], 'no cookie');
  t.equal((await post(app, JSON.stringify(client))).statusCode, 204);
  t.equal(
    (await post(app, JSON.stringify({ route: 'en-contact', navigation: 'load', ttfb: 90 }))).statusCode,
    204,
    'one value is enough',
  );

  const lines = await vitalsLines(app);
  t.equal(countOf(lines, 'web_vitals_lcp_seconds', 'route="home"'), 1);
  t.ok(lines.includes('web_vitals_lcp_seconds_sum{route="home"} 1.8'), 'milliseconds become seconds');
  t.equal(countOf(lines, 'web_vitals_ttfb_seconds', 'route="home"'), 1);
  t.equal(countOf(lines, 'web_vitals_ttfb_seconds', 'route="en-contact"'), 1);
  t.equal(countOf(lines, 'web_vitals_inp_seconds', 'route="home",navigation="load"'), 1);
  t.equal(countOf(lines, 'web_vitals_inp_seconds', 'route="insight-article",navigation="client"'), 1);
  t.ok(lines.includes('web_vitals_cls_sum{route="insight-article",navigation="client"} 0.3'), 'CLS has no unit');
  t.notOk(
    lines.some((line) => line.includes('route="insight-article"') && /lcp|ttfb/.test(line)),
    'a client view has no LCP or TTFB',
  );
  t.notOk(
    lines.some((line) => line.includes('en-contact') && /cls|inp/.test(line)),
    'a value not sent is not counted as zero',
  );
});

t.test('bad reports are refused, each naming its field, and count nowhere', async (t) => {
  const app = await appWithMetrics(t);
  const huge = JSON.stringify({ ...load, route: 'x'.repeat(WEB_VITALS_BODY_LIMIT_BYTES) });
  const refusals: [string, string, number, string, string?][] = [
    ['a number as text', JSON.stringify({ ...load, lcp: '1800' }), 400, 'lcp'],
    ['a boolean', JSON.stringify({ ...load, cls: true }), 400, 'cls'],
    ['null, as JSON writes NaN', JSON.stringify({ ...load, inp: Number.NaN }), 400, 'inp'],
    ['NaN as text', JSON.stringify({ ...load, inp: 'NaN' }), 400, 'inp'],
    ['a list', JSON.stringify({ ...load, ttfb: [240] }), 400, 'ttfb'],
    ['an object', JSON.stringify({ ...load, ttfb: { valueOf: 240 } }), 400, 'ttfb'],
    ['a negative time', JSON.stringify({ ...load, lcp: -1 }), 400, 'lcp'],
    ['a negative shift', JSON.stringify({ ...load, cls: -0.1 }), 400, 'cls'],
    ['an absurd time', JSON.stringify({ ...load, ttfb: WEB_VITALS_MAX_MS + 1 }), 400, 'ttfb'],
    ['an absurd shift', JSON.stringify({ ...load, cls: WEB_VITALS_MAX_CLS + 1 }), 400, 'cls'],
    ['infinity', JSON.stringify(load).replace('"lcp":1800', '"lcp":1e400'), 400, 'lcp'],
    ['an unknown route', JSON.stringify({ ...load, route: '/insights/some-article' }), 400, 'route'],
    ['a route id in other case', JSON.stringify({ ...load, route: 'HOME' }), 400, 'route'],
    ['a route as number', JSON.stringify({ ...load, route: 1 }), 400, 'route'],
    ['no route', JSON.stringify({ navigation: 'load', lcp: 1800 }), 400, 'route'],
    ['an unknown navigation', JSON.stringify({ ...load, navigation: 'prerender' }), 400, 'navigation'],
    ['no navigation', JSON.stringify({ route: 'home', lcp: 1800, cls: 0 }), 400, 'navigation'],
    ['an extra field', JSON.stringify({ ...load, url: 'https://example.com/?email=a@b.c' }), 400, 'url'],
    ['an identifier', JSON.stringify({ ...load, id: 'v3-1716-abc' }), 400, 'id'],
    ['LCP of a client view', JSON.stringify({ ...client, lcp: 900 }), 400, 'lcp'],
    ['TTFB of a client view', JSON.stringify({ ...client, ttfb: 90 }), 400, 'ttfb'],
    ['no value at all', JSON.stringify({ route: 'home', navigation: 'load' }), 400, 'body'],
    ['a list of reports', JSON.stringify([load]), 400, 'body'],
    ['a number', '42', 400, 'body'],
    ['broken JSON', '{"route":"home",', 400, 'body'],
    ['an empty body', '', 400, 'body'],
    ['a prototype', '{"__proto__":{"polluted":true},"route":"home","navigation":"load","cls":0}', 400, 'body'],
    ['a body past the limit', huge, 413, 'body'],
    ['plain text, as a beacon of a string', JSON.stringify(load), 415, 'content-type', 'text/plain;charset=UTF-8'],
    ['a form', 'route=home&navigation=load&cls=0', 415, 'content-type', 'application/x-www-form-urlencoded'],
    [
      'multipart',
      '--x\r\nContent-Disposition: form-data; name="route"\r\n\r\nhome\r\n--x--\r\n',
      415,
      'content-type',
      'multipart/form-data; boundary=x',
    ],
    ['a CSP report type', JSON.stringify(load), 415, 'content-type', 'application/csp-report'],
    ['no content type', JSON.stringify(load), 415, 'content-type', ''],
  ];
  for (const [index, [what, payload, status, field, type]] of refusals.entries()) {
    // Each from its own address: these are about the checks, not the rate limit.
    const response = await post(app, payload, { ip: `10.3.0.${index + 1}`, ...(type === undefined ? {} : { type }) });
    t.equal(response.statusCode, status, `${what} → ${status}`);
    t.equal(response.json().field, field, `${what} names ${field}`);
  }
  t.notOk(({} as Record<string, unknown>).polluted, 'no prototype pollution');
  const foreign = await post(app, JSON.stringify(load), {
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  });
  t.equal(foreign.statusCode, 403, 'another site cannot report in a visitor’s name');
  t.equal(foreign.json().field, 'origin');
  t.equal((await app.inject({ url: WEB_VITALS_PATH })).statusCode, 404, 'GET is not a report');
  t.same(await vitalsLines(app), [], 'not one series was made');
  const requests = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  for (const status of [400, 413, 415]) {
    const expected = refusals.filter(([, , refused]) => refused === status).length;
    t.match(
      requests.body,
      new RegExp(
        `^http_requests_total\\{method="POST",route="${WEB_VITALS_PATH}",status="${status}"\\} ${expected}$`,
        'm',
      ),
      `the operator sees the ${expected} answered ${status}`,
    );
  }
});

t.test('a flood from one address is cut off by its own budget, which leaves the forms theirs', async (t) => {
  const app = await appWithMetrics(t);
  const statuses: number[] = [];
  for (let i = 0; i < WEB_VITALS_REPORTS_PER_ADDRESS_PER_MINUTE + 5; i += 1)
    statuses.push((await post(app, JSON.stringify(load), { ip: '10.0.0.7' })).statusCode);
  t.equal(
    statuses.filter((status) => status === 204).length,
    WEB_VITALS_REPORTS_PER_ADDRESS_PER_MINUTE,
    'so many reports a minute from one address',
  );
  const refused = await post(app, JSON.stringify(load), { ip: '10.0.0.7' });
  t.equal(refused.statusCode, 429, 'then refused');
  t.equal(refused.json().code, 'rate_limited');
  t.match(String(refused.headers['retry-after']), /^\d+$/, 'with Retry-After');
  t.equal(
    countOf(await vitalsLines(app), 'web_vitals_lcp_seconds', 'route="home"'),
    WEB_VITALS_REPORTS_PER_ADDRESS_PER_MINUTE,
    'the refused ones are not counted',
  );
  t.equal(
    (await post(app, JSON.stringify(load), { ip: '10.0.0.8' })).statusCode,
    204,
    'other addresses are not affected',
  );
  const contact = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: SITE },
    payload: {
      name: 'Jana Vogt',
      email: 'jana@example.com',
      company: 'Elbwerk',
      message: 'Bitte rufen Sie mich an.',
      language: 'de',
      legals: true,
    },
    remoteAddress: '10.0.0.7',
  });
  t.equal(contact.statusCode, 201, 'the flooding address may still send a form: the budgets are apart');
});

t.test('the label set stays bounded and the heap flat, however many distinct bad reports arrive', async (t) => {
  const app = await appWithMetrics(t);
  // One accepted report of every route and navigation: every series there can ever be.
  for (const [index, { id }] of PAGE_ROUTES.entries()) {
    for (const navigation of ['load', 'client']) {
      const response = await post(app, JSON.stringify({ route: id, navigation, cls: 0.01, inp: 40 }), {
        ip: `10.2.${index}.${navigation === 'load' ? 1 : 2}`,
      });
      t.equal(response.statusCode, 204, `${id} ${navigation}`);
    }
  }
  const allSeries = await vitalsLines(app);
  const routeLabels = new Set(allSeries.map((line) => /route="([^"]*)"/.exec(line)?.[1]));
  t.same([...routeLabels].sort(), PAGE_ROUTES.map((route) => route.id).sort(), 'the routes of the table, no other');
  t.ok(
    allSeries.every((line) => /navigation="(load|client)"/.test(line) || !line.includes('navigation=')),
    'navigation is load or client',
  );

  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const heapAfterGc = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  // Each bad report is unique and as large as a body may be, so keeping any of them would show.
  let serial = 0;
  const badReport = () => {
    serial += 1;
    const kind = serial % 4;
    const filler = `${serial}-${'r'.repeat(700)}`;
    if (kind === 0) return JSON.stringify({ ...load, route: filler });
    if (kind === 1) return JSON.stringify({ ...load, [`f${filler}`]: 1 });
    if (kind === 2) return JSON.stringify({ ...load, navigation: filler });
    return JSON.stringify({ ...load, lcp: filler });
  };
  const ADDRESSES = 2000;
  let sent = 0;
  const round = async () => {
    for (let n = 0; n < 5000; n += 1) {
      const address = sent++ % ADDRESSES;
      const response = await post(app, badReport(), { ip: `10.1.${Math.floor(address / 250)}.${address % 250}` });
      if (response.statusCode !== 400) throw new Error(`a bad report was answered ${response.statusCode}`);
    }
  };
  // The first rounds warm up what any request does once (compiled code, the rate limit's entry per address).
  await round();
  await round();
  const before = heapAfterGc();
  for (let rounds = 0; rounds < 4; rounds += 1) await round();
  const grown = heapAfterGc() - before;
  // Kept, the 20,000 reports would take 14 MB; the collector's own swing is a few MB either way.
  t.ok(
    grown < 4 * 1024 * 1024,
    `20,000 more bad reports of 0.7 KB each changed the heap by ${(grown / 1024).toFixed(0)} KB (less than 4 MB more)`,
  );
  t.same(await vitalsLines(app), allSeries, 'and not one series more or changed');
});
