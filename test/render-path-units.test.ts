import t from 'tap';
import { createInlineJsonWriter, inlineJson } from '#server/ssr/serialize.ts';

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
};

t.test('the page data writer writes what inlineJson writes, for frozen content and per-request values alike', async (t) => {
  const write = createInlineJsonWriter();
  const content = deepFreeze({ headline: '</script><!-- & \u2028 \u2029 "quoted"', items: [{ a: 1, b: null, c: [true, false] }], empty: {}, none: [] });
  const samples: object[] = [
    content,
    { loaderData: { root: { language: 'en', content, missing: undefined, fn: () => 1 }, pages: undefined }, actionData: null, errors: null },
    // What JSON.stringify leaves out or turns into null, and what has its own JSON form.
    [undefined, () => 1, Symbol('s'), Number.NaN, Infinity, -0, 1.5e300, 'x'],
    { date: new Date(Date.UTC(2026, 0, 2)), boxed: [Object('s'), Object(2), Object(false)], nested: { deeper: [[], [{}]] } },
    // A hole in an array is null, as JSON.stringify writes it.
    [1, , 3],
    { '<key>': 'value', 'line\u2028separator': 1 },
    deepFreeze(['frozen', { array: [1, 2] }]),
  ];
  for (const sample of samples) {
    const expected = inlineJson(sample);
    t.equal(write(sample), expected, JSON.stringify(sample) ?? 'sample');
    t.equal(write(sample), expected, 'the same again, from what was kept');
  }
  t.notMatch(write(content), /<|>|&|\u2028|\u2029/, 'nothing a script could be closed or broken with');
  t.same(JSON.parse(write(content)), content, 'still the same data');
});

t.test('a content reload brings new objects, and their JSON is made again', async (t) => {
  const write = createInlineJsonWriter();
  const before = deepFreeze({ headline: 'Before' });
  const after = deepFreeze({ headline: 'After' });
  t.equal(write({ content: before }), '{"content":{"headline":"Before"}}');
  t.equal(write({ content: after }), '{"content":{"headline":"After"}}');
  const unfrozen = { headline: 'Draft' };
  t.equal(write(unfrozen), '{"headline":"Draft"}');
  unfrozen.headline = 'Changed';
  t.equal(write(unfrozen), '{"headline":"Changed"}', 'an unfrozen object is written as it is now');
});
