/** Submissions with their files and mails, each written in one transaction before anyone is told it worked. */
import { randomUUID } from 'node:crypto';
import type { FormName } from '#app/forms/form-definitions.ts';
import type { Language } from '#app/i18n/language.ts';
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
  await db.transaction(async (tx) => {
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
  });
  return id;
}

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
 * Whether this address already asked for this double opt-in within the link's lifetime
 * (and it is not yet past): then no second mail goes out, and the answer stays the same.
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
    [form, email, since.toISOString()],
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
