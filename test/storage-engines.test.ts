/**
 * The storage modules against both implementations of the database interface: node:sqlite in
 * a data folder and a real PostgreSQL server started for this test, the latter once with files
 * in the database and once with files in an S3-compatible bucket. Every case runs on each.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import t from 'tap';
import {
  confirmSubmission,
  type NewSubmission,
  type StoredAttachment,
  saveSubmission,
} from '#server/forms/submissions.ts';
import { createDirectoryAdmin, createEmbeddedDirectory } from '#server/galaxy/embedded-directory.ts';
import { type Database, openDatabase } from '#server/store/database.ts';
import { MIGRATIONS } from '#server/store/migrations.ts';
import {
  confirmedSubscribers,
  confirmSignUp,
  isSubscribed,
  recordPendingSubscriber,
  unsubscribe,
} from '#server/store/newsletter.ts';
import {
  claimDueMails,
  enqueueMail,
  markAttemptFailed,
  markSent,
  type OutgoingMail,
  oldestPendingMail,
  outboxCounts,
  retryFailedMail,
} from '#server/store/outbox.ts';
import { erasePersonalData, findPersonalData } from '#server/store/personal-data.ts';
import { runRetention } from '#server/store/retention.ts';
import {
  type AttachmentStore,
  databaseAttachmentStore,
  diskAttachmentStore,
  type ReceivedFile,
  uploadsDirOf,
} from '#server/uploads/attachment-store.ts';
import { createObjectStorageClient, objectAttachmentStore } from '#server/uploads/object-storage.ts';
import { tempDataDir } from './helpers/build.ts';
import { pdfOfSize } from './helpers/files.ts';
import { startPostgres } from './helpers/postgres.ts';
import { startS3 } from './helpers/s3.ts';

interface Engine {
  name: string;
  open(t: {
    teardown(fn: () => unknown): void;
  }): Promise<{ db: Database; dataDir: string; store: AttachmentStore; reopen(): Promise<Database> }>;
}

const postgres = await startPostgres(t);
const s3 = await startS3(t);
const s3Client = createObjectStorageClient(s3.config);
t.teardown(() => s3Client.destroy());
let buckets = 0;

const engines: Engine[] = [
  {
    name: 'node:sqlite',
    async open(t) {
      const dataDir = await tempDataDir(t);
      const reopen = async () => {
        const db = await openDatabase({ dataDir });
        t.teardown(() => db.close());
        return db;
      };
      const db = await reopen();
      return { db, dataDir, store: diskAttachmentStore(uploadsDirOf(dataDir), db), reopen };
    },
  },
  {
    name: 'PostgreSQL',
    async open(t) {
      const dataDir = await tempDataDir(t);
      const databaseUrl = await postgres.createDatabase();
      const reopen = async () => {
        const db = await openDatabase({ dataDir, databaseUrl });
        t.teardown(() => db.close());
        return db;
      };
      const db = await reopen();
      return { db, dataDir, store: databaseAttachmentStore(db), reopen };
    },
  },
  {
    name: 'PostgreSQL with an S3 bucket',
    async open(t) {
      const dataDir = await tempDataDir(t);
      const databaseUrl = await postgres.createDatabase();
      // A bucket of its own, so one case's sweep never meets another case's files.
      const bucket = `case-${++buckets}`;
      await s3Client.send(new CreateBucketCommand({ Bucket: bucket }));
      const reopen = async () => {
        const db = await openDatabase({ dataDir, databaseUrl });
        t.teardown(() => db.close());
        return db;
      };
      const db = await reopen();
      return { db, dataDir, store: objectAttachmentStore(s3Client, bucket, db), reopen };
    },
  },
];

const received = (file: string, bytes: Uint8Array): ReceivedFile => ({
  path: file,
  size: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  contentType: 'application/pdf',
});
/** Reads a kept file back; a file that is gone reads as nothing. */
const readKept = (store: AttachmentStore, storedPath: string) =>
  buffer(store.open(storedPath)).catch(() => Buffer.alloc(0));

