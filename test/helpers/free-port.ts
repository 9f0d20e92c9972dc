/** A loopback port nobody listens on right now. */
import { type AddressInfo, createServer } from 'node:net';

/**
 * Asks the kernel for a free port and releases it again, because the servers we start (PostgreSQL, Redis)
 * need a fixed port to come back on after a restart, so they cannot simply listen on port 0 themselves.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
