import t from 'tap';
import { createTokenSigner } from '#server/forms/tokens.ts';
import { build, tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import { startSmtp } from './helpers/smtp.ts';

const SITE = 'http://localhost:3000';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A header of a raw mail, unfolded. */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(raw.split(/\r?\n\r?\n/)[0]!)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim();
const oneClickUrl = (raw: string) => /^<(.*)>$/.exec(header(raw, 'List-Unsubscribe') ?? '')?.[1] ?? '';

async function subscribedApp(t: { teardown(fn: () => unknown): void }, email: string) {
  const smtp = await startSmtp(t);
  const dataDir = await tempDataDir(t);
  const app = await build(t, {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: '50',
    TOKEN_SECRET: 's'.repeat(40),
    RATE_LIMIT_MAX: '1000',
  });
  await app.ready();
  await app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email, language: 'de', consent: true },
  });
  const [optIn] = await smtp.waitFor(1);
  const confirmToken = decodeURIComponent(/\/newsletter\/([\w.%-]+)/.exec(optIn!.parsed.text ?? '')![1]!);
  await app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { emailb64: confirmToken } });
  const [, welcome] = await smtp.waitFor(2);
  return { app, smtp, dataDir, welcome: welcome!, confirmToken };
}

t.test('every mail to a subscriber carries an unsubscribe link that works once, then harmlessly', async (t) => {
  const { app, dataDir, welcome } = await subscribedApp(t, 'Mara@Example.com');
  const pageLink = new RegExp(`${SITE}/newsletter/unsubscribe/[\\w.%-]+`).exec(welcome.parsed.text ?? '')?.[0];
  t.ok(pageLink, 'the welcome mail links the unsubscribe page');
  t.match(welcome.parsed.html, 'newsletter/unsubscribe/', 'in its HTML part too');
  t.match(welcome.parsed.text, 'Hier abbestellen:', 'in the subscriber’s language');
  const oneClickAddress = oneClickUrl(welcome.raw);
  t.match(
    oneClickAddress,
    new RegExp(`^${SITE}/api/newsletter/unsubscribe/[\\w.-]+$`),
    'List-Unsubscribe names the one-click address',
  );
  t.equal(
    header(welcome.raw, 'List-Unsubscribe-Post'),
    'List-Unsubscribe=One-Click',
    'and announces one-click (RFC 8058)',
  );

  const page = await app.inject({ url: pageLink!.replace(SITE, ''), headers: { 'accept-language': 'de' } });
  t.equal(page.statusCode, 200);
  t.match(page.body, 'Abbestellen', 'the page offers the button');
  t.match(
    rows(dataDir, 'SELECT status FROM newsletter_subscribers'),
    [{ status: 'confirmed' }],
    'opening the page (as a mail scanner does) unsubscribes nobody',
  );

  const token = decodeURIComponent(pageLink!.split('/').pop()!);
  const first = await app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } });
  t.same([first.statusCode, first.json()], [200, { ok: true, status: 'unsubscribed' }]);
  t.same(rows(dataDir, 'SELECT * FROM newsletter_subscribers'), [], 'the address is off the mailing list');
  const [signUp] = rows(
    dataDir,
    "SELECT status, withdrawn_at, confirmed_at FROM submissions WHERE form = 'newsletter'",
  ) as [{ status: string; withdrawn_at: string; confirmed_at: string }];
  t.equal(signUp.status, 'unsubscribed', 'the sign-up stays as proof of consent, marked withdrawn');
  t.ok(signUp.withdrawn_at && signUp.confirmed_at);

  const again = await app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } });
  t.same(
    [again.statusCode, again.json()],
    [200, { ok: true, status: 'not-subscribed' }],
    'a second use answers harmlessly',
  );
  t.same(
    rows(dataDir, "SELECT withdrawn_at FROM submissions WHERE form = 'newsletter'"),
    [{ withdrawn_at: signUp.withdrawn_at }],
    'and changes nothing',
  );

  const oneClick = await app.inject({
    method: 'POST',
    url: oneClickAddress.replace(SITE, ''),
    headers: FORM,
    payload: 'List-Unsubscribe=One-Click',
  });
  t.same(
    [oneClick.statusCode, oneClick.json()],
    [200, { ok: true, status: 'not-subscribed' }],
    'the one-click address answers too',
  );
});

t.test('a mail program unsubscribes with one click; the address can subscribe again later', async (t) => {
  const { app, smtp, dataDir, welcome } = await subscribedApp(t, 'jan@example.com');
  const url = oneClickUrl(welcome.raw);
  const response = await app.inject({
    method: 'POST',
    url: url.replace(SITE, ''),
    headers: FORM,
    payload: 'List-Unsubscribe=One-Click',
  });
  t.same([response.statusCode, response.json()], [200, { ok: true, status: 'unsubscribed' }]);
  t.same(rows(dataDir, 'SELECT * FROM newsletter_subscribers'), []);

  const again = await app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: 'jan@example.com', language: 'en', consent: true },
  });
  t.equal(again.statusCode, 202);
  await smtp.waitFor(3);
  t.match(smtp.mails[2]!.parsed.subject, /confirm/i, 'a new sign-up gets a new opt-in mail');
});

