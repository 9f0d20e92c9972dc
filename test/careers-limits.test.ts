/**
 * A careers service's answer is read no further than a real answer could be: a body past the
 * byte cap (announced, streamed or without end) and a list longer than the schema allows are
 * failed answers, logged, and the site serves the content positions as for any other failure.
 */
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { startServer } from './helpers/server-process.ts';

interface Position {
  generic: { folder: string; title: string };
}

const contentPositions = (): Position[] =>
  (JSON.parse(readFileSync('content/en/careers/positions.json', 'utf8')) as { activePositions: Position[] })
    .activePositions;

/** n positions that each fit the schema, with folders of their own. */
const positions = (n: number): Position[] => {
  const [first] = contentPositions();
  return Array.from({ length: n }, (_, index) => ({
    ...first!,
    generic: { ...first!.generic, folder: `service-job-${index}`, title: `Service job ${index}` },
  }));
};

type Mode = 'announced' | 'streamed' | 'endless' | 'too-many' | 'at-the-limit';

/** Writes JSON in 64 KB pieces as the client takes them, without announcing a length; endless never finishes. */
function stream(response: ServerResponse, start: string, end: string | undefined) {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write(start);
  const piece = ' '.repeat(64 * 1024);
  let sent = 0;
  const more = () => {
    while (!response.destroyed) {
      if (end !== undefined && sent >= 3 * 1024 * 1024) return void response.end(end);
      sent += piece.length;
      if (!response.write(piece)) return void response.once('drain', more);
    }
  };
  more();
}

async function startCareersService(t: { teardown(fn: () => unknown): void }, mode: Mode) {
  const closedEarly: string[] = [];
  const server = createServer((request, response) => {
    response.on('close', () => {
      if (!response.writableFinished) closedEarly.push(request.url ?? '');
    });
    const list = JSON.stringify(positions(3));
    switch (mode) {
      case 'announced': {
        // Valid JSON of 3 MB, its length announced.
        const body = `{"activePositions":${list}${' '.repeat(3 * 1024 * 1024)}}`;
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
        return response.end(body);
      }
      case 'streamed':
        return stream(response, `{"activePositions":${list}`, '}');
      case 'endless':
        return stream(response, `{"activePositions":${list}`, undefined);
      case 'too-many':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ activePositions: positions(201) }));
      case 'at-the-limit':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ activePositions: positions(200) }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/company/positions`, closedEarly };
}

async function titles(base: string): Promise<string[]> {
  const response = await fetch(`${base}/api/careers/en`);
  return ((await response.json()) as { activePositions: Position[] }).activePositions.map((p) => p.generic.title);
}

for (const [mode, reason] of [
  ['announced', /answered more than 2097152 bytes/],
  ['streamed', /answered more than 2097152 bytes/],
  ['endless', /answered more than 2097152 bytes/],
  ['too-many', /listed 201 positions, more than the 200/],
] as const) {
  t.test(`a careers service whose answer is ${mode}: a failed answer, the content positions are served`, async (t) => {
    const service = await startCareersService(t, mode);
    // A timeout long enough that the cap, not the clock, ends the read.
    const server = await startServer(t, { CAREERS_API_URL: service.url, CAREERS_TIMEOUT_MS: '20000' });
    t.same(
      await titles(server.url),
      contentPositions().map((p) => p.generic.title),
    );
    const [warning] = (await server.waitForLog(/careers service failed/)).map(
      (line) => JSON.parse(line) as { level: number; reason: string; serving: string },
    );
    t.match(warning, { level: 40, reason, serving: 'content positions' }, 'logged with the reason');
    if (mode === 'endless') {
      // The service sees its answer given up on: it could only end that way.
      for (let waited = 0; service.closedEarly.length === 0 && waited < 10_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      t.same(service.closedEarly, ['/company/positions?language=en'], 'the endless answer was read no further');
    }
    t.equal(server.child.exitCode, null, 'the process is alive');
  });
}

t.test('a list of as many positions as the schema allows is served', async (t) => {
  const service = await startCareersService(t, 'at-the-limit');
  const server = await startServer(t, { CAREERS_API_URL: service.url });
  const served = await titles(server.url);
  t.equal(served.length, 200);
  t.equal(served[199], 'Service job 199');
});
