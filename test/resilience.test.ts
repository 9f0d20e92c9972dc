import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import t from 'tap';
import { build, tempDataDir } from './helpers/build.ts';
import { rows, waitForRows } from './helpers/db.ts';
import { pdfOfSize } from './helpers/files.ts';
import { startServer } from './helpers/server-process.ts';
import { startSmtp } from './helpers/smtp.ts';

const contact = (i: number) => ({
  name: `Besucher ${i}`,
  email: `visitor${i}@example.com`,
  message: `Anfrage Nummer ${i}`,
  language: i % 2 ? 'de' : 'en',
  legals: true,
});

/** A loopback port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

t.test('with the mail server down, submissions are accepted and every mail arrives once it is back', async (t) => {
  const port = await freePort();
  const dataDir = await tempDataDir(t);
  const app = await build(t, {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_RETRY_BASE_MS: '100',
    MAIL_POLL_MS: '50',
  });
  await app.ready();
  for (let i = 0; i < 5; i += 1) {
    const response = await app.inject({ method: 'POST', url: '/api/contact', payload: contact(i) });
    t.equal(response.statusCode, 201, `submission ${i} accepted while mail is down`);
  }
  await waitForRows(dataDir, 'SELECT * FROM outbox WHERE attempts > 0', 10);
  t.equal(rows(dataDir, "SELECT * FROM outbox WHERE status = 'sent'").length, 0, 'nothing sent yet');
  t.ok(
    rows(dataDir, 'SELECT last_error FROM outbox WHERE last_error IS NOT NULL').length > 0,
    'the failure is recorded',
  );

  const smtp = await startSmtp(t, port);
  const mails = await smtp.waitFor(10);
  await waitForRows(dataDir, "SELECT * FROM outbox WHERE status = 'sent'", 10);
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.equal(smtp.mails.length, 10, 'all ten mails arrived, none twice');
  t.equal(new Set(mails.map((mail) => mail.parsed.messageId)).size, 10, 'distinct message ids');
  t.equal(rows(dataDir, "SELECT * FROM outbox WHERE status = 'sent'").length, 10, 'all marked sent');
});

t.test('killed with SIGKILL during a burst of 200 submissions, nothing acknowledged is lost', async (t) => {
  const dataDir = await tempDataDir(t);
  const first = await startServer(t, { DATA_DIR: dataDir, RATE_LIMIT_MAX: '100000' });
  const acknowledged: string[] = [];
  let failed = 0;
  let next = 0;
  const killAfter = 100;
  const worker = async () => {
    while (next < 200) {
      const i = next++;
      try {
        const response = await fetch(`${first.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(contact(i)),
        });
        if (response.status === 201) {
          acknowledged.push(((await response.json()) as { id: string }).id);
          if (acknowledged.length === killAfter) first.child.kill('SIGKILL');
        } else failed += 1;
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  await first.stop();
  t.ok(acknowledged.length >= killAfter, `${acknowledged.length} acknowledged before the kill`);
  t.ok(failed > 0, `${failed} requests failed with the process gone`);

  const smtp = await startSmtp(t);
  const second = await startServer(t, { DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_POLL_MS: '50' });
  const stored = new Set(rows(dataDir, 'SELECT id FROM submissions').map((row) => String(row.id)));
  const missing = acknowledged.filter((id) => !stored.has(id));
  t.same(missing, [], 'every acknowledged submission is in the database');
  const mailsPerSubmission = 2;
  await smtp.waitFor(stored.size * mailsPerSubmission, 60_000);
  await waitForRows(dataDir, "SELECT * FROM outbox WHERE status = 'sent'", stored.size * mailsPerSubmission);
  const sent = new Set(
    rows(dataDir, "SELECT submission_id FROM outbox WHERE status = 'sent'").map((row) => String(row.submission_id)),
  );
  t.same(
    acknowledged.filter((id) => !sent.has(id)),
    [],
    'the mails of every acknowledged submission went out',
  );
  t.comment(
    `kill test: ${acknowledged.length} acknowledged, ${stored.size} stored, ${failed} failed, ${smtp.mails.length} mails sent after restart`,
  );
  await second.stop();
});

/** Peak resident memory of a process, from the kernel. */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match?.[1] ?? 0) / 1024);
}

t.test('50 concurrent applications with 5 MB files are all stored with bounded memory', async (t) => {
  const dataDir = await tempDataDir(t);
  // All from one address, so its per-address limits are raised to let the 50 through together
  // (an address may hold an eighth of the body memory, and each upload holds up to 128 KB of it).
  const server = await startServer(t, {
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '100000',
    MAX_REQUESTS_PER_ADDRESS: '100',
    UPLOAD_QUOTA_MB: '1000',
    BODY_MEMORY_MB: '64',
  });
  const file = new Blob([pdfOfSize(5 * 1024 * 1024)]);
  const baseline = peakRssMb(server.child.pid!);
  const statuses = await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      const form = new FormData();
      form.append('language', 'en');
      form.append('name', `Applicant ${i}`);
      form.append('email', `applicant${i}@example.com`);
      form.append('cv', file, `cv-${i}.pdf`);
      const response = await fetch(`${server.url}/api/application`, {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json' },
      });
      return response.status;
    }),
  );
  const peak = peakRssMb(server.child.pid!);
  t.same(new Set(statuses), new Set([201]), 'all 50 accepted');
  t.equal(rows(dataDir, "SELECT * FROM submissions WHERE form = 'application'").length, 50, 'all stored');
  t.equal(rows(dataDir, 'SELECT * FROM attachments WHERE size = ?', 5 * 1024 * 1024).length, 50, 'every file complete');
  // 250 MB of uploads went through at once; streamed to disk, the server holds only small buffers of each.
  t.ok(peak - baseline < 150, `memory grew by ${peak - baseline} MB while 250 MB were uploaded`);
  t.comment(`upload test: peak RSS ${peak} MB (before: ${baseline} MB) for 50 × 5 MB`);
});
