/**
 * For operators: lists submissions with their mail delivery state, shows one in full,
 * exports them as CSV, sends a failed mail again, answers a person's requests about their
 * data and exports the mailing list. Reads DATA_DIR like the server.
 *
 *   npm run submissions -- list [--form contact] [--limit 50]
 *   npm run submissions -- show <id>
 *   npm run submissions -- export [--form application] > submissions.csv
 *   npm run submissions -- retry <mail number>
 *   npm run submissions -- find|export|erase <email>
 *   npm run submissions -- subscribers > subscribers.csv
 */
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config.ts';
import { createTokenSigner, resolveTokenSecret } from '../forms/tokens.ts';
import { unsubscribeLinks } from '../forms/unsubscribe-link.ts';
import { openDatabase } from '../store/database.ts';
import { confirmedSubscribers } from '../store/newsletter.ts';
import { retryFailedMail } from '../store/outbox.ts';
import { erasePersonalData, findPersonalData } from '../store/personal-data.ts';
import type { Dialect, SqlClient } from '../store/sql.ts';
import { openAttachmentStore } from '../uploads/open-attachment-store.ts';
import { toCsv } from './csv.ts';
import { describeErasure, describePersonalData, EMAIL_ARGUMENT } from './personal-data-commands.ts';
import type { CliResult } from './run-cli.ts';
import { formatTable } from './table.ts';
import { toolCommand } from './tool-command.ts';

interface ListedSubmission {
  id: string;
  created_at: string;
  form: string;
  language: string;
  status: string;
  email: string;
  name: string | null;
  payload: string;
  mails_sent: number;
  mails_pending: number;
  mails_failed: number;
  files: string | null;
}

const listQuery = (dialect: Dialect) => `
  SELECT s.id, s.created_at, s.form, s.language, s.status, s.email, s.name, s.payload,
    (SELECT COUNT(*) FROM outbox o WHERE o.submission_id = s.id AND o.status = 'sent') AS mails_sent,
    (SELECT COUNT(*) FROM outbox o WHERE o.submission_id = s.id AND o.status IN ('pending', 'sending')) AS mails_pending,
    (SELECT COUNT(*) FROM outbox o WHERE o.submission_id = s.id AND o.status = 'failed') AS mails_failed,
    (SELECT ${dialect === 'postgres' ? 'string_agg' : 'group_concat'}(a.file_name, ' ') FROM attachments a WHERE a.submission_id = s.id) AS files
  FROM submissions s
  WHERE (CAST(? AS TEXT) IS NULL OR s.form = ?)
  ORDER BY s.created_at DESC
  LIMIT ?`;

function listed(db: SqlClient, form: string | undefined, limit: number): Promise<ListedSubmission[]> {
  return db.all<ListedSubmission>(listQuery(db.dialect), [form ?? null, form ?? null, limit]);
}

