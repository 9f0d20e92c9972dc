import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import t from 'tap';
import { MANIFEST_FILE, type Manifest } from '#server/backup/manifest.ts';
import { runBackupCli, runRestoreCli } from '#server/cli/backup.ts';
import { build, tempDataDir } from './helpers/build.ts';
import { rows } from './helpers/db.ts';
import { startServer } from './helpers/server-process.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A CV the server takes for a PDF: the header it checks, then bytes of a file's usual bulk. */
function cv(bytes: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes), Buffer.from('\n%%EOF\n')]));
}

/** Posts a submission as a browser script does; answers its id once the server has acknowledged it. */
async function postContact(base: string, n: number): Promise<string> {
  const response = await fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: base },
    body: JSON.stringify({
      name: `Person ${n}`,
      email: `person${n}@example.com`,
      company: 'Fleetwerk',
      message: `Anfrage Nummer ${n}`,
      language: 'de',
      legals: true,
    }),
  });
  if (!response.ok) throw new Error(`contact ${n}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

async function postApplication(base: string, n: number, file: Uint8Array<ArrayBuffer>): Promise<string> {
  const form = new FormData();
  form.append('language', 'en');
  form.append('name', `Applicant ${n}`);
  form.append('email', `applicant${n}@example.com`);
  form.append('job', 'senior-data-engineer');
  form.append('cv', new Blob([file], { type: 'application/pdf' }), `CV ${n}.pdf`);
  const response = await fetch(`${base}/api/application`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json', origin: base },
  });
  if (!response.ok) throw new Error(`application ${n}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

function integrity(dataDir: string): string {
  return rows(dataDir, 'PRAGMA integrity_check')
    .map((row) => String(row.integrity_check))
    .join('; ');
}

function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
}

