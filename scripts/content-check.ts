/** npm run content:check: lists every content problem and fails when there is one. */
import path from 'node:path';
import { checkContent } from './content-check/check-content.ts';

const root = path.resolve(import.meta.dirname, '..');
const problems = await checkContent(path.join(root, 'content'), path.join(root, 'static'));
for (const { file, problem } of problems) console.error(`content/${file}: ${problem}`);
if (problems.length > 0) {
  console.error(`\n${problems.length} content problem${problems.length === 1 ? '' : 's'}.`);
  process.exit(1);
}
console.log('Content is consistent: schemas, both languages, links, images and downloads.');
