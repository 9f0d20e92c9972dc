/**
 * For operators: a consistent copy of DATA_DIR taken while the site runs, checked and put back.
 * This is the command line (arguments, output); the work is in ../backup/.
 *
 *   npm run backup -- DIR                 the database, the uploaded files it references and the
 *                                         token secret into DIR (new or empty), manifest.json last
 *   npm run restore -- --check DIR        checks a backup: every checksum, the database's integrity
 *   npm run restore -- [--force] DIR      checks, then puts the backup into DATA_DIR (empty, or
 *                                         with --force its contents are moved aside first)
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkBackup } from '../backup/check-backup.ts';
import { createBackup } from '../backup/create-backup.ts';
import { BackupError, type Manifest } from '../backup/manifest.ts';
import { restoreBackup } from '../backup/restore-backup.ts';
import { loadConfig } from '../config.ts';
import type { CliResult } from './run-cli.ts';
import { toolCommand } from './tool-command.ts';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

function describe(manifest: Manifest): string[] {
  const uploadBytes = manifest.uploads.reduce((sum, upload) => sum + upload.size, 0);
  return [
    `  database  ${manifest.database.path}, ${megabytes(manifest.database.size)}, schema version ${manifest.schemaVersion}`,
    `  rows      ${Object.entries(manifest.tables)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ')}`,
    `  files     ${manifest.uploads.length} uploaded file(s), ${megabytes(uploadBytes)}; token secret ${manifest.tokenSecret ? 'included' : 'none in DATA_DIR (TOKEN_SECRET is set, or the server never started there)'}`,
  ];
}

const backupUsage = () => `usage: ${toolCommand('backup')} DIR   (DIR: a new or empty folder)`;
const restoreUsage = () => `usage: ${toolCommand('restore')} [--force] DIR | --check DIR`;

function parse(
  args: string[],
  usage: string,
  options: { force?: { type: 'boolean' }; check?: { type: 'boolean' } } = {},
) {
  try {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options });
    if (positionals.length !== 1)
      return {
        error: {
          code: 2,
          out: `${positionals.length === 0 ? 'a backup folder is needed' : 'one backup folder only'}\n${usage}`,
        },
      };
    return { dir: path.resolve(positionals[0]!), values };
  } catch (error) {
    return { error: { code: 2, out: `${(error as Error).message}\n${usage}` } };
  }
}

async function answer(work: () => Promise<CliResult>): Promise<CliResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupError) return { code: 1, out: error.message };
    throw error;
  }
}

/** With DATABASE_URL the data is in PostgreSQL, which these tools do not copy: saying so beats a backup of an unused DATA_DIR. */
const POSTGRES_REFUSAL: CliResult = {
  code: 2,
  out: 'DATABASE_URL is set: the submissions and files are in PostgreSQL, not in DATA_DIR. Back them up with pg_dump and restore with pg_restore (README, "Several replicas").',
};

export async function runBackupCli(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<CliResult> {
  const parsed = parse(args, backupUsage());
  if (parsed.error) return parsed.error;
  const { dir } = parsed;
  return answer(async () => {
    const config = loadConfig(env);
    if (config.databaseUrl) return POSTGRES_REFUSAL;
    const { manifest, ms } = await createBackup(config.dataDir, dir);
    const lost = manifest.problems.filter((problem) => !problem.removedSince);
    const lines = [
      `Backup of ${manifest.dataDir} written to ${dir} in ${ms} ms (${megabytes(manifest.totals.bytes)}, ${manifest.totals.files} files):`,
      ...describe(manifest),
      ...manifest.problems.map(
        (problem) =>
          `  ${problem.removedSince ? 'note' : 'PROBLEM'}: attachment ${problem.attachment}: ${problem.problem}`,
      ),
      `Check it with: ${toolCommand('restore')} --check ${dir}`,
    ];
    // A backup with files missing is still written (the database matters most) but fails loudly.
    return { code: lost.length > 0 ? 1 : 0, out: lines.join('\n') };
  });
}

export async function runRestoreCli(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<CliResult> {
  const parsed = parse(args, restoreUsage(), { force: { type: 'boolean' }, check: { type: 'boolean' } });
  if (parsed.error) return parsed.error;
  const { dir, values } = parsed;
  const check = values.check === true;
  const force = values.force === true;
  if (check && force) return { code: 2, out: `--check restores nothing; --force goes without it\n${restoreUsage()}` };
  return answer(async () => {
    if (check) {
      const { manifest, problems, warnings } = await checkBackup(dir);
      const lines = [
        problems.length === 0
          ? `${dir}: backup of ${manifest.createdAt}, every checksum matches and the database passes PRAGMA integrity_check:`
          : `${dir}: backup of ${manifest.createdAt} FAILS its check:`,
        ...problems.map((problem) => `  - ${problem}`),
        ...(problems.length === 0 ? describe(manifest) : []),
        ...warnings.map((warning) => `  note: ${warning}`),
      ];
      return { code: problems.length === 0 ? 0 : 1, out: lines.join('\n') };
    }
    const config = loadConfig(env);
    if (config.databaseUrl) return POSTGRES_REFUSAL;
    const dataDir = config.dataDir;
    const { manifest, warnings, movedAside, relocated, ms } = await restoreBackup(dir, dataDir, { force });
    const lines = [
      `Restored the backup of ${manifest.createdAt} from ${dir} into ${dataDir} in ${ms} ms:`,
      ...describe(manifest),
      ...(relocated > 0 ? [`  moved     ${relocated} attachment path(s) from ${manifest.dataDir} to ${dataDir}`] : []),
      ...warnings.map((warning) => `  note: ${warning}`),
      ...(movedAside
        ? [
            `The earlier contents of DATA_DIR are in ${movedAside}; delete that folder once the restored site is checked.`,
          ]
        : []),
      'Start the server; it applies any newer migrations itself.',
    ];
    return { code: 0, out: lines.join('\n') };
  });
}