function mailState(row: ListedSubmission): string {
  return [
    `${row.mails_sent} sent`,
    row.mails_pending ? `${row.mails_pending} pending` : '',
    row.mails_failed ? `${row.mails_failed} FAILED` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

async function list(db: SqlClient, form: string | undefined, limit: number): Promise<string> {
  const rows = await listed(db, form, limit);
  if (rows.length === 0) return 'No submissions.';
  const table = rows.map((row) => [
    row.created_at.slice(0, 19).replace('T', ' '),
    row.id,
    row.form,
    row.language,
    row.status,
    row.email,
    mailState(row),
  ]);
  return formatTable(['received', 'id', 'form', 'lang', 'status', 'email', 'mails'], table);
}

async function show(db: SqlClient, id: string): Promise<string | undefined> {
  const submission = await db.get('SELECT * FROM submissions WHERE id = ?', [id]);
  if (!submission) return undefined;
  const payload = JSON.parse(String(submission.payload)) as Record<string, unknown>;
  const attachments = await db.all(
    'SELECT field, file_name, content_type, size, stored_path FROM attachments WHERE submission_id = ? ORDER BY stored_path',
    [id],
  );
  const mails = await db.all(
    'SELECT id, purpose, recipient, status, attempts, last_error, sent_at FROM outbox WHERE submission_id = ? ORDER BY id',
    [id],
  );
  const lines = [
    `id:         ${String(submission.id)}`,
    `form:       ${String(submission.form)}`,
    `language:   ${String(submission.language)}`,
    `status:     ${String(submission.status)}`,
    `received:   ${String(submission.created_at)}`,
    ...(submission.confirmed_at ? [`confirmed:  ${String(submission.confirmed_at)}`] : []),
    `email:      ${String(submission.email)}`,
    '',
    'fields:',
    ...Object.entries(payload).map(
      ([key, value]) => `  ${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`,
    ),
  ];
  if (attachments.length) {
    lines.push(
      '',
      'files:',
      ...attachments.map(
        (file) =>
          `  ${String(file.field)}: ${String(file.file_name)} (${String(file.content_type)}, ${String(file.size)} bytes) ${String(file.stored_path)}`,
      ),
    );
  }
  lines.push('', 'mails:');
  for (const mail of mails) {
    lines.push(
      `  #${String(mail.id)} ${String(mail.purpose)} to ${String(mail.recipient)}: ${String(mail.status)} after ${String(mail.attempts)} attempt(s)` +
        (mail.sent_at ? ` at ${String(mail.sent_at)}` : '') +
        (mail.last_error ? ` (last error: ${String(mail.last_error)})` : ''),
    );
  }
  return lines.join('\n');
}

const EXPORT_FIELDS = [
  'company',
  'message',
  'phone',
  'job',
  'type',
  'locations',
  'event',
  'products',
  'services',
] as const;

async function exportCsv(db: SqlClient, form: string | undefined): Promise<string> {
  const rows = await listed(db, form, Number.MAX_SAFE_INTEGER);
  const header = ['id', 'received', 'form', 'language', 'status', 'name', 'email', ...EXPORT_FIELDS, 'files', 'mails'];
  return toCsv([
    header,
    ...rows.map((row) => {
      const payload = JSON.parse(row.payload) as Record<string, unknown>;
      const value = (key: string) => {
        const field = payload[key];
        return Array.isArray(field) ? field.join('; ') : field === undefined ? '' : String(field);
      };
      return [
        row.id,
        row.created_at,
        row.form,
        row.language,
        row.status,
        row.name ?? '',
        row.email,
        ...EXPORT_FIELDS.map(value),
        row.files ?? '',
        mailState(row),
      ];
    }),
  ]);
}

/** The mailing list for the tool that sends the newsletter, each address with its own unsubscribe link. */
async function subscribersCsv(db: SqlClient, config: Config): Promise<string> {
  const tokens = createTokenSigner(resolveTokenSecret(config.tokenSecret, config.dataDir), config.confirmationTtlHours);
  return toCsv([
    ['email', 'language', 'confirmed', 'unsubscribe_url', 'one_click_unsubscribe_url'],
    // An address listed without a confirmed sign-up has no proof of consent and is not mailed.
    ...(await confirmedSubscribers(db)).flatMap((row) => {
      if (row.sign_up_id === null) return [];
      const links = unsubscribeLinks(config.siteUrl, tokens, row.sign_up_id, row.language);
      return [[row.email, row.language, row.confirmed_at, links.page, links.oneClick]];
    }),
  ]);
}

const usageOf = (command: string) =>
  `usage: ${command} list [--form NAME] [--limit N] | show ID | export [--form NAME] | retry MAIL_ID | find EMAIL | export EMAIL | erase EMAIL | subscribers`;

export async function runSubmissionsCli(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<CliResult> {
  const usage = usageOf(toolCommand('submissions'));
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { form: { type: 'string' }, limit: { type: 'string', default: '50' } },
    });
  } catch (error) {
    return { code: 2, out: `${(error as Error).message}\n${usage}` };
  }
  const { values, positionals } = parsed;
  const [command, id] = positionals;
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1)
    return { code: 2, out: `--limit must be a positive whole number\n${usage}` };
  const config = loadConfig(env);
  if (['find', 'erase'].includes(command ?? '') && !EMAIL_ARGUMENT.test(id ?? ''))
    return { code: 2, out: `${command} needs an email address\n${usage}` };
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    switch (command) {
      case 'list':
        return { code: 0, out: await list(db, values.form, limit) };
      case 'show': {
        if (!id) return { code: 2, out: usage };
        const shown = await show(db, id);
        return shown ? { code: 0, out: shown } : { code: 1, out: `No submission ${id}` };
      }
      case 'export':
        if (id === undefined) return { code: 0, out: await exportCsv(db, values.form) };
        if (!EMAIL_ARGUMENT.test(id))
          return { code: 2, out: `export takes an email address, or --form for all submissions as CSV\n${usage}` };
        return { code: 0, out: JSON.stringify(await findPersonalData(db, id), null, 2) };
      case 'find':
        return { code: 0, out: describePersonalData(await findPersonalData(db, id!)) };
      case 'erase': {
        const attachments = await openAttachmentStore(config, db);
        try {
          return { code: 0, out: describeErasure(id!, await erasePersonalData(db, id!, attachments.store)) };
        } finally {
          attachments.close();
        }
      }
      case 'subscribers':
        return { code: 0, out: await subscribersCsv(db, config) };
      case 'retry': {
        // The mail's number as `show` lists it (#12) or as the failure log names it.
        const mailId = /^#?\d{1,15}$/.test(id ?? '') ? Number(id!.replace(/^#/, '')) : 0;
        if (mailId < 1) return { code: 2, out: `retry needs the number of a failed mail\n${usage}` };
        return (await retryFailedMail(db, mailId))
          ? { code: 0, out: `Mail #${mailId} is queued again; a running server sends it at its next poll.` }
          : { code: 1, out: `There is no failed mail #${mailId}.` };
      }
      default:
        return { code: 2, out: usage };
    }
  } finally {
    await db.close();
  }
}
