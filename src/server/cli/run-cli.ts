/** What an operator tool answers: its output and its exit code. */
export interface CliResult {
  code: number;
  out: string;
}

/** Runs an operator tool: its output on stdout (stderr when it fails) and its exit code. */
export async function runCli(run: (args: string[]) => CliResult | Promise<CliResult>): Promise<void> {
  try {
    const { code, out } = await run(process.argv.slice(2));
    (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
    process.exitCode = code;
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
