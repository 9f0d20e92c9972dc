import { existsSync, readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import t from 'tap';
import { build, tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import { samples } from './helpers/files.ts';
import { startSmtp } from './helpers/smtp.ts';

function applicationForm(extra: (form: FormData) => void = () => {}): FormData {
  const form = new FormData();
  form.append('language', 'de');
  form.append('name', 'Aylin Demir');
  form.append('email', 'aylin@example.com');
  form.append('phone', '+49 40 1234567');
  form.append('message', 'Ich freue mich auf das Gespräch.');
  form.append('locations', 'Hamburg');
  form.append('locations', 'Berlin');
  form.append('job', 'senior-data-engineer');
  form.append('type', 'Vollzeit');
  form.append('cv', new Blob([samples.pdf], { type: 'application/pdf' }), 'Lebenslauf Aylin Demir.pdf');
  extra(form);
  return form;
}

t.test('POST /api/application stores the application with its files and mails them to the team', async (t) => {
  const smtp = await startSmtp(t);
  const dataDir = await tempDataDir(t);
  const app = await build(t, {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    JOBS_TO: 'jobs@nordstern.example',
    MAIL_POLL_MS: '50',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/application`;

  const form = applicationForm((f) => {
    f.append('additionals[]', new Blob([samples.png], { type: 'image/png' }), 'zeugnis.png');
    f.append('additionals[]', new Blob([samples.docx]), 'anschreiben.docx');
    f.append('additionals[]', new Blob([samples.odt]), 'referenz.odt');
    f.append('additionals[]', new Blob([samples.jpeg]), '../../etc/passwd.jpg');
    f.append('additionals[]', new Blob([samples.doc]), 'alt.doc');
  });
  const response = await fetch(url, { method: 'POST', body: form, headers: { accept: 'application/json' } });
  t.equal(response.status, 201);
  const { id } = (await response.json()) as { id: string };

  const [submission] = rows(dataDir, 'SELECT * FROM submissions WHERE id = ?', id);
  t.match(submission, { form: 'application', language: 'de', email: 'aylin@example.com', name: 'Aylin Demir' });
  t.same(JSON.parse(String(submission!.payload)).locations, ['Hamburg', 'Berlin']);
  const attachments = rows(dataDir, 'SELECT * FROM attachments WHERE submission_id = ? ORDER BY stored_path', id);
  t.same(
    attachments.map((a) => [a.field, a.file_name, a.content_type]),
    [
      ['cv', 'Lebenslauf-Aylin-Demir.pdf', 'application/pdf'],
      ['additionals', 'zeugnis.png', 'image/png'],
      ['additionals', 'anschreiben.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['additionals', 'referenz.odt', 'application/vnd.oasis.opendocument.text'],
      ['additionals', 'passwd.jpg', 'image/jpeg'],
      ['additionals', 'alt.doc', 'application/msword'],
    ],
  );
  for (const attachment of attachments) {
    const stored = String(attachment.stored_path);
    t.ok(existsSync(stored), `${attachment.file_name} stored`);
    t.ok(
      stored.startsWith(path.join(dataDir, 'uploads', id)),
      'inside the submission folder, outside every served folder',
    );
  }
  t.same(readdirSync(path.join(dataDir, 'uploads', '.incoming')), [], 'no temporary files left');
  const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);
  for (const folder of ['uploads', 'uploads/.incoming', `uploads/${id}`])
    t.equal(modeOf(path.join(dataDir, folder)), '700', `${folder} is the server's alone`);
  for (const attachment of attachments)
    t.equal(modeOf(String(attachment.stored_path)), '600', `${attachment.file_name} is the server's alone`);

  const mails = await smtp.waitFor(2);
  const team = mails.find((mail) => mail.envelopeTo.includes('jobs@nordstern.example'));
  t.equal(team?.parsed.subject, `Neue Bewerbung (${id.slice(0, 8)})`, 'the subject holds no visitor text');
  t.same(
    team?.parsed.attachments.map((a) => a.filename),
    ['Lebenslauf-Aylin-Demir.pdf', 'zeugnis.png', 'anschreiben.docx', 'referenz.odt', 'passwd.jpg', 'alt.doc'],
    'every file attached',
  );
  t.ok(team?.parsed.attachments[0]?.content.equals(samples.pdf), 'the CV arrives byte for byte');
  t.ok(
    mails.find((mail) => mail.envelopeTo.includes('aylin@example.com')),
    'the applicant gets a confirmation',
  );
});

t.test('a plain form post with an empty optional file gets a redirect', async (t) => {
  const app = await build(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/application`;
  const form = applicationForm((f) => {
    f.set('language', 'en');
    f.append('additionals[]', new Blob([]), '');
    f.append('phone', '');
  });
  const response = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  t.equal(response.status, 303);
  t.equal(response.headers.get('location'), '/company/career?sent=application');
});
