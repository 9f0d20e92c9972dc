/** Newsletter subscribers: pending until the signed link is used, confirmed once. */
import type { Language } from '#app/i18n/language.ts';
import type { QueuedMail } from '../forms/submissions.ts';
import { enqueueMail } from './outbox.ts';
import type { Database, SqlClient } from './sql.ts';

/** Called inside the subscription's transaction; a confirmed subscriber stays confirmed. */
export async function recordPendingSubscriber(tx: SqlClient, email: string, language: Language, now: Date): Promise<void> {
  await tx.run(
    `INSERT INTO newsletter_subscribers (email, language, status, subscribed_at) VALUES (?, ?, 'pending', ?)
     ON CONFLICT (email) DO UPDATE SET language = excluded.language WHERE newsletter_subscribers.status = 'pending'`,
    [email, language, now.toISOString()],
  );
}

export async function isSubscribed(db: SqlClient, email: string): Promise<boolean> {
  return (await db.get(`SELECT 1 FROM newsletter_subscribers WHERE email = ? AND status = 'confirmed'`, [email])) !== undefined;
}

/**
 * Confirms a subscriber (known or not: the signed link proves the address); mails go out the
 * first time only. One conditional upsert decides, so two replicas using the link at once confirm once.
 */
export async function confirmSubscriber(db: Database, email: string, language: Language, mails: () => QueuedMail[], now = new Date()): Promise<'confirmed' | 'already-confirmed'> {
  return db.transaction(async (tx) => {
    const changed = await tx.run(
      `INSERT INTO newsletter_subscribers (email, language, status, subscribed_at, confirmed_at) VALUES (?, ?, 'confirmed', ?, ?)
       ON CONFLICT (email) DO UPDATE SET status = 'confirmed', confirmed_at = excluded.confirmed_at WHERE newsletter_subscribers.status <> 'confirmed'`,
      [email, language, now.toISOString(), now.toISOString()],
    );
    if (changed === 0) return 'already-confirmed';
    await tx.run(`UPDATE submissions SET status = 'confirmed', confirmed_at = ? WHERE form = 'newsletter' AND email = ? AND status = 'pending'`, [now.toISOString(), email]);
    for (const { purpose, mail } of mails()) await enqueueMail(tx, null, purpose, mail, now.getTime());
    return 'confirmed';
  });
}

export type UnsubscribeResult = 'unsubscribed' | 'not-subscribed';

/**
 * Takes the address off the mailing list. The sign-up stays as proof of consent, marked as
 * withdrawn, until the retention job deletes it; a second use of the link changes nothing.
 */
export async function unsubscribe(db: Database, email: string, now = new Date()): Promise<UnsubscribeResult> {
  return db.transaction(async (tx) => {
    const removed = await tx.run('DELETE FROM newsletter_subscribers WHERE lower(email) = lower(?)', [email]);
    const withdrawn = await tx.run(
      `UPDATE submissions SET status = 'unsubscribed', withdrawn_at = ? WHERE form = 'newsletter' AND lower(email) = lower(?) AND status IN ('pending', 'confirmed')`,
      [now.toISOString(), email],
    );
    return removed > 0 || withdrawn > 0 ? 'unsubscribed' : 'not-subscribed';
  });
}

export interface Subscriber {
  email: string;
  language: Language;
  confirmed_at: string;
}

/** The mailing list: every confirmed subscriber. */
export async function confirmedSubscribers(db: SqlClient): Promise<Subscriber[]> {
  return db.all<Subscriber>(`SELECT email, language, confirmed_at FROM newsletter_subscribers WHERE status = 'confirmed' ORDER BY confirmed_at, email`);
}
