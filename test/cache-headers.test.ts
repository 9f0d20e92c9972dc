/**
 * Cache headers per kind of answer, as a CDN in front reads them: a page whose address names
 * its language is the same bytes for everyone and may be kept by a shared cache; a page whose
 * language the cookie or Accept-Language chose, a page rendered for one answer, a page with
 * personal data, an error, the API: never shared. Vary names what really changes the bytes.
 */
import t from 'tap';
import { build } from './helpers/build.ts';

type App = Awaited<ReturnType<typeof build>>;

const SHARED = /^public, max-age=0, s-maxage=300, stale-while-revalidate=3600$/;

/** The visitors' signals a page chosen by them depends on. */
const SIGNALS: Record<string, string>[] = [
  {},
  { cookie: 'language=en' },
  { cookie: 'language=de' },
  { 'accept-language': 'en-GB' },
  { 'accept-language': 'de-DE,de;q=0.9', cookie: 'language=en; other=1' },
];

async function answersFor(app: App, url: string, signals = SIGNALS) {
  const answers = [];
  for (const headers of signals)
    answers.push(await app.inject({ url, headers: { 'accept-encoding': 'identity', ...headers } }));
  return answers;
}

t.test(
  'an address that names its language: shared, strong ETag, Vary only Accept-Encoding, the same bytes whatever else the visitor sends',
  async (t) => {
    const app = await build(t);
    const addresses: [string, 'de' | 'en'][] = [
      ['/unternehmen', 'de'],
      ['/company/contact', 'en'],
      ['/services?lang=de', 'de'],
      ['/insights?lang=en', 'en'],
      ['/unternehmen/karriere', 'de'],
      ['/datenschutz', 'de'],
    ];
    for (const [url, language] of addresses) {
      await app.inject({ url });
      // Everything but a language cookie naming the other language (a switch, below).
      const signals: Record<string, string>[] = [
        {},
        { cookie: `language=${language}` },
        { 'accept-language': 'en-GB' },
        { 'accept-language': 'de-DE,de;q=0.9', cookie: `other=1; language=${language}` },
        { cookie: 'other=1' },
      ];
      const answers = await answersFor(app, url, signals);
      for (const answer of answers) {
        t.equal(answer.statusCode, 200, url);
        t.match(answer.headers['cache-control'], SHARED, `${url}: a CDN may keep it`);
        t.equal(answer.headers.vary, 'Accept-Encoding', `${url}: only the encoding changes the bytes`);
        t.match(answer.headers.etag, /^"[\w-]+"$/, `${url}: a strong ETag`);
        t.notOk(answer.headers['set-cookie'], `${url}: no cookie`);
        t.notMatch(String(answer.headers['content-security-policy']), /'nonce-/, `${url}: no nonce`);
      }
      t.equal(
        new Set(answers.map((answer) => answer.body)).size,
        1,
        `${url}: one document for every cookie and Accept-Language`,
      );
      t.equal(new Set(answers.map((answer) => answer.headers.etag)).size, 1, `${url}: one ETag`);

      // A visitor whose cookie names the other language switches: that answer sets the cookie and is kept by no shared cache.
      const switching = await app.inject({
        url,
        headers: { 'accept-encoding': 'identity', cookie: `language=${language === 'de' ? 'en' : 'de'}` },
      });
      t.match(
        switching.headers['set-cookie'],
        new RegExp(`^language=${language};`),
        `${url}: the switch is remembered`,
      );
      t.equal(
        switching.headers['cache-control'],
        'private, no-cache',
        `${url}: an answer that sets a cookie is not shared`,
      );
      t.equal(switching.body, answers[0]!.body, `${url}: the same document`);
    }
  },
);

t.test('a language chosen by cookie or Accept-Language is never shared across languages', async (t) => {
  const app = await build(t);
  for (const url of ['/', '/services', '/insights']) {
    await app.inject({ url });
    const answers = await answersFor(app, url);
    for (const answer of answers) {
      t.equal(answer.statusCode, 200, url);
      t.equal(answer.headers['cache-control'], 'private, no-cache', `${url}: only the visitor's browser keeps it`);
      t.equal(
        answer.headers.vary,
        'Cookie, Accept-Language, Accept-Encoding',
        `${url}: varied by the language signals`,
      );
      t.match(answer.headers.etag, /^"[\w-]+"$/, `${url}: the browser revalidates it cheaply`);
    }
    t.equal(
      new Set(answers.map((answer) => /<html lang="(\w+)"/.exec(answer.body)?.[1])).size,
      2,
      `${url}: both languages came out`,
    );
  }
});

t.test('pages with personal data, pages rendered for one answer, errors', async (t) => {
  const app = await build(t);
  for (const url of [
    '/newsletter/unsubscribe/not-a-token',
    '/newsletter/lena%40example.com',
    '/events/confirm/some-token',
  ]) {
    const answer = await app.inject({ url });
    t.equal(answer.headers['cache-control'], 'private, no-store', `${url}: a mailed link's page is kept nowhere`);
    t.notOk(answer.headers.etag);
  }
  const refused = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      origin: 'http://localhost:3000',
    },
    payload: 'name=Kept+Value&email=nope&message=Hi&language=en&page=%2Fcompany%2Fcontact&legals=on',
  });
  t.equal(refused.statusCode, 400);
  t.match(refused.body, 'Kept Value');
  t.equal(refused.headers['cache-control'], 'private, no-store', 'a form shown again with what the visitor typed');

  for (const url of ['/company/contact?utm_source=newsletter', '/services?lang=en&page=2']) {
    const answer = await app.inject({ url });
    t.equal(answer.statusCode, 200, url);
    t.equal(answer.headers['cache-control'], 'private, no-cache', `${url}: rendered with its own nonce, never shared`);
    t.match(String(answer.headers['content-security-policy']), /'nonce-/);
    t.notOk(answer.headers.etag);
  }
  for (const url of ['/nope', '/unternehmen/nope', '/company/contact/nope?lang=en']) {
    const answer = await app.inject({ url });
    t.equal(answer.statusCode, 404, url);
    t.equal(answer.headers['cache-control'], 'no-store', `${url}: an error is kept by no cache`);
    t.notOk(answer.headers.etag);
  }
});

