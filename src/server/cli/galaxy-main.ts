/** Entry of `npm run galaxy`. */
import { runGalaxyCli } from './galaxy.ts';

try {
  const { code, out } = runGalaxyCli(process.argv.slice(2));
  (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
  process.exitCode = code;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
