/**
 * One page, one address, one cache entry: the built server, run as its own process with the heap
 * flags `npm start` ships, answers every other spelling of a page's path (trailing slashes,
 * percent-encoded letters, dot segments) with a 308 to the page's own address, so the page
 * cache holds one entry per page however it is spelled; and a flood of spellings from one
 * address neither evicts the pages kept for everyone else nor grows the process's memory.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import t, { type Test } from 'tap';
import { tempDataDir } from './helpers/build.ts';
import { type Answer, SHIPPED_HEAP_FLAGS, send } from './helpers/loopback-clients.ts';
import { type ServerProcess, startServer } from './helpers/server-process.ts';

const METRICS_TOKEN = 'p'.repeat(32);
const ATTACKER = '127.0.0.30';
/** The README's figure for the server's RSS under load ("flat at about 200 MB"), with room for a loaded machine. */
const RSS_BOUND_MB = 230;

/** One series of /metrics, named with its labels as the scrape writes them; 0 when it has no value yet. */
async function metric(server: ServerProcess, series: string): Promise<number> {
  const scrape = await send(server.url, '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = scrape.body.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const ABOUT_US_RENDERS = 'page_render_duration_seconds_count{route="en-about-us"}';

const rssMb = (server: ServerProcess): number => {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page's answer once its brotli copy is kept (it then carries the copy's ETag): waits for that condition. */
async function keptCopy(server: ServerProcess, path: string): Promise<Answer> {
  for (let tries = 0; ; tries += 1) {
    const answer = await send(server.url, path, { headers: { 'accept-encoding': 'br' }, encoding: 'latin1' });
    if (answer.status !== 200 || answer.headers.etag || tries >= 200) return answer;
    await pause(50);
  }
}

async function spellingServer(t: Test) {
  const dataDir = await tempDataDir(t);
  return startServer(t, { DATA_DIR: dataDir, METRICS_TOKEN }, { nodeArgs: SHIPPED_HEAP_FLAGS });
}

/** The canonical pages the spellings are made of: one-language pages of both languages, a shared one with its language named. */
const PAGES = [
  '/company/about-us',
  '/unternehmen/ueber-uns',
  '/technology/lunio',
  '/technologie/meridian',
  '/insights',
];

/** Every kind of other spelling of a path, each with the query it is sent with. */
function spellingsOf(path: string): string[] {
  const at = path.lastIndexOf('/') + 2;
  const letter = path.charCodeAt(at).toString(16);
  const encoded = `${path.slice(0, at)}%${letter}${path.slice(at + 1)}`;
  const encodedUpper = `${path.slice(0, at)}%${letter.toUpperCase()}${path.slice(at + 1)}`;
  const [, first = '', ...rest] = path.split('/');
  return [
    `${path}/`,
    `${path}//`,
    encoded,
    encodedUpper,
    `${encoded}/`,
    `/${first}/./${rest.join('/')}`.replace(/\/$/, ''),
    `/${first}/x/../${rest.join('/')}`.replace(/\/$/, ''),
    `/${first}/%2e/${rest.join('/')}`.replace(/\/$/, ''),
  ].filter((spelling) => spelling !== path);
}

t.test(
  'every other spelling of a page is redirected to its own address, and the cache keeps one entry per page',
  async (t) => {
    const server = await spellingServer(t);
    for (const path of PAGES) {
      for (const spelling of spellingsOf(path)) {
        for (const query of ['', '?lang=de', '?utm_source=x&b=%20']) {
          const answer = await send(server.url, `${spelling}${query}`);
          t.equal(answer.status, 308, `${spelling}${query} is redirected`);
          t.equal(answer.headers.location, `${path}${query}`, `${spelling}${query}: to ${path} with the query kept`);
          t.equal(answer.headers['cache-control'], 'public, max-age=86400', `${spelling}${query}: a day in any cache`);
        }
      }
      const head = await send(server.url, `${path}/?lang=en`, { method: 'HEAD' });
      t.equal(head.status, 308, `HEAD ${path}/ is redirected too`);
      t.equal(head.headers.location, `${path}?lang=en`);
      const page = await send(server.url, path);
      t.equal(page.status, 200, `${path} itself is the page`);
    }
    // Spellings the matching does not take are unknown paths: a 404 each, none kept.
    for (const unknown of ['/Company/about-us', '/COMPANY/ABOUT-US', '/company//about-us', '/nope/', '/n%6Fpe']) {
      const answer = await send(server.url, unknown);
      t.equal(answer.status, 404, `${unknown} answers 404`);
      t.equal(answer.headers['cache-control'], 'no-store', `${unknown}: kept nowhere`);
    }
    // The Location is a path of this site whatever the request's path said.
    for (const hostile of ['/.//evil.example/', '/%2F%2Fevil.example/', '/%5C%5Cevil.example/company/']) {
      const answer = await send(server.url, hostile);
      t.notOk(
        /^(?:\/\/|\\|[a-z]+:)/i.test(String(answer.headers.location ?? '')),
        `${hostile}: no redirect off the site`,
      );
    }
    t.equal(await metric(server, 'page_cache_entries'), PAGES.length, 'one cache entry per page');
    t.equal(await metric(server, ABOUT_US_RENDERS), 1, 'a page is rendered once, whatever the spellings asked for');
  },
);

t.test(
  'a flood of spellings from one address leaves the pages kept for everyone kept, the visitor served and RSS bounded',
  async (t) => {
    const server = await spellingServer(t);
    const kept = '/company/about-us';
    const before = await keptCopy(server, kept);
    t.ok(before.headers.etag, 'the page is kept with its brotli copy before the flood');
    const rssBefore = rssMb(server);
    const entriesBefore = await metric(server, 'page_cache_entries');
    t.ok(entriesBefore >= 1, `the cache's entries are counted (${entriesBefore})`);

    // Distinct spellings of many pages: each letter percent-encoded in turn, with a growing tail of slashes.
    const targets = [
      ...PAGES,
      '/company/career',
      '/unternehmen/karriere',
      '/company/contact',
      '/imprint',
      '/impressum',
    ];
    const spelling = (n: number) => {
      const path = targets[n % targets.length]!;
      const letters = [...path].map((char, index) => (/[a-z]/.test(char) ? index : -1)).filter((index) => index >= 0);
      const at = letters[Math.floor(n / targets.length) % letters.length]!;
      const slashes = '/'.repeat(1 + Math.floor(n / (targets.length * letters.length)));
      return `${path.slice(0, at)}%${path.charCodeAt(at).toString(16)}${path.slice(at + 1)}${slashes}`;
    };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16, localAddress: ATTACKER });
    t.teardown(() => agent.destroy());
    const floodEnds = Date.now() + 12_000;
    const attackStatuses = new Map<number, number>();
    let sent = 0;
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(server));
    }, 100);
    t.teardown(() => clearInterval(sampler));
    const attacker = async () => {
      while (Date.now() < floodEnds && sent < 4000) {
        const n = sent++;
        const answer = await send(server.url, spelling(n), {
          agent,
          headers: { 'accept-encoding': 'br' },
          encoding: 'latin1',
        }).catch(() => undefined);
        const status = answer?.status ?? 0;
        attackStatuses.set(status, (attackStatuses.get(status) ?? 0) + 1);
      }
    };
    const latencies: number[] = [];
    const visitor = async () => {
      const answers: Answer[] = [];
      while (Date.now() < floodEnds) {
        const asked = performance.now();
        answers.push(await send(server.url, kept, { headers: { 'accept-encoding': 'br' }, encoding: 'latin1' }));
        latencies.push(performance.now() - asked);
        await pause(100);
      }
      return answers;
    };
    const [visits] = await Promise.all([visitor(), ...Array.from({ length: 16 }, attacker)]);
    clearInterval(sampler);
    t.comment(`attack: ${sent} requests, ${JSON.stringify(Object.fromEntries(attackStatuses))}`);
    t.comment(`RSS ${rssBefore.toFixed(0)} MB before, ${peakRss.toFixed(0)} MB at most during the flood`);
    // Reported, not asserted: timings depend on the machine.
    const sorted = latencies.toSorted((a, b) => a - b);
    const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]?.toFixed(1);
    t.comment(`visitor: ${sorted.length} requests, p50 ${percentile(0.5)} ms, p99 ${percentile(0.99)} ms`);

    t.ok(visits.length > 0, 'the visitor asked during the flood');
    t.same(
      visits.filter((answer) => answer.status !== 200),
      [],
      `each of the visitor's ${visits.length} requests is served`,
    );
    t.same(
      visits.filter((answer) => answer.headers.etag !== before.headers.etag).map((answer) => answer.headers.etag),
      [],
      'each from the kept copy (its ETag)',
    );
    t.equal(await metric(server, 'page_cache_entries'), entriesBefore, 'no spelling made a cache entry');
    t.equal(await metric(server, ABOUT_US_RENDERS), 1, 'the kept page was never rendered again');
    t.ok(peakRss < RSS_BOUND_MB, `RSS stays under ${RSS_BOUND_MB} MB (peak ${peakRss.toFixed(0)} MB)`);
    t.equal((await send(server.url, '/readyz')).status, 200, '/readyz says ready');
    t.equal(server.child.exitCode, null, 'the process is alive');
  },
);
