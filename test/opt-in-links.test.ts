/**
 * The mailed links of the double opt-ins and the unsubscribe, tried as a mail scanner and an
 * attacker would, with a real SMTP catcher: opening a link (GET, HEAD, a scanner's user
 * agent) changes nothing and mails nothing; only the page's button confirms; a token is good
 * for its one sign-up, and never brings back an address that withdrew or was erased; no link,
 * log line or token holds the address; pages with a token or a visitor's typed values are
 * never kept by a cache.
 */
import t, { type Test } from 'tap';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createTokenSigner } from '#server/forms/tokens.ts';
import { erasePersonalData } from '#server/store/personal-data.ts';
import { contentWithTestEvent, TEST_EVENT, tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import { type ReceivedMail, startSmtp, type TestSmtp } from './helpers/smtp.ts';

const SECRET = 'o'.repeat(40);
const SITE = 'http://localhost:3000';
/** What mail security gateways and link previewers send when they open links by themselves. */
const SCANNERS = [
  'Mozilla/5.0 (compatible; Barracuda Sentinel (EE))',
  'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.5; Pro; SafeLinks)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
];
const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };

async function site(t: Test) {
  const smtp = await startSmtp(t);
  const dataDir = await tempDataDir(t);
  const logs: string[] = [];
  const config = loadConfig({
    SITE_URL: SITE,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: '50',
    TOKEN_SECRET: SECRET,
    RATE_LIMIT_MAX: '1000',
    CONTENT_DIR: await contentWithTestEvent(t),
  });
  const app = await buildApp(config, {
    logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
  });
  t.teardown(() => app.close());
  await app.ready();
  return { app, smtp, dataDir, logs };
}

/** A header of a received mail as it was sent. */
const headerLine = (mail: ReceivedMail, name: string) =>
  mail.parsed.headerLines.find((header) => header.key === name)?.line ?? '';

/** The links a mail carries. */
const linksIn = (text: string | undefined) => (text ?? '').match(/https?:\/\/[^\s>]+/g) ?? [];
const pathOf = (link: string) => new URL(link).pathname;
const tokenOf = (link: string) => decodeURIComponent(pathOf(link).split('/').pop()!);

/** Every way a link is opened without the person: it must change nothing. */
async function openLikeScanners(t: Test, app: Awaited<ReturnType<typeof site>>['app'], path: string): Promise<void> {
  for (const method of ['GET', 'HEAD'] as const) {
    const answer = await app.inject({ method, url: path });
    t.ok(
      answer.statusCode === 200 || answer.statusCode === 303,
      `${method} ${path.slice(0, 30)}… answers ${answer.statusCode}`,
    );
  }
  for (const agent of SCANNERS) await app.inject({ url: path, headers: { 'user-agent': agent } });
}

/** Mails arrive through the outbox: waits long enough for one that should not come to show. */
async function settled(smtp: TestSmtp, count: number): Promise<void> {
  if (count > 0) await smtp.waitFor(count);
  await new Promise((resolve) => setTimeout(resolve, 400));
}

