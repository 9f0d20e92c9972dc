/**
 * Forms without JavaScript: a browser's plain post that is refused gets the form's page
 * again, in its language, with the message at the field, the typed values kept and a 4xx;
 * JSON clients keep the JSON refusal; a received post lands on the thank-you text.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { createTokenSigner } from '#server/forms/tokens.ts';
import { build, contentWithTestEvent, TEST_EVENT, tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import { samples } from './helpers/files.ts';

const SECRET = 't'.repeat(40);
const json = <T>(file: string) => JSON.parse(readFileSync(`content/${file}`, 'utf8')) as T;
const messages = {
  en: json<Record<string, string>>('en/form_messages.json'),
  de: json<Record<string, string>>('de/form_messages.json'),
};
/** A field's own words for a refusal, which the page shows in place of the general message the JSON answer carries. */
const own = (file: string, field: string, code: string) =>
  json<{ fields: Record<string, { errors?: Record<string, string> }> }>(file).fields[field]?.errors?.[code] ?? '';
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM_HEADERS = {
  'content-type': 'application/x-www-form-urlencoded',
  accept: 'text/html,application/xhtml+xml',
  origin: 'http://localhost:3000',
};

const dataDir = await tempDataDir(t);
const app = await build(t, {
  DATA_DIR: dataDir,
  TOKEN_SECRET: SECRET,
  RATE_LIMIT_MAX: '1000',
  CONTENT_DIR: await contentWithTestEvent(t),
});
const contact = {
  name: 'Lena Vogt',
  email: 'lena@example',
  company: 'Kai 7',
  message: 'Wir planen einen Relaunch.',
  language: 'en',
  legals: 'on',
  page: '/company/contact',
};

/** The attributes of the input named `name`. */
const inputOf = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';

t.test(
  'a refused plain post gets the contact page again with the message at the field and the values kept',
  async (t) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: FORM_HEADERS,
      payload: form(contact),
    });
    t.equal(response.statusCode, 400);
    t.match(response.headers['content-type'], 'text/html');
    t.match(response.body, '<html lang="en"');
    t.match(response.body, escapeHtml(own('en/contact_form.json', 'email', 'email')), 'the field’s own message');
    t.equal(
      /<p id="[^"]*-email-error" class="form__error">([^<]*)<\/p>/.exec(response.body)?.[1],
      escapeHtml(own('en/contact_form.json', 'email', 'email')),
      'in place of the general one',
    );
    const email = inputOf(response.body, 'email');
    t.match(email, 'aria-invalid="true"', 'the field is marked');
    t.match(email, /aria-describedby="[^"]*-email-error"/, 'and described by the message');
    t.match(email, 'value="lena@example"', 'what was typed stays');
    t.match(inputOf(response.body, 'name'), 'value="Lena Vogt"');
    t.match(inputOf(response.body, 'company'), 'value="Kai 7"');
    t.match(response.body, />Wir planen einen Relaunch.<\/textarea>/);
    t.match(inputOf(response.body, 'legals'), 'checked=""', 'the ticked box stays ticked');
    t.match(response.headers['x-content-type-options'], 'nosniff', 'with the security headers');
    t.equal(rows(dataDir, 'SELECT * FROM submissions').length, 0, 'nothing stored');
  },
);

