import t from 'tap';
import { startServer } from './helpers/server-process.ts';

t.test('the built server stops on SIGTERM after finishing requests in flight', async (t) => {
  const server = await startServer(t);
  const health = await fetch(`${server.url}/healthz`);
  t.equal(health.status, 200);
  // The answer has started (status and headers sent) when the signal arrives; its body must still arrive whole.
  const response = await fetch(`${server.url}/services`);
  const started = Date.now();
  server.child.kill('SIGTERM');
  t.equal(response.status, 200);
  t.match(await response.text(), /<\/html>$/, 'the request in flight completes');
  const code = await server.stop();
  t.equal(code, 0, 'exits cleanly');
  t.ok(Date.now() - started < 10_000, 'within 10 s');
  await t.rejects(fetch(`${server.url}/healthz`), 'no longer takes connections');
});

t.test('a bad variable stops the start and names it', async (t) => {
  await t.rejects(
    startServer(t, { PORT: 'eighty', SITE_URL: 'nope' }),
    /PORT must be a whole number[\s\S]*SITE_URL must be/,
  );
});