t.test(
  'a backup taken while 200 submissions are posted restores every one acknowledged before it, with intact files',
  async (t) => {
    const dataDir = await tempDataDir(t);
    // Sixteen posts at once from one address: its rate limit and its share of the body memory (an
    // eighth, and an upload holds up to 128 KB of it while it is answered) are raised to let them through.
    const server = await startServer(t, { DATA_DIR: dataDir, RATE_LIMIT_MAX: '100000', BODY_MEMORY_MB: '64' });
    const backupDir = path.join(await tempDataDir(t), 'backup');
    const restoredDir = await tempDataDir(t);

    const TOTAL = 200;
    const acknowledged: string[] = [];
    const enoughAcknowledged = Promise.withResolvers<void>();
    let next = 0;
    // Sixteen posts in flight at a time; one in four is an application with a CV.
    const workers = Array.from({ length: 16 }, async () => {
      while (next < TOTAL) {
        const n = next++;
        const id =
          n % 4 === 0
            ? await postApplication(server.url, n, cv(20_000 + ((n * 7919) % 100_000)))
            : await postContact(server.url, n);
        acknowledged.push(id);
        if (acknowledged.length === 60) enoughAcknowledged.resolve();
      }
    });

    await enoughAcknowledged.promise;
    const acknowledgedBefore = new Set(acknowledged);
    const backup = await runBackupCli([backupDir], { DATA_DIR: dataDir });
    const acknowledgedWhenDone = acknowledged.length;
    await Promise.all(workers);

    t.equal(backup.code, 0, backup.out);
    t.match(backup.out, /Backup of .* written to .* in \d+ ms/);
    t.equal(acknowledged.length, TOTAL, 'the server acknowledged every post');
    const manifest = readManifest(backupDir);
    t.ok(
      manifest.tables.submissions! >= acknowledgedBefore.size,
      'the snapshot has at least what was acknowledged before it',
    );
    t.ok(
      manifest.tables.submissions! < TOTAL,
      `the snapshot was taken mid-stream (${manifest.tables.submissions} of ${TOTAL})`,
    );
    t.ok(acknowledgedWhenDone > acknowledgedBefore.size, 'the server went on acknowledging posts while the backup ran');
    t.same(manifest.problems, []);

    const check = await runRestoreCli(['--check', backupDir], { DATA_DIR: restoredDir });
    t.equal(check.code, 0, check.out);
    t.match(check.out, /every checksum matches and the database passes PRAGMA integrity_check/);

    const restore = await runRestoreCli([backupDir], { DATA_DIR: restoredDir });
    t.equal(restore.code, 0, restore.out);
    t.match(restore.out, new RegExp(`Restored the backup of ${manifest.createdAt}`));

    const restoredIds = new Set(rows(restoredDir, 'SELECT id FROM submissions').map((row) => String(row.id)));
    const lost = [...acknowledgedBefore].filter((id) => !restoredIds.has(id));
    t.same(lost, [], `all ${acknowledgedBefore.size} submissions acknowledged before the backup started are restored`);
    t.equal(integrity(restoredDir), 'ok', 'the restored database passes PRAGMA integrity_check');

    const attachments = rows(restoredDir, 'SELECT id, submission_id, stored_path, size, sha256 FROM attachments');
    t.ok(
      attachments.length > 0 && attachments.length === manifest.uploads.length,
      `${attachments.length} files, as the manifest lists`,
    );
    const elsewhere = attachments.filter(
      (row) =>
        !String(row.stored_path).startsWith(path.join(restoredDir, 'uploads', String(row.submission_id)) + path.sep),
    );
    t.same(elsewhere, [], 'every row points into the restored DATA_DIR');
    const damaged = attachments.filter((row) => {
      const bytes = readFileSync(String(row.stored_path));
      return sha256(bytes) !== row.sha256 || bytes.length !== row.size;
    });
    t.same(damaged, [], 'every restored file matches its sha256 in the attachments table');
    for (const [table, count] of Object.entries(manifest.tables)) {
      t.equal(rows(restoredDir, `SELECT COUNT(*) AS n FROM ${table}`)[0]!.n, count, `${table}: the manifest's count`);
    }
    const mailFiles = rows(restoredDir, `SELECT message FROM outbox WHERE message LIKE '%"attachments"%'`).flatMap(
      (row) => (JSON.parse(String(row.message)) as { attachments?: { path: string }[] }).attachments ?? [],
    );
    t.ok(
      mailFiles.length > 0 && mailFiles.every((file) => existsSync(file.path) && file.path.startsWith(restoredDir)),
      'queued mails attach the restored files',
    );
    t.equal(
      readFileSync(path.join(restoredDir, 'token-secret'), 'utf8'),
      readFileSync(path.join(dataDir, 'token-secret'), 'utf8'),
      'confirmation links stay valid',
    );

    const restored = await startServer(t, { DATA_DIR: restoredDir });
    t.equal((await fetch(`${restored.url}/healthz`)).status, 200, 'a server starts on the restored DATA_DIR');
  },
);

/** A small DATA_DIR: one contact message and one application with its CV. */
async function smallSite(t: {
  teardown(fn: () => unknown): void;
}): Promise<{ dataDir: string; applicationId: string; contactId: string }> {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const contactId = await postContact(base, 1);
  const applicationId = await postApplication(base, 2, cv(5_000));
  await app.close();
  return { dataDir, applicationId, contactId };
}

t.test('the tools explain their use when the backup folder is missing', async (t) => {
  const dataDir = await tempDataDir(t);
  t.match(await runBackupCli([], { DATA_DIR: dataDir }), {
    code: 2,
    out: /a backup folder is needed\nusage: npm run backup -- DIR/,
  });
  t.match(await runRestoreCli([], { DATA_DIR: dataDir }), {
    code: 2,
    out: /usage: npm run restore -- \[--force\] DIR \| --check DIR/,
  });
  t.match(await runRestoreCli(['one', 'two'], { DATA_DIR: dataDir }), { code: 2, out: /one backup folder only/ });
  t.match(await runRestoreCli(['--check', '--force', 'one'], { DATA_DIR: dataDir }), {
    code: 2,
    out: /--check restores nothing/,
  });
  t.match(await runRestoreCli(['--frobnicate', 'one'], { DATA_DIR: dataDir }), {
    code: 2,
    out: /Unknown option '--frobnicate'/,
  });
});