t.test('an event registration is confirmed only by the button, never by opening its link', async (t) => {
  const { app, smtp, dataDir } = await site(t);
  const registered = await app.inject({
    method: 'POST',
    url: '/api/events',
    payload: { name: 'Jonas Weber', email: 'jonas@example.com', terms: true, event: TEST_EVENT, language: 'en' },
  });
  t.equal(registered.statusCode, 202);
  const [optIn] = await smtp.waitFor(1);
  const link = linksIn(optIn!.parsed.text).find((candidate) => candidate.includes('/events/confirm/'))!;
  t.match(pathOf(link), /^\/events\/confirm\/[\w.%-]+$/, 'the link leads to a page');
  const token = tokenOf(link);

  await openLikeScanners(t, app, pathOf(link));
  // The address links used before the page existed: it leads there and changes nothing either.
  await openLikeScanners(t, app, `/api/events/confirm/${encodeURIComponent(token)}`);
  const legacy = await app.inject({ url: `/api/events/confirm/${encodeURIComponent(token)}` });
  t.equal(legacy.headers.location, pathOf(link), 'the old address leads to the page');
  await settled(smtp, 1);
  t.match(
    rows(dataDir, "SELECT status FROM submissions WHERE form = 'event'"),
    [{ status: 'pending' }],
    'still pending after every opening',
  );
  t.equal(smtp.mails.length, 1, 'and no mail went out: neither the team nor the visitor was told of a confirmation');

  const page = await app.inject({ url: pathOf(link) });
  t.match(page.body, /<form[^>]*action="\/api\/events\/confirm"[^>]*method="post"/, 'the page has the form');
  t.match(page.body, /<button type="submit"/, 'with its one button');

  // The button without JavaScript: a plain form post.
  const pressed = await app.inject({
    method: 'POST',
    url: '/api/events/confirm',
    headers: FORM_HEADERS,
    payload: new URLSearchParams({ token }).toString(),
  });
  t.equal(pressed.statusCode, 303);
  t.equal(
    pressed.headers.location,
    '/company/events/cloud/muenchen/2099/05?registration=confirmed',
    'the press leads to the edition',
  );
  await settled(smtp, 3);
  t.equal(smtp.mails.length, 3, 'the team and the visitor are mailed once');
  t.match(rows(dataDir, "SELECT status FROM submissions WHERE form = 'event'"), [{ status: 'confirmed' }]);

  const again = await app.inject({ method: 'POST', url: '/api/events/confirm', payload: { token } });
  t.match(again.json(), { status: 'already-confirmed' }, 'a second press changes nothing');
  await settled(smtp, 3);
  t.equal(smtp.mails.length, 3, 'and mails nothing');
});

t.test('the newsletter: confirmed and unsubscribed only by a press; one-click unsubscribe stays', async (t) => {
  const { app, smtp, dataDir } = await site(t);
  await app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: 'lea@example.com', language: 'en', consent: true },
  });
  const [optIn] = await smtp.waitFor(1);
  const link = linksIn(optIn!.parsed.text).find((candidate) => /\/newsletter\/[^/]+$/.test(candidate))!;
  await openLikeScanners(t, app, pathOf(link));
  await settled(smtp, 1);
  t.match(
    rows(dataDir, 'SELECT status FROM newsletter_subscribers'),
    [{ status: 'pending' }],
    'opening the confirmation link subscribes nobody',
  );
  t.equal(smtp.mails.length, 1, 'and mails nothing');
  const page = await app.inject({ url: pathOf(link) });
  t.match(page.body, /<form[^>]*action="\/api\/newsletter\/confirm"[^>]*method="post"/, 'the page asks for the button');

  const pressed = await app.inject({
    method: 'POST',
    url: '/api/newsletter/confirm',
    payload: { emailb64: tokenOf(link) },
  });
  t.same(pressed.json(), { ok: true, status: 'confirmed' });
  const [, welcome] = await smtp.waitFor(2);
  const unsubscribePage = linksIn(welcome!.parsed.text).find((candidate) =>
    candidate.includes('/newsletter/unsubscribe/'),
  )!;
  t.ok(unsubscribePage, 'the welcome mail has an unsubscribe link');
  t.match(
    headerLine(welcome!, 'list-unsubscribe-post'),
    'List-Unsubscribe=One-Click',
    'and offers one-click unsubscribe (RFC 8058)',
  );
  const oneClickPath = pathOf(/<(https?:[^>]+)>/.exec(headerLine(welcome!, 'list-unsubscribe'))![1]!);

  await openLikeScanners(t, app, pathOf(unsubscribePage));
  for (const method of ['GET', 'HEAD'] as const) await app.inject({ method, url: oneClickPath });
  t.match(
    rows(dataDir, 'SELECT status FROM newsletter_subscribers'),
    [{ status: 'confirmed' }],
    'opening the unsubscribe links unsubscribes nobody',
  );

  const unsubscribed = await app.inject({
    method: 'POST',
    url: oneClickPath,
    payload: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  t.same(unsubscribed.json(), { ok: true, status: 'unsubscribed' }, "a mail program's one-click post unsubscribes");
  t.same(rows(dataDir, 'SELECT * FROM newsletter_subscribers'), [], 'off the list');
  t.match(
    rows(dataDir, "SELECT status FROM submissions WHERE form = 'newsletter'"),
    [{ status: 'unsubscribed' }],
    'the proof of consent says withdrawn',
  );
});

