/** Entry of `npm run restore`. */
import { runRestoreCli } from './backup.ts';
import { runCli } from './run-cli.ts';

await runCli((args) => runRestoreCli(args));
