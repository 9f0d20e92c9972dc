/**
 * For operators: the embedded Galaxy directory (used when GALAXY_API_URL is not set).
 * Reads DATA_DIR (or DATABASE_URL) like the server.
 *
 *   npm run galaxy -- add --uid UID --email EMAIL [--name NAME] [--role viewer]
 *   npm run galaxy -- invite --email EMAIL [--role viewer] [--days 30]
 *   npm run galaxy -- list
 *   npm run galaxy -- remove (--uid UID | --email EMAIL)
 */
import { parseArgs } from 'node:util';
import { GALAXY_ROLES, type GalaxyRole } from '#app/login/galaxy-user.ts';
import { loadConfig } from '../config.ts';
import { createDirectoryAdmin } from '../galaxy/embedded-directory.ts';
import { openDatabase } from '../store/database.ts';
import { emailKey } from '../store/email-key.ts';
import { formatTable } from './table.ts';
import { toolCommand } from './tool-command.ts';

const usageOf = (command: string) =>
  [
    `usage: ${command} add --uid UID --email EMAIL [--name NAME] [--role admin|editor|viewer]`,
    `       ${command} invite --email EMAIL [--role admin|editor|viewer] [--days N]`,
    `       ${command} list`,
    `       ${command} remove (--uid UID | --email EMAIL)`,
  ].join('\n');

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
const UID = /^[\x21-\x7e]{1,128}$/;

type Result = { code: number; out: string };
const usage = (problem: string): Result => ({ code: 2, out: `${problem}\n${usageOf(toolCommand('galaxy'))}` });

export async function runGalaxyCli(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<Result> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        uid: { type: 'string' },
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string', default: 'viewer' },
        days: { type: 'string', default: '30' },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command] = positionals;
  const role = values.role as GalaxyRole;
  if (!GALAXY_ROLES.includes(role)) return usage(`--role must be one of ${GALAXY_ROLES.join(', ')}`);
  if (values.email !== undefined && !EMAIL.test(values.email))
    return usage(`--email is not an email address: ${values.email}`);
  if (values.uid !== undefined && !UID.test(values.uid)) return usage('--uid must be 1 to 128 visible characters');
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 365) return usage('--days must be a whole number from 1 to 365');

  const config = loadConfig(env);
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const directory = createDirectoryAdmin(db);
  try {
    switch (command) {
      case 'add':
        if (!values.uid || !values.email) return usage('add needs --uid and --email');
        await directory.addAccount({
          uid: values.uid,
          email: values.email,
          role,
          ...(values.name ? { name: values.name } : {}),
        });
        return { code: 0, out: `Account ${values.uid} (${emailKey(values.email)}) may enter Galaxy as ${role}.` };
      case 'invite': {
        if (!values.email) return usage('invite needs --email');
        const { expiresAt } = await directory.invite({ email: values.email, role, days });
        return {
          code: 0,
          out: `${emailKey(values.email)} is invited as ${role} until ${expiresAt.slice(0, 10)} (a verified sign-in with this address is let in).`,
        };
      }
      case 'list': {
        const { accounts, invitations } = await directory.list();
        const lines = [
          accounts.length
            ? formatTable(
                ['uid', 'email', 'role', 'name', 'added'],
                accounts.map((a) => [a.uid, a.email, a.role, a.name ?? '', a.created_at.slice(0, 10)]),
              )
            : 'No accounts.',
          '',
          invitations.length
            ? formatTable(
                ['invited email', 'role', 'invited', 'expires'],
                invitations.map((i) => [i.email, i.role, i.invited_at.slice(0, 10), i.expires_at.slice(0, 10)]),
              )
            : 'No invitations.',
        ];
        return { code: 0, out: lines.join('\n') };
      }
      case 'remove': {
        if ((values.uid === undefined) === (values.email === undefined)) return usage('remove needs --uid or --email');
        const removed = await directory.remove(
          values.uid !== undefined ? { uid: values.uid } : { email: values.email! },
        );
        return removed > 0
          ? { code: 0, out: `Removed ${removed} entr${removed === 1 ? 'y' : 'ies'}.` }
          : { code: 1, out: 'Nothing to remove.' };
      }
      default:
        return usage(command ? `unknown command: ${command}` : 'a command is needed');
    }
  } finally {
    await db.close();
  }
}
