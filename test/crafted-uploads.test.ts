/**
 * Crafted uploads against the built server, run as its own process with the heap flags
 * `npm start` ships: "CVs" of nearly 10 MB that look like Word documents but whose ZIP
 * directory holds 200,000 tiny entries, sent at once from three addresses, each within its
 * upload quota and its share of the body memory (past its share an address is refused 429
 * before any check; `announced-bodies.test.ts` proves that). Each is refused as no document
 * worth the name, the process lives, a visitor from another address is served throughout,
 * /readyz stays honest and a real document is taken.
 */
import t from 'tap';
import { tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import { crowdedDocx, samples } from './helpers/files.ts';
import { SHIPPED_HEAP_FLAGS, send, VISITOR } from './helpers/loopback-clients.ts';
import { type ServerProcess, startServer } from './helpers/server-process.ts';

/** Ten-megabyte uploads on a loaded machine: every request here may take up to a minute. */
const PATIENT = 60_000;
/** Seven uploads an address at most: each holds 128 KB of body memory, and an address's share is 1 MB. */
const ATTACKERS = ['127.0.0.21', '127.0.0.23', '127.0.0.24'];
const APPLICANT = '127.0.0.22';
const CRAFTED_UPLOADS = 20;
const METRICS_TOKEN = 'm'.repeat(32);

/** The server's heap in use and its RSS, from its own metrics, in MB. */
async function memoryOf(server: ServerProcess): Promise<{ heap: number; rss: number } | undefined> {
  const answer = await send(server.url, '/metrics', {
    timeoutMs: PATIENT,
    from: VISITOR,
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).catch(() => undefined);
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(answer?.body ?? '')?.[1]) / 2 ** 20;
  return answer?.status === 200
    ? { heap: read('nodejs_heap_size_used_bytes'), rss: read('process_resident_memory_bytes') }
    : undefined;
}

/** An application with the given CV, as the bytes and content type a browser would send. */
async function application(cv: Uint8Array<ArrayBuffer>, fileName: string): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  form.append('language', 'en');
  form.append('name', 'Mia Roth');
  form.append('email', 'mia@example.com');
  form.append(
    'cv',
    new Blob([cv], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
    fileName,
  );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

const apply = (server: ServerProcess, from: string, { body, type }: { body: Buffer; type: string }) =>
  send(server.url, '/api/application', {
    timeoutMs: PATIENT,
    from,
    method: 'POST',
    headers: { 'content-type': type, accept: 'application/json', 'content-length': String(body.length) },
    body,
  });

const contact = JSON.stringify({
  name: 'Lena Vogt',
  email: 'lena@example.com',
  message: 'Hallo!',
  language: 'en',
  legals: true,
});

t.test('twenty crafted 10 MB "CVs" at once from three addresses are refused; everyone else is served', async (t) => {
  const dataDir = await tempDataDir(t);
  const server = await startServer(
    t,
    // Each attacker's uploads fit its quota: what is tested is the check, not the quota.
    { DATA_DIR: dataDir, UPLOAD_QUOTA_MB: '500', METRICS_TOKEN: METRICS_TOKEN },
    { nodeArgs: SHIPPED_HEAP_FLAGS },
  );
  const crafted = crowdedDocx(200_000);
  t.ok(crafted.length > 9_500_000 && crafted.length < 10 * 1024 * 1024, `a crafted CV of ${crafted.length} bytes`);
  const attack = await application(crafted, 'lebenslauf.docx');

  const visitorFailures: string[] = [];
  const pageTimes: number[] = [];
  const peak = { heap: 0, rss: 0 };
  const acknowledged: string[] = [];
  let attacking = true;
  const visitor = (async () => {
    let contacts = 0;
    while (attacking) {
      const memory = await memoryOf(server);
      peak.heap = Math.max(peak.heap, memory?.heap ?? 0);
      peak.rss = Math.max(peak.rss, memory?.rss ?? 0);
      const asked = performance.now();
      const page = await send(server.url, '/', {
        timeoutMs: PATIENT,
        from: VISITOR,
      }).catch((error: Error) => ({
        status: 0,
        body: error.message,
      }));
      pageTimes.push(performance.now() - asked);
      if (page.status !== 200) visitorFailures.push(`GET / ${page.status} ${page.body.slice(0, 120)}`);
      // A few contact posts during the attack, well under the address's submission rate limit.
      if (contacts < 5) {
        contacts += 1;
        const posted = await send(server.url, '/api/contact', {
          timeoutMs: PATIENT,
          from: VISITOR,
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: contact,
        }).catch((error: Error) => ({ status: 0, body: error.message }));
        if (posted.status === 201) acknowledged.push((JSON.parse(posted.body) as { id: string }).id);
        else visitorFailures.push(`POST /api/contact ${posted.status} ${posted.body.slice(0, 120)}`);
      }
      if (server.child.exitCode !== null || server.child.signalCode !== null) break;
    }
  })();

  const answers = await Promise.all(
    Array.from({ length: CRAFTED_UPLOADS }, (_, index) =>
      apply(server, ATTACKERS[index % ATTACKERS.length]!, attack).catch((error: Error) => ({
        status: 0,
        body: error.message,
      })),
    ),
  );
  attacking = false;
  await visitor;
  // Figures for the record, not asserted: they vary with the machine.
  const sorted = pageTimes.sort((a, b) => a - b);
  t.comment(
    `during the attack: peak heap used ${peak.heap.toFixed(1)} MB, peak RSS ${peak.rss.toFixed(1)} MB; ` +
      `the visitor's GET / p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, ` +
      `p99 ${sorted[Math.floor(sorted.length * 0.99)]?.toFixed(1)} ms over ${sorted.length}`,
  );

  t.equal(server.child.exitCode, null, 'the process is alive');
  t.equal(server.child.signalCode, null, 'and was not killed');
  t.notMatch(server.logs.join('\n'), /heap limit|out of memory/i, 'no heap exhaustion in the log');
  t.same(
    answers.map(({ status }) => status),
    Array(CRAFTED_UPLOADS).fill(415),
    `every crafted CV is refused as no accepted type (${answers.map(({ body }) => body.slice(0, 100)).join(' | ')})`,
  );
  t.ok(
    answers.every(({ body }) => /"field":"cv"/.test(body) && /"code":"file_type"/.test(body)),
    'naming the CV and the accepted types',
  );
  t.same(visitorFailures, [], 'the visitor from another address got every page and had every contact post accepted');
  t.ok(acknowledged.length > 0, `the visitor posted ${acknowledged.length} contact requests during the attack`);

  const ready = await send(server.url, '/readyz', {
    timeoutMs: PATIENT,
    from: VISITOR,
  });
  t.equal(ready.status, 200, '/readyz says ready');
  const real = await apply(server, APPLICANT, await application(samples.docx, 'lebenslauf.docx'));
  t.equal(real.status, 201, `a real Word CV is accepted (${real.body.slice(0, 200)})`);
  if (real.status === 201) acknowledged.push((JSON.parse(real.body) as { id: string }).id);
  const stored = new Set(rows(dataDir, 'SELECT id FROM submissions').map((row) => String(row.id)));
  t.same(
    acknowledged.filter((id) => !stored.has(id)),
    [],
    `all ${acknowledged.length} acknowledged submissions are stored`,
  );
  t.equal(
    rows(dataDir, "SELECT id FROM submissions WHERE form = 'application'").length,
    1,
    'nothing of the crafted applications is stored',
  );
});
