/** What the fact checks read and report, in a module of its own so the checks and facts.ts, which runs them, both import it. */
export interface FactFile {
  path: string;
  language: string;
  value: unknown;
}

export interface FactProblem {
  file: string;
  problem: string;
}
