import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import { createCompressedCopies } from '#server/http/compressed-copies.ts';

const answer = (n: number) =>
  Buffer.from(JSON.stringify({ n, items: Array.from({ length: 200 }, (_, i) => `article ${n}-${i}`) }));

t.test('a repeated answer is compressed once per encoding and decodes to the same bytes', async (t) => {
  const copies = createCompressedCopies(1024 * 1024);
  const body = answer(1);
  const br = copies.compress(body, 'br');
  t.equal(copies.compress(Buffer.from(body), 'br'), br, 'the same copy for equal bytes');
  t.same(brotliDecompressSync(br), body);
  const gzip = copies.compress(body, 'gzip');
  t.not(gzip, br, 'each encoding has its own copy');
  t.same(gunzipSync(gzip), body);
  t.not(copies.compress(answer(2), 'br'), br, 'other bytes, another copy');
});

t.test('the copies stay within their budget, least recently used out first', async (t) => {
  const one = createCompressedCopies(1024 * 1024).compress(answer(0), 'br').length + 100;
  const copies = createCompressedCopies(3 * one);
  const first = copies.compress(answer(1), 'br');
  copies.compress(answer(2), 'br');
  t.equal(copies.compress(answer(1), 'br'), first, 'used again: now the most recent');
  for (let n = 3; n < 40; n += 1) {
    copies.compress(answer(n), 'br');
    t.ok(copies.size <= 3 * one, `within budget after ${n} answers`);
  }
  t.not(copies.compress(answer(1), 'br'), first, 'long unused: compressed anew');
  const tiny = createCompressedCopies(10);
  t.same(
    brotliDecompressSync(tiny.compress(answer(1), 'br')),
    answer(1),
    'a copy larger than the budget is sent, not kept',
  );
  t.equal(tiny.size, 0);
});
