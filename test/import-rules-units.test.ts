/**
 * The import-rule check (npm run deps) finds each kind of wrong import in small trees laid out like the project,
 * checked with the project's own rules, and passes a tree that follows them.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import t, { type Test } from 'tap';
import { checkImports, type ImportViolation } from '../scripts/import-rules/check-imports.ts';
import { compilerForCruiser } from '../scripts/import-rules/compiler-for-cruiser.ts';

const run = promisify(execFile);
const FIXTURES = path.resolve('test/fixtures/import-rules');
const CLEAN = path.join(FIXTURES, 'clean');

/** The rule, importer and imported module of each violation, sorted, to compare as a whole. */
const found = (violations: ImportViolation[]) =>
  violations.map(({ rule, from, to }) => ({ rule, from, to })).sort((a, b) => a.from.localeCompare(b.from));

/** A copy of the clean tree with `files` added or replaced, in the test's own folder (removed after). */
async function plant(t: Test, files: Record<string, string>): Promise<string> {
  const dir = t.testdir();
  await cp(CLEAN, dir, { recursive: true });
  for (const [file, source] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), source);
  }
  return dir;
}

t.test('a tree that follows the rules passes, every file read', async (t) => {
  const { modules, dependencies, violations } = await checkImports(CLEAN);
  t.same(violations, []);
  t.equal(modules, 8, 'the seven files and node:path');
  t.equal(dependencies, 10, 'type-only and on-demand imports counted');
});

t.test('a circle of type imports and an on-demand import fails, naming the modules round it', async (t) => {
  const { violations } = await checkImports(path.join(FIXTURES, 'circle'));
  t.same(found(violations), [{ rule: 'no-circular', from: 'src/app/pages/home.ts', to: 'src/app/routes.ts' }]);
  t.same(violations[0]?.cycle, ['src/app/routes.ts', 'src/app/pages/home.ts']);
});

t.test('src/app importing a type from src/server through #server/ fails', async (t) => {
  const { violations } = await checkImports(path.join(FIXTURES, 'app-to-server'));
  t.same(found(violations), [
    { rule: 'app-not-to-server', from: 'src/app/confirmation.ts', to: 'src/server/submission.ts' },
  ]);
});

interface Breakage {
  name: string;
  files: Record<string, string>;
  expected: { rule: string; from: string; to: string }[];
}

const breakages: Breakage[] = [
  {
    name: 'src/app importing src/server by a relative path',
    files: { 'src/app/preview.ts': "export { render } from '../server/render.ts';\n" },
    expected: [{ rule: 'app-not-to-server', from: 'src/app/preview.ts', to: 'src/server/render.ts' }],
  },
  {
    name: 'client importing src/server',
    files: { 'client/server-render.ts': "import { render } from '#server/render.ts';\n\nexport const go = render;\n" },
    expected: [{ rule: 'client-not-to-server', from: 'client/server-render.ts', to: 'src/server/render.ts' }],
  },
  {
    name: 'src/app importing client',
    files: {
      'src/app/boot.ts':
        "import type { hydrate } from '../../client/hydrate.ts';\n\nexport type Boot = typeof hydrate;\n",
    },
    expected: [{ rule: 'app-not-to-client', from: 'src/app/boot.ts', to: 'client/hydrate.ts' }],
  },
  {
    name: 'src/server importing client',
    files: { 'src/server/boot.ts': "export { hydrate } from '../../client/hydrate.ts';\n" },
    expected: [{ rule: 'server-not-to-client', from: 'src/server/boot.ts', to: 'client/hydrate.ts' }],
  },
  {
    name: 'shipped code importing a test helper and a tool',
    files: {
      'src/server/fixture.ts': "export { homeData } from '../../test/helpers/page-data.ts';\n",
      'client/tool.ts': "export { renderHome } from '../scripts/render-home.ts';\n",
    },
    expected: [
      { rule: 'product-not-to-tools', from: 'client/tool.ts', to: 'scripts/render-home.ts' },
      { rule: 'product-not-to-tools', from: 'src/server/fixture.ts', to: 'test/helpers/page-data.ts' },
    ],
  },
  {
    name: 'Node built-ins in browser code, with and without node:, and fetched at run time',
    files: {
      'src/app/read.ts': "import { readFileSync } from 'fs';\n\nexport const read = readFileSync;\n",
      'src/app/write.ts': "export { writeFile } from 'node:fs/promises';\n",
      'src/app/sneak.ts': "export const crypto = process.getBuiltinModule('node:crypto');\n",
      'client/path.ts': "import path from 'node:path';\n\nexport const join = path.join;\n",
    },
    expected: [
      { rule: 'no-node-builtins-in-browser-code', from: 'client/path.ts', to: 'path' },
      { rule: 'no-node-builtins-in-browser-code', from: 'src/app/read.ts', to: 'fs' },
      { rule: 'no-node-builtins-in-browser-code', from: 'src/app/sneak.ts', to: 'crypto' },
      { rule: 'no-node-builtins-in-browser-code', from: 'src/app/write.ts', to: 'fs/promises' },
    ],
  },
  {
    name: 'a circle through re-exports, in the tests',
    files: {
      'test/helpers/a.ts': "export { b } from './b.ts';\nexport const a = 1;\n",
      'test/helpers/b.ts': "export { a } from './a.ts';\nexport const b = 2;\n",
    },
    expected: [{ rule: 'no-circular', from: 'test/helpers/a.ts', to: 'test/helpers/b.ts' }],
  },
  {
    name: 'an import that leads nowhere, which the other rules could not see through',
    files: { 'src/app/lost.ts': "export { gone } from '#server/gone.ts';\n" },
    expected: [{ rule: 'not-to-unresolvable', from: 'src/app/lost.ts', to: '#server/gone.ts' }],
  },
];

for (const { name, files, expected } of breakages) {
  t.test(`fails on ${name}`, async (t) => {
    const { violations } = await checkImports(await plant(t, files));
    t.same(found(violations), expected);
  });
}

t.test('npm run deps runs the same check: exit 1 and each violation named, exit 0 on a clean tree', async (t) => {
  const script = path.resolve('scripts/import-rules.ts');
  const failed = await run(process.execPath, ['--import=tsx', script, path.join(FIXTURES, 'circle')]).then(
    () => undefined,
    (error: unknown) => error as { code: number; stderr: string },
  );
  t.ok(failed, 'the circle fails');
  t.equal(failed?.code, 1);
  t.match(failed?.stderr, 'no-circular: src/app/pages/home.ts → src/app/routes.ts → src/app/pages/home.ts');
  const passed = await run(process.execPath, ['--import=tsx', script, CLEAN]);
  t.match(passed.stdout, /^Imports follow the rules: 8 modules, 10 imports/);
});

t.test('a tree with nothing to read is an error, not a pass', async (t) => {
  await t.rejects(checkImports(t.testdir({ 'README.md': 'no code' })), /found no module to read/);
});

t.test('without a TypeScript 2 to 6 in the lock file the check stops and says what to do', async (t) => {
  const root = t.testdir({
    'package-lock.json': JSON.stringify({ packages: { 'node_modules/typescript': { version: '7.0.2' } } }),
  });
  t.throws(() => compilerForCruiser(root), /needs a TypeScript 2 to 6 .* installs none/);
});
