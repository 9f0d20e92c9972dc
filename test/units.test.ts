import { readFileSync } from 'node:fs';
import { createStaticHandler } from 'react-router';
import t from 'tap';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadOnChunkError } from '#app/chunk-reload.ts';
import type { LanguageMapping } from '#app/content/types.ts';
import { berlinClock, berlinDay } from '#app/i18n/berlin-calendar.ts';
import { berlinTime } from '#app/i18n/berlin-time.ts';
import { currentYear, type FormatTexts, fill, formatDate } from '#app/i18n/format.ts';
import { formatWholeNumber } from '#app/i18n/number-format.ts';
import { translationsOf } from '#app/i18n/translate-path.ts';
import { describeError } from '#app/layout/error-status.ts';
import { footerKey } from '#app/layout/footer.tsx';
import { socialIconOf } from '#app/layout/icon.tsx';
import { runMiddleware, UNKNOWN_MIDDLEWARE_MESSAGE } from '#app/middleware.ts';
import { isCrawler } from '#server/ssr/crawler.ts';
import { inlineJson } from '#server/ssr/serialize.ts';

const mapping: LanguageMapping = {
  en: [
    { language: 'en', idx: 0, path: '/', isActive: true },
    { language: 'en', idx: 1, path: '/company', isActive: true },
    { language: 'en', idx: 2, path: '/company/career/:slug', isActive: true },
    { language: 'en', idx: 3, path: '/technology/lunio', isActive: true },
    { language: 'en', idx: 4, path: '/technology/:slug', isActive: true },
    { language: 'en', idx: 5, path: '/imprint', isActive: false },
  ],
  de: [
    { language: 'de', idx: 0, path: '/', isActive: true },
    { language: 'de', idx: 1, path: '/unternehmen', isActive: true },
    { language: 'de', idx: 2, path: '/unternehmen/karriere/:slug', isActive: true },
    { language: 'de', idx: 3, path: '/technologie/lunio', isActive: true },
    { language: 'de', idx: 4, path: '/technologie/:slug', isActive: true },
    { language: 'de', idx: 5, path: '/impressum', isActive: false },
  ],
};

t.test('translationsOf finds the page in every language by index', async (t) => {
  t.same(translationsOf(mapping, 'en', '/company'), [
    { language: 'en', path: '/company' },
    { language: 'de', path: '/unternehmen' },
  ]);
  t.same(translationsOf(mapping, 'de', '/unternehmen/karriere/data-engineer'), [
    { language: 'en', path: '/company/career/data-engineer' },
    { language: 'de', path: '/unternehmen/karriere/data-engineer' },
  ]);
  t.same(
    translationsOf(mapping, 'en', '/technology/lunio')[1],
    { language: 'de', path: '/technologie/lunio' },
    'exact before pattern',
  );
  t.same(translationsOf(mapping, 'en', '/imprint'), [], 'inactive entries have no switch');
  t.same(translationsOf(mapping, 'en', '/nowhere'), [], 'unmapped paths have no switch');
  t.same(translationsOf(null, 'en', '/'), []);
});

t.test('route errors take statusCode, status or response status, else 500', async (t) => {
  t.equal(describeError(null), null);
  t.equal(describeError(undefined), null);
  t.same(describeError({ statusCode: 403 }), { status: 403 });
  t.same(describeError({ status: 410 }), { status: 410 });
  t.same(describeError({ response: { status: 502 } }), { status: 502 });
  t.same(describeError(new Error('secret internals')), { status: 500 }, 'no message from unexpected errors');
  t.same(describeError('weird'), { status: 500 });
});

t.test('an unknown middleware is a 500 Unknown middleware', async (t) => {
  const handler = createStaticHandler([
    {
      id: 'page',
      path: '/',
      loader: ({ params }) => {
        runMiddleware(['noSuchMiddleware'], { params, language: 'en' });
        return null;
      },
    },
  ]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  t.equal(context.statusCode, 500);
  t.same(describeError(context.errors?.page), { status: 500, message: UNKNOWN_MIDDLEWARE_MESSAGE });
  t.throws(() => runMiddleware(['toString'], { params: {}, language: 'en' }), 'inherited names are not middleware');
  t.doesNotThrow(() => runMiddleware(undefined, { params: {}, language: 'en' }));
});

t.test('a failed chunk reloads the page at most once a minute', async (t) => {
  const stored = new Map<string, string>();
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  } as Storage;
  const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/chunks/home-X.js');
  t.ok(isChunkLoadError(chunkError));
  t.notOk(isChunkLoadError(new Error('Cannot read properties of undefined')));
  t.equal(reloadOnChunkError(new Error('other'), 1_000_000, storage), false, 'other errors never reload');
  t.equal(reloadOnChunkError(chunkError, 1_000_000, storage), true);
  t.equal(reloadOnChunkError(chunkError, 1_000_000 + CHUNK_RELOAD_GUARD_MS - 1, storage), false, 'guarded');
  t.equal(reloadOnChunkError(chunkError, 1_000_000 + CHUNK_RELOAD_GUARD_MS, storage), true, 'again after a minute');
});

