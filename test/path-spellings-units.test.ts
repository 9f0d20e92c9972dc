import { setImmediate as nextTurn } from 'node:timers/promises';
import zlib from 'node:zlib';
import t from 'tap';
import { canonicalPath } from '#app/canonical-path.ts';
import { matchPageRoute as browserMatchPageRoute } from '#app/page-matcher.browser.ts';
import { matchPageRoute } from '#app/page-matcher.ts';
import { PAGE_ROUTES } from '#app/page-table.ts';
import { careerPath, eventConfirmPath, newsletterConfirmPath, newsletterUnsubscribePath } from '#app/paths.ts';
import { createCompressionQueue } from '#server/ssr/compression-queue.ts';
import { createPageCache } from '#server/ssr/page-cache.ts';

const silentLog = { error() {} } as unknown as Parameters<typeof createPageCache>[0]['log'];

/** A path as a URL parser hands it to the server: dot segments resolved, the characters it must escape escaped. */
const parsed = (path: string) => new URL(path, 'http://x').pathname;

t.test(
  'the canonical spelling: segments decoded and encoded as encodeURIComponent does, no trailing slash',
  async (t) => {
    const cases: [string, string][] = [
      ['/', '/'],
      ['/company/about-us', '/company/about-us'],
      ['/company/about-us/', '/company/about-us'],
      ['/company/about-us///', '/company/about-us'],
      ['/c%6Fmpany/about-us', '/company/about-us'],
      ['/c%6fmpany/%61bout-us/', '/company/about-us'],
      ['/insights/caf%C3%A9', '/insights/caf%C3%A9'],
      ['/insights/caf%c3%a9', '/insights/caf%C3%A9'],
      ['/insights/a%2Fb', '/insights/a%2Fb'],
      ['/insights/a%2fb', '/insights/a%2Fb'],
      ['/insights/a+b', '/insights/a%2Bb'],
      ['/insights/a:b@c', '/insights/a%3Ab%40c'],
      ["/insights/it's", "/insights/it's"],
      ['/insights/it%27s', "/insights/it's"],
      ['/insights/100%25', '/insights/100%25'],
      // Not a page's spelling: returned as it is, as the matching reads it undecoded.
      ['/insights/%E0%A4%A', '/insights/%E0%A4%A'],
      ['/insights/%zz/', '/insights/%zz/'],
      // Empty segments inside a path are kept: the matching does not take them.
      ['/company//about-us', '/company//about-us'],
    ];
    for (const [path, canonical] of cases) t.equal(canonicalPath(path), canonical, `${path} → ${canonical}`);
  },
);

t.test('the canonical spelling is its own, as sent and as a URL parser reads it', async (t) => {
  const spellings = [
    '/company/about-us/',
    '/c%6Fmpany/about-us',
    '/insights/caf%c3%a9/',
    '/insights/a+b',
    "/insights/it%27s'",
    '/insights/%22quoted%22',
    '/insights/%3Cb%3E',
    '/events/confirm/abc%3D%3D',
    '/newsletter/unsubscribe/x.y_z~',
  ];
  for (const spelling of spellings) {
    const canonical = canonicalPath(parsed(spelling));
    t.equal(canonicalPath(canonical), canonical, `${canonical} is canonical`);
    t.equal(parsed(canonical), canonical, `${canonical} reaches the server as it is`);
  }
});

t.test(
  'every spelling of a page matches what its canonical path matches, on the server and in the browser',
  async (t) => {
    const filled = PAGE_ROUTES.map((route) =>
      route.path
        .split('/')
        .filter((segment) => !segment.endsWith('?'))
        .map((segment) => (segment.startsWith(':') ? 'some-value' : segment))
        .join('/'),
    ).map((path) => path || '/');
    for (const path of filled) {
      t.equal(canonicalPath(path), path, `${path}: the table's own spelling is canonical`);
      const server = matchPageRoute(path);
      t.ok(server, `${path} is a page`);
      t.equal(browserMatchPageRoute(path)?.route.id, server?.route.id, `${path}: the browser finds the same page`);
      const letter = path.search(/[a-z]/);
      if (letter < 0) continue;
      const encoded = `${path.slice(0, letter)}%${path.charCodeAt(letter).toString(16)}${path.slice(letter + 1)}/`;
      t.equal(canonicalPath(parsed(encoded)), path, `${encoded} → ${path}`);
      t.same(matchPageRoute(encoded), server, `${encoded} is the same page with the same params`);
    }
  },
);

t.test('the links the site builds are canonical', async (t) => {
  const tokens = ['abc', 'a+b/c=', 'Zm9v-YmFy_', 'ü@x'];
  for (const token of tokens) {
    for (const link of [newsletterConfirmPath(token), eventConfirmPath(token), newsletterUnsubscribePath(token)]) {
      t.equal(canonicalPath(parsed(link)), link, `${link} is canonical`);
      t.ok(matchPageRoute(link), `${link} is a page`);
    }
  }
  for (const language of ['en', 'de'] as const) {
    for (const link of [careerPath(language), careerPath(language, 'senior-analyst')])
      t.equal(canonicalPath(link), link, `${link} is canonical`);
  }
});

