/**
 * The pieces the per-client limits are built from: the key a client is counted under, the
 * upload quota in memory and in Redis, the multipart parser of the text forms, and the mark
 * that tells the storage's own failures from everybody else's.
 */
import { Redis } from 'ioredis';
import t from 'tap';
import { parseMultipartFields } from '#server/forms/multipart-fields.ts';
import { FormRefusal } from '#server/forms/refusal.ts';
import { clientKey } from '#server/http/client-address.ts';
import { isStorageFailure, onStorage, raisedByStorage } from '#server/store/storage-health.ts';
import { createUploadQuota } from '#server/uploads/upload-quota.ts';
import { startRedis } from './helpers/redis.ts';

t.test('a client is counted by its IPv4 address or its IPv6 /64', async (t) => {
  t.equal(clientKey('203.0.113.7'), '203.0.113.7');
  t.equal(clientKey('::ffff:203.0.113.7'), '203.0.113.7', 'an IPv4 client on a dual-stack listener');
  t.equal(clientKey('::ffff:cb00:7107'), '203.0.113.7', 'the same, written in hex');
  t.equal(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd'), '2001:db8:1:2::/64');
  t.equal(clientKey('2001:db8:1:2::1'), '2001:db8:1:2::/64', 'any address of a /64 is the same client');
  t.equal(clientKey('2001:DB8:1:2:0:0:0:ffff'), '2001:db8:1:2::/64', 'whatever the case');
  t.equal(clientKey('2001:db8::1'), '2001:db8:0:0::/64', 'a compressed prefix');
  t.equal(clientKey('2001:0db8:0001:0003::1'), '2001:db8:1:3::/64', 'leading zeros');
  t.not(clientKey('2001:db8:1:2::1'), clientKey('2001:db8:1:3::1'), 'the next /64 is another client');
  t.equal(clientKey('fe80::1%eth0'), 'fe80:0:0:0::/64', 'a zone index names no client');
  t.equal(clientKey('::1'), '0:0:0:0::/64');
  t.equal(clientKey(undefined), 'unknown');
  t.equal(clientKey('not an address'), 'not an address', 'anything else counts as itself');
});

t.test('the upload quota in memory: what fits is taken, what does not is not', async (t) => {
  let now = 0;
  const quota = createUploadQuota({ bytes: 100, windowMs: 1000, now: () => now });
  t.equal(await quota.take('a', 60), true);
  t.equal(await quota.take('a', 50), false, 'past the quota');
  t.equal(await quota.take('a', 40), true, 'a refused upload took nothing');
  t.equal(await quota.take('a', 1), false, 'full');
  t.equal(await quota.take('b', 100), true, 'another client has its own');
  now = 1000;
  t.equal(await quota.take('a', 100), true, 'a new window starts empty');
});

t.test('the upload quota in Redis holds across replicas', async (t) => {
  const server = await startRedis(t);
  // As the site's own client: a command fails at once while Redis is away.
  const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1 };
  const first = new Redis(server.url, options);
  const second = new Redis(server.url, options);
  await Promise.all([first, second].map((client) => new Promise((resolve) => client.once('ready', resolve))));
  t.teardown(() => {
    first.disconnect();
    second.disconnect();
  });
  const now = () => 5_000;
  const replicaA = createUploadQuota({ bytes: 100, windowMs: 60_000, redis: first, now });
  const replicaB = createUploadQuota({ bytes: 100, windowMs: 60_000, redis: second, now });
  t.equal(await replicaA.take('2001:db8:1:2::/64', 70), true);
  t.equal(await replicaB.take('2001:db8:1:2::/64', 40), false, 'the other replica sees what the first took');
  t.equal(await replicaB.take('2001:db8:1:2::/64', 30), true, 'and the refused bytes were given back');
  t.equal(await replicaA.take('2001:db8:1:2::/64', 1), false);
  const ttl = await first.pttl('nordstern-upload-quota:0:2001:db8:1:2::/64');
  t.ok(ttl > 0 && ttl <= 60_000, `the count expires with its window (${ttl} ms)`);
  await server.stop();
  await t.rejects(replicaA.take('x', 1), 'with Redis away the quota fails rather than waving uploads through');
});

const multipart = (parts: string) => Buffer.from(parts.replaceAll('\n', '\r\n'));
const headers = { 'content-type': 'multipart/form-data; boundary=b' };

