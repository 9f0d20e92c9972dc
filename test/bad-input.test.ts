import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import t from 'tap';
import { createTokenSigner } from '#server/forms/tokens.ts';
import { build, contentWithTestEvent, TEST_EVENT, tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import { pdfOfSize, samples } from './helpers/files.ts';

const contact = {
  name: 'Lena Vogt',
  email: 'lena@example.com',
  company: 'Kai 7',
  message: 'Hallo!',
  language: 'en',
  legals: true,
};
const event = { name: 'Lena Vogt', email: 'lena@example.com', terms: true, event: TEST_EVENT, language: 'en' };
const newsletter = { email: 'lena@example.com', language: 'en', consent: true };
const MB = 1024 * 1024;
const SECRET = 's'.repeat(40);

interface Case {
  name: string;
  url: string;
  status: number;
  field: string;
  code: string;
  /** JSON body, raw string body, or a multipart form. */
  body?: unknown;
  raw?: string;
  form?: () => FormData;
  headers?: Record<string, string>;
}

function without<T extends object>(value: T, key: keyof T): Partial<T> {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

function application(change: (form: FormData) => void = () => {}): () => FormData {
  return () => {
    const form = new FormData();
    form.append('language', 'en');
    form.append('name', 'Lena Vogt');
    form.append('email', 'lena@example.com');
    form.append('cv', new Blob([samples.pdf]), 'cv.pdf');
    change(form);
    return form;
  };
}

const cases: Case[] = [
  // contact
  {
    name: 'contact without name',
    url: '/api/contact',
    body: without(contact, 'name'),
    status: 400,
    field: 'name',
    code: 'required',
  },
  {
    name: 'contact without email',
    url: '/api/contact',
    body: without(contact, 'email'),
    status: 400,
    field: 'email',
    code: 'required',
  },
  {
    name: 'contact without message',
    url: '/api/contact',
    body: without(contact, 'message'),
    status: 400,
    field: 'message',
    code: 'required',
  },
  {
    name: 'contact without language',
    url: '/api/contact',
    body: without(contact, 'language'),
    status: 400,
    field: 'language',
    code: 'required',
  },
  {
    name: 'contact without legals',
    url: '/api/contact',
    body: without(contact, 'legals'),
    status: 400,
    field: 'legals',
    code: 'required',
  },
  {
    name: 'contact with legals false',
    url: '/api/contact',
    body: { ...contact, legals: false },
    status: 400,
    field: 'legals',
    code: 'must_accept',
  },
  {
    name: 'contact with legals "no"',
    url: '/api/contact',
    body: { ...contact, legals: 'no' },
    status: 400,
    field: 'legals',
    code: 'invalid',
  },
  {
    name: 'contact with an invalid email',
    url: '/api/contact',
    body: { ...contact, email: 'lena@' },
    status: 400,
    field: 'email',
    code: 'email',
  },
  {
    name: 'contact with email header injection',
    url: '/api/contact',
    body: { ...contact, email: 'lena@example.com\r\nBcc: all@example.com' },
    status: 400,
    field: 'email',
    code: 'email',
  },
  {
    name: 'contact with name header injection',
    url: '/api/contact',
    body: { ...contact, name: 'Lena\r\nBcc: all@example.com' },
    status: 400,
    field: 'name',
    code: 'single_line',
  },
  {
    name: 'contact with a blank name',
    url: '/api/contact',
    body: { ...contact, name: '   ' },
    status: 400,
    field: 'name',
    code: 'single_line',
  },
  {
    name: 'contact with language fr',
    url: '/api/contact',
    body: { ...contact, language: 'fr' },
    status: 400,
    field: 'language',
    code: 'invalid_language',
  },
  {
    name: 'contact with a number for name',
    url: '/api/contact',
    body: { ...contact, name: { first: 'Lena' } },
    status: 400,
    field: 'name',
    code: 'invalid',
  },
  {
    name: 'contact with a huge message',
    url: '/api/contact',
    body: { ...contact, message: 'x'.repeat(5001) },
    status: 400,
    field: 'message',
    code: 'too_long',
  },
  {
    name: 'contact with a huge name',
    url: '/api/contact',
    body: { ...contact, name: 'N'.repeat(121) },
    status: 400,
    field: 'name',
    code: 'too_long',
  },
  {
    name: 'contact with a body over the limit',
    url: '/api/contact',
    body: { ...contact, message: 'x'.repeat(70_000) },
    status: 413,
    field: 'body',
    code: 'body_too_large',
  },
  {
    name: 'contact with malformed JSON',
    url: '/api/contact',
    raw: '{"name": "Lena", ',
    status: 400,
    field: 'body',
    code: 'malformed',
  },
  {
    name: 'contact with an empty JSON body',
    url: '/api/contact',
    raw: '',
    status: 400,
    field: 'body',
    code: 'malformed',
  },
  {
    name: 'contact as text/plain',
    url: '/api/contact',
    raw: 'name=Lena',
    headers: { 'content-type': 'text/plain' },
    status: 415,
    field: 'content-type',
    code: 'unsupported_type',
  },
  {
    name: 'contact with a NUL in the message',
    url: '/api/contact',
    body: { ...contact, message: 'Hallo\u0000' },
    status: 400,
    field: 'message',
    code: 'single_line',
  },
  // technology and OMR
  {
    name: 'technology with too many products',
    url: '/api/contact/technology',
    body: { ...contact, products: Array.from({ length: 21 }, (_, i) => `p${i}`) },
    status: 400,
    field: 'products',
    code: 'too_many',
  },
  {
    name: 'technology with a huge product',
    url: '/api/contact/technology',
    body: { ...contact, products: ['x'.repeat(121)] },
    status: 400,
    field: 'products',
    code: 'too_long',
  },
  {
    name: 'OMR without email',
    url: '/api/contact/omr',
    body: without(contact, 'email'),
    status: 400,
    field: 'email',
    code: 'required',
  },
  // events
  {
    name: 'event without terms',
    url: '/api/events',
    body: without(event, 'terms'),
    status: 400,
    field: 'terms',
    code: 'required',
  },
  {
    name: 'event with terms false',
    url: '/api/events',
    body: { ...event, terms: false },
    status: 400,
    field: 'terms',
    code: 'must_accept',
  },
  {
    name: 'event without event',
    url: '/api/events',
    body: without(event, 'event'),
    status: 400,
    field: 'event',
    code: 'required',
  },
  {
    name: 'event that is not an edition of ours',
    url: '/api/events',
    body: { ...event, event: 'Cloud Day' },
    status: 400,
    field: 'event',
    code: 'invalid',
  },
  {
    name: 'event edition that is past',
    url: '/api/events',
    body: { ...event, event: 'cdp-event/muenchen/2024/03', language: 'de' },
    status: 400,
    field: 'event',
    code: 'invalid',
  },
  {
    name: 'event edition that takes no registrations',
    url: '/api/events',
    body: { ...event, event: 'omr/hamburg/2027/05' },
    status: 400,
    field: 'event',
    code: 'invalid',
  },
  {
    name: 'page field that leaves the site',
    url: '/api/contact',
    body: { ...contact, page: '//evil.example/x' },
    status: 400,
    field: 'page',
    code: 'invalid',
  },
  {
    name: 'event with a huge event name',
    url: '/api/events',
    body: { ...event, event: 'e'.repeat(121) },
    status: 400,
    field: 'event',
    code: 'too_long',
  },
  {
    name: 'event confirm with a forged token',
    url: '/api/events/confirm',
    body: { token: 'abc.def' },
    status: 400,
    field: 'token',
    code: 'token_invalid',
  },
  {
    name: 'event confirm without token',
    url: '/api/events/confirm',
    body: {},
    status: 400,
    field: 'token',
    code: 'required',
  },
  // newsletter
  {
    name: 'newsletter without consent',
    url: '/api/newsletter/subscribe',
    body: without(newsletter, 'consent'),
    status: 400,
    field: 'consent',
    code: 'required',
  },
  {
    name: 'newsletter with a bad email',
    url: '/api/newsletter/subscribe',
    body: { ...newsletter, email: 'not-an-email' },
    status: 400,
    field: 'email',
    code: 'email',
  },
  {
    name: 'newsletter with language <script>',
    url: '/api/newsletter/subscribe',
    body: { ...newsletter, language: '<script>' },
    status: 400,
    field: 'language',
    code: 'invalid_language',
  },
  {
    name: 'newsletter confirm with unsigned base64',
    url: '/api/newsletter/confirm',
    body: { emailb64: Buffer.from('lena@example.com').toString('base64') },
    status: 400,
    field: 'emailb64',
    code: 'token_invalid',
  },
  {
    name: 'newsletter confirm with an expired token',
    url: '/api/newsletter/confirm',
    body: {
      emailb64: createTokenSigner(SECRET, 1).sign(
        { purpose: 'newsletter', subject: 'lena@example.com', language: 'en' },
        Date.now() - 7_200_000,
      ),
    },
    status: 400,
    field: 'emailb64',
    code: 'token_expired',
  },
  {
    name: 'newsletter confirm with a huge token',
    url: '/api/newsletter/confirm',
    body: { emailb64: 'x'.repeat(2001) },
    status: 400,
    field: 'emailb64',
    code: 'too_long',
  },
  // applications
  {
    name: 'application as JSON',
    url: '/api/application',
    body: { name: 'Lena' },
    status: 415,
    field: 'content-type',
    code: 'unsupported_type',
  },
  {
    name: 'application without CV',
    url: '/api/application',
    form: application((f) => f.delete('cv')),
    status: 400,
    field: 'cv',
    code: 'file_required',
  },
  {
    name: 'application without name',
    url: '/api/application',
    form: application((f) => f.delete('name')),
    status: 400,
    field: 'name',
    code: 'required',
  },
  {
    name: 'application without language',
    url: '/api/application',
    form: application((f) => f.delete('language')),
    status: 400,
    field: 'language',
    code: 'required',
  },
  {
    name: 'application with a bad email',
    url: '/api/application',
    form: application((f) => f.set('email', 'x@@y')),
    status: 400,
    field: 'email',
    code: 'email',
  },
  {
    name: 'application with header injection in name',
    url: '/api/application',
    form: application((f) => f.set('name', 'Lena\nBcc: x@example.com')),
    status: 400,
    field: 'name',
    code: 'single_line',
  },
  {
    name: 'application with letters in phone',
    url: '/api/application',
    form: application((f) => f.set('phone', 'call me maybe')),
    status: 400,
    field: 'phone',
    code: 'invalid',
  },
  {
    name: 'application with an oversized CV',
    url: '/api/application',
    form: application((f) => f.set('cv', new Blob([pdfOfSize(10 * MB + 1)]), 'cv.pdf')),
    status: 413,
    field: 'cv',
    code: 'file_too_large',
  },
  {
    name: 'application with an oversized additional file',
    url: '/api/application',
    form: application((f) => f.append('additionals[]', new Blob([pdfOfSize(10 * MB + 10)]), 'big.pdf')),
    status: 413,
    field: 'additionals',
    code: 'file_too_large',
  },
  {
    name: 'application with six additional files',
    url: '/api/application',
    form: application((f) => {
      for (let i = 0; i < 6; i += 1) f.append('additionals[]', new Blob([samples.png]), `a${i}.png`);
    }),
    status: 413,
    field: 'additionals',
    code: 'too_many_files',
  },
  {
    name: 'application with an executable named .pdf',
    url: '/api/application',
    form: application((f) => f.set('cv', new Blob([samples.exe], { type: 'application/pdf' }), 'cv.pdf')),
    status: 415,
    field: 'cv',
    code: 'file_type',
  },
  {
    name: 'application with a plain zip named .docx',
    url: '/api/application',
    form: application((f) => f.append('additionals[]', new Blob([samples.plainZip]), 'letter.docx')),
    status: 415,
    field: 'additionals',
    code: 'file_type',
  },
  {
    name: 'application with a spreadsheet named .doc',
    url: '/api/application',
    form: application((f) => f.append('additionals[]', new Blob([samples.xls]), 'letter.doc')),
    status: 415,
    field: 'additionals',
    code: 'file_type',
  },
  {
    name: 'application with HTML claiming to be PNG',
    url: '/api/application',
    form: application((f) => f.append('additionals[]', new Blob([samples.html], { type: 'image/png' }), 'photo.png')),
    status: 415,
    field: 'additionals',
    code: 'file_type',
  },
  {
    name: 'application with an unknown file field',
    url: '/api/application',
    form: application((f) => f.append('avatar', new Blob([samples.png]), 'me.png')),
    status: 400,
    field: 'avatar',
    code: 'invalid',
  },
  {
    name: 'application with two CVs',
    url: '/api/application',
    form: application((f) => f.append('cv', new Blob([samples.pdf]), 'cv2.pdf')),
    status: 400,
    field: 'cv',
    code: 'invalid',
  },
];

t.test(`a table of ${cases.length} bad inputs: each a clear 4xx, nothing left behind`, async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, {
    DATA_DIR: dataDir,
    TOKEN_SECRET: SECRET,
    RATE_LIMIT_MAX: '1000',
    CONTENT_DIR: await contentWithTestEvent(t),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  for (const entry of cases) {
    const init: RequestInit = { method: 'POST', headers: { accept: 'application/json', ...entry.headers } };
    if (entry.form) init.body = entry.form();
    else {
      init.body = entry.raw ?? JSON.stringify(entry.body);
      init.headers = { 'content-type': 'application/json', ...init.headers };
    }
    const response = await fetch(`${base}${entry.url}`, init);
    const body = (await response.json()) as Record<string, unknown>;
    t.equal(response.status, entry.status, `${entry.name}: status`);
    t.match(
      body,
      { statusCode: entry.status, field: entry.field, code: entry.code, message: /\w{3,}/ },
      `${entry.name}: ${String(body.message)}`,
    );
    t.notMatch(JSON.stringify(body), /at \w+ \(|node_modules|Error:/, `${entry.name}: no internals`);
  }
  t.equal(rows(dataDir, 'SELECT * FROM submissions').length, 0, 'no submission stored');
  t.equal(rows(dataDir, 'SELECT * FROM attachments').length, 0, 'no attachment stored');
  t.equal(rows(dataDir, 'SELECT * FROM outbox').length, 0, 'no mail queued');
  const uploads = path.join(dataDir, 'uploads');
  t.same(readdirSync(uploads), ['.incoming'], 'no upload folder');
  t.same(readdirSync(path.join(uploads, '.incoming')), [], 'no temporary file');
  const health = await fetch(`${base}/healthz`);
  t.equal(health.status, 200, 'the process stays up');
  t.comment(`${cases.length} bad inputs refused`);
});

t.test('refusals speak the language of the form', async (t) => {
  const app = await build(t);
  const response = await app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { ...contact, language: 'de', email: 'kaputt' },
  });
  t.match(response.json(), { field: 'email', message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' });
  const malformed = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { 'content-type': 'application/json', 'accept-language': 'de' },
    payload: '{',
  });
  t.match(malformed.json(), { field: 'body', message: 'Die Anfrage konnte nicht gelesen werden.' });
});

t.test('an upload cut off mid-stream leaves no file and no row', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const boundary = '----nordstern-cut';
  const head = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="language"',
    '',
    'en',
    `--${boundary}`,
    'Content-Disposition: form-data; name="name"',
    '',
    'Lena Vogt',
    `--${boundary}`,
    'Content-Disposition: form-data; name="email"',
    '',
    'lena@example.com',
    `--${boundary}`,
    'Content-Disposition: form-data; name="cv"; filename="cv.pdf"',
    'Content-Type: application/pdf',
    '',
    '',
  ].join('\r\n');
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST /api/application HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${5 * MB}\r\n\r\n`,
  );
  socket.write(head);
  socket.write(pdfOfSize(MB));
  await new Promise((resolve) => setTimeout(resolve, 200));
  t.equal(readdirSync(path.join(dataDir, 'uploads', '.incoming')).length, 1, 'the file was being written');
  socket.destroy();
  const until = Date.now() + 5000;
  while (readdirSync(path.join(dataDir, 'uploads', '.incoming')).length > 0 && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 50));
  t.same(readdirSync(path.join(dataDir, 'uploads', '.incoming')), [], 'the partial file is removed');
  t.equal(rows(dataDir, 'SELECT * FROM submissions').length, 0, 'no row');
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  t.equal(health.status, 200, 'the process stays up');
});
