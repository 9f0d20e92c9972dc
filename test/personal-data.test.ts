import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import t from 'tap';
import { runSubmissionsCli } from '#server/cli/submissions.ts';
import { build, contentWithTestEvent, TEST_EVENT, tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import { samples } from './helpers/files.ts';
import { startSmtp } from './helpers/smtp.ts';

const ERIN = 'erin.falk@example.com';
/** Words only Erin wrote, to look for in the bytes of the database files. */
const ERIN_TEXT = 'Zebrafinken-Sammlung';

const TABLES_WITH_TEXT = [
  'submissions',
  'attachments',
  'outbox',
  'newsletter_subscribers',
  'galaxy_accounts',
  'galaxy_invitations',
];

t.test('find, export and erase everything stored about an address, leaving no readable remnant', async (t) => {
  const smtp = await startSmtp(t);
  const dataDir = await tempDataDir(t);
  const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_POLL_MS: '50', CONTENT_DIR: await contentWithTestEvent(t) };
  const app = await build(t, env);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
  const apply = async (name: string, email: string, message: string) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ language: 'de', name, email, message, job: 'senior-data-engineer' }))
      form.append(key, value);
    form.append('cv', new Blob([samples.pdf], { type: 'application/pdf' }), `${name}.pdf`);
    return (await (
      await fetch(`${base}/api/application`, { method: 'POST', body: form, headers: { accept: 'application/json' } })
    ).json()) as { id: string };
  };

  await post('/api/contact', {
    name: 'Erin Falk',
    email: ERIN,
    message: `Frage zu meiner ${ERIN_TEXT}`,
    language: 'de',
    legals: true,
  });
  const erinApplication = await apply('Erin Falk', 'Erin.Falk@Example.com', ERIN_TEXT);
  await post('/api/events', { name: 'Erin Falk', email: ERIN, terms: true, event: TEST_EVENT, language: 'de' });
  await post('/api/newsletter/subscribe', { email: ERIN, language: 'de', consent: true });
  await post('/api/contact', {
    name: 'Otto Sand',
    email: 'otto@example.com',
    message: 'Bitte um Rückruf',
    language: 'de',
    legals: true,
  });
  const ottoApplication = await apply('Otto Sand', 'otto@example.com', 'Hallo');
  await smtp.waitFor(2 + 2 + 1 + 1 + 2 + 2);
  const optIn = smtp.mails.find(
    (mail) => mail.envelopeTo.includes(ERIN) && /\/newsletter\/[\w.%-]+/.test(mail.parsed.text ?? ''),
  )!;
  await post('/api/newsletter/confirm', {
    emailb64: decodeURIComponent(/\/newsletter\/([\w.%-]+)/.exec(optIn.parsed.text ?? '')![1]!),
  });
  await smtp.waitFor(11);

  const cli = (...args: string[]) => runSubmissionsCli(args, { DATA_DIR: dataDir, SITE_URL: 'http://localhost:3000' });
  const found = await cli('find', ERIN.toUpperCase());
  t.equal(found.code, 0);
  t.match(found.out, `Stored about ${ERIN.toUpperCase()}`, 'an address is found whatever its case');
  t.match(found.out, /submissions \(4\):/, 'contact, application, event registration and newsletter sign-up');
  t.match(found.out, 'file cv: Erin-Falk.pdf');
  t.match(found.out, /newsletter:\n\s+confirmed/);
  t.match(found.out, /mails \(\d+\):/);
  t.notMatch(found.out, 'otto@example.com', 'nothing of anybody else');

  const exported = await cli('export', ERIN);
  t.equal(exported.code, 0);
  const data = JSON.parse(exported.out) as {
    email: string;
    submissions: { form: string; fields: Record<string, unknown>; files: unknown[] }[];
    newsletter: unknown[];
    mails: unknown[];
  };
  t.same(
    data.submissions.map((s) => s.form).sort(),
    ['application', 'contact', 'event', 'newsletter'],
    'the export holds every submission as JSON',
  );
  t.match(data.submissions.find((s) => s.form === 'contact')!.fields, { message: `Frage zu meiner ${ERIN_TEXT}` });
  t.equal(data.submissions.find((s) => s.form === 'application')!.files.length, 1);
  t.equal(data.newsletter.length, 1);
  t.ok(data.mails.length >= 6, 'and the mails sent to or about the address');

  const erased = await cli('erase', ERIN);
  t.equal(erased.code, 0);
  t.match(erased.out, `Erased everything stored about ${ERIN}: 4 submission(s), 1 file(s)`);
  t.match(erased.out, '1 newsletter subscription(s)');
  t.match(
    erased.out,
    'write-ahead log was checkpointed and truncated',
    'the log is emptied even while the server runs',
  );

  for (const table of TABLES_WITH_TEXT) {
    const columns = (rows(dataDir, `SELECT name FROM pragma_table_info('${table}')`) as { name: string }[])
      .map((column) => `COALESCE(${column.name}, '')`)
      .join(" || ' ' || ");
    t.same(
      rows(dataDir, `SELECT 1 FROM ${table} WHERE instr(lower(${columns}), ?) > 0`, 'erin'),
      [],
      `no row of ${table} holds the address`,
    );
  }
  t.notOk(existsSync(path.join(dataDir, 'uploads', erinApplication.id)), 'the CV is deleted');
  t.same(readdirSync(path.join(dataDir, 'uploads', ottoApplication.id)).length, 1, 'another applicant’s CV stays');
  t.equal(
    rows(dataDir, "SELECT id FROM submissions WHERE email = 'otto@example.com'").length,
    2,
    'as do their submissions',
  );
  t.ok(rows(dataDir, "SELECT id FROM outbox WHERE recipient = 'otto@example.com'").length > 0, 'and their mails');

  for (const file of readdirSync(dataDir).filter((name) => name.startsWith('nordstern.sqlite'))) {
    const bytes = readFileSync(path.join(dataDir, file));
    for (const needle of [ERIN, 'Erin.Falk@Example.com', 'Erin Falk', ERIN_TEXT]) {
      t.equal(bytes.indexOf(Buffer.from(needle)), -1, `${file} (${bytes.length} bytes) holds no "${needle}"`);
    }
  }
  t.match((await cli('find', ERIN)).out, `Nothing is stored about ${ERIN}.`, 'find shows nothing afterwards');
  t.match(
    (await cli('erase', ERIN)).out,
    'Erased everything stored about erin.falk@example.com: 0 submission(s)',
    'a second erase finds nothing to do',
  );

  const after = await post('/api/contact', {
    name: 'Otto Sand',
    email: 'otto@example.com',
    message: 'Noch eine Frage',
    language: 'de',
    legals: true,
  });
  t.equal(after.statusCode, 201, 'the running server goes on taking submissions');
});

