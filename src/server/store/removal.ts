/**
 * Removes submissions with everything that belongs to them: their files' rows (and chunks),
 * their mails (queued or sent). The files kept outside the database are deleted by the
 * attachment store once the transaction has committed. Used by the retention job and by an
 * erasure request alike.
 */
import type { RemovedFiles } from '../uploads/attachment-store.ts';
import { inJsonList, type SqlClient } from './sql.ts';

export interface RemovedRows extends RemovedFiles {
  submissions: number;
  /** Uploaded files (attachment rows) removed. */
  attachments: number;
  mails: number;
}

/** Runs inside the caller's transaction; files kept in the database go with their rows. */
export async function removeSubmissionRows(tx: SqlClient, ids: readonly string[]): Promise<RemovedRows> {
  if (ids.length === 0) return { submissions: 0, attachments: 0, mails: 0, submissionIds: [], storedPaths: [] };
  const list = JSON.stringify(ids);
  const inList = inJsonList(tx.dialect);
  const stored = await tx.all<{ stored_path: string }>(
    `SELECT stored_path FROM attachments WHERE submission_id ${inList}`,
    [list],
  );
  await tx.run(
    `DELETE FROM attachment_chunks WHERE stored_path IN (SELECT stored_path FROM attachments WHERE submission_id ${inList})`,
    [list],
  );
  const attachments = await tx.run(`DELETE FROM attachments WHERE submission_id ${inList}`, [list]);
  const mails = await tx.run(`DELETE FROM outbox WHERE submission_id ${inList}`, [list]);
  const submissions = await tx.run(`DELETE FROM submissions WHERE id ${inList}`, [list]);
  return { submissions, attachments, mails, submissionIds: ids, storedPaths: stored.map((row) => row.stored_path) };
}
