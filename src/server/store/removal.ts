/**
 * Removes submissions with everything that belongs to them: their files' rows, their mails
 * (queued or sent) and, once the transaction has committed, the files themselves. Used by the
 * retention job and by an erasure request alike.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database.ts';

export interface RemovedRows {
  submissions: number;
  /** Uploaded files (attachment rows) removed. */
  attachments: number;
  mails: number;
  /** Upload folders and files to delete once the rows are gone for good. */
  files: string[];
}

/** Runs inside the caller's transaction. */
export function removeSubmissionRows(db: Database, ids: readonly string[], uploadsDir: string): RemovedRows {
  if (ids.length === 0) return { submissions: 0, attachments: 0, mails: 0, files: [] };
  const list = JSON.stringify(ids);
  const inList = 'IN (SELECT value FROM json_each(?))';
  const stored = db.prepare(`SELECT stored_path FROM attachments WHERE submission_id ${inList}`).all(list) as { stored_path: string }[];
  const attachments = Number(db.prepare(`DELETE FROM attachments WHERE submission_id ${inList}`).run(list).changes);
  const mails = Number(db.prepare(`DELETE FROM outbox WHERE submission_id ${inList}`).run(list).changes);
  const submissions = Number(db.prepare(`DELETE FROM submissions WHERE id ${inList}`).run(list).changes);
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
