/** Entry of `npm run submissions`. */
import { runSubmissionsCli } from './submissions.ts';

try {
  const { code, out } = runSubmissionsCli(process.argv.slice(2));
  (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
  process.exitCode = code;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
