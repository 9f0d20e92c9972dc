/** Entry of `npm run submissions`. */
import { runCli } from './run-cli.ts';
import { runSubmissionsCli } from './submissions.ts';

await runCli((args) => runSubmissionsCli(args));
