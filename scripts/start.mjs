// npm start: builds when the build is missing or older than its inputs, then runs the server.
// The build runs in a child process, so the bundler and the image encoder never sit in the
// server's memory.
import { spawnSync } from 'node:child_process';
import { isBuildFresh } from './build-stamp.mjs';

if (!(await isBuildFresh())) {
  const build = spawnSync(process.execPath, ['build.mjs'], {
    stdio: 'inherit',
    cwd: new URL('..', import.meta.url).pathname,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