/** A job the test finishes when it wants to, and whether it started. */
function controlledJob<T>(value: T) {
  let finish: () => void = () => {};
  const job = {
    started: false,
    finish: () => finish(),
    run: () => {
      job.started = true;
      return new Promise<T>((resolve) => {
        finish = () => resolve(value);
      });
    },
  };
  return job;
}

t.test('the compression queue runs a few at once, lets a few wait, and pushes out the longest waiting', async (t) => {
  const queue = createCompressionQueue({ concurrency: 2, maxWaiting: 2 });
  const jobs = Array.from({ length: 6 }, (_, n) => controlledJob(n));
  const results = jobs.map((job) => queue.run(job.run));
  await nextTurn();
  t.same(
    jobs.map((job) => job.started),
    [true, true, false, false, false, false],
    'two run',
  );
  t.same(
    queue.stats(),
    { running: 2, waiting: 2, dropped: 2 },
    'two wait, the two that waited longest were pushed out',
  );
  t.equal(await results[2], undefined, 'a job pushed out resolves without running');
  t.equal(await results[3], undefined);
  t.notOk(jobs[2]!.started || jobs[3]!.started, 'and never runs');
  jobs[0]!.finish();
  t.equal(await results[0], 0, 'a job that ran gives its result');
  await nextTurn();
  t.ok(jobs[4]!.started, 'the next in line starts when one is done');
  t.same(queue.stats(), { running: 2, waiting: 1, dropped: 2 });
  jobs[1]!.finish();
  jobs[4]!.finish();
  await Promise.all([results[1], results[4]]);
  await nextTurn();
  jobs[5]!.finish();
  t.equal(await results[5], 5);
  await nextTurn();
  t.same(queue.stats(), { running: 0, waiting: 0, dropped: 2 }, 'nothing is left running');
});

t.test('a failing job frees its place and rejects its caller only', async (t) => {
  const queue = createCompressionQueue({ concurrency: 1, maxWaiting: 1 });
  const failing = queue.run(() => Promise.reject(new Error('no memory')));
  const throwing = queue.run(() => {
    throw new Error('thrown');
  });
  await t.rejects(failing, /no memory/);
  await t.rejects(throwing, /thrown/);
  t.equal(await queue.run(async () => 'next'), 'next', 'the queue goes on');
  t.same(queue.stats(), { running: 0, waiting: 0, dropped: 0 });
  const none = createCompressionQueue({ concurrency: 1, maxWaiting: 0 });
  const held = controlledJob('held');
  const first = none.run(held.run);
  t.equal(await none.run(async () => 'skipped'), undefined, 'with no room to wait a job is skipped at once');
  held.finish();
  t.equal(await first, 'held');
});

t.test(
  'the page cache makes copies in turn: a page pushed out of the line is queued again at its next hit',
  async (t) => {
    const compressions = createCompressionQueue({ concurrency: 1, maxWaiting: 1 });
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000, log: silentLog, compressions });
    const html = (n: number) => Buffer.from(`<p>page ${n}</p>`.repeat(200));
    const pages = [0, 1, 2].map((n) => cache.put(`en /page-${n}`, html(n), 'policy')!);
    await Promise.all(pages.map((page) => page.compressing));
    t.ok(pages[0]!.compressed, 'the first was compressed at once');
    t.notOk(pages[1]!.compressed, 'the second was pushed out of the line by the third');
    t.ok(pages[2]!.compressed, 'the third waited its turn');
    t.same(compressions.stats().dropped, 1);
    const hit = cache.get('en /page-1')!;
    await hit.compressing;
    t.ok(hit.compressed, 'its next hit had it compressed');
    t.same(zlib.brotliDecompressSync(hit.compressed!.br), html(1));

    // A page evicted or replaced while waiting is never compressed.
    const blocker = controlledJob(undefined);
    const busy = compressions.run(blocker.run);
    const replaced = cache.put('en /page-3', html(3), 'policy')!;
    cache.put('en /page-3', html(4), 'policy');
    t.ok(blocker.started);
    blocker.finish();
    await busy;
    await replaced.compressing;
    t.notOk(replaced.compressed, 'the replaced page got no copies');
  },
);

t.test(
  'the kept brotli copy has the streaming 256 KB window and is as small as with the default 4 MB one',
  async (t) => {
    const html = Buffer.from(
      Array.from({ length: 4000 }, (_, n) => `<li class="item-${n % 37}">Artikel ${n} über Daten</li>`).join(''),
    );
    const cache = createPageCache({ maxBytes: 10_000_000, ttlMs: 60_000, log: silentLog });
    const page = cache.put('en /big', html, 'policy')!;
    await page.compressing;
    t.same(zlib.brotliDecompressSync(page.compressed!.br), html, 'the copy decodes to the page');
    const fullWindow = zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    t.ok(
      page.compressed!.br.length <= fullWindow.length * 1.05,
      `${page.compressed!.br.length} bytes against ${fullWindow.length} with the 4 MB window`,
    );
    // The window size is written in the stream's first byte(s): 18 bits is a WBITS code other than 22's.
    const windowBits = (stream: Buffer) => {
      const first = stream[0]!;
      if ((first & 1) === 0) return 16;
      const next = (first >> 1) & 7;
      if (next !== 0) return 17 + next;
      return 0;
    };
    t.equal(windowBits(page.compressed!.br), 18, 'a 256 KB window');
    t.equal(windowBits(fullWindow), 22, 'where the default is 4 MB');
  },
);
