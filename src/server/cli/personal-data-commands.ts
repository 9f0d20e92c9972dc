/**
 * The operators' answers to a person's requests under the GDPR: what is stored about an
 * address (Art. 15), the same as JSON to hand over (Art. 20), and its erasure (Art. 17).
 */
import type { ErasureReport, PersonalData } from '../store/personal-data.ts';

export const EMAIL_ARGUMENT = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

const isEmpty = (data: PersonalData) =>
  data.submissions.length +
    data.newsletter.length +
    data.mails.length +
    data.galaxyAccounts.length +
    data.galaxyInvitations.length ===
  0;

export function describePersonalData(data: PersonalData): string {
  if (isEmpty(data)) return `Nothing is stored about ${data.email}.`;
  const lines = [`Stored about ${data.email}:`];
  if (data.submissions.length) {
    lines.push('', `submissions (${data.submissions.length}):`);
    for (const submission of data.submissions) {
      lines.push(
        `  ${submission.receivedAt} ${submission.form} ${submission.id} (${submission.status}${submission.withdrawnAt ? `, withdrawn ${submission.withdrawnAt}` : ''})`,
      );
      for (const [key, value] of Object.entries(submission.fields))
        lines.push(`    ${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`);
      for (const file of submission.files)
        lines.push(
          `    file ${file.field}: ${file.fileName} (${file.contentType}, ${file.size} bytes) ${file.storedPath}`,
        );
    }
  }
  if (data.newsletter.length) {
    lines.push('', 'newsletter:');
    for (const row of data.newsletter)
      lines.push(`  ${row.status} since ${row.confirmedAt ?? row.subscribedAt} (${row.language})`);
  }
  if (data.mails.length) {
    lines.push('', `mails (${data.mails.length}):`);
    for (const mail of data.mails)
      lines.push(`  #${mail.id} ${mail.purpose} to ${mail.recipient}: ${mail.status}, "${mail.subject}"`);
  }
  if (data.galaxyAccounts.length) {
    lines.push('', 'Galaxy accounts:');
    for (const account of data.galaxyAccounts)
      lines.push(`  ${account.uid} ${account.role} since ${account.createdAt}`);
  }
  if (data.galaxyInvitations.length) {
    lines.push('', 'Galaxy invitations:');
    for (const invitation of data.galaxyInvitations)
      lines.push(`  ${invitation.role}, valid until ${invitation.expiresAt}`);
  }
  return lines.join('\n');
}

export function describeErasure(email: string, report: ErasureReport): string {
  const parts = [
    `${report.submissions} submission(s)`,
    `${report.files} file(s)`,
    `${report.mails} mail(s)`,
    `${report.newsletter} newsletter subscription(s)`,
    `${report.galaxyAccounts} Galaxy account(s)`,
    `${report.galaxyInvitations} Galaxy invitation(s)`,
  ];
  const wal =
    report.engine === 'postgres'
      ? 'PostgreSQL overwrites the erased rows when it reuses their space (autovacuum); backups taken before now still hold them until they expire.'
      : report.walTruncated
        ? 'The write-ahead log was checkpointed and truncated: no copy of the erased data is left in the database files.'
        : 'WARNING: the write-ahead log could not be truncated because another process held it open; run the command again (it then truncates it).';
  const files = report.filesLeft
    ? `\nWARNING: the files could not be deleted now (${report.filesLeft}); they belong to no submission any more, and the retention job deletes them at its next run.`
    : '';
  return `Erased everything stored about ${email}: ${parts.join(', ')}.\n${wal}${files}`;
}
