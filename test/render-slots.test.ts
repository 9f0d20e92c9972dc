import t from 'tap';
import { createRenderSlots } from '#server/ssr/render-slots.ts';
import { build } from './helpers/build.ts';

t.test('no more than the limit run at once; the waiting line is bounded', async (t) => {
  const slots = createRenderSlots(2, 1);
  const first = await slots.acquire();
  const second = await slots.acquire();
  t.same(slots.stats(), { running: 2, waiting: 0 });
  let thirdGot: (() => void) | undefined;
  const third = slots.acquire().then((release) => (thirdGot = release));
  t.same(slots.stats(), { running: 2, waiting: 1 });
  t.equal(await slots.acquire(), undefined, 'a fourth is refused: the line is full');
  first!();
  first!();
  await third;
  t.ok(thirdGot, 'the one waiting takes the freed slot');
  t.same(slots.stats(), { running: 2, waiting: 0 }, 'a second release of the same slot changes nothing');
  second!();
  thirdGot!();
  t.same(slots.stats(), { running: 0, waiting: 0 });
});

t.test('uncached pages beyond the queue get a 503 in the visitor language; cached pages are not held up', async (t) => {
  const app = await build(t, { RENDER_CONCURRENCY: '1', RENDER_QUEUE_MAX: '1' });
  await app.inject({ url: '/imprint' });
  await app.inject({ url: '/imprint' });
  // A slot is given back a turn of the event loop after its answer.
  await new Promise((resolve) => setImmediate(resolve));
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      app.inject({ url: `/insights?sort=datetime:desc&n=${i}`, headers: { 'accept-language': 'de' } }),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode);
  t.ok(statuses.filter((status) => status === 200).length >= 2, `some rendered: ${statuses.join(' ')}`);
  const busy = answers.filter((answer) => answer.statusCode === 503);
  t.ok(busy.length > 0, 'the rest are refused');
  for (const answer of busy) {
    t.equal(answer.headers['retry-after'], '2');
    t.equal(answer.body, 'Die Website ist gerade sehr gefragt. Bitte versuchen Sie es gleich noch einmal.');
    t.equal(answer.headers['x-content-type-options'], 'nosniff');
  }
  const cached = await app.inject({ url: '/imprint' });
  t.equal(cached.statusCode, 200, 'a cached page needs no slot');
  t.equal(
    (await app.inject({ url: '/insights?sort=datetime:desc' })).statusCode,
    200,
    'the slots are free again afterwards',
  );
});
