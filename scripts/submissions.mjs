// npm run submissions -- list|show|export: the operators' tool, built like the server.
import { ensureBuild } from '../build.mjs';

await ensureBuild((line) => console.error(line));
await import('../dist/server/submissions.js');
