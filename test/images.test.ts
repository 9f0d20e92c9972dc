import t from 'tap';
import { IMAGE_WIDTHS, responsiveImage, versionedImageUrl } from '#app/images/image-urls.ts';
import { readImageVersion } from '#server/ssr/manifest.ts';
import { build } from './helpers/build.ts';

t.test('site images get versioned URLs; other URLs stay as they are', async (t) => {
  t.equal(versionedImageUrl('/images/illustrations/gmp.svg', 'abc'), '/img/abc/illustrations/gmp.svg');
  t.equal(
    versionedImageUrl('/images/illustrations/gmp.svg', undefined),
    '/images/illustrations/gmp.svg',
    'without a build version',
  );
  t.equal(versionedImageUrl('https://cdn.example/x.jpg', 'abc'), 'https://cdn.example/x.jpg');
  t.equal(versionedImageUrl('/images/../secret.jpg', 'abc'), '/images/../secret.jpg');
  t.equal(versionedImageUrl('/downloads/en/guide.pdf', 'abc'), '/downloads/en/guide.pdf');
  t.notOk(responsiveImage('/images/illustrations/gmp.svg', 'abc'), 'vector images have one size');
  const card = responsiveImage('/images/insights/a/image.jpg', 'abc');
  t.same(
    card?.sources.map((source) => source.type),
    ['image/avif', 'image/webp'],
  );
  t.equal(card?.src, '/img/abc/insights/a/image-800.jpg');
  t.equal(card?.srcSet, IMAGE_WIDTHS.map((w) => `/img/abc/insights/a/image-${w}.jpg ${w}w`).join(', '));
});

t.test('every image a page names is served, in its format, cached for a year', async (t) => {
  const app = await build(t);
  const version = await readImageVersion('dist');
  const urls = new Set<string>();
  for (const page of [
    '/insights',
    '/',
    '/services/analytics',
    '/insights/consent-mode-v2-explained',
    '/unternehmen/ueber-uns',
  ]) {
    const html = (await app.inject({ url: page })).body;
    t.notMatch(html, /src="\/images\//, `${page}: no image at an unversioned URL`);
    for (const [, attribute, value] of html.matchAll(/\b(src|srcSet)="([^"]+)"/g)) {
      if (attribute === 'src' && value!.startsWith('/img/')) urls.add(value!);
      if (attribute === 'srcSet') for (const entry of value!.split(',')) urls.add(entry.trim().split(' ')[0]!);
    }
  }
  t.ok(urls.size > 20, `${urls.size} image URLs`);
  const types: Record<string, string> = {
    avif: 'image/avif',
    webp: 'image/webp',
    jpg: 'image/jpeg',
    svg: 'image/svg+xml',
  };
  for (const url of urls) {
    t.ok(url.startsWith(`/img/${version}/`), `${url} carries the build version`);
    const response = await app.inject({ url });
    t.equal(response.statusCode, 200, url);
    t.match(response.headers['content-type'], types[url.split('.').pop()!]!, `${url} type`);
    t.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
  }
  t.equal((await app.inject({ url: `/img/${version}/insights/nope/image-800.avif` })).statusCode, 404);
  t.equal((await app.inject({ url: `/img/${version}/../../package.json` })).statusCode, 404);
});
