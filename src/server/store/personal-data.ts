/**
 * Everything the site stores about one email address: for an access request (Art. 15 GDPR),
 * an export (Art. 20) and an erasure (Art. 17). An address is matched by its key (email-key.ts),
 * whatever its case, as mail systems treat it: the rows that store it as a key hold it folded, and
 * the others (a contact form's sender) are folded by lower(), which agrees for the ASCII addresses
 * the forms accept. A mail counts when it was sent to the address or names it.
 */

import type { AttachmentStore } from '../uploads/attachment-store.ts';
import { emailKey } from './email-key.ts';
import { removeSubmissionRows } from './removal.ts';
import { containsIgnoringCase, type Database, type Dialect, inJsonList, type SqlClient } from './sql.ts';

export interface StoredSubmission {
  id: string;
  form: string;
  language: string;
  status: string;
  receivedAt: string;
  confirmedAt: string | null;
  withdrawnAt: string | null;
  name: string | null;
  email: string;
  fields: Record<string, unknown>;
  files: { field: string; fileName: string; contentType: string; size: number; sha256: string; storedPath: string }[];
}

export interface StoredMail {
  id: number;
  submissionId: string | null;
  purpose: string;
  recipient: string;
  status: string;
  queuedAt: string;
  sentAt: string | null;
  subject: string;
}

export interface PersonalData {
  email: string;
  submissions: StoredSubmission[];
  newsletter: { email: string; language: string; status: string; subscribedAt: string; confirmedAt: string | null }[];
  mails: StoredMail[];
  galaxyAccounts: { uid: string; email: string; name: string | null; role: string; createdAt: string }[];
  galaxyInvitations: { email: string; role: string; invitedAt: string; expiresAt: string }[];
}

const SUBMISSIONS_OF = `SELECT id FROM submissions WHERE lower(email) = ?`;
const mailsOf = (dialect: Dialect) =>
  `SELECT id FROM outbox WHERE submission_id IN (${SUBMISSIONS_OF}) OR ${containsIgnoringCase(dialect, 'recipient')} OR ${containsIgnoringCase(dialect, 'message')}`;

export async function findPersonalData(db: SqlClient, address: string): Promise<PersonalData> {
  const email = emailKey(address);
  const submissionRows = await db.all<Record<string, string | null>>(
    `SELECT id, form, language, status, created_at, confirmed_at, withdrawn_at, name, email, payload FROM submissions WHERE id IN (${SUBMISSIONS_OF}) ORDER BY created_at`,
    [email],
  );
  const submissions: StoredSubmission[] = [];
  for (const row of submissionRows) {
    const files = await db.all<Record<string, string | number>>(
      'SELECT field, file_name, content_type, size, sha256, stored_path FROM attachments WHERE submission_id = ? ORDER BY field, file_name',
      [String(row.id)],
    );
    submissions.push({
      id: String(row.id),
      form: String(row.form),
      language: String(row.language),
      status: String(row.status),
      receivedAt: String(row.created_at),
      confirmedAt: row.confirmed_at ?? null,
      withdrawnAt: row.withdrawn_at ?? null,
      name: row.name ?? null,
      email: String(row.email),
      fields: JSON.parse(String(row.payload)) as Record<string, unknown>,
      files: files.map((file) => ({
        field: String(file.field),
        fileName: String(file.file_name),
        contentType: String(file.content_type),
        size: Number(file.size),
        sha256: String(file.sha256),
        storedPath: String(file.stored_path),
      })),
    });
  }
  const mails = (
    await db.all<Record<string, string | number | null>>(
      `SELECT id, submission_id, purpose, recipient, status, created_at, sent_at, message FROM outbox WHERE id IN (${mailsOf(db.dialect)}) ORDER BY id`,
      [email, email, email],
    )
  ).map(
    (row): StoredMail => ({
      id: Number(row.id),
      submissionId: row.submission_id === null ? null : String(row.submission_id),
      purpose: String(row.purpose),
      recipient: String(row.recipient),
      status: String(row.status),
      queuedAt: String(row.created_at),
      sentAt: row.sent_at === null ? null : String(row.sent_at),
      subject: (JSON.parse(String(row.message)) as { subject?: string }).subject ?? '',
    }),
  );
  const rowsOf = (sql: string) => db.all<Record<string, string | null>>(sql, [email]);
  return {
    email: address,
    submissions,
    newsletter: (await rowsOf('SELECT * FROM newsletter_subscribers WHERE lower(email) = ?')).map((row) => ({
      email: String(row.email),
      language: String(row.language),
      status: String(row.status),
      subscribedAt: String(row.subscribed_at),
      confirmedAt: row.confirmed_at ?? null,
    })),
    mails,
    galaxyAccounts: (await rowsOf('SELECT * FROM galaxy_accounts WHERE lower(email) = ? ORDER BY uid')).map((row) => ({
      uid: String(row.uid),
      email: String(row.email),
      name: row.name ?? null,
      role: String(row.role),
      createdAt: String(row.created_at),
    })),
    galaxyInvitations: (await rowsOf('SELECT * FROM galaxy_invitations WHERE lower(email) = ?')).map((row) => ({
      email: String(row.email),
      role: String(row.role),
      invitedAt: String(row.invited_at),
      expiresAt: String(row.expires_at),
    })),
  };
}

