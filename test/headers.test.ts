import t from 'tap';
import { readManifest } from '#server/ssr/manifest.ts';
import { build } from './helpers/build.ts';

t.test('hashed assets are cached for a year and served pre-compressed', async (t) => {
  const app = await build(t);
  const manifest = await readManifest('dist');
  const sizes = new Map<string, number>();
  for (const url of [...manifest.entryModules, ...manifest.css]) {
    const plain = await app.inject({ url });
    t.equal(plain.statusCode, 200, url);
    t.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable', `${url} cache-control`);
    sizes.set(url, Number(plain.headers['content-length']));
  }
  // The largest module (React DOM) and the stylesheet have compressed copies made at build.
  const largest = [...sizes].filter(([url]) => url.endsWith('.js')).sort((a, b) => b[1] - a[1])[0]![0];
  for (const url of [largest, ...manifest.css]) {
    const brotli = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    t.equal(brotli.headers['content-encoding'], 'br', `${url} brotli`);
    t.ok(Number(brotli.headers['content-length']) < sizes.get(url)!, `${url} smaller compressed`);
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    t.equal(gzip.headers['content-encoding'], 'gzip', `${url} gzip`);
  }
  const missing = await app.inject({ url: '/assets/entry-NOTHERE.js' });
  t.equal(missing.statusCode, 404);
  t.match(missing.headers['content-type'], 'application/json');
});