t.test('a text form posted as multipart', async (t) => {
  const fields = await parseMultipartFields(
    headers,
    multipart(
      '--b\nContent-Disposition: form-data; name="name"\n\nLena\n--b\nContent-Disposition: form-data; name="services"\n\nseo\n--b\nContent-Disposition: form-data; name="services"\n\nsea\n--b--\n',
    ),
    { fields: 30, fieldSize: 1024 },
  );
  t.same({ ...fields }, { name: 'Lena', services: ['seo', 'sea'] }, 'repeated names become a list');
  t.equal(Object.getPrototypeOf(fields), null, 'on an object without a prototype');
  t.same(
    { ...(await parseMultipartFields(headers, Buffer.alloc(0), { fields: 30, fieldSize: 1024 })) },
    {},
    'an empty body is an empty form',
  );
  const json = await parseMultipartFields(
    headers,
    multipart('--b\nContent-Disposition: form-data; name="legals"\nContent-Type: application/json\n\ntrue\n--b--\n'),
    { fields: 30, fieldSize: 1024 },
  );
  t.equal(json.legals, 'true', 'a part that says it is JSON stays a string: no type is taken from the sender');

  const refusal = async (
    body: Buffer,
    limits = { fields: 30, fieldSize: 1024 },
    head: Record<string, string> = headers,
  ) => {
    const error = await parseMultipartFields(head, body, limits).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    t.type(error, FormRefusal);
    const { statusCode, field, code } = error as FormRefusal;
    return { statusCode, field, code };
  };
  t.same(
    await refusal(multipart('--b\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\n\n%PDF\n--b--\n')),
    { statusCode: 413, field: 'files', code: 'unsupported_type' },
    'a file',
  );
  t.same(
    await refusal(multipart('--b\nContent-Disposition: form-data; name="__proto__"\n\nx\n--b--\n')),
    { statusCode: 400, field: 'body', code: 'unknown_field' },
    '__proto__',
  );
  t.same(
    await refusal(multipart('--b\nContent-Disposition: form-data; name="toString"\n\nx\n--b--\n')),
    { statusCode: 400, field: 'body', code: 'unknown_field' },
    'toString',
  );
  t.same(
    await refusal(multipart(`--b\nContent-Disposition: form-data; name="message"\n\n${'x'.repeat(2000)}\n--b--\n`)),
    { statusCode: 413, field: 'body', code: 'body_too_large' },
    'a field over its size',
  );
  t.same(
    await refusal(
      multipart(
        Array.from({ length: 4 }, (_, i) => `--b\nContent-Disposition: form-data; name="f${i}"\n\nx\n`).join('') +
          '--b--\n',
      ),
      { fields: 3, fieldSize: 1024 },
    ),
    { statusCode: 413, field: 'body', code: 'body_too_large' },
    'too many fields',
  );
  t.same(
    await refusal(multipart('--b\nContent-Disposition: form-data; name="name"\n\nLe')),
    { statusCode: 400, field: 'body', code: 'malformed' },
    'a body cut short',
  );
  t.same(
    await refusal(multipart('hello'), undefined, { 'content-type': 'multipart/form-data' }),
    { statusCode: 415, field: 'content-type', code: 'unsupported_type' },
    'no boundary',
  );
});

t.test('only failures the storage raised count as storage failures', async (t) => {
  const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
  t.equal(isStorageFailure(aborted), false, "a visitor's aborted upload is not one");
  const mailServerGone = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  t.equal(isStorageFailure(mailServerGone), false, "a mail server's dropped connection is not one");
  const full = Object.assign(new Error('no space'), { code: 'ENOSPC' });
  t.equal(isStorageFailure(raisedByStorage(full)), true, 'a full disk the storage ran into is one');
  const postgresGone = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  await t.rejects(onStorage(() => Promise.reject(postgresGone)));
  t.equal(isStorageFailure(postgresGone), true, "the database's lost connection is one");
  const constraint = Object.assign(new Error('UNIQUE constraint failed'), { code: 'ERR_SQLITE_ERROR', errcode: 2067 });
  await t.rejects(onStorage(() => Promise.reject(constraint)));
  t.equal(isStorageFailure(constraint), false, 'a refused statement is not one: the storage takes writes');
});