t.test('an empty plain post lists every wrong field at once, in their own words, under the summary', async (t) => {
  for (const [language, page] of [
    ['en', '/company/contact'],
    ['de', '/unternehmen/kontakt'],
  ] as const) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: FORM_HEADERS,
      payload: form({ name: '', email: '', company: '', message: '', language, page }),
    });
    t.equal(response.statusCode, 400);
    const file = `${language}/contact_form.json`;
    const summary = /<div class="form__summary"[\s\S]*?<\/ul>/.exec(response.body)?.[0] ?? '';
    t.match(summary, escapeHtml(json<{ summary: string }>(file).summary), `${language}: the summary's heading`);
    for (const [field, code] of [
      ['name', 'required'],
      ['email', 'required'],
      ['message', 'required'],
      ['legals', 'must_accept'],
    ] as const) {
      const id = new RegExp(`id="([^"]*-${field})"`).exec(response.body)?.[1];
      t.ok(id, `${language}: ${field} has an id`);
      t.match(summary, `href="#${id}">${escapeHtml(own(file, field, code))}</a>`, `${language}: ${field} is linked`);
      const control = new RegExp(`<(?:input|textarea)[^>]*id="${id}"[^>]*>`).exec(response.body)?.[0] ?? '';
      t.match(control, 'aria-invalid="true"', `${language}: ${field} is marked`);
    }
  }
});

t.test('the German form page answers in German', async (t) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: FORM_HEADERS,
    payload: form({ ...contact, language: 'de', page: '/unternehmen/kontakt', legals: '' }),
  });
  t.equal(response.statusCode, 400);
  t.match(response.body, '<html lang="de"');
  t.match(response.body, escapeHtml(own('de/contact_form.json', 'legals', 'must_accept')));
});

t.test('typed values are shown as text, never as markup', async (t) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: FORM_HEADERS,
    payload: form({ ...contact, name: '"><script>alert(1)</script>' }),
  });
  t.equal(response.statusCode, 400);
  t.notMatch(response.body, '<script>alert(1)');
  t.match(inputOf(response.body, 'name'), 'value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
});

t.test('field names that reach for the object prototype are neither echoed nor a failure', async (t) => {
  const payload = `${form(contact)}&__proto__[x]=1&constructor=1&toString=2`;
  const response = await app.inject({ method: 'POST', url: '/api/contact', headers: FORM_HEADERS, payload });
  t.equal(response.statusCode, 400);
  t.match(response.body, escapeHtml(own('en/contact_form.json', 'email', 'email')));
  t.notMatch(response.body, /value="[12]"/);
});

t.test('JSON clients keep the JSON refusal', async (t) => {
  const plainButJson = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { ...FORM_HEADERS, accept: 'application/json' },
    payload: form(contact),
  });
  t.equal(plainButJson.statusCode, 400);
  t.match(plainButJson.json(), { field: 'email', code: 'email' });
  const body = { ...contact, legals: true };
  const jsonPost = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { origin: 'http://localhost:3000' },
    payload: body,
  });
  t.match(jsonPost.json(), { field: 'email', code: 'email', message: messages.en.email });
});

t.test('a page field that names no page of the site gets the JSON refusal, never a page', async (t) => {
  for (const page of [
    '/no-such-page',
    '//evil.example/company',
    'https://evil.example/',
    '/company/contact?x=<script>',
  ]) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: FORM_HEADERS,
      payload: form({ ...contact, page }),
    });
    t.equal(response.statusCode, 400, page);
    t.match(response.headers['content-type'], 'application/json', page);
  }
});

t.test('a received plain post lands on its page with the thank-you text', async (t) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: FORM_HEADERS,
    payload: form({ ...contact, email: 'lena@example.com' }),
  });
  t.equal(response.statusCode, 303);
  t.equal(response.headers.location, '/company/contact?sent=contact');
  const page = await app.inject({ url: response.headers.location as string });
  t.match(page.body, escapeHtml(json<{ headline: string }>('en/contact_thank_you.json').headline));
  t.notMatch(page.body, 'action="/api/contact"', 'the form is replaced by the thank-you text');
  const [stored] = rows(dataDir, "SELECT payload FROM submissions WHERE form = 'contact'");
  t.notMatch(String(stored?.payload), '"page"', 'the page field is not stored');
});