export interface ErasureReport {
  submissions: number;
  files: number;
  mails: number;
  newsletter: number;
  galaxyAccounts: number;
  galaxyInvitations: number;
  /** Whether node:sqlite's write-ahead log was emptied, so no erased bytes remain in it (always false on PostgreSQL, whose vacuum reclaims them). */
  walTruncated: boolean;
  engine: Dialect;
  /** Why files kept outside the database could not be deleted now (the retention job's sweep deletes them later). */
  filesLeft?: string;
}

/**
 * Deletes everything stored about the address, files included. On node:sqlite deleted rows
 * are overwritten in the database file (secure_delete is on for every connection), then a
 * checkpoint moves the last pages out of the write-ahead log and truncates it, so no copy of
 * the erased bytes stays behind.
 */
export async function erasePersonalData(
  db: Database,
  address: string,
  attachments: AttachmentStore,
): Promise<ErasureReport> {
  const email = emailKey(address);
  const { removed, ...counts } = await db.transaction(async (tx) => {
    const ids = (await tx.all<{ id: string }>(SUBMISSIONS_OF, [email])).map((row) => row.id);
    // Mails sent to the address or naming it outside its own submissions (a subscriber's welcome mail).
    const mails = await tx.run(
      `DELETE FROM outbox WHERE id IN (${mailsOf(tx.dialect)}) AND (submission_id IS NULL OR submission_id NOT ${inJsonList(tx.dialect)})`,
      [email, email, email, JSON.stringify(ids)],
    );
    const removed = await removeSubmissionRows(tx, ids);
    return {
      removed,
      mails: mails + removed.mails,
      newsletter: await tx.run('DELETE FROM newsletter_subscribers WHERE lower(email) = ?', [email]),
      galaxyAccounts: await tx.run('DELETE FROM galaxy_accounts WHERE lower(email) = ?', [email]),
      galaxyInvitations: await tx.run('DELETE FROM galaxy_invitations WHERE lower(email) = ?', [email]),
    };
  });
  let filesLeft: string | undefined;
  try {
    await attachments.discard(removed);
  } catch (error) {
    // The rows are gone for good; the files belong to no submission now and the sweep finds them.
    filesLeft = (error as Error).message;
  }
  return {
    submissions: removed.submissions,
    files: removed.attachments,
    ...counts,
    walTruncated: await db.purgeDeleted(),
    engine: db.dialect,
    ...(filesLeft ? { filesLeft } : {}),
  };
}
