/**
 * Three replicas of the built server on three ports, sharing one PostgreSQL, one Redis and one
 * SMTP server, each with its own empty DATA_DIR. Submissions are spread over them; one replica
 * is killed mid-burst and PostgreSQL is stopped for a few seconds. Nothing acknowledged is
 * lost, every mail arrives (counted by Message-ID), and the rate limit holds across replicas.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import t from 'tap';
import { pdfOfSize } from './helpers/files.ts';
import { startPostgres } from './helpers/postgres.ts';
import { startRedis } from './helpers/redis.ts';
import { type ServerProcess, startServer } from './helpers/server-process.ts';
import { startSmtp } from './helpers/smtp.ts';

const CONTACTS = 300;
const APPLICATIONS = 30;
const RATE_LIMIT = 10;
const CONCURRENCY = 24;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const pgServer = await startPostgres(t);
const redis = await startRedis(t);
const smtp = await startSmtp(t);
const databaseUrl = await pgServer.createDatabase();
const env = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: redis.url,
  TOKEN_SECRET: 'replicas-test-secret-0123456789abcdef',
  SMTP_URL: smtp.url,
  MAIL_POLL_MS: '200',
  MAIL_LEASE_MS: '10000',
  MAIL_RETRY_BASE_MS: '300',
  STORAGE_PROBE_MS: '200',
  RATE_LIMIT_MAX: String(RATE_LIMIT),
  // Each simulated visitor comes with its own address, as behind a load balancer.
  TRUST_PROXY: '1',
  SITE_URL: 'http://localhost:3000',
};
const replicas: ServerProcess[] = await Promise.all([0, 1, 2].map(() => startServer(t, env)));
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
db.on('error', () => {});
t.teardown(() => db.end());

interface Sent {
  kind: 'contact' | 'application';
  email: string;
  pdfSha?: string;
  /** The id the server answered with; undefined when the request was not acknowledged. */
  id?: string;
  status: number | 'network-error';
}

const visitor = (n: number) => `10.${(n >> 8) & 255}.${n & 255}.7`;

function contactRequest(n: number): { init: RequestInit; email: string } {
  const email = `person${n}@example.com`;
  const body = JSON.stringify({
    name: `Person ${n}`,
    email,
    company: 'Elbwerk',
    message: `Anfrage Nummer ${n}`,
    language: n % 2 ? 'de' : 'en',
    legals: true,
  });
  return {
    email,
    init: {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': visitor(n) },
    },
  };
}

function applicationRequest(n: number): { init: RequestInit; email: string; pdfSha: string } {
  const email = `applicant${n}@example.com`;
  const pdf = pdfOfSize(300_000 + n * 10_000);
  const form = new FormData();
  for (const [key, value] of Object.entries({
    language: 'de',
    name: `Bewerberin ${n}`,
    email,
    message: 'Ich freue mich.',
    job: 'senior-data-engineer',
    type: 'Vollzeit',
    locations: 'Hamburg',
  })) {
    form.append(key, value);
  }
  form.append('cv', new Blob([pdf], { type: 'application/pdf' }), `Lebenslauf ${n}.pdf`);
  return {
    email,
    pdfSha: createHash('sha256').update(pdf).digest('hex'),
    init: {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json', 'x-forwarded-for': visitor(10_000 + n) },
    },
  };
}

async function send(
  replica: ServerProcess,
  path: string,
  init: RequestInit,
): Promise<{ status: number | 'network-error'; id?: string }> {
  try {
    const response = await fetch(`${replica.url}${path}`, init);
    const body = (await response.json().catch(() => ({}))) as { id?: string };
    return { status: response.status, id: response.status === 201 ? body.id : undefined };
  } catch {
    return { status: 'network-error' };
  }
}

const ready = async (replica: ServerProcess) => (await fetch(`${replica.url}/readyz`).catch(() => undefined))?.status;

const alive = () => replicas.filter((replica) => replica.child.exitCode === null && replica.child.signalCode === null);

t.test('a burst over the limit from one address meets 429s summed across the replicas', async (t) => {
  const results = await Promise.all(
    Array.from({ length: RATE_LIMIT * 3 + 6 }, (_, i) => {
      const { init } = contactRequest(50_000 + i);
      return send(replicas[i % 3]!, '/api/contact', {
        ...init,
        headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': '198.51.100.9' },
      });
    }),
  );
  const accepted = results.filter((result) => result.status === 201).length;
  const limited = results.filter((result) => result.status === 429).length;
  t.comment(`one address, ${results.length} posts over three replicas: ${accepted} accepted, ${limited} answered 429`);
  t.equal(accepted, RATE_LIMIT, 'exactly the limit is accepted, not the limit per replica');
  t.equal(limited, results.length - RATE_LIMIT, 'every other request is answered 429');
});

