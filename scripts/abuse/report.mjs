// The text `npm run bench:abuse` prints for one attack's run (runAttack's result).
import { POSTS_PER_ADDRESS, VISITOR } from './session.mjs';

const counted = (counts) =>
  Object.entries(counts)
    .map(([key, n]) => `${key} ×${n}`)
    .join(', ') || '–';
const failures = (s) => (s.failed ? `${s.failed} (${counted(s.failures)})` : '0');
const ms = (value) => (value === null ? '–' : value.toFixed(1));

export function printRun(report, description) {
  const { attack, phases } = report;
  const addresses = attack.addresses;
  const env = Object.entries(report.server.env);
  console.log(`## ${attack.name}`);
  console.log('');
  console.log(
    `server: node ${report.server.flags.join(' ')}, NODE_ENV=production, ${report.server.limits}` +
      (env.length ? `; set for this run: ${env.map(([name, value]) => `${name}=${value}`).join(' ')}` : ''),
  );
  console.log(
    `attack: ${description}; from ${addresses.length} address${addresses.length === 1 ? '' : 'es'} ` +
      `(${addresses[0]}${addresses.length > 1 ? `–${addresses.at(-1)}` : ''}); for ${attack.seconds} s`,
  );
  console.log(
    `visitor: GET / (accept-encoding: ${attack.name === 'path-spelling' ? 'br' : 'gzip, deflate, br, zstd'}) every ${VISITOR.pageEveryMs} ms from 127.0.0.1, ` +
      `a JSON contact post every ${VISITOR.contactEveryMs} ms (at most ${POSTS_PER_ADDRESS} per address, from 127.0.1.x), ` +
      `/readyz every ${VISITOR.readyEveryMs} ms; p50/p99 over the answered 2xx; "with ETag": pages answered from the page cache's kept copy`,
  );
  console.log('');
  console.log(
    '| phase | s | page p50 ms | page p99 ms | pages ok | with ETag | pages failed | contact p50 ms | contact p99 ms | posts ok | posts failed | /readyz | peak heap MB | peak RSS MB | RSS at end MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [name, m] of Object.entries(phases)) {
    if (!m) {
      console.log(`| ${name} | – | server gone | | | | | | | | | | | | |`);
      continue;
    }
    console.log(
      `| ${name} | ${m.seconds} | ${ms(m.page.p50)} | ${ms(m.page.p99)} | ${m.page.ok} | ${m.page.withEtag} | ${failures(m.page)} | ` +
        `${ms(m.contact.p50)} | ${ms(m.contact.p99)} | ${m.contact.ok} | ${failures(m.contact)} | ${counted(m.readyz)} | ` +
        `${m.peakHeapMb} | ${m.peakRssMb} | ${m.endRssMb} |`,
    );
  }
  console.log('');
  console.log(
    `peak RSS (VmHWM): ${report.vmHwmMb} MB; heap sampled from /metrics every ${VISITOR.metricsEveryMs} ms` +
      (report.heapAtCrashMb ? `, ${report.heapAtCrashMb} MB in V8's last collections before it gave up` : ''),
  );
  if (report.exit) {
    console.log(
      `SERVER CRASHED ${report.exit.secondsIntoAttack} s into the attack: ${report.exit.signal ? `signal ${report.exit.signal}` : `exit code ${report.exit.code}`}`,
    );
    console.log('its last words on stderr:');
    for (const line of report.stderr) console.log(`  ${line}`);
  } else {
    console.log('server alive at the end');
  }
  if (attack.requests !== undefined)
    console.log(
      `flood: ${attack.requests} requests (${attack.requestsPerSecond}/s) over ${attack.pages} pages, ` +
        `${attack.distinctSpellings} distinct spellings, ${attack.repeatedSpellings} sent again`,
    );
  if (attack.connectionsOpened !== undefined) console.log(`attack connections opened: ${attack.connectionsOpened}`);
  console.log('attack connections:');
  for (const [key, n] of Object.entries(attack.outcomes)) console.log(`  ${key}: ${n}`);
  const log = Object.entries(report.serverLog);
  if (log.length) {
    console.log('server log, warn and above:');
    for (const [key, n] of log.slice(0, 10)) console.log(`  ${n} × ${key}`);
  }
  console.log('');
}
