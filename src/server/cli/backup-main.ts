/** Entry of `npm run backup`. */
import { runBackupCli } from './backup.ts';
import { runCli } from './run-cli.ts';

await runCli((args) => runBackupCli(args));
