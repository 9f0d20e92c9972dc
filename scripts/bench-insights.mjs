// Median and 95th-percentile latency of the insights API over real sockets: a filtered
// page and a full-text search, against the server as `npm start` runs it, on a free loopback port.
import { startBenchServer } from './bench-server.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const WARMUP = 50;

const server = await startBenchServer();
const base = server.url;

async function measure(label, url) {
  for (let i = 0; i < WARMUP; i += 1) await (await fetch(url)).arrayBuffer();
  const times = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${response.status} for ${url}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
  console.log(`${label}: median ${at(0.5)} ms, p95 ${at(0.95)} ms (${REQUESTS} sequential requests)`);
}

const filter = encodeURIComponent(JSON.stringify({ primary: ['article', 'case-study'], secondary: ['analytics', 'ad-technology', 'privacy'] }));
try {
  await measure('filtered page  ', `${base}/api/insights/articles/de/1?sort=datetime:desc&filter=${filter}`);
  await measure('search "Über"  ', `${base}/api/insights/articles/de/search/${encodeURIComponent('Über')}`);
  await measure('search "bigqeury" (typo)', `${base}/api/insights/articles/en/search/bigqeury`);
  await measure('facet counts   ', `${base}/api/insights/possibilities/filter/en?filter=${filter}`);
} finally {
  await server.stop();
}
