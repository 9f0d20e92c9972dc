/**
 * DATA_DIR is checked before anything opens a file in it. Left to node:sqlite, a folder the
 * process may not write ends the start with "unable to open database file", naming no path,
 * user or fix; a container whose volume is a root-owned host folder then restarts forever
 * without saying why. The check creates the folder, writes and removes a probe file, and
 * turns a failure into one message with the path, the user, the error and the fix.
 */
import * as nodeFs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECRET_FILE } from '../forms/tokens.ts';
import { StartError } from '../start-error.ts';
import { UPLOADS_FOLDER } from '../uploads/attachment-store.ts';
import { DATABASE_FILE } from './sqlite-database.ts';

/** The file operations the check makes; a test passes failing ones, since as root every permission check passes. */
export interface DataDirFs {
  mkdirSync(path: string, options: { recursive: true }): unknown;
  writeFileSync(path: string, data: string): void;
  rmSync(path: string, options: { force: true }): void;
  existsSync(path: string): boolean;
  accessSync(path: string, mode: number): void;
}

/** Who the process runs as: what the fix must give the folder to. */
export interface ProcessUser {
  name?: string;
  uid?: number;
  gid?: number;
}

export class DataDirError extends StartError {
  override name = 'DataDirError';
}

/** What the server opens in DATA_DIR besides new files, and how: when they exist (a restore made as root), the user must be able to. */
const ENTRIES: readonly [name: string, mode: number, doing: string][] = [
  [DATABASE_FILE, nodeFs.constants.W_OK, 'writing'],
  [`${DATABASE_FILE}-wal`, nodeFs.constants.W_OK, 'writing'],
  [`${DATABASE_FILE}-shm`, nodeFs.constants.W_OK, 'writing'],
  [UPLOADS_FOLDER, nodeFs.constants.W_OK, 'writing'],
  [SECRET_FILE, nodeFs.constants.R_OK, 'reading'],
];

const PROBE_FILE = '.write-check';

const ERROR_TEXTS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file of that name is in the way',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
};

export function processUser(): ProcessUser {
  let name: string | undefined;
  try {
    name = os.userInfo().username;
  } catch {
    // A uid with no entry in /etc/passwd (docker run --user 12345) has no name.
  }
  return { name, uid: process.getuid?.(), gid: process.getgid?.() };
}

function describeUser({ name, uid, gid }: ProcessUser): string {
  const ids = [uid !== undefined ? `uid ${uid}` : undefined, gid !== undefined ? `gid ${gid}` : undefined]
    .filter(Boolean)
    .join(', ');
  if (name && ids) return `user ${name} (${ids})`;
  return name ? `user ${name}` : ids || 'its user';
}

function fixFor(code: string, dataDir: string, exists: boolean, user: ProcessUser): string {
  const owner = user.uid !== undefined ? `${user.uid}:${user.gid ?? user.uid}` : undefined;
  const give = owner ? `chown -R ${owner} ${dataDir}` : `make ${dataDir} writable for that user`;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return exists
        ? `give the folder to that user (${give}, on the host for a folder mounted into the container), or, in a container, mount a writable volume there (docker run -v nordstern-data:${dataDir}), or set DATA_DIR to a folder that user can write`
        : `create the folder for that user (mkdir -p ${dataDir} && ${give}), or, in a container, mount a writable volume there (docker run -v nordstern-data:${dataDir}), or set DATA_DIR to a folder that user can write`;
    case 'EROFS':
      return `in a container, mount a writable volume there (docker run -v nordstern-data:${dataDir}); or set DATA_DIR to a folder on a writable file system`;
    case 'ENOTDIR':
    case 'EEXIST':
      return 'set DATA_DIR to a folder, or move the file that is in the way';
    case 'ENOSPC':
    case 'EDQUOT':
      return `free space on the file system of ${dataDir}`;
    default:
      return `make ${dataDir} a folder that user can create and write files in (${give})`;
  }
}

/**
 * Creates DATA_DIR if needed and proves the process can write in it; throws DataDirError
 * naming the path, the user, the error and the fix when it cannot. Errors that are no file
 * system refusal are thrown as they are.
 */
export function checkDataDir(
  dataDir: string,
  { fs = nodeFs as DataDirFs, user = processUser() }: { fs?: DataDirFs; user?: ProcessUser } = {},
): void {
  const absolute = path.resolve(dataDir);
  const step = (doing: string, exists: boolean, run: () => void) => {
    try {
      run();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) throw error;
      throw new DataDirError(
        `DATA_DIR ${absolute} cannot be used: ${doing} failed with ${code} (${ERROR_TEXTS[code] ?? (error as Error).message}).\n` +
          `The server runs as ${describeUser(user)}, which must be able to create and write files there.\n` +
          `Fix: ${fixFor(code, absolute, exists, user)}.`,
        { cause: error },
      );
    }
  };
  const existed = fs.existsSync(absolute);
  step('creating the folder', existed, () => fs.mkdirSync(absolute, { recursive: true }));
  const probe = path.join(absolute, PROBE_FILE);
  step(`writing a file in it (${PROBE_FILE})`, true, () => {
    fs.writeFileSync(probe, `${process.pid}\n`);
    fs.rmSync(probe, { force: true });
  });
  for (const [name, mode, doing] of ENTRIES) {
    const file = path.join(absolute, name);
    if (fs.existsSync(file)) step(`opening ${name} for ${doing}`, true, () => fs.accessSync(file, mode));
  }
}
