/**
 * One server with DATABASE_URL and REDIS_URL against real PostgreSQL and Redis servers: the
 * configuration it refuses, an application whose file lives in PostgreSQL and is mailed from
 * there, the operators' tool reading the same database, and Redis going away and coming back.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { runBackupCli, runRestoreCli } from '#server/cli/backup.ts';
import { loadConfig } from '#server/config.ts';
import { build, tempDataDir } from './helpers/build.ts';
import { samples } from './helpers/files.ts';
import { startPostgres } from './helpers/postgres.ts';
import { startRedis } from './helpers/redis.ts';
import { startSmtp } from './helpers/smtp.ts';

const SECRET = 'shared-services-secret-0123456789abcdef';
const contact = {
  name: 'Jana Vogt',
  email: 'jana@example.com',
  company: 'Elbwerk',
  message: 'Bitte rufen Sie mich an.',
  language: 'de',
  legals: true,
};
const postgres = await startPostgres(t);
const redis = await startRedis(t);

t.test('the configuration: a shared database needs a shared secret, and only the schemes named', async (t) => {
  const url = 'postgres://postgres@127.0.0.1:5432/x';
  t.throws(() => loadConfig({ DATABASE_URL: url }), /TOKEN_SECRET must be set when DATABASE_URL is set/);
  t.throws(
    () => loadConfig({ DATABASE_URL: url, TOKEN_SECRET: 'short' }),
    /TOKEN_SECRET must be at least 32 characters long/,
  );
  t.match(loadConfig({ DATABASE_URL: url, TOKEN_SECRET: SECRET }), { databaseUrl: url });
  const bad: [Record<string, string>, RegExp][] = [
    [
      { DATABASE_URL: 'mysql://root@db/x', TOKEN_SECRET: SECRET },
      /DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//,
    ],
    [{ DATABASE_URL: 'not a url', TOKEN_SECRET: SECRET }, /DATABASE_URL must be/],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, /REDIS_URL must be a URL starting with redis:\/\/ or rediss:\/\//],
    [{ MAIL_LEASE_MS: '10' }, /MAIL_LEASE_MS must be a whole number/],
  ];
  for (const [env, message] of bad) t.throws(() => loadConfig(env), message, Object.keys(env).join(', '));
  const error = t.throws(() =>
    loadConfig({ DATABASE_URL: 'mysql://root:hunter2-secret@db/x', TOKEN_SECRET: SECRET }),
  ) as Error;
  t.notMatch(error.message, 'hunter2', 'the message never repeats a URL that may hold a password');
  t.equal(loadConfig({}).databaseUrl, undefined, 'unset: node:sqlite as before');
});

t.test('an application kept in PostgreSQL: stored with its file, mailed from there, listed by the tool', async (t) => {
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
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const form = new FormData();
  for (const [key, value] of Object.entries({
    language: 'de',
    name: 'Aylin Demir',
    email: 'aylin@example.com',
    job: 'senior-data-engineer',
    type: 'Vollzeit',
    locations: 'Hamburg',
  }))
    form.append(key, value);
  form.append('cv', new Blob([samples.pdf], { type: 'application/pdf' }), 'Lebenslauf.pdf');
  form.append('additionals[]', new Blob([samples.png], { type: 'image/png' }), 'zeugnis.png');
  const response = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/application`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
  });
  t.equal(response.status, 201);
  const { id } = (await response.json()) as { id: string };

  const files = await app.db.all<{ stored_path: string; sha256: string }>(
    'SELECT stored_path, sha256 FROM attachments WHERE submission_id = ? ORDER BY stored_path',
    [id],
  );
  t.match(
    files,
    [{ stored_path: `db:${id}/1-Lebenslauf.pdf` }, { stored_path: `db:${id}/2-zeugnis.png` }],
    'both files are kept in the database',
  );
  t.same(
    readdirSync(path.join(dataDir, 'uploads')).filter((name) => !name.startsWith('.')),
    [],
    'nothing of them stays on this replica’s disk',
  );
  t.same(readdirSync(path.join(dataDir, 'uploads', '.incoming')), [], 'not even the received copies');

  const [team] = (await smtp.waitFor(2)).filter((mail) => mail.envelopeTo.includes('jobs@nordstern.example'));
  const attached = team!.parsed.attachments.map((file) => ({
    name: file.filename,
    sha256: createHash('sha256').update(file.content).digest('hex'),
  }));
  t.same(
    attached,
    [
      { name: 'Lebenslauf.pdf', sha256: createHash('sha256').update(samples.pdf).digest('hex') },
      { name: 'zeugnis.png', sha256: createHash('sha256').update(samples.png).digest('hex') },
    ],
    'the team’s mail carries both files, read from PostgreSQL',
  );
  t.same(
    attached.map((file) => file.sha256),
    files.map((file) => file.sha256),
    'as their recorded checksums say',
  );

  const bad = new FormData();
  bad.append('language', 'de');
  bad.append('cv', new Blob(['#!/bin/sh\nrm -rf /'], { type: 'application/pdf' }), 'cv.pdf');
  const refused = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/application`, {
    method: 'POST',
    body: bad,
    headers: { accept: 'application/json' },
  });
  t.equal(refused.status, 415, 'the type is still checked by the bytes');
  t.same(
    await app.db.all('SELECT COUNT(*) AS n FROM attachment_chunks WHERE stored_path NOT LIKE ?', [`db:${id}/%`]),
    [{ n: 0 }],
    'and nothing of a refused file is kept',
  );
  await app.close();

  const { stdout } = await promisify(execFile)(process.execPath, ['dist/server/submissions.js', 'show', id], {
    env: { ...process.env, DATA_DIR: await tempDataDir(t), DATABASE_URL: databaseUrl, TOKEN_SECRET: SECRET },
  });
  t.match(
    stdout,
    /cv: Lebenslauf\.pdf \(application\/pdf, \d+ bytes\) db:/,
    'npm run submissions -- show lists the files from any machine',
  );
  t.match(stdout, /notification to jobs@nordstern.example: sent after 1 attempt/);
});

t.test('Redis away: 503 with Retry-After and not ready, then back by itself', async (t) => {
  const app = await build(t, { REDIS_URL: redis.url, RATE_LIMIT_MAX: '3' });
  await app.ready();
  for (let i = 0; i < 50 && (await app.inject({ url: '/readyz' })).statusCode !== 200; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  t.equal((await app.inject({ url: '/readyz' })).statusCode, 200);
  const post = () =>
    app.inject({ method: 'POST', url: '/api/contact', payload: contact, headers: { accept: 'application/json' } });
  t.same(
    [(await post()).statusCode, (await post()).statusCode, (await post()).statusCode, (await post()).statusCode],
    [201, 201, 201, 429],
    'counted in Redis',
  );
  t.ok((await app.sharedLimits!.redis.keys('nordstern-rate-limit:*')).length > 0, 'under the site’s own names');

  await redis.stop();
  const refused = await post();
  t.equal(refused.statusCode, 503, 'a request that cannot be counted is refused, not let through');
  t.equal(refused.headers['retry-after'], '30');
  t.match(refused.json(), { field: 'request', code: 'storage_unavailable' });
  t.equal((await app.inject({ url: '/readyz' })).statusCode, 503, 'not ready while Redis is away');
  t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, 'but alive');
  t.equal((await app.inject({ url: '/company' })).statusCode, 200, 'and pages are served');
  const submissions = await app.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM submissions');
  t.equal(submissions!.n, 3, 'nothing was stored for the refused request');

  await redis.start();
  for (let i = 0; i < 100 && (await app.inject({ url: '/readyz' })).statusCode !== 200; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  t.equal((await app.inject({ url: '/readyz' })).statusCode, 200, 'ready again once Redis is back, without a restart');
  t.equal((await post()).statusCode, 201, 'a fresh Redis counts afresh');
});

t.test('backup and restore refuse to copy DATA_DIR when the data is in PostgreSQL', async (t) => {
  const env = {
    DATA_DIR: await tempDataDir(t),
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/x',
    TOKEN_SECRET: SECRET,
  };
  const dir = await tempDataDir(t);
  for (const result of [await runBackupCli([dir], env), await runRestoreCli([dir], env)]) {
    t.equal(result.code, 2);
    t.match(result.out, /DATABASE_URL is set[\s\S]*pg_dump/);
  }
});

t.test('PostgreSQL unreachable at start: the start fails, naming the cause', async (t) => {
  const port = postgres.port + 1;
  await t.rejects(build(t, { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nowhere`, TOKEN_SECRET: SECRET }), {
    code: 'ECONNREFUSED',
  });
});
