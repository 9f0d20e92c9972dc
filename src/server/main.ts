/** Starts the server: configuration, listen, and a graceful stop on SIGTERM and SIGINT. */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { StartError } from './start-error.ts';

/** Requests in flight get this long to finish after a stop signal. */
const SHUTDOWN_GRACE_MS = 8_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests still open after the grace period; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  // Kept for every signal: a repeated one (an impatient supervisor) must not cut the drain short.
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // A bad variable or an unwritable DATA_DIR is the operator's to fix, and its message says how.
  console.error(error instanceof StartError ? error.message : error);
  process.exit(1);
});