t.test('years and dates are those of Berlin, numbers marked as the language does', async (t) => {
  t.equal(currentYear(new Date('2026-12-31T22:59:59.999Z')), 2026, 'an hour before midnight in Berlin');
  t.equal(currentYear(new Date('2026-12-31T23:00:00Z')), 2027, 'midnight in Berlin, still the old year in UTC');
  t.equal(currentYear(new Date('2027-06-30T22:30:00Z')), 2027, 'summer time does not move the year');
  const texts = (language: 'en' | 'de') =>
    JSON.parse(readFileSync(`content/${language}/ui.json`, 'utf8')) as FormatTexts;
  t.equal(formatDate('2026-12-31T23:30:00Z', texts('de')), '1. Januar 2027');
  t.equal(formatDate('2026-12-31T23:30:00Z', texts('en')), '1 January 2027');
  t.equal(formatDate('2026-03-05', texts('en')), '5 March 2026');
  t.equal(formatDate('not a date', texts('de')), '');
  t.equal(formatWholeNumber(60000, texts('en')), '60,000');
  t.equal(formatWholeNumber(1234567, texts('de')), '1.234.567');
  t.equal(formatWholeNumber(999, texts('de')), '999');
  t.equal(formatWholeNumber(-45000.4, texts('en')), '-45,000');
});

t.test('Berlin wall time by arithmetic matches the time zone database, across every clock change', async (t) => {
  const zone = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const expected = (date: Date) => {
    const parts = Object.fromEntries(zone.formatToParts(date).map(({ type, value }) => [type, Number(value)]));
    return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
  };
  let mismatches = 0;
  // Every quarter hour from 2020 to 2035: about 526,000 instants and 30 clock changes.
  for (let instant = Date.UTC(2020, 0, 1); instant < Date.UTC(2035, 0, 1); instant += 15 * 60 * 1000) {
    const date = new Date(instant);
    const got = berlinTime(date);
    const want = expected(date);
    if (
      got.year !== want.year ||
      got.month !== want.month ||
      got.day !== want.day ||
      got.hour !== want.hour ||
      got.minute !== want.minute
    )
      mismatches += 1;
  }
  t.equal(mismatches, 0);
  t.equal(berlinClock(new Date('2027-03-28T00:59:00Z')), '01:59', 'the last winter minute');
  t.equal(berlinClock(new Date('2027-03-28T01:00:00Z')), '03:00', 'clocks go forward');
  t.equal(berlinClock(new Date('2027-10-31T00:59:00Z')), '02:59', 'the last summer minute');
  t.equal(berlinClock(new Date('2027-10-31T01:00:00Z')), '02:00', 'clocks go back');
  t.equal(berlinDay(new Date('2027-06-30T21:59:00Z')), '2027-06-30');
  t.equal(berlinDay(new Date('2027-06-30T22:00:00Z')), '2027-07-01');
});

t.test('small helpers', async (t) => {
  t.equal(fill('Error {status}', { status: 404 }), 'Error 404');
  t.equal(fill('{missing} stays', {}), '{missing} stays');
  t.equal(footerKey('Legal & Social'), 'legal-and-social');
  t.equal(footerKey('Rechtliches & Social'), 'rechtliches-and-social');
  t.equal(footerKey('Services'), 'services');
  t.equal(socialIconOf('https://www.linkedin.com/company/x'), 'linkedin');
  t.equal(socialIconOf('not a url'), 'link');
  t.equal(inlineJson({ a: '</script><!--\u2028&' }), '{"a":"\\u003c/script\\u003e\\u003c!--\\u2028\\u0026"}');
  t.equal(JSON.parse(inlineJson({ a: '</script>' })).a, '</script>', 'still the same data');
  t.ok(isCrawler('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'));
  t.ok(isCrawler('Mozilla/5.0 (compatible; bingbot/2.0)'));
  t.ok(isCrawler('facebookexternalhit/1.1'));
  t.notOk(
    isCrawler('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'),
  );
  t.notOk(isCrawler(undefined));
});
