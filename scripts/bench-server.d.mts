// The types of bench-server.mjs for the TypeScript scripts that start the server as the benches do.
export function freePort(): Promise<number>;

export interface BenchServer {
  url: string;
  flags: string[];
  pid: number;
  startMs: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  rssMb(): number;
  stop(): Promise<void>;
}

export function startBenchServer(options?: {
  nodeFlags?: string[];
  env?: Record<string, string | undefined>;
  onLine?: (line: string) => void;
  onErrorLine?: (line: string) => void;
  readyWithinMs?: number;
}): Promise<BenchServer>;