t.test('a backup refuses a DATA_DIR without a database and a folder that is not empty', async (t) => {
  const empty = await tempDataDir(t);
  const target = path.join(await tempDataDir(t), 'backup');
  t.match(await runBackupCli([target], { DATA_DIR: empty }), {
    code: 1,
    out: /There is no database at .*nordstern\.sqlite/,
  });
  t.notOk(existsSync(target), 'no folder is left behind');

  const { dataDir } = await smallSite(t);
  const occupied = await tempDataDir(t);
  await writeFile(path.join(occupied, 'notes.txt'), 'keep me');
  t.match(await runBackupCli([occupied], { DATA_DIR: dataDir }), {
    code: 1,
    out: /is not empty \(notes\.txt\): a backup goes into a new or empty folder/,
  });
  t.same(readdirSync(occupied), ['notes.txt']);
});

t.test('restore refuses a folder that is no backup, or a backup that did not finish', async (t) => {
  const dataDir = await tempDataDir(t);
  const nowhere = path.join(dataDir, 'nowhere');
  t.match(await runRestoreCli([nowhere], { DATA_DIR: dataDir }), {
    code: 1,
    out: /There is no backup folder .*nowhere/,
  });
  const unfinished = await tempDataDir(t);
  await writeFile(path.join(unfinished, 'nordstern.sqlite'), '');
  t.match(await runRestoreCli(['--check', unfinished], { DATA_DIR: dataDir }), {
    code: 1,
    out: /has no manifest\.json: it is not a backup, or one that did not finish/,
  });
  t.match(await runRestoreCli([unfinished], { DATA_DIR: dataDir }), { code: 1, out: /has no manifest\.json/ });
  await writeFile(path.join(unfinished, MANIFEST_FILE), '{"format":"something else"}');
  t.match(await runRestoreCli([unfinished], { DATA_DIR: dataDir }), {
    code: 1,
    out: /is not a backup manifest this version reads/,
  });
  t.same(readdirSync(dataDir), [], 'nothing was written');
});

t.test('a file that does not match its checksum fails the check and the restore, naming the file', async (t) => {
  const { dataDir, applicationId } = await smallSite(t);
  const backupDir = path.join(await tempDataDir(t), 'backup');
  t.equal((await runBackupCli([backupDir], { DATA_DIR: dataDir })).code, 0);
  const [upload] = readManifest(backupDir).uploads;
  t.match(upload?.path, new RegExp(`^uploads/${applicationId}/1-CV-2\\.pdf$`));
  const file = path.join(backupDir, upload!.path);
  const bytes = readFileSync(file);
  bytes[100] = bytes[100]! ^ 0xff;
  writeFileSync(file, bytes);

  const target = await tempDataDir(t);
  const check = await runRestoreCli(['--check', backupDir], { DATA_DIR: target });
  t.equal(check.code, 1);
  t.match(check.out, `FAILS its check`);
  t.match(check.out, `${upload!.path}: checksum does not match the manifest`);
  const restore = await runRestoreCli([backupDir], { DATA_DIR: target });
  t.equal(restore.code, 1);
  t.match(restore.out, /fails its check, nothing was restored/);
  t.match(restore.out, upload!.path);
  t.same(readdirSync(target), [], 'DATA_DIR stays empty');

  // A changed database is named too.
  const other = path.join(await tempDataDir(t), 'backup');
  t.equal((await runBackupCli([other], { DATA_DIR: dataDir })).code, 0);
  await writeFile(
    path.join(other, 'nordstern.sqlite'),
    Buffer.concat([await readFile(path.join(other, 'nordstern.sqlite')), Buffer.alloc(1)]),
  );
  t.match(await runRestoreCli(['--check', other], { DATA_DIR: target }), {
    code: 1,
    out: /nordstern\.sqlite: checksum does not match the manifest/,
  });
});

