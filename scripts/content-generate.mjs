// npm run content:generate -- --articles N --out DIR [--seed S]: a copy of the content with N
// insights per language in all, to prove the server and content:check at the size the site
// must reach (scripts/content-generate/generate-content.ts says how the articles are made).
// DIR must be new or empty: writing into a folder that holds something could mix two sites.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateContent } from './content-generate/generate-content.ts';

const usage = 'usage: npm run content:generate -- --articles N --out DIR [--seed S]';
let options;
try {
  ({ values: options } = parseArgs({
    options: { articles: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string', default: '1' } },
  }));
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
if (!options.articles || !options.out || !/^\d+$/.test(options.articles)) {
  console.error(usage);
  process.exit(2);
}

const started = performance.now();
try {
  const result = generateContent({ articles: Number(options.articles), out: options.out, seed: options.seed });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  // The folders as the caller named them, so the printed commands can be pasted where they were typed.
  const relative = (dir) => path.join(options.out, path.basename(dir));
  console.log(
    `${options.articles} insights per language (${result.shipped} shipped, ${result.generated} generated, seed ${options.seed}) in ${seconds} s:`,
  );
  console.log(`  content: ${relative(result.contentDir)}`);
  console.log(`  static:  ${relative(result.staticDir)} (each new article's image is a link to a shipped one)`);
  console.log(`check:  npm run content:check -- ${relative(result.contentDir)} ${relative(result.staticDir)}`);
  console.log(`serve:  CONTENT_DIR=${relative(result.contentDir)} STATIC_DIR=${relative(result.staticDir)} npm start`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
