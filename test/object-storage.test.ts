/**
 * Uploaded files in an S3-compatible bucket (S3_BUCKET with DATABASE_URL): configuration,
 * the checks at start, an application whose files are put in the bucket, mailed from it,
 * listed and erased by the operator tool, and the bucket going away and coming back.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import { loadConfig } from '#server/config.ts';
import { build, tempDataDir } from './helpers/build.ts';
import { samples } from './helpers/files.ts';
import { freePort } from './helpers/free-port.ts';
import { startPostgres } from './helpers/postgres.ts';
import { startS3 } from './helpers/s3.ts';
import { startSmtp } from './helpers/smtp.ts';

const SECRET = 'object-storage-secret-0123456789abcdef';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const postgres = await startPostgres(t);
const s3 = await startS3(t);
const bucketClient = new S3Client({ ...s3.config });
t.teardown(() => bucketClient.destroy());

async function keysIn(prefix = 'uploads/'): Promise<string[]> {
  const page = await bucketClient.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((object) => object.Key!).sort();
}

function applicationForm(email: string, cvName = 'Lebenslauf.pdf'): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    language: 'de',
    name: 'Aylin Demir',
    email,
    job: 'senior-data-engineer',
    type: 'Vollzeit',
    locations: 'Hamburg',
  }))
    form.append(key, value);
  form.append('cv', new Blob([samples.pdf], { type: 'application/pdf' }), cvName);
  form.append('additionals[]', new Blob([samples.png], { type: 'image/png' }), 'zeugnis.png');
  return form;
}

const urlOf = (app: FastifyInstance, route: string) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${route}`;
const postApplication = (app: FastifyInstance, email: string, cvName?: string) =>
  fetch(urlOf(app, '/api/application'), {
    method: 'POST',
    body: applicationForm(email, cvName),
    headers: { accept: 'application/json' },
  });

t.test(
  'the configuration: S3_* only with a bucket and a shared database, every value checked, no secret repeated',
  async (t) => {
    const shared = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', TOKEN_SECRET: SECRET };
    t.match(loadConfig({ ...shared, S3_BUCKET: 'nordstern-uploads' }).objectStorage, {
      bucket: 'nordstern-uploads',
      region: 'eu-central-1',
      forcePathStyle: false,
    });
    t.notOk(
      'credentials' in loadConfig({ ...shared, S3_BUCKET: 'nordstern-uploads' }).objectStorage!,
      'without keys, the client finds its own (AWS_* variables, a role)',
    );
    t.match(loadConfig({ ...shared, ...s3.env }).objectStorage, {
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER' },
    });
    t.equal(loadConfig(shared).objectStorage, undefined, 'unset: files are kept in PostgreSQL');
    const bad: [Record<string, string>, RegExp][] = [
      [{ S3_BUCKET: 'nordstern-uploads' }, /S3_BUCKET needs DATABASE_URL/],
      [
        { ...shared, S3_REGION: 'eu-central-1', S3_ENDPOINT: 'https://s3.example' },
        /S3_BUCKET must be set when S3_REGION, S3_ENDPOINT are set/,
      ],
      [{ ...shared, S3_ACCESS_KEY_ID: 'AKIA123' }, /S3_BUCKET must be set when S3_ACCESS_KEY_ID is set/],
      [{ ...shared, S3_BUCKET: 'Nordstern_Uploads' }, /S3_BUCKET must be a bucket name/],
      [{ ...shared, S3_BUCKET: 'ab' }, /S3_BUCKET must be a bucket name/],
      [{ ...shared, S3_BUCKET: '../etc/passwd' }, /S3_BUCKET must be a bucket name/],
      [{ ...shared, S3_BUCKET: 'nordstern-uploads', S3_REGION: 'eu central 1' }, /S3_REGION must be a region name/],
      [
        { ...shared, S3_BUCKET: 'nordstern-uploads', S3_ENDPOINT: 'ftp://files.example' },
        /S3_ENDPOINT must be a URL starting with https:\/\/ or http:\/\//,
      ],
      [{ ...shared, S3_BUCKET: 'nordstern-uploads', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be a URL/],
      [
        { ...shared, S3_BUCKET: 'nordstern-uploads', S3_ACCESS_KEY_ID: 'AKIA123' },
        /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
      ],
      [
        { ...shared, S3_BUCKET: 'nordstern-uploads', S3_SECRET_ACCESS_KEY: 'secret' },
        /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
      ],
      [
        { ...shared, S3_BUCKET: 'nordstern-uploads', S3_FORCE_PATH_STYLE: 'maybe' },
        /S3_FORCE_PATH_STYLE must be true or false/,
      ],
    ];
    for (const [env, message] of bad) t.throws(() => loadConfig(env), message, Object.keys(env).join(', '));
    const error = t.throws(() =>
      loadConfig({
        ...shared,
        S3_BUCKET: 'nordstern-uploads',
        S3_ENDPOINT: 'ftp://key:hunter2-secret@files.example',
        S3_SECRET_ACCESS_KEY: 'hunter3-secret',
      }),
    ) as Error;
    t.notMatch(error.message, /hunter[23]/, 'neither the endpoint nor a key is repeated');
  },
);

t.test('at start: a bucket that cannot be used stops the start, saying why', async (t) => {
  const env = async () => ({
    DATA_DIR: await tempDataDir(t),
    DATABASE_URL: await postgres.createDatabase(),
    TOKEN_SECRET: SECRET,
    ...s3.env,
  });
  await t.rejects(
    build(t, { ...(await env()), S3_BUCKET: 'no-such-bucket' }),
    /S3_BUCKET "no-such-bucket" cannot be used: it does not exist/,
  );
  await t.rejects(
    build(t, { ...(await env()), S3_ACCESS_KEY_ID: 'UNKNOWN' }),
    /S3_BUCKET "nordstern-uploads" cannot be used: access is denied/,
  );
  await t.rejects(
    build(t, { ...(await env()), S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` }),
    /S3_BUCKET "nordstern-uploads" cannot be used: ECONNREFUSED/,
  );
});

t.test(
  'an application with its files in the bucket: stored, mailed from there, listed and erased by the tool',
  async (t) => {
    const smtp = await startSmtp(t);
    const databaseUrl = await postgres.createDatabase();
    const dataDir = await tempDataDir(t);
    const app = await build(t, {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      TOKEN_SECRET: SECRET,
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '50',
      JOBS_TO: 'jobs@nordstern.example',
      ...s3.env,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await postApplication(app, 'aylin@example.com');
    t.equal(response.status, 201);
    const { id } = (await response.json()) as { id: string };

    const files = await app.db.all<{ stored_path: string; sha256: string }>(
      'SELECT stored_path, sha256 FROM attachments WHERE submission_id = ? ORDER BY stored_path',
      [id],
    );
    t.match(
      files,
      [{ stored_path: `s3:uploads/${id}/1-Lebenslauf.pdf` }, { stored_path: `s3:uploads/${id}/2-zeugnis.png` }],
      'both files are kept in the bucket',
    );
    t.same(await keysIn(`uploads/${id}/`), [`uploads/${id}/1-Lebenslauf.pdf`, `uploads/${id}/2-zeugnis.png`]);
    const cv = await bucketClient.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: `uploads/${id}/1-Lebenslauf.pdf` }),
    );
    t.equal(sha256(await cv.Body!.transformToByteArray()), sha256(samples.pdf), 'byte for byte');
    t.equal(cv.ContentType, 'application/pdf', 'with the type found in its bytes');
    t.same(
      await app.db.all('SELECT COUNT(*) AS n FROM attachment_chunks'),
      [{ n: 0 }],
      'nothing of them in the database',
    );
    t.same(
      readdirSync(path.join(dataDir, 'uploads')).filter((name) => !name.startsWith('.')),
      [],
      'nor on this replica’s disk',
    );
    t.same(readdirSync(path.join(dataDir, 'uploads', '.incoming')), [], 'not even the received copies');

    const [team] = (await smtp.waitFor(2)).filter((mail) => mail.envelopeTo.includes('jobs@nordstern.example'));
    t.same(
      team!.parsed.attachments.map((file) => ({ name: file.filename, sha256: sha256(file.content) })),
      [
        { name: 'Lebenslauf.pdf', sha256: sha256(samples.pdf) },
        { name: 'zeugnis.png', sha256: sha256(samples.png) },
      ],
      'the team’s mail carries both files, read from the bucket',
    );

    const bad = new FormData();
    bad.append('language', 'de');
    bad.append('cv', new Blob(['#!/bin/sh\nrm -rf /'], { type: 'application/pdf' }), 'cv.pdf');
    const refused = await fetch(urlOf(app, '/api/application'), {
      method: 'POST',
      body: bad,
      headers: { accept: 'application/json' },
    });
    t.equal(refused.status, 415, 'the type is still checked by the bytes');
    t.same(
      await keysIn(),
      [`uploads/${id}/1-Lebenslauf.pdf`, `uploads/${id}/2-zeugnis.png`],
      'and nothing of a refused file reaches the bucket',
    );
    await app.close();

    // The tools, from another machine's data folder.
    const tool = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['dist/server/submissions.js', ...args], {
        env: {
          ...process.env,
          DATA_DIR: dataDir.replace(/$/, '-tool'),
          DATABASE_URL: databaseUrl,
          TOKEN_SECRET: SECRET,
          ...s3.env,
        },
      });
    t.match(
      (await tool('show', id)).stdout,
      new RegExp(`cv: Lebenslauf\\.pdf \\(application/pdf, \\d+ bytes\\) s3:uploads/${id}/1-Lebenslauf\\.pdf`),
      'show lists the files in the bucket',
    );
    const erased = await tool('erase', 'Aylin@Example.com');
    t.match(erased.stdout, /Erased everything stored about Aylin@Example.com: 1 submission\(s\), 2 file\(s\)/);
    t.notMatch(erased.stdout, /WARNING/);
    t.same(await keysIn(), [], 'erasure deletes the files from the bucket');
  },
);

t.test(
  'the bucket away: applications get 503 with nothing stored, everything else works, and they are taken again once it is back',
  async (t) => {
    const app = await build(t, { DATABASE_URL: await postgres.createDatabase(), TOKEN_SECRET: SECRET, ...s3.env });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const before = await keysIn();
    await s3.stop();
    t.teardown(() => s3.start().catch(() => {}));
    const refused = await postApplication(app, 'ole@example.com');
    t.equal(refused.status, 503, 'refused, not lost');
    t.equal(refused.headers.get('retry-after'), '30');
    t.match(await refused.json(), { field: 'request', code: 'storage_unavailable' });
    t.same(await app.db.all('SELECT COUNT(*) AS n FROM submissions'), [{ n: 0 }], 'no submission');
    t.same(await app.db.all('SELECT COUNT(*) AS n FROM outbox'), [{ n: 0 }], 'no mail');
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { accept: 'application/json' },
      payload: {
        name: 'Jana Vogt',
        email: 'jana@example.com',
        company: 'Elbwerk',
        message: 'Bitte rufen Sie mich an.',
        language: 'de',
        legals: true,
      },
    });
    t.equal(contact.statusCode, 201, 'a contact request needs no bucket');
    t.equal(
      (await app.inject({ url: '/readyz' })).statusCode,
      200,
      'the replica stays ready: pages and the other forms work',
    );

    await s3.start();
    t.same(await keysIn(), before, 'nothing of the refused files was left in the bucket');
    const again = await postApplication(
      app,
      'ole@example.com',
      '../../../uploads/00000000-0000-0000-0000-000000000000/\u202ecv\u0000.exe.pdf',
    );
    t.equal(again.status, 201, 'taken again once the bucket is back, without a restart');
    const { id } = (await again.json()) as { id: string };
    t.same(
      (await keysIn()).filter((key) => !before.includes(key)),
      [`uploads/${id}/1-cv-.exe.pdf`, `uploads/${id}/2-zeugnis.png`],
      'a file name that tries to climb out of its folder stays a plain name inside it',
    );
  },
);
