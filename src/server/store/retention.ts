/**
 * The retention job: deletes what has been kept as long as the privacy policy says, with
 * its files and its mails, and nothing else. Newsletter subscriptions stay until revoked.
 */

import type { AttachmentStore } from '../uploads/attachment-store.ts';
import { removeSubmissionRows } from './removal.ts';
import type { RetentionPolicy } from './retention-policy.ts';
import { type Database, inJsonList, type SqlClient } from './sql.ts';

const DAY_MS = 86_400_000;
/** A file in place this long without its submission will never get one: no transaction lasts an hour. */
const ORPHAN_AGE_MS = 3_600_000;
const CONTACT_FORMS = ['contact', 'contact-technology', 'contact-omr'] as const;

export interface RetentionRun {
  policy: RetentionPolicy;
  /** How long a double opt-in link is valid: an unconfirmed one is deleted once it expired. */
  confirmationTtlHours: number;
  /** When an event edition ended, by the key its registrations store; undefined for an unknown one. */
  eventEnd: (key: string) => Date | undefined;
  /** Where the files are kept: removed submissions' files are deleted there, and files of no submission swept. */
  attachments: AttachmentStore;
  now?: Date;
}

export interface RetentionReport {
  /** Submissions removed per form and reason, e.g. "contact", "event (unconfirmed)". */
  submissions: Record<string, number>;
  attachments: number;
  /** Files of no stored submission, left by a process that died before its submission was committed. */
  orphanedFiles: number;
  mails: number;
  subscribers: number;
}

interface Candidate {
  id: string;
  form: string;
  status: string;
  payload: string;
  created_at: string;
}

const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/** The ids due for deletion, each with the reason it is reported under. */
async function expiredSubmissions(db: SqlClient, run: RetentionRun, now: Date): Promise<Map<string, string>> {
  const { policy } = run;
  const due = new Map<string, string>();
  const select = (sql: string, ...params: string[]) => db.all<Candidate>(sql, params);

  for (const row of await select(
    `SELECT id, form FROM submissions WHERE form ${inJsonList(db.dialect)} AND created_at < ?`,
    JSON.stringify(CONTACT_FORMS),
    before(now, policy.contactDays * DAY_MS),
  )) {
    due.set(row.id, row.form);
  }
  for (const row of await select(
    `SELECT id FROM submissions WHERE form = 'application' AND created_at < ?`,
    before(now, policy.applicationDays * DAY_MS),
  )) {
    due.set(row.id, 'application');
  }
  // Unconfirmed opt-ins: once the link has expired, nobody can confirm them any more.
  for (const row of await select(
    `SELECT id, form FROM submissions WHERE form IN ('event', 'newsletter') AND status = 'pending' AND created_at < ?`,
    before(now, run.confirmationTtlHours * 3_600_000),
  )) {
    due.set(row.id, `${row.form} (unconfirmed)`);
  }
  // A confirmed registration is kept for the period after its event ended (from receipt when the event is unknown).
  const eventCutoff = now.getTime() - policy.eventDays * DAY_MS;
  for (const row of await select(
    `SELECT id, payload, created_at FROM submissions WHERE form = 'event' AND status = 'confirmed' AND created_at < ?`,
    new Date(eventCutoff).toISOString(),
  )) {
    const key = (JSON.parse(row.payload) as { event?: unknown }).event;
    const end = (typeof key === 'string' ? run.eventEnd(key) : undefined) ?? new Date(row.created_at);
    if (end.getTime() < eventCutoff) due.set(row.id, 'event');
  }
  for (const row of await select(
    `SELECT id FROM submissions WHERE form = 'newsletter' AND status = 'unsubscribed' AND withdrawn_at < ?`,
    before(now, policy.consentProofDays * DAY_MS),
  )) {
    due.set(row.id, 'newsletter (proof of consent)');
  }
  return due;
}

export async function runRetention(db: Database, run: RetentionRun): Promise<RetentionReport> {
  const now = run.now ?? new Date();
  const { removed, due, subscribers, mails } = await db.transaction(async (tx) => {
    const due = await expiredSubmissions(tx, run, now);
    const removed = await removeSubmissionRows(tx, [...due.keys()]);
    // A pending subscriber with no open sign-up left is an address nobody confirmed.
    const subscribers = await tx.run(
      `DELETE FROM newsletter_subscribers WHERE status = 'pending' AND subscribed_at < ?
       AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.form = 'newsletter' AND s.status = 'pending' AND s.email = newsletter_subscribers.email)`,
      [before(now, run.confirmationTtlHours * 3_600_000)],
    );
    const mails = await tx.run(
      `DELETE FROM outbox WHERE submission_id IS NULL AND status IN ('sent', 'failed') AND created_at < ?`,
      [before(now, run.policy.mailDays * DAY_MS)],
    );
    return { removed, due, subscribers, mails };
  });
  await run.attachments.discard(removed);
  const orphanedFiles = await run.attachments.sweep(new Date(now.getTime() - ORPHAN_AGE_MS));
  const submissions: Record<string, number> = {};
  for (const reason of due.values()) submissions[reason] = (submissions[reason] ?? 0) + 1;
  return { submissions, attachments: removed.attachments, orphanedFiles, mails: removed.mails + mails, subscribers };
}
