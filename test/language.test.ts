import t from 'tap';
import { languageFromAcceptLanguage, readCookie, resolveLanguage } from '#app/i18n/language.ts';
import { languageOfPath } from '#app/match-page.ts';
import { build } from './helpers/build.ts';

t.test('Accept-Language is reduced to de or en by quality', async (t) => {
  const table: [string | undefined, string | undefined][] = [
    [undefined, undefined],
    ['', undefined],
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,de;q=0.5,en;q=0.4', 'de'],
    ['fr,en-GB;q=0.3,de-AT;q=0.7', 'de'],
    ['fr, es', undefined],
    ['de;q=0,en', 'en'],
    ['*', undefined],
  ];
  for (const [header, expected] of table) t.equal(languageFromAcceptLanguage(header), expected, String(header));
});

t.test('the language resolution matrix', async (t) => {
  const table: { path?: 'en' | 'de'; cookie?: string; accept?: string; expected: string }[] = [
    { expected: 'en' },
    { accept: 'de-DE', expected: 'de' },
    { cookie: 'de', expected: 'de' },
    { cookie: 'en', accept: 'de', expected: 'en' },
    { cookie: 'de', accept: 'en', expected: 'de' },
    { cookie: 'fr', accept: 'de', expected: 'de' },
    { cookie: 'fr', expected: 'en' },
    { cookie: '<script>', accept: 'de', expected: 'de' },
    { path: 'en', cookie: 'de', accept: 'de', expected: 'en' },
    { path: 'de', cookie: 'en', accept: 'en', expected: 'de' },
  ];
  for (const row of table) {
    t.equal(
      resolveLanguage({ pathLanguage: row.path, cookie: row.cookie, acceptLanguage: row.accept }),
      row.expected,
      JSON.stringify(row),
    );
  }
});

t.test('paths that exist in one language decide it', async (t) => {
  t.equal(languageOfPath('/company'), 'en');
  t.equal(languageOfPath('/company/career/senior-data-engineer'), 'en');
  t.equal(languageOfPath('/unternehmen'), 'de');
  t.equal(languageOfPath('/technologie/lunio'), 'de');
  t.equal(languageOfPath('/imprint'), 'en');
  t.equal(languageOfPath('/datenschutz'), 'de');
  t.equal(languageOfPath('/'), undefined);
  t.equal(languageOfPath('/insights/anything'), undefined);
  t.equal(languageOfPath('/no/such/page'), undefined);
});

t.test('readCookie finds one cookie among many and survives bad encoding', async (t) => {
  t.equal(readCookie('a=1; language=de; b=2', 'language'), 'de');
  t.equal(readCookie('language=%E0%A4%A', 'language'), undefined);
  t.equal(readCookie(undefined, 'language'), undefined);
  t.equal(readCookie('languages=de', 'language'), undefined);
});

const htmlLang = (body: string) => /<html lang="(\w+)"/.exec(body)?.[1];

t.test('pages answer in the resolved language', async (t) => {
  const app = await build(t);
  const table: { url: string; cookie?: string; accept?: string; expected: string }[] = [
    { url: '/', expected: 'en' },
    { url: '/', accept: 'de-DE,de;q=0.9', expected: 'de' },
    { url: '/', cookie: 'de', accept: 'en', expected: 'de' },
    { url: '/insights', cookie: 'en', accept: 'de', expected: 'en' },
    { url: '/services', cookie: 'fr', accept: 'de', expected: 'de' },
    { url: '/services', cookie: '<script>alert(1)</script>', expected: 'en' },
    { url: '/company', cookie: 'de', accept: 'de', expected: 'en' },
    { url: '/unternehmen', cookie: 'en', accept: 'en', expected: 'de' },
    { url: '/company/about-us', cookie: 'de', expected: 'en' },
    { url: '/unternehmen/ueber-uns', cookie: 'en', expected: 'de' },
  ];
  for (const row of table) {
    const headers: Record<string, string> = {};
    if (row.cookie) headers.cookie = `language=${encodeURIComponent(row.cookie)}`;
    if (row.accept) headers['accept-language'] = row.accept;
    const response = await app.inject({ url: row.url, headers });
    t.equal(response.statusCode, 200, `${row.url} ${JSON.stringify(row)}`);
    t.equal(htmlLang(response.body), row.expected, `${row.url} ${JSON.stringify(row)}`);
    t.notMatch(response.body, '<script>alert(1)', 'a forged cookie value is never echoed');
  }
});

t.test('a one-language path sets the language cookie when it differs', async (t) => {
  const app = await build(t);
  const switched = await app.inject({ url: '/unternehmen', headers: { cookie: 'language=en' } });
  t.match(switched.headers['set-cookie'], /^language=de; Path=\/; Max-Age=31536000; SameSite=Lax$/);
  const same = await app.inject({ url: '/unternehmen', headers: { cookie: 'language=de' } });
  t.equal(same.headers['set-cookie'], undefined);
  const shared = await app.inject({ url: '/insights', headers: { cookie: 'language=de' } });
  t.equal(shared.headers['set-cookie'], undefined, 'a shared path never sets it');
});
