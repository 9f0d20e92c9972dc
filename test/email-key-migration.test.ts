/**
 * Addresses as keys folded to lower case, on both engines: a database at the schema before
 * the migration that folded them, with one mailbox listed under several spellings, keeps one
 * subscriber, the confirmed one with the earliest confirmation, and every sign-up and
 * registration; spellings of one address asking at the same time store one opt-in.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import t from 'tap';
import { hasOpenOptIn, saveOptIn } from '#server/forms/submissions.ts';
import { type Database, openDatabase } from '#server/store/database.ts';
import { postgresSchema, sqliteSchema } from '#server/store/migrations.ts';
import { DATABASE_FILE } from '#server/store/sqlite-database.ts';
import { tempDataDir } from './helpers/build.ts';
import { startPostgres } from './helpers/postgres.ts';

const postgres = await startPostgres(t);

/** The last schema version before addresses were folded. */
const PREVIOUS_VERSION = 5;

const SEED = `
  INSERT INTO newsletter_subscribers (email, language, status, subscribed_at, confirmed_at) VALUES
    ('ida.brandt@example.com', 'de', 'pending', '2026-03-01T08:00:00.000Z', NULL),
    ('IDA.BRANDT@EXAMPLE.COM', 'en', 'confirmed', '2026-02-01T08:00:00.000Z', '2026-02-03T09:00:00.000Z'),
    ('Ida.Brandt@Example.com', 'de', 'confirmed', '2026-01-01T08:00:00.000Z', '2026-01-02T09:00:00.000Z'),
    ('Jonas.Weber@Example.com', 'de', 'pending', '2026-03-02T08:00:00.000Z', NULL);
  INSERT INTO submissions (id, form, language, email, name, payload, status, created_at, confirmed_at) VALUES
    ('00000000-0000-4000-8000-000000000001', 'newsletter', 'de', 'Ida.Brandt@Example.com', NULL, '{}', 'confirmed', '2026-01-01T08:00:00.000Z', '2026-01-02T09:00:00.000Z'),
    ('00000000-0000-4000-8000-000000000002', 'newsletter', 'de', 'ida.brandt@example.com', NULL, '{}', 'pending', '2026-03-01T08:00:00.000Z', NULL),
    ('00000000-0000-4000-8000-000000000003', 'event', 'de', 'Jonas.Weber@Example.com', 'Jonas', '{}', 'confirmed', '2026-01-05T08:00:00.000Z', '2026-01-05T09:00:00.000Z'),
    ('00000000-0000-4000-8000-000000000004', 'event', 'de', 'jonas.weber@example.com', 'Jonas', '{}', 'pending', '2026-03-05T08:00:00.000Z', NULL),
    ('00000000-0000-4000-8000-000000000005', 'contact', 'de', 'Nina.Hof@Example.com', 'Nina', '{}', 'received', '2026-03-06T08:00:00.000Z', NULL);
`;

interface Engine {
  name: string;
  /** A database at PREVIOUS_VERSION holding SEED, opened by this release. */
  migrated(t: { teardown(fn: () => unknown): void }): Promise<Database>;
}

const engines: Engine[] = [
  {
    name: 'node:sqlite',
    async migrated(t) {
      const dataDir = await tempDataDir(t);
      const raw = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
      for (const step of sqliteSchema().slice(0, PREVIOUS_VERSION)) raw.exec(step);
      raw.exec(`PRAGMA user_version = ${PREVIOUS_VERSION}`);
      raw.exec(SEED);
      raw.close();
      const db = await openDatabase({ dataDir });
      t.teardown(() => db.close());
      return db;
    },
  },
  {
    name: 'PostgreSQL',
    async migrated(t) {
      const databaseUrl = await postgres.createDatabase();
      const raw = new pg.Client({ connectionString: databaseUrl });
      await raw.connect();
      try {
        for (const step of postgresSchema().slice(0, PREVIOUS_VERSION)) await raw.query(step);
        await raw.query('CREATE TABLE schema_version (version BIGINT NOT NULL)');
        await raw.query('INSERT INTO schema_version (version) VALUES ($1)', [PREVIOUS_VERSION]);
        await raw.query(SEED);
      } finally {
        await raw.end();
      }
      const db = await openDatabase({ dataDir: await tempDataDir(t), databaseUrl });
      t.teardown(() => db.close());
      return db;
    },
  },
];

