/**
 * The import-rule check: dependency-cruiser with the rules of .dependency-cruiser.mjs over a tree laid out like this
 * project (src/app, src/server, client, scripts, test). `npm run deps` runs it over the project; the tests run it over
 * small trees in test/fixtures/import-rules, with the same rules, to prove each rule fails when broken.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ICruiseResult, IViolation } from 'dependency-cruiser';
import { compilerForCruiser, lendCompilerToCruiser } from './compiler-for-cruiser.ts';

const PROJECT = path.resolve(import.meta.dirname, '../..');
export const RULES_FILE = path.join(PROJECT, '.dependency-cruiser.mjs');
/** What is checked, where it exists: the shipped code, the tools and the tests. */
export const CHECKED_PATHS = ['src', 'client', 'scripts', 'test', 'build.mjs'];

export interface ImportViolation {
  rule: string;
  from: string;
  to: string;
  /** For a circle: the modules from `from` round to `from` again. */
  cycle: string[];
}

export interface ImportCheck {
  modules: number;
  dependencies: number;
  violations: ImportViolation[];
}

// dependency-cruiser is imported only once it has been lent a TypeScript it can read type imports with.
const cruiser = (async () => {
  lendCompilerToCruiser(compilerForCruiser(PROJECT));
  const [{ cruise }, { default: extractDepcruiseOptions }, { default: extractTSConfig }] = await Promise.all([
    import('dependency-cruiser'),
    import('dependency-cruiser/config-utl/extract-depcruise-options'),
    import('dependency-cruiser/config-utl/extract-ts-config'),
  ]);
  return { cruise, extractDepcruiseOptions, extractTSConfig };
})();

function violation({ rule, from, to, cycle }: IViolation): ImportViolation {
  return { rule: rule.name, from, to, cycle: cycle?.map(({ name }) => name) ?? [] };
}

/** Checks the imports of the tree at `root` (paths in the rules are relative to it) against the rules. */
export async function checkImports(root: string): Promise<ImportCheck> {
  const { cruise, extractDepcruiseOptions, extractTSConfig } = await cruiser;
  const options = await extractDepcruiseOptions(RULES_FILE);
  const targets = CHECKED_PATHS.filter((target) => existsSync(path.join(root, target)));
  const { output } = await cruise(
    targets,
    { ...options, baseDir: root },
    {},
    { tsConfig: extractTSConfig(path.join(PROJECT, 'tsconfig.json')) },
  );
  const { summary } = output as ICruiseResult;
  // A cruise that read nothing passes every rule: that must not look like success.
  const missed = summary.environment?.issues ?? [];
  if (missed.length > 0) throw new Error(missed.map(({ name, description }) => `${name}: ${description}`).join('\n'));
  if (summary.totalCruised === 0) throw new Error(`The import-rule check found no module to read in ${root}.`);
  return {
    modules: summary.totalCruised,
    dependencies: summary.totalDependenciesCruised ?? 0,
    violations: summary.violations.map(violation),
  };
}

/** One violation as a line a person can act on. */
export function describeViolation({ rule, from, to, cycle }: ImportViolation): string {
  return cycle.length > 0 ? `${rule}: ${[from, ...cycle].join(' → ')}` : `${rule}: ${from} → ${to}`;
}
