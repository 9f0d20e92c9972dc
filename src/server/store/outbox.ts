/** Mails waiting to be sent, written in the same transaction as the submission they belong to. */
import type { Database } from './database.ts';
import { transaction } from './database.ts';

export interface OutgoingMail {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; path: string; contentType: string }[];
  /** Stable across retries, so a mail sent twice after a crash can be told apart. */
  messageId: string;
  /** A mail to a newsletter subscriber: where a mail program unsubscribes with one click (RFC 8058). */
  listUnsubscribe?: string;
}

export type MailPurpose = 'notification' | 'confirmation' | 'double-opt-in' | 'thank-you';

export interface OutboxRow {
  id: number;
  submissionId: string | null;
  purpose: MailPurpose;
  mail: OutgoingMail;
  attempts: number;
}

interface RawOutboxRow {
  id: number;
  submission_id: string | null;
  purpose: MailPurpose;
  message: string;
  attempts: number;
}

export function enqueueMail(db: Database, submissionId: string | null, purpose: MailPurpose, mail: OutgoingMail, now = Date.now()): number {
  const result = db
    .prepare(
      `INSERT INTO outbox (submission_id, purpose, recipient, message, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(submissionId, purpose, mail.to.join(', '), JSON.stringify(mail), now, new Date(now).toISOString());
  return Number(result.lastInsertRowid);
}

/** Takes due mails for sending: each is leased, so no second worker sends it while the lease runs. */
export function claimDueMails(db: Database, now: number, leaseMs: number, limit: number): OutboxRow[] {
  return transaction(db, () => {
    const rows = db
      .prepare(
        `SELECT id, submission_id, purpose, message, attempts FROM outbox
         WHERE (status = 'pending' AND next_attempt_at <= ?) OR (status = 'sending' AND lease_until <= ?)
         ORDER BY next_attempt_at, id LIMIT ?`,
      )
      .all(now, now, limit) as unknown as RawOutboxRow[];
    const lease = db.prepare(`UPDATE outbox SET status = 'sending', lease_until = ? WHERE id = ?`);
    for (const row of rows) lease.run(now + leaseMs, row.id);
    return rows.map((row) => ({
      id: row.id,
      submissionId: row.submission_id,
      purpose: row.purpose,
      mail: JSON.parse(row.message) as OutgoingMail,
      attempts: row.attempts,
    }));
  });
}

export function markSent(db: Database, id: number, now = Date.now()): boolean {
  const result = db
    .prepare(`UPDATE outbox SET status = 'sent', sent_at = ?, lease_until = NULL, attempts = attempts + 1, last_error = NULL WHERE id = ? AND status = 'sending'`)
    .run(new Date(now).toISOString(), id);
  return result.changes === 1;
}

/** Records a failed attempt: back to pending at retryAt, or failed for good when retryAt is null. */
export function markAttemptFailed(db: Database, id: number, error: string, retryAt: number | null): void {
  db.prepare(
    `UPDATE outbox SET status = ?, attempts = attempts + 1, last_error = ?, lease_until = NULL, next_attempt_at = COALESCE(?, next_attempt_at)
     WHERE id = ? AND status = 'sending'`,
  ).run(retryAt === null ? 'failed' : 'pending', error.slice(0, 1000), retryAt, id);
}

export interface OutboxCounts {
  pending: number;
  sending: number;
  sent: number;
  failed: number;
}

export function outboxCounts(db: Database): OutboxCounts {
  const counts: OutboxCounts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of db.prepare('SELECT status, COUNT(*) AS n FROM outbox GROUP BY status').all() as { status: keyof OutboxCounts; n: number }[]) {
    counts[row.status] = row.n;
  }
  return counts;
}

/** When the longest-waiting pending mail was queued; undefined when none waits. */
export function oldestPendingMail(db: Database): Date | undefined {
  const row = db.prepare(`SELECT MIN(created_at) AS at FROM outbox WHERE status = 'pending'`).get() as { at: string | null } | undefined;
  return row?.at ? new Date(row.at) : undefined;
}

/**
 * Sends a failed mail again (the operators' `retry`): back to pending, due now, its attempts
 * counted afresh. Answers whether there was such a failed mail.
 */
export function retryFailedMail(db: Database, id: number, now = Date.now()): boolean {
  const result = db
    .prepare(`UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, lease_until = NULL WHERE id = ? AND status = 'failed'`)
    .run(now, id);
  return result.changes === 1;
}
