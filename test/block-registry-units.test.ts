/**
 * The block names are the schema registry's, and the type check holds everything else to them:
 * fixture files (test/fixtures/type-check, left out of `npm run typecheck`) that use the real
 * modules' types are compiled with tsc: the refused ones together, in one run, the known ones
 * in another. A block order, a registry or a route naming something unknown fails and names
 * it; the same uses with known names pass, so the failures are the names' doing.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import t from 'tap';

const FIXTURES = 'test/fixtures/type-check';

function typeCheck(tsconfig: string): { status: number | null; output: string } {
  // tsc runs as itself, without the loaders tap gives this process through NODE_OPTIONS.
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const run = spawnSync(
    process.execPath,
    ['node_modules/typescript/lib/tsc.js', '--noEmit', '--pretty', 'false', '-p', path.join(FIXTURES, tsconfig)],
    { encoding: 'utf8', env },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

t.test('known block names, block orders and content fields pass the type check', async (t) => {
  const { status, output } = typeCheck('known-blocks.tsconfig.json');
  t.equal(status, 0, output);
});

const refusals = [
  {
    what: 'a block order naming an unknown block',
    error: /unknown-block-order\.ts\(4,\d+\): error TS\d+: Type '"case_study"' is not assignable/,
  },
  {
    what: 'a component for an unknown block',
    error: /unknown-block-component\.ts\(4,\d+\): error TS\d+: .*'case_study' does not exist in type 'BlockRegistry'/,
  },
  {
    what: 'a renderer reading a field its schema does not have',
    error: /wrong-block-content\.ts\(4,\d+\): error TS\d+: Property 'subheadline' does not exist/,
  },
  {
    what: 'a route naming an unknown block order',
    error: /unknown-page-kind\.ts\(4,\d+\): error TS\d+: Type '"gmpDetails"' is not assignable/,
  },
];

t.test('unknown names fail the type check, each named where it is written', async (t) => {
  const { status, output } = typeCheck('refused.tsconfig.json');
  t.not(status, 0, 'tsc reports errors');
  for (const { what, error } of refusals) t.match(output, error, what);
  t.equal(output.match(/error TS/g)?.length, refusals.length, `those errors and no other: ${output}`);
});
