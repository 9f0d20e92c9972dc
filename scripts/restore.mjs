// npm run restore -- [--force] DIR | --check DIR: checks a backup, puts it into DATA_DIR; built like the server.
import { ensureBuild } from '../build.mjs';

await ensureBuild((line) => console.error(line));
await import('../dist/server/restore.js');