/** The list and the proof of consent agree: an address is listed exactly when a confirmed sign-up of it is stored. */
function assertListMatchesProof(t: Test, dataDir: string): void {
  const listed = rows(
    dataDir,
    "SELECT lower(email) AS email FROM newsletter_subscribers WHERE status = 'confirmed' ORDER BY 1",
  ).map((row) => row.email);
  const proven = rows(
    dataDir,
    "SELECT DISTINCT lower(email) AS email FROM submissions WHERE form = 'newsletter' AND status = 'confirmed' ORDER BY 1",
  ).map((row) => row.email);
  t.same(listed, proven, 'the mailing list and the proof of consent agree');
}

t.test('replayed links never bring a withdrawn or erased address back, nor confirm another sign-up', async (t) => {
  const { app, smtp, dataDir } = await site(t);
  const subscribe = async (email: string) => {
    const before = smtp.mails.length;
    await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email, language: 'en', consent: true },
    });
    const mail = (await smtp.waitFor(before + 1)).find(
      (candidate, index) => index >= before && candidate.envelopeTo.includes(email),
    )!;
    return tokenOf(linksIn(mail.parsed.text).find((candidate) => /\/newsletter\/[^/]+$/.test(candidate))!);
  };
  const confirm = (token: string) =>
    app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { emailb64: token } });
  const unsubscribe = (token: string) =>
    app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { token } });
  const welcomeUnsubscribeToken = async (email: string) => {
    const mail = (await smtp.waitFor(smtp.mails.length)).findLast(
      (candidate) =>
        candidate.envelopeTo.includes(email) && /newsletter\/unsubscribe\//.test(candidate.parsed.text ?? ''),
    )!;
    return tokenOf(linksIn(mail.parsed.text).find((candidate) => candidate.includes('/newsletter/unsubscribe/'))!);
  };

  // One sign-up's token confirms that sign-up and no other.
  const lea = await subscribe('lea@example.com');
  const max = await subscribe('max@example.com');
  t.same((await confirm(lea)).json(), { ok: true, status: 'confirmed' });
  t.match(
    rows(dataDir, "SELECT email, status FROM submissions WHERE form = 'newsletter' ORDER BY email"),
    [
      { email: 'lea@example.com', status: 'confirmed' },
      { email: 'max@example.com', status: 'pending' },
    ],
    "lea's link confirmed lea only",
  );
  await settled(smtp, 3);
  const leaUnsubscribe = await welcomeUnsubscribeToken('lea@example.com');

  // Used a second time: nothing changes, nothing is mailed.
  t.same((await confirm(lea)).json(), { ok: true, status: 'already-confirmed' });
  await settled(smtp, 3);
  t.equal(smtp.mails.length, 3, 'no second welcome mail');
  assertListMatchesProof(t, dataDir);

  // After unsubscribing, the old confirmation link is over.
  t.same((await unsubscribe(leaUnsubscribe)).json(), { ok: true, status: 'unsubscribed' });
  t.same(
    (await unsubscribe(leaUnsubscribe)).json(),
    { ok: true, status: 'not-subscribed' },
    'an unsubscribe link used twice changes nothing more',
  );
  const replay = await confirm(lea);
  t.equal(replay.statusCode, 400, 'the confirmation link used after unsubscribing is refused');
  t.match(replay.json(), { field: 'emailb64', code: 'token_expired' });
  const plainReplay = await app.inject({
    method: 'POST',
    url: '/api/newsletter/confirm',
    headers: FORM_HEADERS,
    payload: new URLSearchParams({ emailb64: lea }).toString(),
  });
  t.match(plainReplay.headers.location, /result=expired$/, 'also without JavaScript');
  t.same(
    rows(dataDir, "SELECT * FROM newsletter_subscribers WHERE email = 'lea@example.com'"),
    [],
    'lea stays off the list',
  );
  await settled(smtp, 3);
  t.equal(smtp.mails.length, 3, 'and is mailed nothing');
  assertListMatchesProof(t, dataDir);

  // Subscribing again takes a new sign-up with its own link; the old link does not confirm it.
  const leaAgain = await subscribe('lea@example.com');
  t.equal((await confirm(lea)).statusCode, 400, "the old link does not confirm lea's new sign-up");
  t.match(rows(dataDir, "SELECT status FROM newsletter_subscribers WHERE email = 'lea@example.com'"), [
    { status: 'pending' },
  ]);
  t.same((await confirm(leaAgain)).json(), { ok: true, status: 'confirmed' }, 'its own link does');
  assertListMatchesProof(t, dataDir);

  // After an erasure, no link of the address does anything.
  t.same((await confirm(max)).json(), { ok: true, status: 'confirmed' });
  await settled(smtp, 6);
  const maxUnsubscribe = await welcomeUnsubscribeToken('max@example.com');
  await erasePersonalData(app.db, 'max@example.com', app.attachments);
  const mailsBefore = smtp.mails.length;
  const erased = await confirm(max);
  t.equal(erased.statusCode, 400, 'the confirmation link of an erased address is refused');
  t.match(erased.json(), { code: 'token_invalid' });
  t.same(
    (await unsubscribe(maxUnsubscribe)).json(),
    { ok: true, status: 'not-subscribed' },
    'its unsubscribe link finds nothing to withdraw',
  );
  t.same(
    rows(dataDir, "SELECT * FROM newsletter_subscribers WHERE email = 'max@example.com'"),
    [],
    'max is not listed again',
  );
  t.same(rows(dataDir, "SELECT * FROM submissions WHERE email = 'max@example.com'"), [], 'and no sign-up appeared');
  await settled(smtp, mailsBefore);
  t.equal(smtp.mails.length, mailsBefore, 'nothing was mailed');
  assertListMatchesProof(t, dataDir);
});

