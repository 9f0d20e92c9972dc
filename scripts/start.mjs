// npm start: builds when the build is missing or older than its inputs, then runs the server.
import { build, isBuildFresh } from '../build.mjs';

if (!(await isBuildFresh())) {
  console.log('building…');
  const { ms } = await build();
  console.log(`build finished in ${ms} ms`);
}
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
