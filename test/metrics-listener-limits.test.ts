/**
 * The metrics listener (METRICS_PORT) keeps the main port's limits, against the built server
 * run as its own process under the shipped heap flags: connections past an address's share
 * are answered 429 and closed, connections past MAX_CONNECTIONS are dropped, and idle ones are
 * closed after the idle timeout. The process lives, the site serves a visitor and a fresh
 * scrape is answered.
 */
import t from 'tap';
import { tempDataDir } from './helpers/build.ts';
import { freePort } from './helpers/free-port.ts';
import { openSocket, type RawClient, SHIPPED_HEAP_FLAGS, send, VISITOR, waitFor } from './helpers/loopback-clients.ts';
import { startServer } from './helpers/server-process.ts';

const attacker = (n: number) => `127.0.0.${40 + n}`;

t.test('idle connections to the metrics port meet the main port’s caps and timeouts', async (t) => {
  const dataDir = await tempDataDir(t);
  const port = await freePort();
  const server = await startServer(
    t,
    {
      DATA_DIR: dataDir,
      METRICS_PORT: String(port),
      MAX_CONNECTIONS: '12',
      MAX_CONNECTIONS_PER_ADDRESS: '4',
      HEADERS_TIMEOUT_MS: '5000',
      IDLE_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '1000',
    },
    { nodeArgs: SHIPPED_HEAP_FLAGS },
  );
  t.ok((await server.waitForLog(/metrics listening/)).length > 0, 'the metrics port listens');
  const metricsUrl = `http://127.0.0.1:${port}`;
  const opened: RawClient[] = [];
  t.teardown(() => {
    for (const { socket } of opened) socket.destroy();
  });
  const open = async (from: string) => {
    const client = await openSocket(metricsUrl, from);
    opened.push(client);
    return client;
  };

  // One address: four connections are its share; the other three are refused at once.
  const one: RawClient[] = [];
  for (let n = 0; n < 7; n += 1) one.push(await open(attacker(0)));
  const refused = () => one.filter(({ received }) => received().startsWith('HTTP/1.1 429'));
  t.ok(
    await waitFor(() => refused().length === 3 && refused().every(({ socket }) => socket.closed), 10_000),
    `connections past the address's share are answered 429 and closed (${refused().length} of ${one.length})`,
  );
  t.match(refused()[0]?.received() ?? '', /"code":"requests_in_progress"/, 'with the refusal of the main port');

  // Twelve more from three other addresses, within their shares: only eight fit the cap of twelve.
  const several: RawClient[] = [];
  for (let address = 1; address <= 3; address += 1) {
    for (let n = 0; n < 4; n += 1) several.push(await open(attacker(address)));
  }
  const dropped = () => several.filter(({ socket }) => socket.closed);
  t.ok(await waitFor(() => dropped().length >= 4, 10_000), 'connections past MAX_CONNECTIONS are closed');
  t.equal(
    one.filter(({ socket }) => !socket.closed).length,
    4,
    'while the first address still held its four: the cap, not a timeout, closed them',
  );
  t.ok(
    dropped().every(({ received }) => received() === ''),
    `unanswered, as on the main port (${dropped().length} of ${several.length})`,
  );

  // What is left open sends nothing, and the server closes it.
  t.ok(
    await waitFor(() => opened.every(({ socket }) => socket.closed), 30_000),
    'every idle connection is closed by the server after the idle timeout',
  );

  t.equal(server.child.exitCode, null, 'the process is alive');
  t.equal((await send(server.url, '/', { from: VISITOR })).status, 200, 'the site serves a visitor');
  const scrape = await send(metricsUrl, '/metrics', { from: attacker(0) });
  t.equal(scrape.status, 200, 'a fresh scrape is answered, from the address that was refused before');
  t.match(
    scrape.body,
    /^client_limit_refusals_total\{limit="connections_per_address"\} 3$/m,
    'which counts the refusals',
  );
});
