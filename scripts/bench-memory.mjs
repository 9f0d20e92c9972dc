// npm run bench:memory: 20,000 mixed requests at concurrency 50 against the built server
// (pages in both languages, the insights API, searches, a few form posts), printing the
// server's RSS and its live heap after the last full collection every 2,000 requests.
// Node runs with the same heap flags as `npm start`.
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server.mjs';

const TOTAL = Number(process.env.BENCH_REQUESTS ?? 20_000);
const STEP = 2_000;
const CONCURRENCY = 50;

let liveHeapMb = NaN;
const server = await startBenchServer({
  nodeFlags: ['--trace-gc'],
  onLine(line) {
    const gc = /Mark-Compact[^>]*-> ([\d.]+) \(/.exec(line);
    if (gc) liveHeapMb = Number(gc[1]);
  },
});
const { url } = server;

const contact = JSON.stringify({
  name: 'Bench Mark',
  email: 'bench@example.com',
  message: 'Load test',
  language: 'en',
  legals: true,
});
const REQUESTS = [
  { path: '/' },
  { path: '/', headers: { cookie: 'language=de' } },
  { path: '/services/analytics' },
  { path: '/imprint' },
  { path: '/unternehmen/karriere' },
  { path: '/company/events/analytics-hub' },
  { path: '/insights' },
  { path: '/insights/consent-mode-v2-explained', headers: { cookie: 'language=de' } },
  { path: '/technologie/google-marketing-platform-partner/kontakt' },
  { path: '/api/insights/articles/en/1?sort=datetime:desc' },
  { path: '/api/insights/articles/de/search/%C3%9Cber%20consent' },
  { path: '/api/insights/articles/en/search/bigqeury' },
  { path: '/api/careers/de' },
  { path: '/no-such-page' },
  { path: '/api/contact', method: 'POST', body: contact, headers: { 'content-type': 'application/json', origin: url } },
];
// Every request of the list in turn; a form post once in every 100 requests.
const sequence = Array.from({ length: 100 }, (_, i) =>
  i === 99 ? REQUESTS.at(-1) : REQUESTS[i % (REQUESTS.length - 1)],
);

const rssMb = server.rssMb;
console.log(`flags: ${server.flags.join(' ')}`);
console.log(`start: RSS ${rssMb().toFixed(0)} MB`);
console.log('| requests | RSS MB | live heap MB (last full GC) | req/s | unexpected status |');
console.log('|---|---|---|---|---|');
let done = 0;
let peak = 0;
while (done < TOTAL) {
  const result = await autocannon({ url, connections: CONCURRENCY, amount: STEP, requests: sequence });
  done += STEP;
  peak = Math.max(peak, rssMb());
  // The unknown page answers 404 on purpose; anything else that is not 2xx counts.
  const bad = result.non2xx - (result.statusCodeStats['404']?.count ?? 0);
  console.log(`| ${done} | ${rssMb().toFixed(0)} | ${liveHeapMb} | ${(STEP / result.duration).toFixed(0)} | ${bad} |`);
}
console.log(`peak RSS ${peak.toFixed(0)} MB`);
await server.stop();