t.test(
  'restore refuses a database newer than the code, and files the manifest places outside the uploads',
  async (t) => {
    const { dataDir } = await smallSite(t);
    const backupDir = path.join(await tempDataDir(t), 'backup');
    t.equal((await runBackupCli([backupDir], { DATA_DIR: dataDir })).code, 0);
    const databaseFile = path.join(backupDir, 'nordstern.sqlite');
    const db = new DatabaseSync(databaseFile);
    db.exec('PRAGMA user_version = 999');
    db.close();
    const manifest = readManifest(backupDir);
    const bytes = readFileSync(databaseFile);
    const newer: Manifest = {
      ...manifest,
      schemaVersion: 999,
      database: { ...manifest.database, size: bytes.length, sha256: sha256(bytes) },
    };
    writeFileSync(path.join(backupDir, MANIFEST_FILE), JSON.stringify(newer));
    t.match(await runRestoreCli(['--check', backupDir], { DATA_DIR: dataDir }), {
      code: 1,
      out: /schema version 999 is newer than this version of the site knows/,
    });

    const escaping: Manifest = {
      ...manifest,
      uploads: manifest.uploads.map((upload) => ({ ...upload, path: 'uploads/../../etc/passwd' })),
    };
    writeFileSync(path.join(backupDir, MANIFEST_FILE), JSON.stringify(escaping));
    t.match(await runRestoreCli(['--check', backupDir], { DATA_DIR: dataDir }), {
      code: 1,
      out: /names a file outside the backup: "uploads\/\.\.\/\.\.\/etc\/passwd"/,
    });
    const misplaced: Manifest = {
      ...manifest,
      uploads: manifest.uploads.map((upload) => ({ ...upload, path: 'nordstern.sqlite-wal' })),
    };
    writeFileSync(path.join(backupDir, MANIFEST_FILE), JSON.stringify(misplaced));
    t.match(await runRestoreCli([backupDir], { DATA_DIR: await tempDataDir(t) }), {
      code: 1,
      out: /nordstern\.sqlite-wal: not a place for an uploaded file/,
    });
  },
);

t.test('restore refuses a DATA_DIR that is not empty; --force moves its contents aside', async (t) => {
  const { dataDir } = await smallSite(t);
  const backupDir = path.join(await tempDataDir(t), 'backup');
  t.equal((await runBackupCli([backupDir], { DATA_DIR: dataDir })).code, 0);

  const { dataDir: occupied, contactId: otherContact } = await smallSite(t);
  const before = readdirSync(occupied).sort();
  const refused = await runRestoreCli([backupDir], { DATA_DIR: occupied });
  t.equal(refused.code, 1);
  t.match(
    refused.out,
    /DATA_DIR .* is not empty \(.*\)\. Restore into an empty one, or stop the server and pass --force/,
  );
  t.same(readdirSync(occupied).sort(), before, 'nothing changed');
  t.same(rows(occupied, 'SELECT id FROM submissions WHERE id = ?', otherContact).length, 1);

  const replaced = readdirSync(occupied).sort();
  const forced = await runRestoreCli(['--force', backupDir], { DATA_DIR: occupied });
  t.equal(forced.code, 0, forced.out);
  const aside = readdirSync(occupied).find((name) => name.startsWith('.before-restore-'));
  t.ok(aside, 'the earlier contents are kept aside');
  t.match(forced.out, `The earlier contents of DATA_DIR are in ${path.join(occupied, aside!)}`);
  t.same(
    readdirSync(path.join(occupied, aside!)).sort(),
    replaced,
    'all of them, a database with its -wal and -shm too',
  );
  t.same(
    rows(occupied, 'SELECT id FROM submissions')
      .map((row) => row.id)
      .sort(),
    rows(dataDir, 'SELECT id FROM submissions')
      .map((row) => row.id)
      .sort(),
  );
  t.equal(integrity(occupied), 'ok');
  t.notOk(
    readdirSync(occupied).some((name) => name.startsWith('.restore-')),
    'no staging folder is left',
  );
});

t.test('a file missing at backup time is named, and the backup is written and restorable all the same', async (t) => {
  const { dataDir, applicationId } = await smallSite(t);
  await rm(path.join(dataDir, 'uploads', applicationId), { recursive: true });
  const backupDir = path.join(await tempDataDir(t), 'backup');
  const backup = await runBackupCli([backupDir], { DATA_DIR: dataDir });
  t.equal(backup.code, 1, 'the operator is told');
  t.match(backup.out, /PROBLEM: attachment .*: file missing: .*1-CV-2\.pdf/);
  t.equal(readManifest(backupDir).problems.length, 1);
  const check = await runRestoreCli(['--check', backupDir], { DATA_DIR: dataDir });
  t.equal(check.code, 0, check.out);
  t.match(check.out, /note: attachment .*file missing/);
  const target = await tempDataDir(t);
  t.equal((await runRestoreCli([backupDir], { DATA_DIR: target })).code, 0);
  t.equal(rows(target, 'SELECT COUNT(*) AS n FROM submissions')[0]!.n, 2);
});
