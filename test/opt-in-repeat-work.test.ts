/**
 * A subscription or registration does the same work whether or not the address is known: the
 * same answer, one committed transaction, the same statements (a repeat's rows are written as
 * a new request's are, then deleted again before the commit), so neither the answer nor the time
 * it takes tells whether someone signed up. Tests never time requests: what is compared is the
 * work itself, seen by a second connection to the database and by the server's own.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { FastifyInstance, InjectOptions } from 'fastify';
import t, { type Test } from 'tap';
import type { Database, SqlClient } from '#server/store/sql.ts';
import { DATABASE_FILE } from '#server/store/sqlite-database.ts';
import { build, contentWithTestEvent, TEST_EVENT, tempDataDir } from './helpers/build.ts';

/** What a request did to the database: commits seen by another connection, and the statements of its transactions. */
interface Work {
  commits: number;
  statements: string[][];
}

/** Lets the server's own database record the statements each transaction runs, from now on. */
function recordTransactions(app: FastifyInstance): string[][] {
  const real = app.db;
  const transactions: string[][] = [];
  const recorded = (tx: SqlClient, into: string[]): SqlClient => {
    const noted = (sql: string) => {
      into.push(sql);
      return sql;
    };
    return {
      dialect: tx.dialect,
      all: (sql, params) => tx.all(noted(sql), params),
      get: (sql, params) => tx.get(noted(sql), params),
      run: (sql, params) => tx.run(noted(sql), params),
    };
  };
  const recording: Database = {
    ...real,
    transaction: (fn) =>
      real.transaction((tx) => {
        const statements: string[] = [];
        transactions.push(statements);
        return fn(recorded(tx, statements));
      }),
  };
  app.db = recording;
  return transactions;
}

/** The answer as a visitor sees it, without the headers that differ from one request to the next whoever asks. */
interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

async function observed(
  app: FastifyInstance,
  dataDir: string,
  request: InjectOptions,
): Promise<{ answer: Answer; work: Work }> {
  const file = path.join(dataDir, DATABASE_FILE);
  const observer = new DatabaseSync(file, { readOnly: true });
  const version = () => (observer.prepare('PRAGMA data_version').get() as { data_version: number }).data_version;
  const real = app.db;
  const transactions = recordTransactions(app);
  try {
    const versionBefore = version();
    const response = await app.inject(request);
    const {
      date: _date,
      'x-ratelimit-remaining': _remaining,
      'x-ratelimit-reset': _reset,
      ...headers
    } = response.headers;
    return {
      answer: { statusCode: response.statusCode, body: response.body, headers },
      work: { commits: version() - versionBefore, statements: transactions },
    };
  } finally {
    app.db = real;
    observer.close();
  }
}

/** How a repeat's own rows are deleted again before its transaction commits. */
const DISCARDED = ['DELETE FROM outbox WHERE submission_id = ?', 'DELETE FROM submissions WHERE id = ?'];

/**
 * Sends the opt-in for a first address twice (the second time it is known) and for a second address, and checks the
 * known address's answer and work are a new address's, plus the deletion of what the repeat wrote.
 */
async function knownDoesWhatNewDoes(
  t: Test,
  app: FastifyInstance,
  dataDir: string,
  request: (email: string) => InjectOptions,
) {
  const first = await observed(app, dataDir, request('ida.brandt@example.com'));
  const known = await observed(app, dataDir, request('ida.brandt@example.com'));
  const other = await observed(app, dataDir, request('jonas.weber@example.com'));
  t.equal(first.answer.statusCode, 202);
  t.same(known.answer, first.answer, 'a known address gets the same answer, body and headers');
  t.same(other.answer, first.answer);
  t.equal(other.work.commits, 1, 'a new address commits one transaction');
  t.equal(known.work.commits, 1, 'so does a known one');
  t.same(
    known.work.statements,
    [[...other.work.statements[0]!, ...DISCARDED]],
    'a known address runs every statement a new one runs, then deletes what it wrote',
  );
}

t.test('a newsletter subscription of a known address does what a new one does', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir });
  await knownDoesWhatNewDoes(t, app, dataDir, (email) => ({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email, consent: true, language: 'de' },
  }));
});

t.test('an event registration of a known address does what a new one does', async (t) => {
  const dataDir = await tempDataDir(t);
  const app = await build(t, { DATA_DIR: dataDir, CONTENT_DIR: await contentWithTestEvent(t) });
  await knownDoesWhatNewDoes(t, app, dataDir, (email) => ({
    method: 'POST',
    url: '/api/events',
    payload: { name: 'Ida Brandt', email, terms: true, event: TEST_EVENT, language: 'de' },
  }));
});