t.test('the icon sprite is a hashed asset holding every icon a page draws', async (t) => {
  const app = await build(t);
  const manifest = await readManifest('dist');
  t.match(manifest.iconSprite, /^\/assets\/icons-[0-9a-f]{10}\.svg$/, 'named by its content');
  const sprite = await app.inject({ url: manifest.iconSprite });
  t.equal(sprite.statusCode, 200);
  t.match(sprite.headers['content-type'], 'image/svg+xml');
  t.equal(sprite.headers['cache-control'], 'public, max-age=31536000, immutable');
  const brotli = await app.inject({ url: manifest.iconSprite, headers: { 'accept-encoding': 'br, gzip' } });
  t.equal(brotli.headers['content-encoding'], 'br', 'served pre-compressed');
  const ids = new Set([...sprite.body.matchAll(/<path id="([^"]+)"/g)].map((match) => match[1]));
  for (const url of ['/', '/services', '/de/unternehmen/karriere', '/company/about-us']) {
    const page = await app.inject({ url });
    const uses = [...page.body.matchAll(/<use href="([^"#]*)#([^"]*)"/g)];
    t.ok(uses.length > 0, `${url} draws icons`);
    for (const [, file, name] of uses) {
      t.equal(file, manifest.iconSprite, `${url}: ${name} comes from the build's sprite`);
      t.ok(ids.has(name), `${url}: the sprite has ${name}`);
    }
  }
  const unknown = await app.inject({ url: manifest.iconSprite.replace(/icons-\w+/, 'icons-0000000000') });
  t.equal(unknown.statusCode, 404, 'another hash is no sprite');
});

t.test('content JSON answers with an ETag and 304 when unchanged', async (t) => {
  const app = await build(t);
  for (const url of [
    '/content/en/navigation.json',
    '/content/de/homepage/_page.json',
    '/content/language_mapping.json',
  ]) {
    const first = await app.inject({ url });
    t.equal(first.statusCode, 200, url);
    t.match(first.headers['content-type'], 'application/json; charset=utf-8');
    const etag = first.headers.etag as string;
    t.match(etag, /^"[\w-]+"$/, `${url} etag`);
    t.match(first.headers['cache-control'], 'max-age=60');
    const again = await app.inject({ url, headers: { 'if-none-match': etag } });
    t.equal(again.statusCode, 304, `${url} 304`);
    t.equal(again.body, '');
    const changed = await app.inject({ url, headers: { 'if-none-match': '"other"' } });
    t.equal(changed.statusCode, 200);
  }
  const page = await app.inject({ url: '/content/en/homepage/_page.json' });
  t.hasProps(
    page.json(),
    ['meta', 'stage', 'intro', 'services', 'contact'],
    'a page bundle holds every block of its folder',
  );
  const missing = await app.inject({ url: '/content/en/nothing.json' });
  t.equal(missing.statusCode, 404);
  t.match(missing.json(), { statusCode: 404 });
  const outside = await app.inject({ url: '/content/../package.json' });
  t.not(outside.statusCode, 200, 'no file outside the content folder');
});

t.test(
  'pages are HTML with a charset, never cached as static, and / varied by language signals (see cache-headers.test.ts)',
  async (t) => {
    const app = await build(t);
    const response = await app.inject({ url: '/' });
    t.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    t.equal(response.headers['cache-control'], 'private, no-cache');
    t.equal(response.headers.vary, 'Cookie, Accept-Language, Accept-Encoding');
    t.equal(response.headers['x-content-type-options'], 'nosniff');
    t.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    t.ok(response.body.startsWith('<!DOCTYPE html>'));
  },
);

t.test('a page loads its own chunks after the first paint and no other page module', async (t) => {
  const app = await build(t);
  const manifest = await readManifest('dist');
  const home = (await app.inject({ url: '/' })).body;
  const content = (await app.inject({ url: '/services' })).body;
  const homeChunk = manifest.pages['src/app/pages/home.tsx']?.[0];
  const contentChunk = manifest.pages['src/app/pages/content-page.tsx']?.[0];
  t.ok(homeChunk && contentChunk);
  const loaderOf = (html: string) => /\(function\(e,m,n\)\{[\s\S]*?\}\)\(("[^"]+"),(\[[^\]]*\]),\d+\);/.exec(html);
  const homeLoader = loaderOf(home);
  const contentLoader = loaderOf(content);
  t.ok(homeLoader && contentLoader, 'both pages start their modules from the inline loader');
  t.equal(JSON.parse(homeLoader![1]!), manifest.entry);
  t.ok(JSON.parse(homeLoader![2]!).includes(homeChunk), 'the home page loads its chunk');
  t.notOk(JSON.parse(homeLoader![2]!).includes(contentChunk), 'and not the content page chunk');
  t.ok(JSON.parse(contentLoader![2]!).includes(contentChunk));
  t.notOk(JSON.parse(contentLoader![2]!).includes(homeChunk));
  t.notMatch(home, /<link rel="modulepreload"|<script type="module"/, 'no module is requested before the first paint');
  t.match(home, /<style id="site-css">/, 'the stylesheet is in the page');
  t.notMatch(home, /<link rel="stylesheet"/);
});

t.test('health and readiness', async (t) => {
  const app = await build(t);
  t.same((await app.inject({ url: '/healthz' })).json(), { status: 'ok' });
  const ready = await app.inject({ url: '/readyz' });
  t.equal(ready.statusCode, 200);
  t.same(ready.json(), { status: 'ready' });
});

t.test('static files are served from static/', async (t) => {
  const app = await build(t);
  const favicon = await app.inject({ url: '/favicon.svg' });
  t.equal(favicon.statusCode, 200);
  t.match(favicon.headers['content-type'], 'image/svg+xml');
  t.match(favicon.headers['cache-control'], 'max-age=86400');
});

t.test('an unknown API path answers a JSON 404, not a page', async (t) => {
  const app = await build(t);
  for (const method of ['GET', 'POST'] as const) {
    const response = await app.inject({ method, url: '/api/nothing-here' });
    t.equal(response.statusCode, 404);
    t.match(response.headers['content-type'], 'application/json');
    t.match(response.json(), { statusCode: 404, field: 'path', code: 'not_found' });
    t.notMatch(response.body, 'nothing-here', 'the path is not echoed');
  }
});

t.test('the Open Graph image every page names exists', async (t) => {
  const app = await build(t);
  const image = await app.inject({ url: '/images/og/nordstern.jpg' });
  t.equal(image.statusCode, 200);
  t.equal(image.headers['content-type'], 'image/jpeg');
});
