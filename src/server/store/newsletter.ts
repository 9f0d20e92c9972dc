/** Newsletter subscribers: pending until the person confirms their sign-up, confirmed once, off the list when they withdraw. */
import type { Language } from '#app/i18n/language.ts';
import type { QueuedMail, SubmissionRow } from '../forms/submissions.ts';
import { emailKey } from './email-key.ts';
import { enqueueMail } from './outbox.ts';
import type { Database, SqlClient } from './sql.ts';

/** Called inside the subscription's transaction; a confirmed subscriber stays confirmed. */
export async function recordPendingSubscriber(
  tx: SqlClient,
  email: string,
  language: Language,
  now: Date,
): Promise<void> {
  await tx.run(
    `INSERT INTO newsletter_subscribers (email, language, status, subscribed_at) VALUES (?, ?, 'pending', ?)
     ON CONFLICT (email) DO UPDATE SET language = excluded.language WHERE newsletter_subscribers.status = 'pending'`,
    [emailKey(email), language, now.toISOString()],
  );
}

export async function isSubscribed(db: SqlClient, email: string): Promise<boolean> {
  return (
    (await db.get(`SELECT 1 FROM newsletter_subscribers WHERE email = ? AND status = 'confirmed'`, [
      emailKey(email),
    ])) !== undefined
  );
}

export type SignUpConfirmation = 'confirmed' | 'already-confirmed' | 'withdrawn' | 'unknown';

/**
 * Confirms one pending sign-up, named by its id (the confirmation link carries nothing
 * else), and puts its address on the list; mails go out the first time only. A sign-up that
 * was withdrawn or erased is never confirmed again, and no address is listed without a
 * stored sign-up, so the list and the proof of consent always agree. One conditional update
 * decides, so two replicas using the link at once confirm it once.
 */
export async function confirmSignUp(
  db: Database,
  signUpId: string,
  mails: (signUp: SubmissionRow) => QueuedMail[],
  now = new Date(),
): Promise<SignUpConfirmation> {
  return db.transaction(async (tx) => {
    const signUp = await tx.get<SubmissionRow>(
      `UPDATE submissions SET status = 'confirmed', confirmed_at = ? WHERE id = ? AND form = 'newsletter' AND status = 'pending' RETURNING *`,
      [now.toISOString(), signUpId],
    );
    if (!signUp) {
      const row = await tx.get<{ status: string }>(
        `SELECT status FROM submissions WHERE id = ? AND form = 'newsletter'`,
        [signUpId],
      );
      return row === undefined ? 'unknown' : row.status === 'confirmed' ? 'already-confirmed' : 'withdrawn';
    }
    const listed = await tx.run(
      `INSERT INTO newsletter_subscribers (email, language, status, subscribed_at, confirmed_at) VALUES (?, ?, 'confirmed', ?, ?)
       ON CONFLICT (email) DO UPDATE SET status = 'confirmed', language = excluded.language, confirmed_at = excluded.confirmed_at WHERE newsletter_subscribers.status <> 'confirmed'`,
      [emailKey(signUp.email), signUp.language, signUp.created_at, now.toISOString()],
    );
    // Already on the list through another sign-up: this one is confirmed too, and nothing is mailed twice.
    if (listed > 0)
      for (const { purpose, mail } of mails(signUp)) await enqueueMail(tx, null, purpose, mail, now.getTime());
    return 'confirmed';
  });
}

/** The address of a newsletter sign-up, whatever became of it: an unsubscribe link names the sign-up, not the address. */
export async function signUpAddress(db: SqlClient, signUpId: string): Promise<string | undefined> {
  return (
    await db.get<{ email: string }>(`SELECT email FROM submissions WHERE id = ? AND form = 'newsletter'`, [signUpId])
  )?.email;
}

export type UnsubscribeResult = 'unsubscribed' | 'not-subscribed';

/**
 * Takes the address off the mailing list. The sign-up stays as proof of consent, marked as
 * withdrawn, until the retention job deletes it; a second use of the link changes nothing.
 */
export async function unsubscribe(db: Database, email: string, now = new Date()): Promise<UnsubscribeResult> {
  return db.transaction(async (tx) => {
    const key = emailKey(email);
    const removed = await tx.run('DELETE FROM newsletter_subscribers WHERE email = ?', [key]);
    const withdrawn = await tx.run(
      `UPDATE submissions SET status = 'unsubscribed', withdrawn_at = ? WHERE form = 'newsletter' AND email = ? AND status IN ('pending', 'confirmed')`,
      [now.toISOString(), key],
    );
    return removed > 0 || withdrawn > 0 ? 'unsubscribed' : 'not-subscribed';
  });
}

export interface Subscriber {
  email: string;
  language: Language;
  confirmed_at: string;
  /** The confirmed sign-up the address is listed by, which its unsubscribe links name. */
  sign_up_id: string | null;
}

/** The mailing list: every confirmed subscriber, with the sign-up that put it there. */
export async function confirmedSubscribers(db: SqlClient): Promise<Subscriber[]> {
  return db.all<Subscriber>(
    `SELECT email, language, confirmed_at,
       (SELECT s.id FROM submissions s WHERE s.form = 'newsletter' AND s.status = 'confirmed' AND s.email = newsletter_subscribers.email ORDER BY s.confirmed_at DESC LIMIT 1) AS sign_up_id
     FROM newsletter_subscribers WHERE status = 'confirmed' ORDER BY confirmed_at, email`,
  );
}
