/**
 * npm run content:check [contentDir] [staticDir]: lists every content problem and fails
 * when there is one. The folders default to the project's content/ and static/.
 */
import path from 'node:path';
import { checkContent } from './content-check/check-content.ts';

const root = path.resolve(import.meta.dirname, '..');
const [contentDir = path.join(root, 'content'), staticDir = path.join(root, 'static')] = process.argv.slice(2);
const problems = await checkContent(path.resolve(contentDir), path.resolve(staticDir));
for (const { file, problem } of problems) console.error(`content/${file}: ${problem}`);
if (problems.length > 0) {
  console.error(`\n${problems.length} content problem${problems.length === 1 ? '' : 's'}.`);
  process.exit(1);
}
console.log(
  'Content is consistent: schemas, both languages, links, images, downloads, placeholders, glossary and facts.',
);
