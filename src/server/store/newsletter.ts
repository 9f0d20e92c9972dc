/** Newsletter subscribers: pending until the signed link is used, confirmed once. */
import type { Language } from '#app/i18n/language.ts';
import type { QueuedMail } from '../forms/submissions.ts';
import { transaction, type Database } from './database.ts';
import { enqueueMail } from './outbox.ts';

/** Called inside the subscription's transaction; a confirmed subscriber stays confirmed. */
export function recordPendingSubscriber(db: Database, email: string, language: Language, now: Date): void {
  db.prepare(
    `INSERT INTO newsletter_subscribers (email, language, status, subscribed_at) VALUES (?, ?, 'pending', ?)
     ON CONFLICT (email) DO UPDATE SET language = excluded.language WHERE status = 'pending'`,
  ).run(email, language, now.toISOString());
}

export function isSubscribed(db: Database, email: string): boolean {
  return db.prepare(`SELECT 1 FROM newsletter_subscribers WHERE email = ? AND status = 'confirmed'`).get(email) !== undefined;
}

/** Confirms a subscriber (known or not: the signed link proves the address); mails go out the first time only. */
export function confirmSubscriber(db: Database, email: string, language: Language, mails: () => QueuedMail[], now = new Date()): 'confirmed' | 'already-confirmed' {
  return transaction(db, () => {
    const row = db.prepare('SELECT status FROM newsletter_subscribers WHERE email = ?').get(email) as { status: string } | undefined;
    if (row?.status === 'confirmed') return 'already-confirmed';
    db.prepare(
      `INSERT INTO newsletter_subscribers (email, language, status, subscribed_at, confirmed_at) VALUES (?, ?, 'confirmed', ?, ?)
       ON CONFLICT (email) DO UPDATE SET status = 'confirmed', confirmed_at = excluded.confirmed_at`,
    ).run(email, language, now.toISOString(), now.toISOString());
    db.prepare(`UPDATE submissions SET status = 'confirmed', confirmed_at = ? WHERE form = 'newsletter' AND email = ? AND status = 'pending'`).run(now.toISOString(), email);
    for (const { purpose, mail } of mails()) enqueueMail(db, null, purpose, mail, now.getTime());
    return 'confirmed';
  });
}

export type UnsubscribeResult = 'unsubscribed' | 'not-subscribed';

/**
 * Takes the address off the mailing list. The sign-up stays as proof of consent, marked as
 * withdrawn, until the retention job deletes it; a second use of the link changes nothing.
 */
export function unsubscribe(db: Database, email: string, now = new Date()): UnsubscribeResult {
  return transaction(db, () => {
    const removed = db.prepare('DELETE FROM newsletter_subscribers WHERE lower(email) = lower(?)').run(email).changes;
    const withdrawn = db
      .prepare(`UPDATE submissions SET status = 'unsubscribed', withdrawn_at = ? WHERE form = 'newsletter' AND lower(email) = lower(?) AND status IN ('pending', 'confirmed')`)
      .run(now.toISOString(), email).changes;
    return removed > 0 || withdrawn > 0 ? 'unsubscribed' : 'not-subscribed';
  });
}

export interface Subscriber {
  email: string;
  language: Language;
  confirmed_at: string;
}

/** The mailing list: every confirmed subscriber. */
export function confirmedSubscribers(db: Database): Subscriber[] {
  return db.prepare(`SELECT email, language, confirmed_at FROM newsletter_subscribers WHERE status = 'confirmed' ORDER BY confirmed_at, email`).all() as unknown as Subscriber[];
}
