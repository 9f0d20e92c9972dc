// npm run backup -- DIR: a consistent copy of DATA_DIR while the site runs, built like the server.
import { ensureBuild } from '../build.mjs';

await ensureBuild((line) => console.error(line));
await import('../dist/server/backup.js');