t.test('the tool refuses what is not an address', async (t) => {
  const dataDir = await tempDataDir(t);
  const cli = (...args: string[]) => runSubmissionsCli(args, { DATA_DIR: dataDir });
  for (const args of [
    ['find'],
    ['erase'],
    ['erase', 'nobody'],
    ['find', 'a b@example.com'],
    ['erase', '@example.com'],
    ['export', 'x@'],
  ]) {
    const result = await cli(...args);
    t.equal(result.code, 2, args.join(' '));
    t.match(result.out, /usage: npm run submissions/);
  }
  t.match((await cli('find', 'nobody@example.com')).out, 'Nothing is stored about nobody@example.com.');
});

t.test('wildcards in an address are plain characters: erasing one touches nobody else', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir });
  await app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Otto Sand', email: 'otto@example.com', message: 'Hallo', language: 'de', legals: true },
  });
  for (const pattern of ['%@%', '_tto@example.com', '*@example.com', "'OR'1'='1'--@x"]) {
    const result = await runSubmissionsCli(['erase', pattern], { DATA_DIR: dataDir });
    t.match(result.out, ': 0 submission(s), 0 file(s), 0 mail(s)', pattern);
  }
  t.equal(rows(dataDir, 'SELECT id FROM submissions').length, 1, 'the other person’s request is untouched');
  t.ok(rows(dataDir, 'SELECT id FROM outbox').length > 0, 'and so are its mails');
});

t.test('the mailing list export gives each subscriber a working unsubscribe link', async (t) => {
  const smtp = await startSmtp(t);
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_POLL_MS: '50' });
  await app.ready();
  await app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: 'lea@example.com', language: 'en', consent: true },
  });
  const [optIn] = await smtp.waitFor(1);
  await app.inject({
    method: 'POST',
    url: '/api/newsletter/confirm',
    payload: { emailb64: decodeURIComponent(/\/newsletter\/([\w.%-]+)/.exec(optIn!.parsed.text ?? '')![1]!) },
  });
  const listed = await runSubmissionsCli(['subscribers'], { DATA_DIR: dataDir, SITE_URL: 'http://localhost:3000' });
  t.equal(listed.code, 0);
  const [headerLine, line] = listed.out.trim().split(/\r?\n/);
  t.equal(headerLine, 'email,language,confirmed,unsubscribe_url,one_click_unsubscribe_url');
  const [, oneClick] = /,(http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\/[^,]+)$/.exec(line!)!;
  const response = await app.inject({
    method: 'POST',
    url: oneClick!.replace('http://localhost:3000', ''),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  t.same(response.json(), { ok: true, status: 'unsubscribed' });
  t.equal(
    (await runSubmissionsCli(['subscribers'], { DATA_DIR: dataDir })).out.trim().split(/\r?\n/).length,
    1,
    'the list is empty afterwards',
  );
});
