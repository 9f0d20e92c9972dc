// npm start: builds when the build is missing or older than its inputs, then runs the server.
import { ensureBuild } from '../build.mjs';

await ensureBuild();
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
