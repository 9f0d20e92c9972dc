/** The test reporter passes TAP through unchanged and repeats each failure at the end, under where it happened. */
import { spawnSync } from 'node:child_process';
import t from 'tap';

// The reporter runs in tap's own process as plain JavaScript; here it gets the TAP text on stdin, as from tap.
const pipeThroughReporter = (tap: string) =>
  spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { default: R } = await import('./scripts/tap-failures-last.mjs'); process.stdin.pipe(new R()).pipe(process.stdout);",
    ],
    { input: tap, encoding: 'utf8' },
  );

const failingRun = [
  'TAP version 14',
  '# Subtest: test/a.test.ts',
  '    # Subtest: sends a form',
  '        ok 1 - the page opens',
  '        not ok 2 - the answer is 201',
  '          ---',
  '          found: 500',
  '          wanted: 201',
  '          ...',
  '        ',
  '        # Subtest: in German',
  '            not ok 1 - the message is German',
  '              ---',
  '              found: Thanks',
  '              ...',
  '            1..1',
  '        not ok 3 - in German # time=3.2ms',
  '        1..3',
  '    not ok 1 - sends a form # time=12.5ms',
  '    ',
  '    ok 2 - closes',
  '    1..2',
  'not ok 1 - test/a.test.ts # time=40ms',
  '# Subtest: test/b.test.ts',
  '    ok 1 - fine',
  '    1..1',
  'ok 2 - test/b.test.ts # time=5ms',
  '# Subtest: test/c.test.ts',
  '    1..0',
  'not ok 3 - test/c.test.ts # time=120000ms',
  '  ---',
  '  signal: SIGTERM',
  '  ...',
  '1..3',
  '',
].join('\n');

t.test('a failing run: the TAP unchanged, then each failure once, under its file and subtests', async (t) => {
  const { stdout, status } = pipeThroughReporter(failingRun);
  t.equal(status, 0);
  t.ok(stdout.startsWith(failingRun), 'the TAP stream passes through unchanged');
  const summary = stdout.slice(failingRun.length);
  t.match(summary, /^\n# 3 failed, repeated here:\n/);
  t.match(
    summary,
    '# test/a.test.ts > sends a form\nnot ok 2 - the answer is 201\n  ---\n  found: 500\n  wanted: 201\n  ...\n',
  );
  t.match(
    summary,
    '# test/a.test.ts > sends a form > in German\nnot ok 1 - the message is German\n  ---\n  found: Thanks\n  ...\n',
  );
  t.match(
    summary,
    '# (top level)\nnot ok 3 - test/c.test.ts # time=120000ms\n  ---\n  signal: SIGTERM\n  ...\n',
    'a file that failed without a failed assertion is listed itself',
  );
  t.notMatch(summary, 'not ok 3 - in German', 'a subtest failing through its assertions is not listed again');
  t.notMatch(summary, 'test/a.test.ts # time', 'nor a file failing through them');
  t.notMatch(summary, 'test/b.test.ts');
});

t.test('a passing run, or one cut off mid-line, gets nothing added', async (t) => {
  const passing = 'TAP version 14\n# Subtest: test/b.test.ts\n    ok 1 - fine\n    1..1\nok 1 - test/b.test.ts\n1..1\n';
  t.equal(pipeThroughReporter(passing).stdout, passing);
  t.equal(pipeThroughReporter('TAP version 14\nok 1 - half').stdout, 'TAP version 14\nok 1 - half');
});
