/**
 * Removes submissions with everything that belongs to them: their files' rows, their mails
 * (queued or sent) and, once the transaction has committed, the files themselves. Used by the
 * retention job and by an erasure request alike.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { inJsonList, type SqlClient } from './sql.ts';

export interface RemovedRows {
  submissions: number;
  /** Uploaded files (attachment rows) removed. */
  attachments: number;
  mails: number;
  /** Upload folders and files to delete once the rows are gone for good. */
  files: string[];
}

/** Runs inside the caller's transaction; files kept in the database go with their rows. */
export async function removeSubmissionRows(tx: SqlClient, ids: readonly string[], uploadsDir: string): Promise<RemovedRows> {
  if (ids.length === 0) return { submissions: 0, attachments: 0, mails: 0, files: [] };
  const list = JSON.stringify(ids);
  const inList = inJsonList(tx.dialect);
  const stored = await tx.all<{ stored_path: string }>(`SELECT stored_path FROM attachments WHERE submission_id ${inList}`, [list]);
  await tx.run(`DELETE FROM attachment_chunks WHERE stored_path IN (SELECT stored_path FROM attachments WHERE submission_id ${inList})`, [list]);
  const attachments = await tx.run(`DELETE FROM attachments WHERE submission_id ${inList}`, [list]);
  const mails = await tx.run(`DELETE FROM outbox WHERE submission_id ${inList}`, [list]);
  const submissions = await tx.run(`DELETE FROM submissions WHERE id ${inList}`, [list]);
  const folders = ids.map((id) => path.join(uploadsDir, id));
  const files = stored.map((row) => row.stored_path).filter((file) => !folders.some((folder) => file.startsWith(folder + path.sep)));
  return { submissions, attachments, mails, files: [...files, ...folders].filter((file) => isInside(uploadsDir, file)) };
}

/** Deletes the files of removed rows; a file already gone is fine. */
export async function deleteRemovedFiles(files: readonly string[]): Promise<void> {
  for (const file of files) await rm(file, { recursive: true, force: true });
}

/** A stored path is only ever deleted inside the uploads folder, whatever a row says. */
function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
