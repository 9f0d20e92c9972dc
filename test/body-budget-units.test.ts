/**
 * The accounting of request bodies in memory: what arrives is held, not what is announced;
 * an address holds at most its share; a release gives everything back once; and the
 * minimum rate a body must keep after its grace period.
 */
import t from 'tap';
import { createBodyBudget } from '#server/http/body-budget.ts';
import {
  BODY_GRACE_MS,
  BODY_PACE_CHECK_MS,
  createBodyPace,
  MIN_BODY_BYTES_PER_SECOND,
} from '#server/http/body-pace.ts';

t.test('a body holds the bytes that arrived, up to what its route keeps in memory', async (t) => {
  const changes: number[] = [];
  const budget = createBodyBudget(8000, (held) => changes.push(held));
  const hold = budget.open('a', 500);
  if (typeof hold === 'string') throw new Error(`refused: ${hold}`);
  t.equal(budget.held, 0, 'opening a body holds nothing');
  t.equal(hold.add(9), undefined);
  t.equal(budget.held, 9, 'what arrived is held');
  t.equal(hold.add(600), undefined, 'a streamed body past its cap is not refused');
  t.equal(hold.held, 500, 'it holds its cap');
  t.equal(hold.read, 609, 'while every byte read counts for its rate');
  t.equal(budget.heldBy('a'), 500);
  t.same(changes, [9, 500], 'each change is reported');
});

t.test('one address holds at most an eighth of the budget; others keep theirs', async (t) => {
  const budget = createBodyBudget(8000);
  t.equal(budget.shareBytes, 1000);
  const first = budget.open('a', 800);
  const second = budget.open('a', 800);
  if (typeof first === 'string' || typeof second === 'string') throw new Error('refused');
  t.equal(first.add(800), undefined);
  t.equal(second.add(300), 'address_share', 'a chunk past the share is refused');
  t.equal(second.held, 0, 'and takes nothing');
  t.equal(second.add(200), undefined, 'what still fits is taken');
  t.equal(budget.open('a', 800), 'address_share', 'an address at its share opens no other body');
  const other = budget.open('b', 800);
  t.not(typeof other, 'string', 'another address has its own share');
  second.release();
  t.not(typeof budget.open('a', 800), 'string', 'a released body makes room for the next');
});

t.test('a body starts only while there is room for what it announces, which it does not take', async (t) => {
  const budget = createBodyBudget(8000);
  const first = budget.open('a', 800, 600);
  if (typeof first === 'string') throw new Error('refused');
  t.equal(budget.held, 0, 'the announced length holds nothing');
  first.add(500);
  t.equal(budget.open('a', 800, 600), 'address_share', 'an address without room for the announced body is refused');
  t.not(typeof budget.open('a', 800, 400), 'string', 'one that fits its room starts');
  t.not(typeof budget.open('a', 400, 5000), 'string', 'the room asked is at most what the body keeps at once');
});

t.test('the budget is refused once full, whoever asks', async (t) => {
  const budget = createBodyBudget(8000);
  const holds = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((key) => budget.open(key, 1000));
  for (const hold of holds) if (typeof hold !== 'string') hold.add(1000);
  t.equal(budget.held, 8000);
  t.equal(budget.open('i', 1000), 'budget', 'a ninth address finds it full');
  const first = holds[0];
  if (typeof first === 'string' || first === undefined) throw new Error('refused');
  first.release();
  t.equal(budget.held, 7000, 'a release gives back what the body held');
  first.release();
  t.equal(budget.held, 7000, 'once, however often');
  t.equal(first.add(10), undefined, 'a released body takes nothing more');
  t.equal(budget.held, 7000);
  t.equal(budget.heldBy('a'), 0);
});

t.test('a body keeps the minimum rate over the last grace period, or is too slow', async (t) => {
  const checks = BODY_GRACE_MS / BODY_PACE_CHECK_MS;
  const perCheck = (MIN_BODY_BYTES_PER_SECOND * BODY_PACE_CHECK_MS) / 1000;
  const stalled = createBodyPace();
  for (let n = 1; n < checks; n += 1) t.equal(stalled.tooSlow(9), false, `within the grace period (check ${n})`);
  t.equal(stalled.tooSlow(9), true, 'a stalled body is too slow once its grace period is over');

  const steady = createBodyPace();
  let bytes = 0;
  let slow = false;
  for (let n = 0; n < 4 * checks; n += 1) {
    bytes += perCheck;
    slow ||= steady.tooSlow(bytes);
  }
  t.equal(slow, false, 'a body at the minimum rate is never too slow');

  const burst = createBodyPace();
  t.equal(burst.tooSlow(60_000), false, 'a burst');
  let burstSlow = false;
  let checksAfter = 0;
  while (!burstSlow && checksAfter < 3 * checks) {
    checksAfter += 1;
    burstSlow = burst.tooSlow(60_000 + checksAfter);
  }
  t.equal(burstSlow, true, 'then a trickle is too slow');
  t.equal(checksAfter, checks, 'as soon as the burst has left the window');
});
