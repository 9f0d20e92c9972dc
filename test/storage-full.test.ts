/**
 * A full disk, made real at the storage layer: SQLite's max_page_count caps the database at its
 * current size, so the next write fails with SQLITE_FULL exactly as on a full file system.
 */
import t from 'tap';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';

const contact = {
  name: 'Jana Vogt',
  email: 'jana@example.com',
  company: 'Elbwerk',
  message: 'Bitte rufen Sie mich an.',
  language: 'de',
  legals: true,
};

t.test(
  'a full disk: 503 with Retry-After, the cause logged once, not ready, and back by itself once space returns',
  async (t) => {
    const dataDir = await tempDataDir(t);
    const lines: string[] = [];
    const app = await buildApp(
      loadConfig({ SITE_URL: 'http://localhost:3000', DATA_DIR: dataDir, STORAGE_PROBE_MS: '100' }),
      {
        logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
      },
    );
    t.teardown(() => app.close());
    await app.ready();

    const first = await app.inject({ method: 'POST', url: '/api/contact', payload: contact });
    t.equal(first.statusCode, 201, 'a submission while there is space');
    t.equal((await app.inject({ url: '/readyz' })).statusCode, 200);

    await app.db.run('CREATE TABLE filler (x BLOB)');
    const { page_count: pages } = (await app.db.get<{ page_count: number }>('PRAGMA page_count'))!;
    await app.db.run(`PRAGMA max_page_count = ${pages}`);
    // The pages' own free space too, down to a few bytes: else the storage probe's small row fits in it, a write
    // "works again" between two tries, and the episode ends early on a slow machine.
    for (const size of [1024, 64, 8, 1]) {
      while (
        await app.db.run('INSERT INTO filler VALUES (randomblob(?))', [size]).then(
          () => true,
          () => false,
        )
      );
    }

    for (let i = 0; i < 3; i += 1) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...contact, message: `Versuch ${i} ${'x'.repeat(3000)}` },
      });
      t.equal(refused.statusCode, 503, `try ${i}: 503`);
      t.equal(refused.headers['retry-after'], '30');
      t.match(refused.json(), { field: 'request', code: 'storage_unavailable', message: /nicht speichern/ });
    }
    const form = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams({
        ...contact,
        legals: 'on',
        message: 'y'.repeat(3000),
        page: '/unternehmen/kontakt',
      }).toString(),
    });
    t.equal(form.statusCode, 503, 'a browser form post gets its page back with 503');
    t.match(form.headers['content-type'], /text\/html/);
    t.match(form.body, 'Wir können Anfragen gerade nicht speichern');
    t.equal((await app.inject({ url: '/readyz' })).statusCode, 503, 'not ready while writes fail');
    t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, 'but alive');
    t.equal((await app.inject({ url: '/company' })).statusCode, 200, 'pages are still served');

    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } });
    const causes = logged.filter((entry) => entry.msg.startsWith('storage cannot take writes'));
    t.equal(causes.length, 1, 'the cause is logged once for the episode');
    t.equal(causes[0]?.level, 50, 'at error level');
    t.match(causes[0]?.err?.message, 'database or disk is full', 'with the real cause');
    t.notOk(
      lines.some((line) => line.includes('cannot rollback')),
      'no rollback error hides it',
    );
    t.equal(rows(dataDir, 'SELECT id FROM submissions').length, 1, 'nothing half-written, the acknowledged one kept');

    await app.db.run('PRAGMA max_page_count = 1073741823');
    for (let i = 0; i < 50 && (await app.inject({ url: '/readyz' })).statusCode !== 200; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    t.equal((await app.inject({ url: '/readyz' })).statusCode, 200, 'ready again by itself once space returns');
    t.ok(lines.some((line) => line.includes('storage takes writes again')));
    const again = await app.inject({ method: 'POST', url: '/api/contact', payload: contact });
    t.equal(again.statusCode, 201, 'submissions are taken again');
    t.equal(rows(dataDir, 'SELECT id FROM submissions').length, 2);
  },
);

t.test('a failed transaction whose rollback SQLite already did rethrows the real error', async (t) => {
  const { openDatabase } = await import('#server/store/database.ts');
  const db = await openDatabase({ dataDir: await tempDataDir(t) });
  t.teardown(() => db.close());
  await db.run('CREATE TABLE filler (x TEXT)');
  const { page_count: pages } = (await db.get<{ page_count: number }>('PRAGMA page_count'))!;
  await db.run(`PRAGMA max_page_count = ${pages}`);
  await t.rejects(
    db.transaction(async (tx) => {
      for (let i = 0; i < 200; i += 1) await tx.run('INSERT INTO filler (x) VALUES (?)', ['x'.repeat(4000)]);
    }),
    /database or disk is full/,
  );
  t.same(await db.get('SELECT COUNT(*) AS n FROM filler'), { n: 0 }, 'nothing of it was written');
  t.equal(await db.transaction(async (tx) => tx.run('DELETE FROM filler')), 0, 'and the next transaction begins');
});
