// npm run galaxy -- add|invite|list|remove: the embedded Galaxy directory, built like the server.
import { ensureBuild } from '../build.mjs';

await ensureBuild((line) => console.error(line));
await import('../dist/server/galaxy.js');
