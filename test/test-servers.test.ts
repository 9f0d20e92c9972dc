/** The real PostgreSQL, Redis and S3-compatible test servers: they answer, stop, fail while stopped, and come back on the same port. */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import pg from 'pg';
import t from 'tap';
import { startPostgres } from './helpers/postgres.ts';
import { startRedis } from './helpers/redis.ts';
import { startS3 } from './helpers/s3.ts';

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return await client.query(sql);
  } finally {
    await client.end().catch(() => {});
  }
}

/** A client that gives up at once instead of reconnecting, so a stopped server shows as an error. */
function redisClient(url: string): Redis {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  return client;
}

t.test('PostgreSQL', async (t) => {
  const server = await startPostgres(t);
  t.match(server.url, new RegExp(`^postgres://postgres@127\\.0\\.0\\.1:${server.port}/postgres$`));
  t.not(server.port, 5432, 'never the system cluster');
  const db = await server.createDatabase();
  t.match(db, new RegExp(`:${server.port}/test_1$`));
  t.same((await query(db, 'SELECT 1 AS one')).rows, [{ one: 1 }]);
  await query(db, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');

  await server.stop();
  await t.rejects(query(db, 'SELECT 1'), 'no answer while stopped');

  await server.start();
  t.same((await query(db, 'SELECT n FROM kept')).rows, [{ n: 7 }], 'same data folder after the restart');

  server.kill();
  await t.rejects(query(db, 'SELECT 1'), 'no answer after a crash');
  await server.start();
  t.same((await query(db, 'SELECT n FROM kept')).rows, [{ n: 7 }], 'recovered after the crash');
  t.match(await server.createDatabase('named'), /\/named$/);
});

t.test('Redis', async (t) => {
  const server = await startRedis(t);
  t.equal(server.url, `redis://127.0.0.1:${server.port}`);
  const before = redisClient(server.url);
  await before.connect();
  await before.set('greeting', 'hallo');
  t.equal(await before.get('greeting'), 'hallo');
  before.disconnect();

  await server.stop();
  const stopped = redisClient(server.url);
  await t.rejects(stopped.connect(), 'no answer while stopped');
  stopped.disconnect();

  await server.start();
  const after = redisClient(server.url);
  await after.connect();
  t.equal(await after.get('greeting'), null, 'memory only: a restart begins empty');
  await after.set('greeting', 'wieder da');
  t.equal(await after.get('greeting'), 'wieder da');
  after.disconnect();

  server.kill();
  await server.start();
  const revived = redisClient(server.url);
  await revived.connect();
  t.equal(await revived.ping(), 'PONG', 'starts again after a crash');
  revived.disconnect();
});

t.test('S3-compatible server', async (t) => {
  const server = await startS3(t);
  t.match(server.endpoint, /^http:\/\/127\.0\.0\.1:\d+$/);
  // One try per request, so a stopped server shows as an error at once.
  const client = new S3Client({ ...server.config, maxAttempts: 1 });
  t.teardown(() => client.destroy());
  const read = async (key: string) =>
    (await client.send(new GetObjectCommand({ Bucket: server.bucket, Key: key }))).Body!.transformToString();
  await client.send(new PutObjectCommand({ Bucket: server.bucket, Key: 'uploads/a.txt', Body: 'hallo' }));
  t.equal(await read('uploads/a.txt'), 'hallo');

  await server.stop();
  await t.rejects(read('uploads/a.txt'), { code: 'ECONNREFUSED' }, 'no answer while stopped');
  await server.start();
  t.equal(await read('uploads/a.txt'), 'hallo', 'the objects are kept across a restart');

  server.kill();
  await server.start();
  t.equal(await read('uploads/a.txt'), 'hallo', 'and across a crash');
  await t.rejects(
    client.send(new GetObjectCommand({ Bucket: 'no-such-bucket', Key: 'a' })),
    { name: 'NoSuchBucket' },
    'only the bucket it was given exists',
  );
});