t.test('without JavaScript the button posts a form and the page shows the outcome', async (t) => {
  const { app, dataDir, welcome } = await subscribedApp(t, 'ole@example.com');
  const url = oneClickUrl(welcome.raw);
  const token = decodeURIComponent(url.split('/').pop()!);
  const posted = await app.inject({
    method: 'POST',
    url: '/api/newsletter/unsubscribe',
    headers: { ...FORM, accept: 'text/html' },
    payload: `token=${encodeURIComponent(token)}`,
  });
  t.equal(posted.statusCode, 303);
  t.equal(posted.headers.location, `/newsletter/unsubscribe/${encodeURIComponent(token)}?result=unsubscribed`);
  t.same(rows(dataDir, 'SELECT * FROM newsletter_subscribers'), []);
  const page = await app.inject({ url: posted.headers.location as string, headers: { 'accept-language': 'en' } });
  t.match(page.body, 'You have been unsubscribed');

  const forged = await app.inject({
    method: 'POST',
    url: '/api/newsletter/unsubscribe',
    headers: { ...FORM, accept: 'text/html' },
    payload: 'token=abc.def',
  });
  t.match(forged.headers.location, /\?result=invalid$/);
  const invalidPage = await app.inject({
    url: forged.headers.location as string,
    headers: { 'accept-language': 'en' },
  });
  t.match(invalidPage.body, 'This link is not valid');
});

t.test('forged, foreign and malformed unsubscribe requests are refused, naming the field', async (t) => {
  const { app, dataDir, confirmToken } = await subscribedApp(t, 'ida@example.com');
  const ours = createTokenSigner('s'.repeat(40), 1);
  const payload = Buffer.from(
    JSON.stringify({ p: 'unsubscribe', s: 'ida@example.com', l: 'en', e: 9_999_999_999 }),
  ).toString('base64url');
  const forgedTokens: [string, string][] = [
    ['unsigned', `${payload}.AAAA`],
    [
      'signed with another secret',
      createTokenSigner('z'.repeat(40), 1).sign({ purpose: 'unsubscribe', subject: 'ida@example.com', language: 'en' }),
    ],
    ['the confirmation link’s token', confirmToken],
    ['an event token', ours.sign({ purpose: 'event', subject: 'ida@example.com', language: 'en' })],
    [
      'a different address re-signed into the payload',
      `${Buffer.from(JSON.stringify({ p: 'unsubscribe', s: 'eve@example.com', l: 'en', e: 9_999_999_999 })).toString('base64url')}.${ours.sign({ purpose: 'unsubscribe', subject: 'ida@example.com', language: 'en' }).split('.')[1]}`,
    ],
    ['garbage', '..'],
  ];
  for (const [name, token] of forgedTokens) {
    const response = await app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } });
    t.equal(response.statusCode, 400, name);
    t.match(response.json(), { field: 'token', code: 'unsubscribe_invalid' }, name);
    const oneClick = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe/${encodeURIComponent(token)}`,
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    // '..' in a path is another address altogether; whatever answers it, nobody is unsubscribed.
    t.ok(oneClick.statusCode >= 400 && oneClick.statusCode < 500, `${name}, one-click: ${oneClick.statusCode}`);
  }
  const valid = ours.sign({ purpose: 'unsubscribe', subject: 'ida@example.com', language: 'en' }, Date.now(), 1);
  const bad: [string, Record<string, unknown>, string][] = [
    ['no token', { method: 'POST', url: '/api/newsletter/unsubscribe', payload: {} }, 'token'],
    ['a number', { method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: 12 } }, 'token'],
    ['a list', { method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: [valid] } }, 'token'],
    [
      'an unknown field',
      { method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: valid, email: 'ida@example.com' } },
      'email',
    ],
    [
      'a huge token',
      { method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: 'a'.repeat(5000) } },
      'token',
    ],
    [
      'one-click without its body',
      { method: 'POST', url: `/api/newsletter/unsubscribe/${valid}`, headers: FORM, payload: '' },
      'List-Unsubscribe',
    ],
    [
      'one-click with another value',
      { method: 'POST', url: `/api/newsletter/unsubscribe/${valid}`, headers: FORM, payload: 'List-Unsubscribe=Yes' },
      'List-Unsubscribe',
    ],
    [
      'a field named constructor',
      { method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: valid, constructor: 'x' } },
      'constructor',
    ],
    [
      'a form field named toString',
      { method: 'POST', url: '/api/newsletter/unsubscribe', headers: FORM, payload: `token=${valid}&toString=1` },
      'toString',
    ],
    [
      'a token with a zero-width space',
      { method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token: `${valid}\u200b` } },
      'token',
    ],
    [
      'one-click with a second field',
      {
        method: 'POST',
        url: `/api/newsletter/unsubscribe/${valid}`,
        headers: FORM,
        payload: 'List-Unsubscribe=One-Click&email=eve@example.com',
      },
      'email',
    ],
  ];
  for (const [name, request, field] of bad) {
    const response = await app.inject(request);
    t.ok(response.statusCode >= 400 && response.statusCode < 500, `${name}: ${response.statusCode}`);
    t.match(response.json(), { field }, `${name} names ${field}`);
  }
  const proto = await app.inject({
    method: 'POST',
    url: '/api/newsletter/unsubscribe',
    headers: { 'content-type': 'application/json' },
    payload: `{"token":"${valid}","__proto__":{"ok":true}}`,
  });
  t.equal(proto.statusCode, 400, 'a __proto__ key is refused');
  const cut = await app.inject({
    method: 'POST',
    url: '/api/newsletter/unsubscribe',
    headers: { 'content-type': 'application/json' },
    payload: `{"token":"${valid.slice(0, 20)}`,
  });
  t.equal(cut.statusCode, 400, 'a half-sent body is refused');
  t.equal(
    (await app.inject({ url: `/api/newsletter/unsubscribe/${valid}` })).statusCode,
    404,
    'a GET unsubscribes nobody',
  );
  t.match(
    rows(dataDir, 'SELECT status FROM newsletter_subscribers'),
    [{ status: 'confirmed' }],
    'none of it touched the subscription',
  );
});