t.test(
  '300 contacts and 30 applications over three replicas, one killed mid-burst, PostgreSQL stopped and started',
  async (t) => {
    const sent: Sent[] = [];
    const jobs = [
      ...Array.from({ length: CONTACTS }, (_, n) => ({ kind: 'contact' as const, n })),
      ...Array.from({ length: APPLICATIONS }, (_, n) => ({ kind: 'application' as const, n })),
    ].sort(
      (a, b) =>
        ((a.n * 11 + (a.kind === 'application' ? 5 : 0)) % 330) -
        ((b.n * 11 + (b.kind === 'application' ? 5 : 0)) % 330),
    );
    let next = 0;
    let started = 0;
    const killAt = Math.floor(jobs.length / 2);
    const began = Date.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          started += 1;
          if (started === killAt) {
            replicas[2]!.child.kill('SIGKILL');
            t.comment(`replica 3 killed (SIGKILL) after ${started} requests had started`);
          }
          const targets = alive();
          const replica = targets[job.n % targets.length]!;
          if (job.kind === 'contact') {
            const { init, email } = contactRequest(job.n);
            sent.push({ kind: 'contact', email, ...(await send(replica, '/api/contact', init)) });
          } else {
            const { init, email, pdfSha } = applicationRequest(job.n);
            sent.push({ kind: 'application', email, pdfSha, ...(await send(replica, '/api/application', init)) });
          }
        }
      }),
    );
    const burstSeconds = (Date.now() - began) / 1000;
    const acknowledged = sent.filter((entry) => entry.id !== undefined);
    const byStatus = Object.groupBy(sent, (entry) => String(entry.status));
    t.comment(
      `burst: ${sent.length} requests in ${burstSeconds.toFixed(1)} s, ` +
        Object.entries(byStatus)
          .map(([status, entries]) => `${entries!.length} × ${status}`)
          .join(', '),
    );
    const survivors = alive();
    if (survivors.length !== 2)
      for (const replica of replicas.slice(0, 2)) t.comment(replica.logs.slice(-30).join('\n'));
    t.equal(survivors.length, 2, 'the two other replicas are still up');
    t.ok(
      acknowledged.length >= sent.length - CONCURRENCY,
      'only requests in flight to the killed replica went unanswered',
    );
    t.ok(
      sent.every((entry) => entry.status === 201 || entry.status === 'network-error'),
      'nothing else was refused',
    );

    // PostgreSQL goes away for a few seconds while the two replicas left keep receiving submissions.
    const outage: Sent[] = [];
    const readiness: { during: (number | undefined)[]; after: (number | undefined)[] } = { during: [], after: [] };
    let stopping = true;
    const steady = (async () => {
      for (let n = 0; stopping; n += 1) {
        const { init, email } = contactRequest(20_000 + n);
        outage.push({ kind: 'contact', email, ...(await send(alive()[n % 2]!, '/api/contact', init)) });
        await sleep(40);
      }
    })();
    await sleep(1000);
    await pgServer.stop();
    t.comment('PostgreSQL stopped');
    await sleep(800);
    readiness.during = await Promise.all(alive().map(ready));
    await sleep(2200);
    await pgServer.start();
    t.comment('PostgreSQL started again');
    const back = Date.now();
    for (let i = 0; i < 100; i += 1) {
      readiness.after = await Promise.all(alive().map(ready));
      if (readiness.after.every((status) => status === 200)) break;
      await sleep(100);
    }
    t.comment(`the replicas were ready again ${Date.now() - back} ms after PostgreSQL was`);
    await sleep(1500);
    stopping = false;
    await steady;
    for (const replica of replicas.slice(0, 2))
      if (replica.child.exitCode !== null || replica.child.signalCode !== null)
        t.comment(replica.logs.slice(-30).join('\n'));
    t.same(readiness.during, [503, 503], 'both replicas report not ready while PostgreSQL is away');
    t.same(readiness.after, [200, 200], 'and ready again without a restart');
    const outageStatus = Object.groupBy(outage, (entry) => String(entry.status));
    t.comment(
      `during the outage: ${outage.length} requests, ` +
        Object.entries(outageStatus)
          .map(([status, entries]) => `${entries!.length} × ${status}`)
          .join(', '),
    );
    t.ok(
      outage.every((entry) => entry.status === 201 || entry.status === 503),
      'every request was stored (201) or clearly refused (503), never a 500',
    );
    t.ok((outageStatus['503'] ?? []).length > 0, 'some were refused while it was away');
    t.ok(
      outage.slice(-5).every((entry) => entry.status === 201),
      'and submissions are taken again afterwards',
    );

    // Every acknowledged submission is stored, an application with its file, byte for byte.
    const all = [...acknowledged, ...outage.filter((entry) => entry.id !== undefined)];
    const { rows: stored } = await db.query<{ id: string; email: string }>('SELECT id, email FROM submissions');
    const storedIds = new Map(stored.map((row) => [row.id, row.email]));
    const missing = all.filter((entry) => storedIds.get(entry.id!) !== entry.email);
    t.same(missing, [], `all ${all.length} acknowledged submissions are stored`);
    const applications = acknowledged.filter((entry) => entry.kind === 'application');
    let filesIntact = 0;
    for (const application of applications) {
      const { rows: files } = await db.query<{ stored_path: string; size: string; sha256: string }>(
        'SELECT stored_path, size, sha256 FROM attachments WHERE submission_id = $1',
        [application.id],
      );
      const { rows: chunks } = await db.query<{ data: Buffer }>(
        'SELECT data FROM attachment_chunks WHERE stored_path = $1 ORDER BY seq',
        [files[0]?.stored_path],
      );
      const bytes = Buffer.concat(chunks.map((chunk) => chunk.data));
      if (
        files.length === 1 &&
        createHash('sha256').update(bytes).digest('hex') === application.pdfSha &&
        files[0]!.sha256 === application.pdfSha
      )
        filesIntact += 1;
    }
    t.equal(
      filesIntact,
      applications.length,
      `all ${applications.length} acknowledged applications have their CV in PostgreSQL, intact`,
    );

    // Every queued mail reaches the SMTP server; a replica that died mid-send may have sent one
    // already, which then arrives again with the same Message-ID.
    let waiting = Infinity;
    for (let i = 0; i < 300 && waiting > 0; i += 1) {
      waiting = Number(
        (await db.query<{ n: string }>(`SELECT COUNT(*) AS n FROM outbox WHERE status <> 'sent'`)).rows[0]!.n,
      );
      if (waiting > 0) await sleep(200);
    }
    t.equal(waiting, 0, 'every mail in the outbox is marked sent');
    const { rows: outbox } = await db.query<{ message: string; submission_id: string }>(
      'SELECT message, submission_id FROM outbox',
    );
    const queuedIds = new Set(outbox.map((row) => (JSON.parse(row.message) as { messageId: string }).messageId));
    await sleep(500);
    const received = smtp.mails.map((mail) =>
      mail.parsed.messageId ? `<${mail.parsed.messageId.replace(/^<|>$/g, '')}>` : '',
    );
    const distinct = new Set(received);
    t.comment(
      `mails: ${outbox.length} queued, ${received.length} delivered, ${distinct.size} distinct Message-IDs (${received.length - distinct.size} delivered twice after the kill)`,
    );
    t.same(
      [...queuedIds].filter((id) => !distinct.has(id)),
      [],
      'every queued mail arrived',
    );
    t.same(
      [...distinct].filter((id) => !queuedIds.has(id)),
      [],
      'and nothing else',
    );
    const acknowledgedIds = new Set(all.map((entry) => entry.id));
    const mailsPerSubmission = Object.groupBy(
      outbox.filter((row) => acknowledgedIds.has(row.submission_id)),
      (row) => row.submission_id,
    );
    t.ok(
      all.every((entry) => (mailsPerSubmission[entry.id!] ?? []).length === 2),
      'each acknowledged submission has its notification and its thank-you',
    );

    const cvMails = smtp.mails.filter((mail) =>
      mail.parsed.attachments.some((file) => file.contentType === 'application/pdf'),
    );
    const shas = new Set(
      cvMails.flatMap((mail) =>
        mail.parsed.attachments.map((file) => createHash('sha256').update(file.content).digest('hex')),
      ),
    );
    t.ok(
      applications.every((application) => shas.has(application.pdfSha!)),
      'the team received every CV attached, mailed by whichever replica took the mail',
    );
  },
);
