/**
 * npm run deps [folder]: checks the imports of the project (or of a tree laid out like it) against the rules of
 * .dependency-cruiser.mjs, lists each violation and fails when there is one.
 */
import path from 'node:path';
import { checkImports, describeViolation } from './import-rules/check-imports.ts';

const [root = path.resolve(import.meta.dirname, '..')] = process.argv.slice(2);
const { modules, dependencies, violations } = await checkImports(path.resolve(root));
for (const found of violations) console.error(describeViolation(found));
if (violations.length > 0) {
  console.error(
    `\n${violations.length} import-rule violation${violations.length === 1 ? '' : 's'} (.dependency-cruiser.mjs).`,
  );
  process.exit(1);
}
console.log(`Imports follow the rules: ${modules} modules, ${dependencies} imports, no circle, none the wrong way.`);
