import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import t from 'tap';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/store/database.ts';
import { type RetentionReport, runRetention } from '#server/store/retention.ts';
import { diskAttachmentStore } from '#server/uploads/attachment-store.ts';
import { build, contentWithTestEvent, TEST_EVENT, tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import { samples } from './helpers/files.ts';
import { startSmtp } from './helpers/smtp.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const policy = loadConfig({}).retention;
const TEST_EVENT_END = Date.parse('2099-05-20T18:00:00+02:00');

t.test('the defaults are the periods the privacy policy states', async (t) => {
  t.same(policy, { contactDays: 730, applicationDays: 180, eventDays: 180, consentProofDays: 1095, mailDays: 30 });
  const app = await build(t);
  const en = await app.inject({ url: '/privacy-policy' });
  for (const phrase of [
    'We delete your enquiry two years after receipt',
    'valid for seven days',
    'six months after the event',
    'three years after you unsubscribe',
    'six months after receipt',
    'one month after sending it',
  ]) {
    t.match(en.body, phrase, `en: ${phrase}`);
  }
  const de = await app.inject({ url: '/datenschutz' });
  for (const phrase of [
    'Ihre Anfrage löschen wir zwei Jahre nach ihrem Eingang',
    'sieben Tage gültig',
    'sechs Monate nach der Veranstaltung',
    'noch drei Jahre auf',
    'sechs Monate nach ihrem Eingang',
    'einen Monat nach dem Versand',
  ]) {
    t.match(de.body, phrase, `de: ${phrase}`);
  }
  t.notMatch(en.body + de.body, '{{', 'no placeholder is left');

  const changed = await build(t, {
    RETENTION_CONTACT_DAYS: '365',
    RETENTION_APPLICATION_DAYS: '90',
    CONFIRMATION_TTL_HOURS: '48',
  });
  const page = await changed.inject({ url: '/content/en/homepage/privacy-policy/legal.json' });
  t.match(page.body, 'We delete your enquiry one year after receipt', 'the policy follows the configuration');
  t.match(page.body, 'three months after receipt');
  t.match(page.body, 'valid for two days');
});

t.test('with the clock moved past each period the job removes exactly the expired rows, files and mails', async (t) => {
  const smtp = await startSmtp(t);
  const dataDir = await tempDataDir(t);
  const app = await build(t, {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: '50',
    CONTENT_DIR: await contentWithTestEvent(t),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
  const start = Date.now();

  t.equal(
    (
      await post('/api/contact', {
        name: 'Ole Hansen',
        email: 'ole@example.com',
        message: 'Hallo',
        language: 'de',
        legals: true,
      })
    ).statusCode,
    201,
  );
  t.equal(
    (
      await post('/api/contact/technology', {
        name: 'Tia Lund',
        email: 'tia@example.com',
        message: 'Hello',
        language: 'en',
        legals: true,
      })
    ).statusCode,
    201,
  );
  const form = new FormData();
  for (const [key, value] of Object.entries({
    language: 'de',
    name: 'Aylin Demir',
    email: 'aylin@example.com',
    job: 'senior-data-engineer',
  }))
    form.append(key, value);
  form.append('cv', new Blob([samples.pdf], { type: 'application/pdf' }), 'cv.pdf');
  const application = (await (
    await fetch(`${base}/api/application`, { method: 'POST', body: form, headers: { accept: 'application/json' } })
  ).json()) as { id: string };
  await post('/api/events', {
    name: 'Una Berg',
    email: 'una@example.com',
    terms: true,
    event: TEST_EVENT,
    language: 'de',
  });
  await post('/api/events', {
    name: 'Kai Berg',
    email: 'kai@example.com',
    terms: true,
    event: TEST_EVENT,
    language: 'de',
  });
  await post('/api/newsletter/subscribe', { email: 'nina@example.com', language: 'de', consent: true });
  await post('/api/newsletter/subscribe', { email: 'paul@example.com', language: 'de', consent: true });
  await post('/api/newsletter/subscribe', { email: 'rosa@example.com', language: 'de', consent: true });
  const mailsBefore = 2 + 2 + 2 + 2 + 3;
  await smtp.waitFor(mailsBefore);
  const linkOf = (email: string, pattern: RegExp) =>
    decodeURIComponent(
      pattern.exec(smtp.mails.find((mail) => mail.envelopeTo.includes(email))!.parsed.text ?? '')![1]!,
    );
  // Kai confirms his registration, Paul and Rosa their subscriptions; Rosa then unsubscribes.
  const eventToken = decodeURIComponent(linkOf('kai@example.com', /\/events\/confirm\/([\w.%-]+)/));
  t.equal((await post('/api/events/confirm', { token: eventToken })).statusCode, 200, 'kai confirms');
  for (const email of ['paul@example.com', 'rosa@example.com']) {
    t.equal(
      (await post('/api/newsletter/confirm', { emailb64: linkOf(email, /\/newsletter\/([\w.%-]+)/) })).statusCode,
      200,
      `${email} confirms`,
    );
  }
  await smtp.waitFor(mailsBefore + 4);
  const welcome = smtp.mails.find(
    (mail) => mail.envelopeTo.includes('rosa@example.com') && /newsletter\/unsubscribe/.test(mail.parsed.text ?? ''),
  )!;
  const unsubscribeToken = decodeURIComponent(
    /\/newsletter\/unsubscribe\/([\w.%-]+)/.exec(welcome.parsed.text ?? '')![1]!,
  );
  t.match((await post('/api/newsletter/unsubscribe', { token: unsubscribeToken })).json(), { status: 'unsubscribed' });
  await app.close();

  const db = await openDatabase({ dataDir });
  t.teardown(() => db.close());
  const uploadsDir = path.join(dataDir, 'uploads');
  const submissionsLeft = async () =>
    (await db.all<{ email: string }>('SELECT email FROM submissions ORDER BY email')).map((row) => row.email);
  const mailsLeft = async () => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox'))!;
  const at = (ms: number): Promise<RetentionReport> =>
    runRetention(db, {
      policy,
      confirmationTtlHours: 168,
      attachments: diskAttachmentStore(uploadsDir, db),
      eventEnd: (key) => (key === TEST_EVENT ? new Date(TEST_EVENT_END) : undefined),
      now: new Date(ms),
    });
  const all = [
    'aylin@example.com',
    'kai@example.com',
    'nina@example.com',
    'ole@example.com',
    'paul@example.com',
    'rosa@example.com',
    'tia@example.com',
    'una@example.com',
  ];
  t.same(await submissionsLeft(), all, 'everything is stored');
  t.ok(existsSync(path.join(uploadsDir, application.id)), 'with the CV');
  const totalMails = (await mailsLeft()).n;

  t.same(
    await at(start + 7 * DAY - HOUR),
    { submissions: {}, attachments: 0, orphanedFiles: 0, mails: 0, subscribers: 0 },
    'before any period ends nothing goes',
  );
  t.same(await submissionsLeft(), all);

  const unconfirmed = await at(start + 7 * DAY + HOUR);
  t.same(
    unconfirmed.submissions,
    { 'event (unconfirmed)': 1, 'newsletter (unconfirmed)': 1 },
    'once the link expired, the unconfirmed opt-ins go',
  );
  t.equal(unconfirmed.mails, 2, 'with their opt-in mails');
  t.equal(unconfirmed.subscribers, 1, 'and the pending subscriber');
  t.same(
    await submissionsLeft(),
    all.filter((email) => !['nina@example.com', 'una@example.com'].includes(email)),
  );
  t.equal((await mailsLeft()).n, totalMails - 2);

  const mails = await at(start + 30 * DAY + HOUR);
  t.same(
    mails,
    { submissions: {}, attachments: 0, orphanedFiles: 0, mails: 2, subscribers: 0 },
    'after a month the two welcome mails (belonging to no submission) go',
  );
  t.same(await db.get('SELECT COUNT(*) AS n FROM outbox WHERE submission_id IS NULL'), { n: 0 });

  const applications = await at(start + 180 * DAY + HOUR);
  t.same(applications.submissions, { application: 1 }, 'after six months the application goes');
  t.equal(applications.attachments, 1, 'with its file');
  t.equal(applications.mails, 2, 'and its mails');
  t.notOk(existsSync(path.join(uploadsDir, application.id)), 'the CV is deleted from the disk');
  t.same(
    readdirSync(uploadsDir).filter((name) => !name.startsWith('.')),
    [],
    'no upload is left',
  );

  t.same((await at(start + 730 * DAY - HOUR)).submissions, {}, 'contact requests stay two years');
  t.same((await at(start + 730 * DAY + HOUR)).submissions, { contact: 1, 'contact-technology': 1 }, 'and then go');

  t.same(
    (await at(start + 1095 * DAY - HOUR)).submissions,
    {},
    'the proof of consent stays three years after unsubscribing',
  );
  t.same((await at(start + 1095 * DAY + HOUR)).submissions, { 'newsletter (proof of consent)': 1 });
  t.same(
    await submissionsLeft(),
    ['kai@example.com', 'paul@example.com'],
    'the confirmed registration (its event is in 2099) and the subscription are kept',
  );

  t.same(
    (await at(TEST_EVENT_END + 180 * DAY - HOUR)).submissions,
    {},
    'a confirmed registration stays until six months after its event',
  );
  const event = await at(TEST_EVENT_END + 180 * DAY + HOUR);
  t.same(event.submissions, { event: 1 });
  t.equal(event.mails, 3, 'with its opt-in, thank-you and team mails');
  t.same(await submissionsLeft(), ['paul@example.com'], 'a newsletter subscription stays until it is revoked');
  t.same(await db.all('SELECT email, status FROM newsletter_subscribers'), [
    { email: 'paul@example.com', status: 'confirmed' },
  ]);
});

t.test('the job runs when the server starts', async (t) => {
  const dataDir = await tempDataDir(t);
  const db = await openDatabase({ dataDir });
  const old = new Date(Date.now() - 800 * DAY).toISOString();
  const recent = new Date(Date.now() - 10 * DAY).toISOString();
  const insert = `INSERT INTO submissions (id, form, language, email, payload, status, created_at) VALUES (?, 'contact', 'de', ?, '{}', 'received', ?)`;
  await db.run(insert, ['old', 'old@example.com', old]);
  await db.run(insert, ['recent', 'recent@example.com', recent]);
  await db.run(
    `INSERT INTO outbox (submission_id, purpose, recipient, message, next_attempt_at, created_at) VALUES ('old', 'notification', 'hello@example.com', '{}', 0, ?)`,
    [old],
  );
  await db.close();

  const app = await build(t, { DATA_DIR: dataDir });
  await app.ready();
  for (let i = 0; i < 100 && rows(dataDir, 'SELECT id FROM submissions').length > 1; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  t.same(rows(dataDir, 'SELECT id FROM submissions'), [{ id: 'recent' }], 'the expired request is gone at start');
  t.same(rows(dataDir, 'SELECT id FROM outbox'), [], 'with its mail');
});