t.test('an event registration without JavaScript ends on its edition with the double opt-in text', async (t) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: FORM_HEADERS,
    payload: form({
      name: 'Jonas Weber',
      email: 'jonas@example.com',
      terms: 'on',
      event: TEST_EVENT,
      language: 'en',
      page: '/company/events/cloud/muenchen/2099/05',
    }),
  });
  t.equal(response.statusCode, 303);
  const page = await app.inject({ url: response.headers.location as string });
  t.equal(page.statusCode, 200);
  t.match(page.body, escapeHtml(json<{ headline: string }>('en/event_double_opt_in.json').headline));
  const refused = await app.inject({
    method: 'POST',
    url: '/api/events',
    headers: FORM_HEADERS,
    payload: form({
      name: 'Jonas Weber',
      email: 'jonas@',
      terms: 'on',
      event: TEST_EVENT,
      language: 'en',
      page: '/company/events/cloud/muenchen/2099/05',
    }),
  });
  t.equal(refused.statusCode, 400);
  t.match(refused.body, escapeHtml(own('en/event_form.json', 'email', 'email')));
  t.match(inputOf(refused.body, 'name'), 'value="Jonas Weber"');
});

t.test('a refused application without JavaScript gets the job page with the message; files are not kept', async (t) => {
  const [job] = json<{ activePositions: { generic: { folder: string } }[] }>(
    'en/careers/positions.json',
  ).activePositions;
  const page = `/company/career/${job!.generic.folder}`;
  const body = new FormData();
  for (const [name, value] of Object.entries({
    language: 'en',
    name: 'Mia Roth',
    email: 'mia@example.com',
    phone: '+49 40 123',
    job: job!.generic.folder,
    page,
  }))
    body.append(name, value);
  body.append('locations', 'hamburg');
  body.append('cv', new Blob([samples.exe]), 'cv.pdf');
  const request = new Request('http://localhost/api/application', { method: 'POST', body });
  const response = await app.inject({
    method: 'POST',
    url: '/api/application',
    headers: {
      'content-type': request.headers.get('content-type')!,
      accept: 'text/html',
      origin: 'http://localhost:3000',
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  t.equal(response.statusCode, 415);
  t.match(response.headers['content-type'], 'text/html');
  t.match(response.body, escapeHtml(messages.en.file_type!));
  t.match(inputOf(response.body, 'name'), 'value="Mia Roth"');
  t.match(inputOf(response.body, 'cv'), 'aria-invalid="true"');
  t.match(
    response.body,
    /<input[^>]*value="hamburg"[^>]*checked=""|<input[^>]*checked=""[^>]*value="hamburg"/,
    'the chosen location stays chosen',
  );
  t.equal(rows(dataDir, "SELECT * FROM submissions WHERE form = 'application'").length, 0);
});

t.test('the newsletter confirmation button works without JavaScript', async (t) => {
  const signer = createTokenSigner(SECRET, 24);
  await app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: 'nora@example.com', language: 'en', consent: true },
  });
  const [{ id }] = rows(
    dataDir,
    "SELECT id FROM submissions WHERE form = 'newsletter' AND email = 'nora@example.com'",
  ) as [{ id: string }];
  const token = signer.sign({ purpose: 'newsletter', subject: id, language: 'en' });
  const post = (emailb64: string) =>
    app.inject({ method: 'POST', url: '/api/newsletter/confirm', headers: FORM_HEADERS, payload: form({ emailb64 }) });
  const first = await post(token);
  t.equal(first.statusCode, 303);
  t.equal(first.headers.location, `/newsletter/${encodeURIComponent(token)}?result=confirmed`);
  const confirmation = json<Record<string, { headline: string }>>('en/homepage/newsletter/confirm/confirmation.json');
  t.match(
    (await app.inject({ url: first.headers.location as string, headers: { cookie: 'language=en' } })).body,
    escapeHtml(confirmation.confirmed!.headline),
  );
  t.match((await post(token)).headers.location, /result=already_confirmed$/);
  t.match((await post('forged.token')).headers.location, /result=invalid$/);
  const expired = signer.sign({ purpose: 'newsletter', subject: id, language: 'en' }, Date.now() - 48 * 3600_000);
  t.match((await post(expired)).headers.location, /result=expired$/);
});
