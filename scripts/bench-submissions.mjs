// npm run bench:submissions: contact submissions stored per second by one server (autocannon,
// concurrency 20, loopback), with the embedded node:sqlite database and with PostgreSQL
// (DATABASE_URL), and the ratio. Each answer is a 201 only after the submission and its two
// mails are committed. PostgreSQL is a throwaway server started here, as the tests start it
// (fsync on, unlike the tests: durable commits are what is measured).
import autocannon from 'autocannon';
import { startPostgres } from '../test/helpers/postgres.ts';
import { startBenchServer } from './bench-server.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
const body = JSON.stringify({
  name: 'Jana Vogt',
  email: 'jana@example.com',
  company: 'Elbwerk',
  message: 'Bitte rufen Sie mich an.',
  language: 'de',
  legals: true,
});

async function measure(name, env) {
  const server = await startBenchServer({ env });
  try {
    const options = {
      url: `${server.url}/api/contact`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
      connections: CONNECTIONS,
    };
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration: DURATION_S });
    const bad = result.non2xx + result.errors + result.timeouts;
    console.log(
      `${name.padEnd(12)} ${result.requests.average.toFixed(0).padStart(6)} submissions/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms${bad ? `  (${bad} not 201)` : ''}`,
    );
    return result.requests.average;
  } finally {
    await server.stop();
  }
}

const cleanups = [];
try {
  const postgres = await startPostgres({ teardown: (fn) => cleanups.push(fn) }, { durable: true });
  const sqlite = await measure('node:sqlite', {});
  const pg = await measure('PostgreSQL', {
    DATABASE_URL: await postgres.createDatabase(),
    TOKEN_SECRET: 'bench-secret-0123456789abcdef0123456789',
  });
  console.log(`PostgreSQL / node:sqlite = ${(pg / sqlite).toFixed(2)}`);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
