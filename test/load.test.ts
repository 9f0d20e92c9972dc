// 2,000 requests at concurrency 50 against the built server, across pages in both languages,
// cached and uncached, compressed and not, the APIs and form posts: every answer is checked,
// and the server logs nothing at error level. Bounded by count, never by time.
import http from 'node:http';
import zlib from 'node:zlib';
import t from 'tap';
import { startServer } from './helpers/server-process.ts';

const TOTAL = 2_000;
const CONCURRENCY = 50;

interface Probe {
  name: string;
  path: string;
  init?: RequestInit;
  status: number;
  /** What the decoded body must show. */
  check: (body: string) => boolean;
}

const html = (language: 'en' | 'de') => (body: string) =>
  body.startsWith('<!DOCTYPE html>') && body.includes(`<html lang="${language}"`) && body.endsWith('</html>');
const json = (test: (value: Record<string, unknown>) => boolean) => (body: string) =>
  test(JSON.parse(body) as Record<string, unknown>);

function probes(origin: string): Probe[] {
  const contact = (index: number) =>
    JSON.stringify({
      name: `Load Test ${index}`,
      email: `load${index}@example.com`,
      message: 'Checking the site under load.',
      language: 'en',
      legals: true,
    });
  return [
    { name: 'home en', path: '/', init: { headers: { 'accept-language': 'en' } }, status: 200, check: html('en') },
    {
      name: 'home de br',
      path: '/',
      init: { headers: { 'accept-language': 'de', 'accept-encoding': 'br' } },
      status: 200,
      check: html('de'),
    },
    { name: 'services', path: '/services/analytics', status: 200, check: html('en') },
    {
      name: 'company de gzip',
      path: '/unternehmen/karriere',
      init: { headers: { 'accept-encoding': 'gzip' } },
      status: 200,
      check: html('de'),
    },
    {
      name: 'article',
      path: '/insights/consent-mode-v2-explained',
      init: { headers: { 'accept-encoding': 'br' } },
      status: 200,
      check: html('en'),
    },
    {
      name: 'insights uncached',
      path: '/insights?sort=datetime:asc',
      init: { headers: { 'accept-encoding': 'br' } },
      status: 200,
      check: html('en'),
    },
    { name: 'events', path: '/company/events/analytics-hub', status: 200, check: html('en') },
    { name: 'missing', path: '/no-such-page', status: 404, check: html('en') },
    {
      name: 'insights api',
      path: '/api/insights/articles/de/1',
      init: { headers: { 'accept-encoding': 'br' } },
      status: 200,
      check: json((v) => Array.isArray(v.articles) && typeof v.sum === 'number'),
    },
    {
      name: 'search',
      path: '/api/insights/articles/en/search/consent',
      status: 200,
      check: json((v) => Array.isArray(v.articles)),
    },
    { name: 'careers api', path: '/api/careers/en', status: 200, check: json((v) => Array.isArray(v.activePositions)) },
    {
      name: 'content',
      path: '/content/de/navigation.json',
      init: { headers: { 'accept-encoding': 'gzip' } },
      status: 200,
      check: json((v) => typeof v === 'object'),
    },
    {
      name: 'bad field',
      path: '/api/contact',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ ...JSON.parse(contact(0)), name: ['A'] }),
      },
      status: 400,
      check: json((v) => v.field === 'name'),
    },
    ...Array.from({ length: 3 }, (_, index) => ({
      name: 'contact',
      path: '/api/contact',
      init: { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: contact(index) },
      status: 201,
      check: json((v) => v.ok === true && typeof v.id === 'string'),
    })),
  ];
}

interface Answer {
  status: number;
  body: string;
}

/** One request over a kept-alive connection; the body decoded by hand, so the encoding the server chose is checked too. */
function send(agent: http.Agent, base: string, probe: Probe): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { 'accept-encoding': 'identity', ...(probe.init?.headers as Record<string, string> | undefined) };
    const request = http.request(
      `${base}${probe.path}`,
      { method: probe.init?.method ?? 'GET', headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const bytes = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'];
            const body =
              encoding === 'br'
                ? zlib.brotliDecompressSync(bytes)
                : encoding === 'gzip'
                  ? zlib.gunzipSync(bytes)
                  : bytes;
            resolve({ status: response.statusCode ?? 0, body: body.toString('utf8') });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(probe.init?.body as string | undefined);
  });
}

t.test(`${TOTAL} requests at concurrency ${CONCURRENCY}: every answer right, nothing logged as an error`, async (t) => {
  // All from one address: its per-address limits are lifted like its rate limits.
  const server = await startServer(t, {
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_READ_MAX: '100000',
    MAX_REQUESTS_PER_ADDRESS: '100000',
    MAX_CONNECTIONS_PER_ADDRESS: '100000',
  });
  const list = probes(server.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  t.teardown(() => agent.destroy());
  const failures: string[] = [];
  const seen = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < TOTAL) {
      const probe = list[next % list.length]!;
      next += 1;
      try {
        const { status, body } = await send(agent, server.url, probe);
        if (status !== probe.status || !probe.check(body))
          failures.push(`${probe.name}: ${status} ${body.slice(0, 120)}`);
      } catch (error) {
        failures.push(`${probe.name}: ${(error as Error).message}`);
      }
      seen.set(probe.name, (seen.get(probe.name) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  t.equal(
    [...seen.values()].reduce((sum, count) => sum + count, 0),
    TOTAL,
    `${TOTAL} answers`,
  );
  t.same(failures.slice(0, 10), [], `no wrong answer (${failures.length} in all)`);
  await server.stop();
  const errors = server.logs.filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return line.trim() !== '';
    }
  });
  t.same(errors.slice(0, 5), [], 'nothing logged at error level or on stderr');
});
