/** Entry of `npm run galaxy`. */
import { runGalaxyCli } from './galaxy.ts';
import { runCli } from './run-cli.ts';

await runCli((args) => runGalaxyCli(args));
