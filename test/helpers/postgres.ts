/** A real PostgreSQL 15 server on a free loopback port, in a throwaway data folder, that a test can stop and start again. */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.ts';
import { serviceProcess } from './service-process.ts';

const BIN = '/usr/lib/postgresql/15/bin';
const READY_TIMEOUT_MS = 30_000;

export interface PostgresServer {
  /** The `postgres` database as superuser `postgres`, no password (trust). */
  url: string;
  port: number;
  /** Creates an empty database and returns its url; without a name, a fresh one is made up. */
  createDatabase(name?: string): Promise<string>;
  /** Fast shutdown (SIGINT: open sessions are cut off); resolves once every PostgreSQL process has exited. */
  stop(): Promise<void>;
  /** Starts again on the same port and data folder; resolves once it accepts connections. */
  start(): Promise<void>;
  /** SIGKILL, as in a crash; start() afterwards runs crash recovery. */
  kill(): void;
}

interface TestContext {
  teardown(fn: () => unknown): void;
}

/** Tests trade durability for speed; a benchmark asks for commits that reach the disk, as in production. */
export interface PostgresOptions {
  durable?: boolean;
}

export async function startPostgres(
  t: TestContext,
  { durable = false }: PostgresOptions = {},
): Promise<PostgresServer> {
  if (!existsSync(path.join(BIN, 'postgres'))) {
    throw new Error(`${BIN}/postgres is missing: install PostgreSQL 15 (Debian bookworm: apt-get install postgresql)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'nordstern-pg-'));
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // PostgreSQL refuses to run as root. The server is spawned with uid/gid rather than through runuser because
  // runuser ignores SIGINT and answers SIGTERM with SIGKILL two seconds later, so no clean shutdown would reach it.
  const owner = process.getuid?.() === 0 ? postgresUser() : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);

  const service = serviceProcess({
    name: 'PostgreSQL',
    command: `${BIN}/postgres`,
    args: [
      '-D',
      dir,
      '-k',
      dir,
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    spawnOptions: { cwd: dir, ...owner },
    // Fast shutdown: open sessions are cut off.
    stopSignal: 'SIGINT',
    // A real connection and query, because the port opens before recovery has finished.
    async probe() {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
      try {
        await client.connect();
        await client.query('SELECT 1');
      } finally {
        await client.end().catch(() => {});
      }
    },
    probeIntervalMs: 100,
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  t.teardown(async () => {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  try {
    await promisify(execFile)(
      `${BIN}/initdb`,
      ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'],
      { cwd: dir, ...owner },
    );
  } catch (error) {
    throw new Error(`initdb failed: ${(error as { stderr?: string }).stderr ?? error}`);
  }
  await service.start();

  let databases = 0;
  return {
    url,
    port,
    async createDatabase(name = `test_${++databases}`) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    ...service,
  };
}

function postgresUser(): { uid: number; gid: number } {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('running as root needs the system user postgres (created by the Debian package postgresql)');
  }
}