t.test('links mailed before tokens stopped naming the address', async (t) => {
  const { app, dataDir } = await site(t);
  const signer = createTokenSigner(SECRET, 168);
  await app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: 'old@example.com', language: 'en', consent: true },
  });
  const oldConfirmation = signer.sign({ purpose: 'newsletter', subject: 'old@example.com', language: 'en' });
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/newsletter/confirm',
    payload: { emailb64: oldConfirmation },
  });
  t.equal(confirmed.statusCode, 400, 'an old confirmation link shows the expired-link page and confirms nothing');
  t.match(confirmed.json(), { code: 'token_expired' });
  t.match(rows(dataDir, 'SELECT status FROM newsletter_subscribers'), [{ status: 'pending' }]);
  // Someone confirmed before the change is on the list; their old unsubscribe link must still work.
  const [{ id }] = rows(dataDir, "SELECT id FROM submissions WHERE form = 'newsletter'") as [{ id: string }];
  const signUp = signer.sign({ purpose: 'newsletter', subject: id, language: 'en' });
  await app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { emailb64: signUp } });
  const oldUnsubscribe = signer.sign(
    { purpose: 'unsubscribe', subject: 'old@example.com', language: 'en' },
    Date.now(),
    24 * 365,
  );
  const unsubscribed = await app.inject({
    method: 'POST',
    url: '/api/newsletter/unsubscribe',
    payload: { token: oldUnsubscribe },
  });
  t.same(unsubscribed.json(), { ok: true, status: 'unsubscribed' }, 'an old unsubscribe link still unsubscribes');
});

