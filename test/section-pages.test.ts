/** Every page of the homepage, services and technology sections answers in both languages with its headline. */
import t from 'tap';
import { build } from './helpers/build.ts';
import { sectionPages } from './helpers/section-pages.ts';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

const app = await build(t);
const pages = sectionPages();

t.ok(pages.filter((p) => p.language === 'en').length >= 20, 'at least 20 English pages');
t.equal(
  pages.filter((p) => p.language === 'de').length,
  pages.filter((p) => p.language === 'en').length,
  'as many German pages',
);

for (const page of pages) {
  t.test(`${page.language} ${page.path}`, async (t) => {
    const response = await app.inject({ method: 'GET', url: page.path, headers: { cookie: page.cookie } });
    t.equal(response.statusCode, 200);
    const html = response.body;
    t.match(html, `<html lang="${page.language}"`, 'in its language');
    const h1 = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => match[1]);
    t.same(h1, [escapeHtml(page.headline)], 'one h1: the headline from content');
    // A nonce is random base64, which may spell NaN by chance.
    t.notMatch(html.replace(/nonce="[^"]*"/g, ''), /undefined|\[object Object\]|NaN/, 'no unfilled values');
    // Every image says how big it is, so nothing shifts while it loads.
    for (const img of html.match(/<img\b[^>]*>/g) ?? []) {
      t.match(img, /\swidth="\d+"/, 'image has a width');
      t.match(img, /\sheight="\d+"/, 'image has a height');
      t.match(img, /\salt="/, 'image has an alt attribute');
    }
  });
}

t.test('German section paths are German only, English ones English only', async (t) => {
  t.equal((await app.inject({ url: '/technologie/meridian' })).statusCode, 200);
  t.match((await app.inject({ url: '/technologie/meridian' })).body, '<html lang="de"');
  t.match(
    (await app.inject({ url: '/technology/meridian', headers: { cookie: 'language=de' } })).body,
    '<html lang="en"',
  );
  t.equal(
    (await app.inject({ url: '/technology/google-marketing-platform-partner/kontakt' })).statusCode,
    404,
    'no German contact folder under the English path',
  );
  t.equal((await app.inject({ url: '/services/no-such-service' })).statusCode, 404);
  t.equal((await app.inject({ url: '/services/analytics/no-such-sub' })).statusCode, 404);
});
