import t from 'tap';
import { build, tempDataDir } from './helpers/build.ts';
import { rows, waitForRows } from './helpers/db.ts';
import { startSmtp } from './helpers/smtp.ts';

const ORIGIN = 'http://localhost:3000';
const valid = {
  name: 'Marie Schröder',
  email: 'marie@example.com',
  company: 'Hafenkontor GmbH',
  message: 'Wir möchten unser Tracking auf Server-Side umstellen.\nKönnen wir sprechen?',
  language: 'de',
  legals: true,
};

t.test('POST /api/contact stores the request and mails the team and the sender', async (t) => {
  const smtp = await startSmtp(t);
  const dataDir = await tempDataDir(t);
  const app = await build(t, {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    CONTACT_TO: 'team@nordstern.example',
    MAIL_POLL_MS: '50',
  });
  await app.ready();
  const response = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { origin: ORIGIN },
    payload: valid,
  });
  t.equal(response.statusCode, 201);
  const { id } = response.json() as { id: string };
  t.match(id, /^[0-9a-f-]{36}$/);
  const stored = rows(dataDir, 'SELECT * FROM submissions');
  t.equal(stored.length, 1);
  t.match(stored[0], { id, form: 'contact', language: 'de', email: valid.email, name: valid.name, status: 'received' });
  t.match(JSON.parse(String(stored[0]!.payload)), { message: valid.message, company: valid.company });

  const mails = await smtp.waitFor(2);
  const team = mails.find((mail) => mail.envelopeTo.includes('team@nordstern.example'));
  const sender = mails.find((mail) => mail.envelopeTo.includes(valid.email));
  t.ok(team, 'the team is notified');
  t.equal(team?.parsed.subject, `Neue Kontaktanfrage (${id.slice(0, 8)})`, 'the subject holds no visitor text');
  t.match(team?.parsed.text, 'Wir möchten unser Tracking');
  t.match(team?.parsed.text, id, 'with the reference');
  t.equal(team?.parsed.replyTo?.value[0]?.address, valid.email, 'replies go to the sender');
  t.ok(sender, 'the sender gets a confirmation');
  t.match(sender?.parsed.text, 'Marie Schröder');
  t.equal(
    (await waitForRows(dataDir, "SELECT * FROM outbox WHERE status = 'sent'", 2)).length,
    2,
    'both mails marked sent',
  );
});

t.test('the technology and OMR variants go to their own inboxes', async (t) => {
  const smtp = await startSmtp(t);
  const app = await build(t, {
    SMTP_URL: smtp.url,
    TECHNOLOGY_TO: 'tech@nordstern.example',
    OMR_TO: 'omr@nordstern.example',
    MAIL_POLL_MS: '50',
  });
  await app.ready();
  const tech = await app.inject({
    method: 'POST',
    url: '/api/contact/technology',
    payload: {
      ...valid,
      language: 'en',
      products: ['Google Analytics 4', 'Display & Video 360'],
      services: ['Implementation'],
    },
  });
  t.equal(tech.statusCode, 201);
  const omr = await app.inject({ method: 'POST', url: '/api/contact/omr', payload: { ...valid, language: 'en' } });
  t.equal(omr.statusCode, 201);
  const mails = await smtp.waitFor(4);
  const techMail = mails.find((mail) => mail.envelopeTo.includes('tech@nordstern.example'));
  t.match(techMail?.parsed.subject, /^New technology enquiry \([0-9a-f]{8}\)$/);
  t.match(techMail?.parsed.text, 'Google Analytics 4, Display & Video 360');
  t.match(techMail?.parsed.html, 'Display &amp; Video 360', 'escaped in HTML');
  t.ok(mails.find((mail) => mail.envelopeTo.includes('omr@nordstern.example')));
});

t.test('a plain HTML form post is answered with a redirect to the form page', async (t) => {
  const app = await build(t);
  const form = new URLSearchParams({ ...valid, legals: 'on', language: 'en' });
  const response = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: form.toString(),
  });
  t.equal(response.statusCode, 303);
  t.equal(response.headers.location, '/company/contact?sent=contact');
  const de = await app.inject({
    method: 'POST',
    url: '/api/contact/technology',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...valid, legals: 'true' }).toString(),
  });
  t.equal(de.headers.location, '/technologie/google-marketing-platform-partner/kontakt?sent=contact-technology');
});

t.test('the honeypot silently drops bots', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir });
  const response = await app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { ...valid, website: 'http://spam.example' },
  });
  t.equal(response.statusCode, 201, 'looks accepted to the bot');
  t.equal(rows(dataDir, 'SELECT * FROM submissions').length, 0, 'nothing stored');
  t.equal(rows(dataDir, 'SELECT * FROM outbox').length, 0, 'nothing mailed');
});

t.test('without SMTP_URL mails wait in the outbox', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir });
  const response = await app.inject({ method: 'POST', url: '/api/contact', payload: valid });
  t.equal(response.statusCode, 201);
  t.same(
    rows(dataDir, 'SELECT status FROM outbox').map((row) => row.status),
    ['pending', 'pending'],
  );
});

t.test('posts from another site are refused', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir });
  for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }]) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { ...headers, 'accept-language': 'de-DE' },
      payload: valid,
    });
    t.equal(response.statusCode, 403, JSON.stringify(headers));
    t.match(response.json(), {
      field: 'origin',
      code: 'forbidden_origin',
      message: 'Formulare können nur über diese Website gesendet werden.',
    });
  }
  const own = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
    payload: valid,
  });
  t.equal(own.statusCode, 201, 'the address the browser used is its own origin');
  t.equal(rows(dataDir, 'SELECT * FROM submissions').length, 1);
});

t.test('too many posts from one address get 429 with Retry-After', async (t) => {
  const app = await build(t, { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
  const statuses: number[] = [];
  let last;
  for (let i = 0; i < 5; i += 1) {
    last = await app.inject({ method: 'POST', url: '/api/contact', payload: { ...valid, language: 'en' } });
    statuses.push(last.statusCode);
  }
  t.same(statuses, [201, 201, 201, 429, 429]);
  t.ok(Number(last!.headers['retry-after']) > 0, 'Retry-After set');
  t.match(last!.json(), { statusCode: 429, code: 'rate_limited', message: /Too many submissions/ });
  const page = await app.inject({ url: '/' });
  t.equal(page.statusCode, 200, 'pages are not limited');
});