t.test('no mailed link, token segment or log line holds the address', async (t) => {
  const { app, smtp, logs } = await site(t);
  const address = 'privacy.person+news@example.com';
  await app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: address, language: 'de', consent: true },
  });
  await app.inject({
    method: 'POST',
    url: '/api/events',
    payload: { name: 'Privacy Person', email: address, terms: true, event: TEST_EVENT, language: 'de' },
  });
  const optIns = await smtp.waitFor(2);
  const confirmLinks = optIns
    .flatMap((mail) => linksIn(mail.parsed.text))
    .filter((link) => /\/(newsletter|events\/confirm)\/[^/]+$/.test(link));
  t.equal(confirmLinks.length, 2, 'both confirmation links');
  await app.inject({
    method: 'POST',
    url: '/api/newsletter/confirm',
    payload: { emailb64: tokenOf(confirmLinks.find((link) => link.includes('/newsletter/'))!) },
  });
  const welcome = (await smtp.waitFor(3)).find((mail) => /newsletter\/unsubscribe\//.test(mail.parsed.text ?? ''))!;
  const links = [
    ...confirmLinks,
    ...linksIn(welcome.parsed.text),
    /<(https?:[^>]+)>/.exec(headerLine(welcome, 'list-unsubscribe'))![1]!,
  ];
  const forms = [address, address.toLowerCase(), encodeURIComponent(address), 'privacy.person', 'Privacy Person'];
  for (const link of links) {
    for (const form of forms) t.notMatch(decodeURIComponent(link), form, `no address in ${link.slice(0, 60)}…`);
    // Each segment of a token decoded as base64url, as anyone reading a log could.
    const [claims = '', ...rest] = tokenOf(link).split('.');
    for (const segment of [claims, ...rest]) {
      const decoded = Buffer.from(segment, 'base64url').toString('utf8');
      for (const form of forms) t.notMatch(decoded, form, 'nor in its decoded token');
    }
    // The claims are text; the signature is random bytes, which may decode to an @ by chance.
    t.notMatch(Buffer.from(claims, 'base64url').toString('utf8'), '@', 'no address of any kind in the claims');
  }
  for (const link of links.slice(0, 3)) await app.inject({ url: pathOf(link) });
  await app.inject({
    url: `/api/events/confirm/${encodeURIComponent(tokenOf(confirmLinks.find((link) => link.includes('/events/'))!))}`,
  });
  const logged = logs.join('\n');
  t.match(logged, '/events/confirm/:token', 'a token page is logged with its token blanked out');
  t.match(logged, '/api/events/confirm/:token', 'so is the old event link');
  for (const link of links) {
    const token = tokenOf(link);
    t.notMatch(logged, token.slice(0, 24), 'no token in the log');
    t.notMatch(logged, encodeURIComponent(token).slice(0, 24), 'not even encoded');
  }
  for (const form of forms) t.notMatch(logged, form, 'no address in the log');
});

t.test('pages with a token or a visitor’s typed values are never kept by a cache', async (t) => {
  const { app } = await site(t);
  const signer = createTokenSigner(SECRET, 168);
  const token = signer.sign({ purpose: 'newsletter', subject: '00000000-0000-4000-8000-000000000000', language: 'en' });
  for (const path of [
    `/newsletter/${token}`,
    `/newsletter/unsubscribe/${token}`,
    `/events/confirm/${token}`,
    `/newsletter/${token}?result=confirmed`,
  ]) {
    const page = await app.inject({ url: path });
    t.equal(page.statusCode, 200, path.slice(0, 40));
    t.equal(page.headers['cache-control'], 'private, no-store', 'is private and stored nowhere');
    const again = await app.inject({ url: path });
    t.equal(
      again.headers['cache-control'],
      'private, no-store',
      'a second answer is rendered again, not taken from the page cache',
    );
  }
  t.equal(
    (await app.inject({ url: `/api/events/confirm/${token}` })).headers['cache-control'],
    'private, no-store',
    'the old event link leads on without being kept',
  );
  const refused = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: FORM_HEADERS,
    payload: new URLSearchParams({
      name: 'Lena Vogt',
      email: 'not-an-address',
      message: 'My private question',
      language: 'en',
      legals: 'on',
      page: '/company/contact',
    }).toString(),
  });
  t.equal(refused.statusCode, 400, 'a refused plain form post is answered with its page');
  t.match(refused.body, 'My private question', 'showing what was typed');
  t.equal(refused.headers['cache-control'], 'private, no-store', 'which no cache may keep');
  t.not(
    (await app.inject({ url: '/company/contact' })).body.includes('My private question'),
    true,
    'nor serve to the next visitor',
  );
});