t.test('the API is kept by no cache unless a route says so; feeds and the sitemap may be', async (t) => {
  const app = await build(t);
  for (const url of [
    '/api/insights/articles/en/1',
    '/api/insights/articles/en/search/consent',
    '/api/nothing-here',
    '/api/insights/articles/xx/1',
  ]) {
    const answer = await app.inject({ url });
    t.equal(answer.headers['cache-control'], 'no-store', `${url} (${answer.statusCode})`);
  }
  const post = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    payload: '{}',
  });
  t.equal(post.statusCode, 400);
  t.equal(post.headers['cache-control'], 'no-store', 'a refused post');
  for (const url of ['/feeds/insights-en.xml', '/feeds/insights-de.xml', '/sitemap.xml']) {
    const answer = await app.inject({ url });
    t.equal(answer.statusCode, 200, url);
    t.equal(answer.headers['cache-control'], 'public, max-age=600', `${url}: anyone may keep it ten minutes`);
    t.notOk(answer.headers['set-cookie']);
  }
});

t.test('the shared times come from the configuration; with the page cache off nothing is shared', async (t) => {
  const tuned = await build(t, { SHARED_CACHE_MAX_AGE_S: '60', SHARED_CACHE_STALE_S: '0' });
  t.equal(
    (await tuned.inject({ url: '/unternehmen' })).headers['cache-control'],
    'public, max-age=0, s-maxage=60, stale-while-revalidate=0',
  );
  const off = await build(t, { PAGE_CACHE_MB: '0' });
  const answer = await off.inject({ url: '/unternehmen' });
  t.equal(answer.headers['cache-control'], 'private, no-cache', 'every answer has its own nonce: none may be shared');
  t.match(String(answer.headers['content-security-policy']), /'nonce-/);
});
