/** The measuring rules of the browser's Web Vitals reporter: CLS session windows and INP's percentile. */
import t from 'tap';
import { createInteractionLatency } from '../client/web-vitals/interaction-latency.ts';
import { createLayoutShiftScore, SESSION_GAP_MS, SESSION_MAX_MS } from '../client/web-vitals/layout-shift-score.ts';

const near = (actual: number, expected: number) => Math.abs(actual - expected) < 1e-9;

t.test('CLS is the largest session window, not the sum of every shift', async (t) => {
  const score = createLayoutShiftScore();
  t.equal(score.value(), 0, 'nothing shifted: 0');
  score.add(100, 0.05);
  score.add(600, 0.05);
  t.ok(near(score.value(), 0.1), 'shifts less than a second apart share a window');
  score.add(600 + SESSION_GAP_MS, 0.08);
  t.ok(near(score.value(), 0.1), 'a gap of a full second opens a new window; the larger one counts');
  score.add(1600 + 500, 0.04);
  t.ok(near(score.value(), 0.12), 'the new window grows past the first');
});

t.test('a session window ends after five seconds even while shifts keep coming', async (t) => {
  const score = createLayoutShiftScore();
  // One shift every 900 ms for ten seconds, 0.01 each: windows of at most 5 s.
  for (let time = 0; time <= 10_000; time += 900) score.add(time, 0.01);
  const perWindow = Math.ceil(SESSION_MAX_MS / 900);
  t.ok(near(score.value(), perWindow * 0.01), `at most ${perWindow} shifts in one window, not all 12`);
});

t.test('INP: the longest interaction, by its longest event, skipping one per 50 interactions', async (t) => {
  const latency = createInteractionLatency();
  t.equal(latency.value(), undefined, 'no interaction: no INP');
  latency.add(7, 40);
  latency.add(7, 120);
  latency.add(7, 64);
  t.equal(latency.value(), 120, 'the events of one interaction: the longest counts');
  latency.add(14, 80);
  t.equal(latency.value(), 120, 'under 50 interactions the longest counts');
  for (let id = 21; id < 21 + 7 * 60; id += 7) latency.add(id, 30);
  t.equal(latency.value(), 80, 'past 50 interactions the longest one is skipped');
});

t.test('INP keeps ten interactions, whatever the number of events', async (t) => {
  const latency = createInteractionLatency();
  // 600 interactions: a p98 skips 12, but only the ten longest are kept, so the tenth counts.
  for (let n = 1; n <= 600; n += 1) latency.add(n * 7, n);
  t.equal(latency.value(), 591, 'the tenth longest of 600');
});
