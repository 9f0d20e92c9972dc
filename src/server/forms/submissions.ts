/** Submissions with their files and mails, each written in one transaction before anyone is told it worked. */
import { randomUUID } from 'node:crypto';
import type { Language } from '#app/i18n/language.ts';
import { transaction, type Database } from '../store/database.ts';
import { enqueueMail, type MailPurpose, type OutgoingMail } from '../store/outbox.ts';

export type FormName = 'contact' | 'contact-technology' | 'contact-omr' | 'event' | 'application' | 'newsletter';

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
  beforeCommit?: (id: string) => void;
  now?: Date;
  id?: string;
}

export function saveSubmission(db: Database, submission: NewSubmission, options: SaveOptions): string {
  const id = options.id ?? randomUUID();
  const now = options.now ?? new Date();
  transaction(db, () => {
    db.prepare(
      `INSERT INTO submissions (id, form, language, email, name, payload, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, submission.form, submission.language, submission.email, submission.name ?? null, JSON.stringify(submission.payload), submission.status, now.toISOString());
    const insertAttachment = db.prepare(
      `INSERT INTO attachments (id, submission_id, field, file_name, stored_path, content_type, size, sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const file of options.attachments ?? []) {
      insertAttachment.run(randomUUID(), id, file.field, file.fileName, file.storedPath, file.contentType, file.size, file.sha256);
    }
    for (const { purpose, mail } of options.mails(id)) enqueueMail(db, id, purpose, mail, now.getTime());
    options.beforeCommit?.(id);
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

export function findSubmission(db: Database, id: string): SubmissionRow | undefined {
  return db.prepare('SELECT * FROM submissions WHERE id = ?').get(id) as SubmissionRow | undefined;
}

/**
 * Whether this address already asked for this double opt-in within the link's lifetime
 * (and it is not yet past): then no second mail goes out, and the answer stays the same.
 */
export function hasOpenOptIn(db: Database, form: 'event' | 'newsletter', email: string, since: Date, event?: string): boolean {
  const rows = db
    .prepare(`SELECT payload FROM submissions WHERE form = ? AND email = ? AND status IN ('pending', 'confirmed') AND created_at >= ?`)
    .all(form, email, since.toISOString()) as { payload: string }[];
  return rows.some((row) => event === undefined || (JSON.parse(row.payload) as { event?: unknown }).event === event);
}

export type ConfirmResult = 'confirmed' | 'already-confirmed' | 'unknown';

/** Confirms a pending submission once; its follow-up mails are queued only the first time. */
export function confirmSubmission(db: Database, id: string, form: FormName, mails: (row: SubmissionRow) => QueuedMail[], now = new Date()): ConfirmResult {
  return transaction(db, () => {
    const row = db.prepare('SELECT * FROM submissions WHERE id = ? AND form = ?').get(id, form) as SubmissionRow | undefined;
    if (!row) return 'unknown';
    if (row.status === 'confirmed') return 'already-confirmed';
    db.prepare(`UPDATE submissions SET status = 'confirmed', confirmed_at = ? WHERE id = ?`).run(now.toISOString(), id);
    for (const { purpose, mail } of mails(row)) enqueueMail(db, id, purpose, mail, now.getTime());
    return 'confirmed';
  });
}
