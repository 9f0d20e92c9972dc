/** A stand-in server of a test on a free loopback port, closed with its open connections when the test ends. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface TestContext {
  teardown(fn: () => unknown): void;
}

/** Listens on 127.0.0.1 and answers the server's origin. */
export async function serveOnLoopback(t: TestContext, server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
