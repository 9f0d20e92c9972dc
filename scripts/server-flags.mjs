// The Node flags the server runs with, read from `npm start` in package.json, so the
// benchmarks measure the process as it is run (the Dockerfile's CMD names the same flags).
import { readFileSync } from 'node:fs';

const start = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
export const SERVER_FLAGS = start.split(/\s+/).filter((word) => word.startsWith('--max-'));
