/**
 * The backup format: the manifest that lists a backup's files, and reading it, checked against
 * its schema before anything else trusts it.
 *
 * A backup folder holds nordstern.sqlite, token-secret (when the secret was generated rather
 * than set as TOKEN_SECRET), uploads/<submission>/<file> and manifest.json. The manifest is
 * written last and renamed into place, so a folder without one is a backup that did not finish.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Ajv } from 'ajv';
import Type, { type Static } from 'typebox';
import { exists } from './files.ts';

export const MANIFEST_FILE = 'manifest.json';
export const FORMAT = 'nordstern-backup';
export const FORMAT_VERSION = 1;

const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$' });
const FileEntrySchema = Type.Object(
  { path: Type.String({ minLength: 1 }), size: Type.Integer({ minimum: 0 }), sha256: Sha256 },
  { additionalProperties: false },
);
const UploadEntrySchema = Type.Object(
  {
    path: Type.String({ minLength: 1 }),
    size: Type.Integer({ minimum: 0 }),
    sha256: Sha256,
    /** The attachments row, and the path it recorded, so a restore can point the row at the file's new place. */
    attachment: Type.String({ minLength: 1 }),
    storedPath: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);
const FileProblemSchema = Type.Object(
  {
    attachment: Type.String(),
    storedPath: Type.String(),
    problem: Type.String(),
    /** The row was gone from the site by the time its file was copied: removed by retention or an erasure, not lost. */
    removedSince: Type.Boolean(),
  },
  { additionalProperties: false },
);
export const ManifestSchema = Type.Object(
  {
    format: Type.Literal(FORMAT),
    version: Type.Literal(FORMAT_VERSION),
    createdAt: Type.String(),
    /** The DATA_DIR the backup was taken from. */
    dataDir: Type.String(),
    /** PRAGMA user_version: how many migrations the database had. */
    schemaVersion: Type.Integer({ minimum: 0 }),
    database: FileEntrySchema,
    /** Rows per table at the moment of the snapshot. */
    tables: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
    tokenSecret: Type.Union([FileEntrySchema, Type.Null()]),
    uploads: Type.Array(UploadEntrySchema),
    /** Files the snapshot references that could not be copied as recorded. */
    problems: Type.Array(FileProblemSchema),
    totals: Type.Object(
      { files: Type.Integer({ minimum: 0 }), bytes: Type.Integer({ minimum: 0 }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type Manifest = Static<typeof ManifestSchema>;
export type FileEntry = Static<typeof FileEntrySchema>;
export type UploadEntry = Static<typeof UploadEntrySchema>;
export type FileProblem = Static<typeof FileProblemSchema>;

/** A failure the operator can act on: its message is all they see, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** A manifest path as a path under root; anything that could point outside the backup or DATA_DIR is refused. */
export function underRoot(root: string, relative: string): string {
  const segments = relative.split('/');
  if (
    segments.some(
      (segment) =>
        segment === '' || segment === '.' || segment === '..' || segment.includes('\\') || segment.includes('\0'),
    )
  ) {
    throw new BackupError(`${MANIFEST_FILE} names a file outside the backup: ${JSON.stringify(relative)}`);
  }
  return path.join(root, ...segments);
}

const validManifest = new Ajv({ allErrors: false, strict: false }).compile<Manifest>(ManifestSchema);

export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !(await exists(dir))) throw new BackupError(`There is no backup folder ${dir}.`);
    if (code === 'ENOENT')
      throw new BackupError(`${dir} has no ${MANIFEST_FILE}: it is not a backup, or one that did not finish.`);
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not valid JSON.`);
  }
  if (!validManifest(parsed)) {
    const [first] = validManifest.errors ?? [];
    throw new BackupError(
      `${path.join(dir, MANIFEST_FILE)} is not a backup manifest this version reads (${first ? `${first.instancePath || '/'} ${first.message ?? ''}` : 'unknown shape'}).`,
    );
  }
  return parsed;
}
