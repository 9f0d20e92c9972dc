/** Submissions with their files and mails, each written in one transaction before anyone is told it worked. */
import { randomUUID } from 'node:crypto';
import type { FormName } from '#app/forms/form-definitions.ts';
import type { Language } from '#app/i18n/language.ts';
import { emailKey } from '../store/email-key.ts';
import { enqueueMail, type MailPurpose, type OutgoingMail } from '../store/outbox.ts';
import type { Database, SqlClient } from '../store/sql.ts';

export interface NewSubmission {
  form: FormName;
  language: Language;
  email: string;
  name?: string;
  payload: Record<string, unknown>;
  /** received: done; pending: waits for a double opt-in. */
  status: 'received' | 'pending';
}

export interface StoredAttachment {
  field: string;
  fileName: string;
  storedPath: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface QueuedMail {
  purpose: MailPurpose;
  mail: OutgoingMail;
}

export interface SaveOptions {
  attachments?: StoredAttachment[];
  /** The mails of the submission, built once its id is known. */
  mails: (id: string) => QueuedMail[];
  /** Runs inside the transaction before commit; a throw undoes everything. */
  beforeCommit?: (tx: SqlClient, id: string) => Promise<void>;
  now?: Date;
  id?: string;
}

export async function saveSubmission(db: Database, submission: NewSubmission, options: SaveOptions): Promise<string> {
  const id = options.id ?? randomUUID();
  const now = options.now ?? new Date();
  await db.transaction((tx) => writeSubmission(tx, id, submission, options, now));
  return id;
}

async function writeSubmission(
  tx: SqlClient,
  id: string,
  submission: NewSubmission,
  options: SaveOptions,
  now: Date,
): Promise<void> {
  await tx.run(
    `INSERT INTO submissions (id, form, language, email, name, payload, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      submission.form,
      submission.language,
      submission.email,
      submission.name ?? null,
      JSON.stringify(submission.payload),
      submission.status,
      now.toISOString(),
    ],
  );
  for (const file of options.attachments ?? []) {
    await tx.run(
      `INSERT INTO attachments (id, submission_id, field, file_name, stored_path, content_type, size, sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [randomUUID(), id, file.field, file.fileName, file.storedPath, file.contentType, file.size, file.sha256],
    );
  }
  for (const { purpose, mail } of options.mails(id)) await enqueueMail(tx, id, purpose, mail, now.getTime());
  await options.beforeCommit?.(tx, id);
}

export interface OptInOptions extends SaveOptions {
  /**
   * Whether the address already has what it asks for (an open opt-in, a subscription), read
   * inside the transaction with its key (see email-key.ts): then nothing is mailed or kept.
   */
  isRepeat: (tx: SqlClient, email: string) => Promise<boolean>;
}

/**
 * Stores a double opt-in request, its address as a key, unless it repeats one. A repeat is
 * written exactly as a first request is (its mails built and queued, its rows inserted) and
 * then deleted again in the same committed transaction: the answer, the statements run and
 * the commit are the same whether or not the address is known, so neither the answer nor its
 * time tells whether someone signed up. Requests for one address are decided one at a time,
 * also across replicas, so spellings sent at once still get one mail.
 */
export async function saveOptIn(
  db: Database,
  submission: NewSubmission,
  options: OptInOptions,
): Promise<{ id: string; repeat: boolean }> {
  const id = options.id ?? randomUUID();
  const now = options.now ?? new Date();
  const email = emailKey(submission.email);
  const repeat = await db.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await tx.get(`SELECT pg_advisory_xact_lock(${OPT_IN_LOCK}, hashtext(?))`, [email]);
    const repeat = await options.isRepeat(tx, email);
    await writeSubmission(tx, id, { ...submission, email }, options, now);
    if (repeat) {
      await tx.run('DELETE FROM outbox WHERE submission_id = ?', [id]);
      await tx.run('DELETE FROM submissions WHERE id = ?', [id]);
    }
    return repeat;
  });
  return { id, repeat };
}

/** The class of PostgreSQL's two-key advisory locks that stand for one address's opt-in requests. */
const OPT_IN_LOCK = 4_711;

export interface SubmissionRow {
  id: string;
  form: FormName;
  language: Language;
  email: string;
  name: string | null;
  payload: string;
  status: string;
  created_at: string;
  confirmed_at: string | null;
}

export async function findSubmission(db: SqlClient, id: string): Promise<SubmissionRow | undefined> {
  return db.get<SubmissionRow>('SELECT * FROM submissions WHERE id = ?', [id]);
}

/**
 * Whether this address, in any spelling of its case, already asked for this double opt-in
 * within the link's lifetime (and it is not yet past): then no second mail goes out, and the
 * answer stays the same.
 */
export async function hasOpenOptIn(
  db: SqlClient,
  form: 'event' | 'newsletter',
  email: string,
  since: Date,
  event?: string,
): Promise<boolean> {
  const rows = await db.all<{ payload: string }>(
    `SELECT payload FROM submissions WHERE form = ? AND email = ? AND status IN ('pending', 'confirmed') AND created_at >= ?`,
    [form, emailKey(email), since.toISOString()],
  );
  return rows.some((row) => event === undefined || (JSON.parse(row.payload) as { event?: unknown }).event === event);
}

export type ConfirmResult = 'confirmed' | 'already-confirmed' | 'unknown';

/**
 * Confirms a pending submission once; its follow-up mails are queued only the first time. The
 * change is one conditional update, so two replicas using the same link at once confirm it once.
 */
export async function confirmSubmission(
  db: Database,
  id: string,
  form: FormName,
  mails: (row: SubmissionRow) => QueuedMail[],
  now = new Date(),
): Promise<ConfirmResult> {
  return db.transaction(async (tx) => {
    const row = await tx.get<SubmissionRow>(
      `UPDATE submissions SET status = 'confirmed', confirmed_at = ? WHERE id = ? AND form = ? AND status = 'pending' RETURNING *`,
      [now.toISOString(), id, form],
    );
    if (!row)
      return (await tx.get('SELECT 1 FROM submissions WHERE id = ? AND form = ?', [id, form]))
        ? 'already-confirmed'
        : 'unknown';
    for (const { purpose, mail } of mails(row)) await enqueueMail(tx, id, purpose, mail, now.getTime());
    return 'confirmed';
  });
}
