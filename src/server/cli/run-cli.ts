/** Runs an operator tool: its output on stdout (stderr when it fails) and its exit code. */
export function runCli(run: (args: string[]) => { code: number; out: string }): void {
  try {
    const { code, out } = run(process.argv.slice(2));
    (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
    process.exitCode = code;
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
