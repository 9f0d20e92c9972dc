// npm run bench:render [-- --path P ...] [--seconds S] [--connections C] [--rounds R] [--profile DIR] [--node-flag F ...]
// What an uncached page render costs: the built server as `npm start` runs it, with PAGE_CACHE_MB=0
// so every request renders its page's React tree, under autocannon at concurrency C (default 50)
// for S seconds (default 10) per path (default /), after 3 s of warm-up, R rounds (default 1).
// Prints req/s, p50/p99, answers that were not 2xx, and the server's CPU time per answer (user
// plus system, from /proc), which holds up better than req/s on a machine others share.
// --profile DIR: the server runs with --cpu-prof; its profile is written to DIR and summarized
// (garbage collector, the render path's phases, self and total time by function).
// --node-flag F: a Node flag after those of `npm start` (which it overrides when it names the same
// one), to weigh a flag such as --max-semi-space-size=8 against the shipped one.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server.mjs';
import { summarizeProfile } from './cpu-profile-summary.mjs';

const { values } = parseArgs({
  options: {
    path: { type: 'string', multiple: true, default: ['/'] },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '1' },
    profile: { type: 'string' },
    'node-flag': { type: 'string', multiple: true, default: [] },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
for (const [name, value] of [
  ['seconds', seconds],
  ['connections', connections],
  ['rounds', rounds],
]) {
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a whole number of at least 1, not ${values[name]}`);
}
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** The server's CPU seconds so far, user and system, from /proc/PID/stat (fields 14 and 15, in clock ticks). */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Linux's USER_HZ is 100 on every architecture Node runs on.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The server's peak resident set size so far in MB (VmHWM). */
const peakRssMb = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const load = (url, duration) => autocannon({ url, connections, duration, headers: { 'user-agent': BROWSER } });

const profileDir = values.profile ? path.resolve(values.profile) : undefined;
if (profileDir) mkdirSync(profileDir, { recursive: true });
const server = await startBenchServer({
  env: { PAGE_CACHE_MB: '0' },
  nodeFlags: [...values['node-flag'], ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
});
console.log(
  `uncached renders (PAGE_CACHE_MB=0), node ${[...server.flags, ...values['node-flag']].join(' ')}${profileDir ? ' --cpu-prof' : ''}, concurrency ${connections}, ${seconds} s per run after 3 s of warm-up, no Accept-Encoding`,
);
console.log('| path | round | req/s | p50 ms | p99 ms | non-2xx | CPU ms per answer | peak RSS MB |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
try {
  for (const pagePath of values.path) {
    const url = `${server.url}${pagePath}`;
    for (let round = 1; round <= rounds; round += 1) {
      await load(url, 3);
      const before = cpuSeconds(server.pid);
      const result = await load(url, seconds);
      const cpu = cpuSeconds(server.pid) - before;
      const answers = result.requests.total;
      console.log(
        `| ${pagePath} | ${round} | ${result.requests.average.toFixed(1)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors + result.timeouts} | ${answers > 0 ? ((1000 * cpu) / answers).toFixed(2) : '-'} | ${peakRssMb(server.pid).toFixed(0)} |`,
      );
    }
  }
} finally {
  await server.stop();
}
if (profileDir) {
  // The newest profile in the folder is this run's: V8 writes it as the process exits.
  const newest = readdirSync(profileDir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort()
    .at(-1);
  if (!newest) throw new Error(`no .cpuprofile was written to ${profileDir}`);
  console.log(`\n${path.join(profileDir, newest)} (start-up included):`);
  console.log(summarizeProfile(JSON.parse(readFileSync(path.join(profileDir, newest), 'utf8'))));
}
