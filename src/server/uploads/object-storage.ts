/**
 * Uploaded files kept in an S3-compatible bucket (with DATABASE_URL and S3_BUCKET), so every
 * replica reads the same files without holding them in the database. An application's files
 * are put in the bucket before its transaction and deleted again if the transaction fails;
 * the retention job sweeps what a replica that died in between left behind.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { SqlClient } from '../store/sql.ts';
import {
  type AttachmentStore,
  isDatabaseFile,
  isObjectFile,
  isSubmissionId,
  OBJECT_FILE_PREFIX,
  openDatabaseFile,
  storedSubmissions,
} from './attachment-store.ts';

export interface ObjectStorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service; unset, Amazon S3 itself. */
  endpoint?: string;
  /** Bucket in the path (http://host/bucket/key) rather than in the host name. */
  forcePathStyle: boolean;
  /** Unset, the client's default chain: AWS_* variables, a profile, or the role of the machine. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Every key starts here, so a bucket can hold other things and the sweep never touches them. */
const KEY_FOLDER = 'uploads/';
const CONNECT_TIMEOUT_MS = 5_000;
/** A connection that has carried nothing for this long fails. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Tries per request; the client retries on its own, except uploads, whose stream it cannot read twice. */
const ATTEMPTS = 3;
const UPLOAD_RETRY_DELAY_MS = 250;

/** The bucket could not take or give a file: nothing was stored, and the client is asked to come back. */
export class ObjectStorageUnavailable extends Error {
  constructor(action: string, cause: unknown) {
    super(`object storage: ${action} failed (${describe(cause)})`, { cause });
    this.name = 'ObjectStorageUnavailable';
  }
}

function describe(error: unknown): string {
  if (error instanceof S3ServiceException) return `${error.name}, HTTP ${error.$metadata.httpStatusCode ?? '?'}`;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'string' ? code : String(message);
}

/**
 * The client's own messages (a retry it gave up on, say) go to `note`, not to the console:
 * what failed reaches the caller as an error and is logged there with its request.
 */
export function createObjectStorageClient(
  config: ObjectStorageConfig,
  note: (message: unknown) => void = () => {},
): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Not every S3-compatible service reads the trailing checksums the client would add to
    // every upload (some store them as part of the file); each upload names its SHA-256 instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: ATTEMPTS,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    logger: { trace: note, debug: note, info: note, warn: note, error: note },
  });
}

/** At start: the bucket must exist and the credentials reach it, or the server does not start. */
export async function checkBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    const reason =
      status === 404
        ? 'it does not exist'
        : status === 403
          ? 'access is denied with these credentials'
          : status === 301
            ? 'it is in another region than S3_REGION'
            : describe(error);
    throw new Error(`S3_BUCKET "${bucket}" cannot be used: ${reason}`, { cause: error });
  }
}

const keyOf = (storedPath: string) => storedPath.slice(OBJECT_FILE_PREFIX.length);
const hexToBase64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

export function objectAttachmentStore(client: S3Client, bucket: string, db: SqlClient): AttachmentStore {
  async function send<T>(action: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw new ObjectStorageUnavailable(action, error);
    }
  }
  const deleteKey = (key: string) =>
    send('delete', () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));

  async function* listKeys(prefix: string) {
    let token: string | undefined;
    do {
      const page = await send('list', () =>
        client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token })),
      );
      for (const object of page.Contents ?? [])
        if (object.Key) yield { key: object.Key, modified: object.LastModified };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    placeOf: (submissionId, fileName) => `${OBJECT_FILE_PREFIX}${KEY_FOLDER}${submissionId}/${fileName}`,
    async store(file, storedPath) {
      const upload = () =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: keyOf(storedPath),
            Body: createReadStream(file.path),
            ContentLength: file.size,
            ContentType: file.contentType,
            ChecksumSHA256: hexToBase64(file.sha256),
          }),
        );
      // Each try reads the file afresh from the scratch folder.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await upload();
          return;
        } catch (error) {
          if (attempt >= ATTEMPTS || (error instanceof S3ServiceException && error.$fault === 'client'))
            throw new ObjectStorageUnavailable('upload', error);
          await new Promise((resolve) => setTimeout(resolve, UPLOAD_RETRY_DELAY_MS * attempt));
        }
      }
    },
    storeInTransaction: async () => {},
    async forget(submissionId) {
      for await (const { key } of listKeys(`${KEY_FOLDER}${submissionId}/`)) await deleteKey(key);
    },
    open(storedPath) {
      // Files kept in the database before the bucket was configured stay readable.
      if (isDatabaseFile(storedPath)) return openDatabaseFile(db, storedPath);
      return Readable.from(
        (async function* object() {
          const answer = await send('download', () =>
            client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(storedPath) })),
          );
          yield* answer.Body as Readable;
        })(),
      );
    },
    async discard({ storedPaths }) {
      for (const storedPath of storedPaths.filter(isObjectFile)) await deleteKey(keyOf(storedPath));
    },
    async sweep(before) {
      const old = new Map<string, string[]>();
      for await (const { key, modified } of listKeys(KEY_FOLDER)) {
        const id = key.slice(KEY_FOLDER.length).split('/')[0] ?? '';
        if (!isSubmissionId(id) || !modified || modified >= before) continue;
        old.set(id, [...(old.get(id) ?? []), key]);
      }
      const stored = await storedSubmissions(db, [...old.keys()]);
      let deleted = 0;
      for (const [id, keys] of old) {
        if (stored.has(id)) continue;
        for (const key of keys) await deleteKey(key);
        deleted += keys.length;
      }
      return deleted;
    },
  };
}

export const isObjectStorageUnavailable = (error: unknown): error is ObjectStorageUnavailable =>
  error instanceof ObjectStorageUnavailable;
