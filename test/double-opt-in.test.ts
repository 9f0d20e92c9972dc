import t from 'tap';
import { createTokenSigner } from '#server/forms/tokens.ts';
import { build, contentWithTestEvent, TEST_EVENT, TEST_EVENT_TITLE, tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import { startSmtp } from './helpers/smtp.ts';

const linkIn = (text: string | undefined, pattern: RegExp) => pattern.exec(text ?? '')?.[0] ?? '';

t.test('event registration: pending, confirmed by the mailed link, thank-you mailed once', async (t) => {
  const smtp = await startSmtp(t);
  const dataDir = await tempDataDir(t);
  const app = await build(t, {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    EVENTS_TO: 'events@nordstern.example',
    MAIL_POLL_MS: '50',
    CONTENT_DIR: await contentWithTestEvent(t),
  });
  await app.ready();
  const registration = await app.inject({
    method: 'POST',
    url: '/api/events',
    payload: {
      name: 'Jonas Weber',
      email: 'jonas@example.com',
      company: 'Elbwerk',
      terms: true,
      event: TEST_EVENT,
      language: 'de',
    },
  });
  t.equal(registration.statusCode, 202);
  t.same(
    registration.json(),
    { ok: true, status: 'pending' },
    'a pending answer names no submission, so a repeat cannot be told apart',
  );
  const [{ id }] = rows(dataDir, "SELECT id FROM submissions WHERE form = 'event' AND email = 'jonas@example.com'") as [
    { id: string },
  ];
  t.match(rows(dataDir, 'SELECT status FROM submissions WHERE id = ?', id), [{ status: 'pending' }]);

  const repeated = await app.inject({
    method: 'POST',
    url: '/api/events',
    payload: { name: 'Jonas Weber', email: 'jonas@example.com', terms: true, event: TEST_EVENT, language: 'de' },
  });
  t.same(
    [repeated.statusCode, repeated.json()],
    [202, { ok: true, status: 'pending' }],
    'a second registration answers the same',
  );
  t.equal(rows(dataDir, "SELECT id FROM submissions WHERE form = 'event'").length, 1, 'and is not stored again');

  const [optIn] = await smtp.waitFor(1);
  t.same(optIn!.envelopeTo, ['jonas@example.com']);
  t.match(optIn!.parsed.subject, TEST_EVENT_TITLE.de);
  t.match(
    optIn!.parsed.replyTo?.text,
    'events@nordstern.example',
    'a reply reaches the events team: that is how a registration is cancelled',
  );
  const link = linkIn(optIn!.parsed.text, /http:\/\/localhost:3000\/events\/confirm\/[\w.%-]+/);
  t.ok(link, 'the mail carries the confirmation link, to a page');

  const page = await app.inject({ url: link.replace('http://localhost:3000', '') });
  t.equal(page.statusCode, 200, 'opening the link shows the page');
  t.match(page.body, 'action="/api/events/confirm"', 'with its one button');
  t.match(
    rows(dataDir, 'SELECT status FROM submissions WHERE id = ?', id),
    [{ status: 'pending' }],
    'and confirms nothing',
  );
  const token = decodeURIComponent(link.split('/').pop()!);
  const confirmed = await app.inject({ method: 'POST', url: '/api/events/confirm', payload: { token } });
  t.equal(confirmed.statusCode, 200, 'the button confirms');
  t.same(
    confirmed.json(),
    { ok: true, status: 'confirmed', page: '/unternehmen/events/cloud/muenchen/2099/05?registration=confirmed' },
    'and leads to the edition',
  );
  t.match(rows(dataDir, 'SELECT status, confirmed_at FROM submissions WHERE id = ?', id), [
    { status: 'confirmed', confirmed_at: /^\d{4}-/ },
  ]);

  const again = await app.inject({ method: 'POST', url: '/api/events/confirm', payload: { token } });
  t.equal(again.statusCode, 200, 'confirming twice succeeds');
  t.match(again.json(), { ok: true, status: 'already-confirmed' });

  const mails = await smtp.waitFor(3);
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.equal(smtp.mails.length, 3, 'opt-in, team notification and thank-you: the thank-you only once');
  t.ok(
    mails.find((mail) => mail.envelopeTo.includes('events@nordstern.example')),
    'the team learns of the confirmed registration',
  );
  t.ok(
    mails.find((mail) => mail.envelopeTo.includes('jonas@example.com') && mail !== optIn),
    'the visitor gets the thank-you',
  );
});

t.test('event confirmation refuses forged and expired links', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir, TOKEN_SECRET: 'x'.repeat(40) });
  const forged = await app.inject({
    method: 'POST',
    url: '/api/events/confirm',
    payload: { token: 'eyJwIjoiZXZlbnQifQ.c2lnbmF0dXJl' },
  });
  t.equal(forged.statusCode, 400);
  t.match(forged.json(), { field: 'token', code: 'token_invalid' });
  const expired = createTokenSigner('x'.repeat(40), 1).sign(
    { purpose: 'event', subject: 'whatever', language: 'en' },
    Date.now() - 2 * 3600_000,
  );
  const late = await app.inject({ method: 'POST', url: '/api/events/confirm', payload: { token: expired } });
  t.equal(late.statusCode, 400);
  t.match(late.json(), { code: 'token_expired' });
  const viaLink = await app.inject({ url: `/api/events/confirm/${expired}`, headers: { cookie: 'language=en' } });
  t.equal(viaLink.statusCode, 303, 'a link mailed before links led to a page leads there');
  t.equal(viaLink.headers.location, `/events/confirm/${expired}`);
  const unknown = createTokenSigner('x'.repeat(40), 1).sign({
    purpose: 'event',
    subject: 'no-such-registration',
    language: 'en',
  });
  const gone = await app.inject({ method: 'POST', url: '/api/events/confirm', payload: { token: unknown } });
  t.equal(gone.statusCode, 400, 'a signed link for a registration that does not exist is invalid');
});

