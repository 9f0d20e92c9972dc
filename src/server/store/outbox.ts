/** Mails waiting to be sent, written in the same transaction as the submission they belong to. */
import { type Database, type SqlClient, skipLocked } from './sql.ts';

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

export async function enqueueMail(
  db: SqlClient,
  submissionId: string | null,
  purpose: MailPurpose,
  mail: OutgoingMail,
  now = Date.now(),
): Promise<number> {
  const row = await db.get<{ id: number }>(
    `INSERT INTO outbox (submission_id, purpose, recipient, message, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
    [submissionId, purpose, mail.to.join(', '), JSON.stringify(mail), now, new Date(now).toISOString()],
  );
  return Number(row!.id);
}

/**
 * Takes due mails for sending, each leased to one worker (named by owner) until the lease
 * ends: no other worker, in this replica or another, takes it meanwhile. A mail whose worker
 * died is taken over once its lease has run out.
 */
export async function claimDueMails(
  db: Database,
  owner: string,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const rows = await db.transaction((tx) =>
    tx.all<RawOutboxRow>(
      `UPDATE outbox SET status = 'sending', lease_until = ?, lease_owner = ?
       WHERE id IN (
         SELECT id FROM outbox
         WHERE (status = 'pending' AND next_attempt_at <= ?) OR (status = 'sending' AND lease_until <= ?)
         ORDER BY next_attempt_at, id LIMIT ?${skipLocked(tx.dialect)}
       )
       RETURNING id, submission_id, purpose, message, attempts`,
      [now + leaseMs, owner, now, now, limit],
    ),
  );
  return rows
    .sort((a, b) => a.id - b.id)
    .map((row) => ({
      id: row.id,
      submissionId: row.submission_id,
      purpose: row.purpose,
      mail: JSON.parse(row.message) as OutgoingMail,
      attempts: row.attempts,
    }));
}

/** Marks a mail sent, if this worker still holds its lease; answers whether it did. */
export async function markSent(db: SqlClient, id: number, owner: string, now = Date.now()): Promise<boolean> {
  const changed = await db.run(
    `UPDATE outbox SET status = 'sent', sent_at = ?, lease_until = NULL, lease_owner = NULL, attempts = attempts + 1, last_error = NULL
     WHERE id = ? AND status = 'sending' AND lease_owner = ?`,
    [new Date(now).toISOString(), id, owner],
  );
  return changed === 1;
}

/** Records a failed attempt: back to pending at retryAt, or failed for good when retryAt is null. */
export async function markAttemptFailed(
  db: SqlClient,
  id: number,
  owner: string,
  error: string,
  retryAt: number | null,
): Promise<void> {
  await db.run(
    `UPDATE outbox SET status = ?, attempts = attempts + 1, last_error = ?, lease_until = NULL, lease_owner = NULL, next_attempt_at = COALESCE(?, next_attempt_at)
     WHERE id = ? AND status = 'sending' AND lease_owner = ?`,
    [retryAt === null ? 'failed' : 'pending', error.slice(0, 1000), retryAt, id, owner],
  );
}

export interface OutboxCounts {
  pending: number;
  sending: number;
  sent: number;
  failed: number;
}

export async function outboxCounts(db: SqlClient): Promise<OutboxCounts> {
  const counts: OutboxCounts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of await db.all<{ status: keyof OutboxCounts; n: number }>(
    'SELECT status, COUNT(*) AS n FROM outbox GROUP BY status',
  )) {
    counts[row.status] = Number(row.n);
  }
  return counts;
}

/** When the longest-waiting pending mail was queued; undefined when none waits. */
export async function oldestPendingMail(db: SqlClient): Promise<Date | undefined> {
  const row = await db.get<{ at: string | null }>(`SELECT MIN(created_at) AS at FROM outbox WHERE status = 'pending'`);
  return row?.at ? new Date(row.at) : undefined;
}

/**
 * Sends a failed mail again (the operators' `retry`): back to pending, due now, its attempts
 * counted afresh. Answers whether there was such a failed mail.
 */
export async function retryFailedMail(db: SqlClient, id: number, now = Date.now()): Promise<boolean> {
  const changed = await db.run(
    `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, lease_until = NULL, lease_owner = NULL WHERE id = ? AND status = 'failed'`,
    [now, id],
  );
  return changed === 1;
}