for (const engine of engines) {
  t.test(`${engine.name}: one mailbox under several spellings migrates to one confirmed subscriber`, async (t) => {
    const db = await engine.migrated(t);
    t.same(
      await db.all(
        'SELECT email, language, status, subscribed_at, confirmed_at FROM newsletter_subscribers ORDER BY email',
      ),
      [
        {
          email: 'ida.brandt@example.com',
          language: 'de',
          status: 'confirmed',
          subscribed_at: '2026-01-01T08:00:00.000Z',
          confirmed_at: '2026-01-02T09:00:00.000Z',
        },
        {
          email: 'jonas.weber@example.com',
          language: 'de',
          status: 'pending',
          subscribed_at: '2026-03-02T08:00:00.000Z',
          confirmed_at: null,
        },
      ],
      'the confirmed row with the earliest confirmation is kept, every address folded',
    );
    t.same(
      await db.all('SELECT id, form, email, status, confirmed_at FROM submissions ORDER BY id'),
      [
        {
          id: '00000000-0000-4000-8000-000000000001',
          form: 'newsletter',
          email: 'ida.brandt@example.com',
          status: 'confirmed',
          confirmed_at: '2026-01-02T09:00:00.000Z',
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          form: 'newsletter',
          email: 'ida.brandt@example.com',
          status: 'pending',
          confirmed_at: null,
        },
        {
          id: '00000000-0000-4000-8000-000000000003',
          form: 'event',
          email: 'jonas.weber@example.com',
          status: 'confirmed',
          confirmed_at: '2026-01-05T09:00:00.000Z',
        },
        {
          id: '00000000-0000-4000-8000-000000000004',
          form: 'event',
          email: 'jonas.weber@example.com',
          status: 'pending',
          confirmed_at: null,
        },
        {
          id: '00000000-0000-4000-8000-000000000005',
          form: 'contact',
          email: 'Nina.Hof@Example.com',
          status: 'received',
          confirmed_at: null,
        },
      ],
      'every sign-up and registration is kept with its confirmation; a contact keeps the address as written',
    );
    await t.rejects(
      db.run(
        `INSERT INTO newsletter_subscribers (email, language, status, subscribed_at) VALUES ('Jonas.Weber@example.com', 'de', 'pending', '2026-04-01T00:00:00.000Z')`,
      ),
      'a second spelling of a listed address cannot be stored',
    );
  });
}

/** Waits until the condition holds, checking every 20 ms. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

const SPELLINGS = ['kim@example.com', 'Kim@example.com', 'KIM@EXAMPLE.COM', 'kim@Example.com', 'kIm@example.com'];

for (const engine of engines) {
  t.test(`${engine.name}: spellings of one address asking at once store one opt-in`, async (t) => {
    const db = await engine.migrated(t);
    let decided = 0;
    const outcomes = await Promise.all(
      SPELLINGS.map((email) =>
        saveOptIn(
          db,
          { form: 'newsletter', language: 'de', email, payload: {}, status: 'pending' },
          {
            isRepeat: async (tx, key) => {
              const repeat = await hasOpenOptIn(tx, 'newsletter', key, new Date(0));
              decided += 1;
              // On PostgreSQL each request holds its transaction open until every other one has
              // looked too or waits for the address: without that wait, all of them would see none.
              if (db.dialect === 'postgres')
                await until(async () => {
                  const waiting = await db.get<{ n: number }>(
                    "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
                  );
                  return decided + (waiting?.n ?? 0) >= SPELLINGS.length;
                });
              return repeat;
            },
            mails: () => [],
          },
        ),
      ),
    );
    t.equal(outcomes.filter((outcome) => !outcome.repeat).length, 1, 'one of them is the first');
    t.same(
      await db.all("SELECT email FROM submissions WHERE form = 'newsletter' AND email LIKE 'kim%'"),
      [{ email: 'kim@example.com' }],
      'and the only one stored, folded',
    );
  });
}