t.test('newsletter: subscribe, confirm by signed token, twice is fine', async (t) => {
  const smtp = await startSmtp(t);
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_POLL_MS: '50' });
  await app.ready();
  const subscribed = await app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: 'lea@example.com', language: 'en', consent: true },
  });
  t.equal(subscribed.statusCode, 202);
  t.match(rows(dataDir, 'SELECT status FROM newsletter_subscribers'), [{ status: 'pending' }]);
  const repeat = await app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: 'lea@example.com', language: 'en', consent: true },
  });
  t.same(
    [repeat.statusCode, repeat.json()],
    [subscribed.statusCode, subscribed.json()],
    'a second subscription answers the same',
  );
  const [optIn] = await smtp.waitFor(1);
  const link = linkIn(optIn!.parsed.text, /http:\/\/localhost:3000\/newsletter\/[\w.%-]+/);
  t.ok(link, 'the link leads to /newsletter/{token}');
  const page = await app.inject({ url: link.replace('http://localhost:3000', '') });
  t.equal(page.statusCode, 200, 'the confirmation page exists');
  const token = decodeURIComponent(link.split('/').pop()!);
  for (const attempt of [1, 2]) {
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { emailb64: token },
    });
    t.equal(confirmed.statusCode, 200, `confirmation ${attempt}`);
    t.equal((confirmed.json() as { ok: boolean }).ok, true);
  }
  t.match(rows(dataDir, 'SELECT status FROM newsletter_subscribers'), [{ status: 'confirmed' }]);
  const subscriber = await app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: 'lea@example.com', language: 'de', consent: true },
  });
  t.same(subscriber.json(), subscribed.json(), 'subscribing again as a subscriber answers the same too');
  await smtp.waitFor(2);
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.equal(smtp.mails.length, 2, 'one opt-in, one thank-you: no mail for the repeats');
});

t.test('newsletter confirmation refuses an unsigned base64 email, forged and expired tokens', async (t) => {
  const app = await build(t, { TOKEN_SECRET: 'y'.repeat(40) });
  const signer = createTokenSigner('y'.repeat(40), 1);
  const cases: [string, string][] = [
    [Buffer.from('lea@example.com').toString('base64'), 'token_invalid'],
    [
      `${Buffer.from('{"p":"newsletter","s":"lea@example.com","l":"en","e":9999999999}').toString('base64url')}.AAAA`,
      'token_invalid',
    ],
    [
      createTokenSigner('z'.repeat(40), 1).sign({ purpose: 'newsletter', subject: 'lea@example.com', language: 'en' }),
      'token_invalid',
    ],
    [signer.sign({ purpose: 'event', subject: 'lea@example.com', language: 'en' }), 'token_invalid'],
    [
      signer.sign({ purpose: 'newsletter', subject: 'lea@example.com', language: 'en' }, Date.now() - 7200_000),
      'token_expired',
    ],
    // A valid token with something added: the base64 decoder would skip it, the signature check must not.
    [`${signer.sign({ purpose: 'newsletter', subject: 'lea@example.com', language: 'en' })}\u200b`, 'token_invalid'],
    [`${signer.sign({ purpose: 'newsletter', subject: 'lea@example.com', language: 'en' })}=`, 'token_invalid'],
    // A link mailed when links still named the address names no sign-up: over, like an expired one.
    [signer.sign({ purpose: 'newsletter', subject: 'lea@example.com', language: 'en' }), 'token_expired'],
  ];
  for (const [token, code] of cases) {
    const response = await app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { emailb64: token } });
    t.equal(response.statusCode, 400, token);
    t.match(response.json(), { field: 'emailb64', code });
  }
});

t.test('event and newsletter forms work without JavaScript, urlencoded or multipart', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir, CONTENT_DIR: await contentWithTestEvent(t) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const event = new URLSearchParams({
    name: 'Jonas Weber',
    email: 'jonas@example.com',
    terms: 'on',
    event: TEST_EVENT,
    language: 'en',
  });
  const eventResponse = await fetch(`${base}/api/events`, { method: 'POST', body: event, redirect: 'manual' });
  t.equal(eventResponse.status, 303);
  t.equal(
    eventResponse.headers.get('location'),
    '/company/events/cloud/muenchen/2099/05?sent=event',
    'back to the edition, where the double opt-in text shows',
  );
  const newsletter = new FormData();
  newsletter.append('email', 'lea@example.com');
  newsletter.append('language', 'de');
  newsletter.append('consent', 'on');
  const newsletterResponse = await fetch(`${base}/api/newsletter/subscribe`, {
    method: 'POST',
    body: newsletter,
    redirect: 'manual',
  });
  t.equal(newsletterResponse.status, 303);
  t.equal(newsletterResponse.headers.get('location'), '/newsletter?sent=newsletter');
  t.equal(rows(dataDir, 'SELECT * FROM submissions').length, 2, 'both stored');
  const unchecked = new URLSearchParams({ email: 'lea@example.com', language: 'de' });
  const refused = await fetch(`${base}/api/newsletter/subscribe`, {
    method: 'POST',
    body: unchecked,
    headers: { accept: 'application/json' },
  });
  t.equal(refused.status, 400, 'an unticked consent box is refused');
  t.match(await refused.json(), { field: 'consent', code: 'required' });
});