const mail = (to: string, subject = 'Hallo'): OutgoingMail => ({
  from: 'Nordstern Digital <no-reply@nordstern-digital.example>',
  to: [to],
  subject,
  text: subject,
  html: `<p>${subject}</p>`,
  messageId: `<${randomUUID()}@nordstern-digital.example>`,
});

const contact = (email: string): NewSubmission => ({
  form: 'contact',
  language: 'de',
  email,
  name: 'Ida Brandt',
  payload: { message: 'Guten Tag' },
  status: 'received',
});

for (const engine of engines) {
  t.test(engine.name, async (t) => {
    t.test('migrations: replicas starting together migrate once, a second start changes nothing', async (t) => {
      const { db, reopen } = await engine.open(t);
      const others = await Promise.all([reopen(), reopen(), reopen()]);
      t.equal(others.length, 3, 'three more connections opened at once');
      const version =
        db.dialect === 'postgres'
          ? (await db.all<{ version: number }>('SELECT version FROM schema_version')).map((row) => row.version)
          : [(await db.get<{ user_version: number }>('PRAGMA user_version'))!.user_version];
      t.same(version, [MIGRATIONS.length], 'one schema version, the newest');
      t.same(await db.all('SELECT COUNT(*) AS n FROM submissions'), [{ n: 0 }]);
    });

    t.test('a submission, its files and its mails commit together, or not at all', async (t) => {
      const { db, dataDir, store } = await engine.open(t);
      const id = randomUUID();
      const incoming = path.join(dataDir, 'incoming.pdf');
      const bytes = pdfOfSize(700 * 1024);
      await writeFile(incoming, bytes);
      const file = received(incoming, bytes);
      const storedPath = store.placeOf(id, '1-lebenslauf.pdf');
      const attachments: StoredAttachment[] = [
        {
          field: 'cv',
          fileName: 'lebenslauf.pdf',
          storedPath,
          contentType: 'application/pdf',
          size: bytes.length,
          sha256: file.sha256,
        },
      ];
      await store.store(file, storedPath);
      await saveSubmission(
        db,
        { ...contact('ida@example.com'), form: 'application' },
        {
          id,
          attachments,
          beforeCommit: (tx) => store.storeInTransaction(tx, file, storedPath),
          mails: (reference) => [
            {
              purpose: 'notification',
              mail: {
                ...mail('jobs@nordstern-digital.example', `Bewerbung ${reference}`),
                attachments: [{ filename: 'lebenslauf.pdf', path: storedPath, contentType: 'application/pdf' }],
              },
            },
          ],
        },
      );
      const kept = await buffer(store.open(storedPath));
      t.equal(kept.length, bytes.length, 'the file reads back whole');
      t.ok(kept.equals(Buffer.from(bytes)), 'byte for byte');
      if (engine.name === 'PostgreSQL') {
        t.same(
          await db.all('SELECT seq FROM attachment_chunks WHERE stored_path = ? ORDER BY seq', [storedPath]),
          [{ seq: 0 }, { seq: 1 }, { seq: 2 }],
          'in chunks of 256 KiB',
        );
      }
      t.same(await db.all('SELECT purpose FROM outbox WHERE submission_id = ?', [id]), [{ purpose: 'notification' }]);

      // A transaction that fails after the file took its place leaves nothing of the second submission.
      const failed = randomUUID();
      const failedPath = store.placeOf(failed, '1-zweiter.pdf');
      const secondIncoming = path.join(dataDir, 'second.pdf');
      await writeFile(secondIncoming, bytes);
      const second = received(secondIncoming, bytes);
      await store.store(second, failedPath);
      await t.rejects(
        saveSubmission(
          db,
          { ...contact('ole@example.com'), form: 'application' },
          {
            id: failed,
            attachments: [{ ...attachments[0]!, storedPath: failedPath }],
            beforeCommit: async (tx) => {
              await store.storeInTransaction(tx, second, failedPath);
              throw new Error('the disk filled up');
            },
            mails: () => [{ purpose: 'notification', mail: mail('jobs@nordstern-digital.example') }],
          },
        ),
        /the disk filled up/,
      );
      await store.forget(failed);
      t.same(await db.all('SELECT id FROM submissions WHERE id = ?', [failed]), [], 'no submission');
      t.same(await db.all('SELECT id FROM attachments WHERE submission_id = ?', [failed]), [], 'no attachment row');
      t.same(await db.all('SELECT id FROM outbox WHERE submission_id = ?', [failed]), [], 'no mail');
      t.same(await db.all('SELECT seq FROM attachment_chunks WHERE stored_path = ?', [failedPath]), [], 'no chunk');
      t.equal((await readKept(store, failedPath)).length, 0, 'no file where it was put');

      // The retention job removes the application with its file, wherever the file is kept.
      const report = await runRetention(db, {
        policy: { contactDays: 730, applicationDays: 180, eventDays: 180, consentProofDays: 1095, mailDays: 30 },
        confirmationTtlHours: 168,
        eventEnd: () => undefined,
        attachments: store,
        now: new Date(Date.now() + 181 * 86_400_000),
      });
      t.match(report, { submissions: { application: 1 }, attachments: 1, mails: 1, orphanedFiles: 0 });
      t.same(await db.all('SELECT seq FROM attachment_chunks'), [], 'no chunk is left');
      t.equal((await readKept(store, storedPath)).length, 0, 'the file cannot be read any more');
    });

    t.test('files of no submission are swept once they are an hour old; files of stored ones stay', async (t) => {
      const { db, dataDir, store } = await engine.open(t);
      const bytes = pdfOfSize(20_000);
      const put = async (id: string, name: string) => {
        const incoming = path.join(dataDir, name);
        await writeFile(incoming, bytes);
        const file = received(incoming, bytes);
        const storedPath = store.placeOf(id, `1-${name}`);
        await store.store(file, storedPath);
        return { file, storedPath };
      };
      const keptId = randomUUID();
      const kept = await put(keptId, 'kept.pdf');
      await saveSubmission(
        db,
        { ...contact('kai@example.com'), form: 'application' },
        {
          id: keptId,
          attachments: [
            {
              field: 'cv',
              fileName: 'kept.pdf',
              storedPath: kept.storedPath,
              contentType: 'application/pdf',
              size: bytes.length,
              sha256: kept.file.sha256,
            },
          ],
          beforeCommit: (tx) => store.storeInTransaction(tx, kept.file, kept.storedPath),
          mails: () => [],
        },
      );
      // As if the process had died after putting the file in place, before its transaction committed.
      const orphan = await put(randomUUID(), 'orphan.pdf');
      const run = (now: Date) =>
        runRetention(db, {
          policy: { contactDays: 730, applicationDays: 180, eventDays: 180, consentProofDays: 1095, mailDays: 30 },
          confirmationTtlHours: 168,
          eventEnd: () => undefined,
          attachments: store,
          now,
        });
      // Chunks are only ever written by their submission's transaction: nothing to sweep in the database.
      const outside = engine.name !== 'PostgreSQL';
      t.match(await run(new Date()), { orphanedFiles: 0 }, 'a file put in place just now may still be committed');
      t.match(await run(new Date(Date.now() + 2 * 3_600_000)), { orphanedFiles: outside ? 1 : 0, attachments: 0 });
      t.equal((await readKept(store, orphan.storedPath)).length, 0, 'the orphaned file is gone');
      t.equal((await readKept(store, kept.storedPath)).length, bytes.length, 'the stored submission keeps its file');
    });

    t.test('a double opt-in is confirmed once, however many times the link is used at once', async (t) => {
      const { db } = await engine.open(t);
      const id = await saveSubmission(
        db,
        {
          ...contact('kai@example.com'),
          form: 'event',
          status: 'pending',
          payload: { event: 'cloud/muenchen/2099/05' },
        },
        { mails: () => [] },
      );
      const confirmations = await Promise.all(
        Array.from({ length: 5 }, () =>
          confirmSubmission(db, id, 'event', (row) => [{ purpose: 'thank-you', mail: mail(row.email) }]),
        ),
      );
      t.same(confirmations.filter((result) => result === 'confirmed').length, 1, 'one use confirms');
      t.same(
        confirmations.filter((result) => result === 'already-confirmed').length,
        4,
        'the others find it confirmed',
      );
      t.same(
        await db.all(`SELECT purpose FROM outbox WHERE submission_id = ?`, [id]),
        [{ purpose: 'thank-you' }],
        'its mail is queued once',
      );
      t.equal(await confirmSubmission(db, randomUUID(), 'event', () => []), 'unknown');
      t.equal(
        await confirmSubmission(db, id, 'newsletter', () => []),
        'unknown',
        'a link of another form finds nothing',
      );
    });

    t.test('newsletter: pending, confirmed once, unsubscribed, the sign-up kept as proof', async (t) => {
      const { db } = await engine.open(t);
      const now = new Date();
      const signUp = await saveSubmission(
        db,
        {
          ...contact('rosa@example.com'),
          form: 'newsletter',
          status: 'pending',
          payload: { email: 'rosa@example.com', consent: true },
        },
        {
          now,
          beforeCommit: (tx) => recordPendingSubscriber(tx, 'rosa@example.com', 'en', now),
          mails: () => [],
        },
      );
      t.equal(await isSubscribed(db, 'rosa@example.com'), false, 'pending is not subscribed');
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          confirmSignUp(db, signUp, () => [{ purpose: 'thank-you', mail: mail('rosa@example.com') }]),
        ),
      );
      t.same(results.sort(), ['already-confirmed', 'already-confirmed', 'confirmed']);
      t.same(
        await db.all(`SELECT purpose FROM outbox WHERE recipient = 'rosa@example.com'`),
        [{ purpose: 'thank-you' }],
        'one welcome mail',
      );
      t.match(
        await confirmedSubscribers(db),
        [{ email: 'rosa@example.com', sign_up_id: signUp }],
        'listed by the sign-up that put it there',
      );
      t.equal(await unsubscribe(db, 'ROSA@example.com'), 'unsubscribed', 'any case of the address');
      t.equal(await unsubscribe(db, 'rosa@example.com'), 'not-subscribed');
      t.same(await db.all(`SELECT status FROM submissions WHERE form = 'newsletter'`), [{ status: 'unsubscribed' }]);
      t.equal(
        await confirmSignUp(db, signUp, () => [{ purpose: 'thank-you', mail: mail('rosa@example.com') }]),
        'withdrawn',
        'a withdrawn sign-up is never confirmed again',
      );
      t.equal(await isSubscribed(db, 'rosa@example.com'), false, 'and the address stays off the list');
      t.equal(await confirmSignUp(db, randomUUID(), () => []), 'unknown', 'no stored sign-up, no subscriber');
      t.same(await db.all(`SELECT email FROM newsletter_subscribers`), []);
    });

    t.test(
      'outbox: each mail leased to one worker, taken over when the lease runs out, marked sent once',
      async (t) => {
        const { db } = await engine.open(t);
        const start = Date.now();
        for (let i = 0; i < 30; i += 1)
          await enqueueMail(db, null, 'thank-you', mail(`person${i}@example.com`), start - 1000);
        t.same(await outboxCounts(db), { pending: 30, sending: 0, sent: 0, failed: 0 });
        t.ok((await oldestPendingMail(db))!.getTime() <= start - 1000);

        const [a, b, c] = await Promise.all(
          ['a', 'b', 'c'].map((owner) => claimDueMails(db, owner, start, 60_000, 12)),
        );
        const ids = [...a!, ...b!, ...c!].map((row) => row.id);
        t.equal(ids.length, 30, 'three workers claiming at once take every mail');
        t.equal(new Set(ids).size, 30, 'and no mail twice');
        t.same(await claimDueMails(db, 'd', start, 60_000, 50), [], 'a leased mail is nobody else’s');

        const first = a![0]!;
        t.equal(await markSent(db, first.id, 'b'), false, 'a worker cannot mark another one’s mail');
        t.equal(await markSent(db, first.id, 'a'), true, 'its own, once');
        t.equal(await markSent(db, first.id, 'a'), false, 'not twice');

        // Worker b dies holding its mails; once the lease has run out worker d takes them over.
        const taken = await claimDueMails(db, 'd', start + 61_000, 60_000, 50);
        t.same(
          taken.map((row) => row.id).sort((x, y) => x - y),
          [...a!.slice(1), ...b!, ...c!].map((row) => row.id).sort((x, y) => x - y),
          'every mail whose lease ran out is taken over',
        );
        t.equal(await markSent(db, b![0]!.id, 'b'), false, 'the dead worker’s late answer changes nothing');
        t.equal(await markSent(db, b![0]!.id, 'd'), true);

        const retried = c![0]!.id;
        await markAttemptFailed(db, retried, 'd', 'connection refused', start + 120_000);
        t.match(await db.get('SELECT status, attempts, last_error FROM outbox WHERE id = ?', [retried]), {
          status: 'pending',
          attempts: 1,
          last_error: 'connection refused',
        });
        t.same(
          await claimDueMails(db, 'e', start + 119_000, 60_000, 50).then((rows) =>
            rows.filter((row) => row.id === retried),
          ),
          [],
          'not before its retry time',
        );
        const again = (await claimDueMails(db, 'e', start + 120_000, 60_000, 50)).filter((row) => row.id === retried);
        t.equal(again[0]?.attempts, 1, 'then again, its attempts counted');
        await markAttemptFailed(db, retried, 'e', 'mailbox unavailable', null);
        t.match(await db.get('SELECT status FROM outbox WHERE id = ?', [retried]), { status: 'failed' });
        t.equal(await retryFailedMail(db, retried, start + 130_000), true, 'an operator sends a failed mail again');
        t.equal(await retryFailedMail(db, retried, start + 130_000), false, 'only a failed one');
      },
    );

    t.test('personal data: found and erased by address in any case, files and mails included', async (t) => {
      const { db, dataDir, store } = await engine.open(t);
      const id = randomUUID();
      const incoming = path.join(dataDir, 'cv.pdf');
      const bytes = pdfOfSize(4000);
      await writeFile(incoming, bytes);
      const file = received(incoming, bytes);
      const storedPath = store.placeOf(id, '1-cv.pdf');
      await store.store(file, storedPath);
      await saveSubmission(
        db,
        { ...contact('Nina.Hof@example.com'), form: 'application' },
        {
          id,
          attachments: [
            {
              field: 'cv',
              fileName: 'cv.pdf',
              storedPath,
              contentType: 'application/pdf',
              size: 4000,
              sha256: file.sha256,
            },
          ],
          beforeCommit: (tx) => store.storeInTransaction(tx, file, storedPath),
          mails: () => [
            {
              purpose: 'notification',
              mail: mail('jobs@nordstern-digital.example', 'Bewerbung von nina.hof@example.com'),
            },
          ],
        },
      );
      await enqueueMail(db, null, 'thank-you', mail('nina.hof@example.com'));
      await saveSubmission(db, contact('someone@example.com'), {
        mails: () => [{ purpose: 'notification', mail: mail('hello@nordstern-digital.example') }],
      });
      await createDirectoryAdmin(db).addAccount({ uid: 'uid-nina', email: 'NINA.HOF@example.com', role: 'viewer' });

      const found = await findPersonalData(db, 'nina.hof@EXAMPLE.com');
      t.equal(found.submissions.length, 1);
      t.match(found.submissions[0]!.files, [{ fileName: 'cv.pdf', storedPath }]);
      t.equal(found.mails.length, 2, 'the mail about her and the mail to her');
      t.equal(found.galaxyAccounts.length, 1);

      const erased = await erasePersonalData(db, 'nina.hof@example.com', store);
      t.match(erased, {
        submissions: 1,
        files: 1,
        mails: 2,
        galaxyAccounts: 1,
        walTruncated: db.dialect === 'sqlite',
        engine: db.dialect,
      });
      t.notOk(erased.filesLeft, 'every file was deleted');
      t.equal((await readKept(store, storedPath)).length, 0, 'her file is gone from where it was kept');
      t.match(await findPersonalData(db, 'nina.hof@example.com'), { submissions: [], mails: [], galaxyAccounts: [] });
      t.same(await db.all('SELECT seq FROM attachment_chunks'), [], 'no chunk of her file is left');
      t.same(
        await db.all('SELECT email FROM submissions'),
        [{ email: 'someone@example.com' }],
        'nobody else is touched',
      );
      t.same(await outboxCounts(db), { pending: 1, sending: 0, sent: 0, failed: 0 });
    });

    t.test('the embedded Galaxy directory', async (t) => {
      const { db } = await engine.open(t);
      const now = new Date('2026-11-25T10:00:00Z');
      const admin = createDirectoryAdmin(db, () => now);
      const directory = createEmbeddedDirectory(db, () => now);
      await admin.addAccount({ uid: 'uid-anna', email: 'Anna@Example.com', role: 'editor', name: 'Anna' });
      await admin.addAccount({ uid: 'uid-anna', email: 'anna@example.com', role: 'admin', name: 'Anna Berg' });
      await admin.invite({ email: 'bernd@example.com', role: 'viewer', days: 2 });
      t.same(await directory.findUser({ uid: 'uid-anna', emailVerified: false }), {
        uid: 'uid-anna',
        email: 'anna@example.com',
        name: 'Anna Berg',
        role: 'admin',
        status: 'active',
      });
      t.match(await directory.findUser({ uid: 'x', email: 'bernd@example.com', emailVerified: true }), {
        role: 'viewer',
        status: 'invited',
      });
      t.match(await admin.list(), { accounts: [{ uid: 'uid-anna' }], invitations: [{ email: 'bernd@example.com' }] });
      t.equal(await admin.remove({ email: 'BERND@example.com' }), 1);
    });
  });
}

t.test('a file kept in PostgreSQL is read chunk by chunk, never whole', async (t) => {
  const databaseUrl = await postgres.createDatabase();
  const db = await openDatabase({ dataDir: await tempDataDir(t), databaseUrl });
  t.teardown(() => db.close());
  const store = databaseAttachmentStore(db);
  const dir = await tempDataDir(t);
  const file = path.join(dir, 'big.pdf');
  await writeFile(file, pdfOfSize(5 * 1024 * 1024));
  const storedPath = store.placeOf(randomUUID(), '1-big.pdf');
  const bytes = await readFile(file);
  await db.transaction((tx) => store.storeInTransaction(tx, received(file, bytes), storedPath));
  let largest = 0;
  let total = 0;
  for await (const chunk of store.open(storedPath)) {
    largest = Math.max(largest, (chunk as Buffer).length);
    total += (chunk as Buffer).length;
  }
  t.equal(total, 5 * 1024 * 1024);
  t.equal(largest, 256 * 1024, 'no piece larger than one chunk');
  t.ok((await readFile(file)).length === total);
});
