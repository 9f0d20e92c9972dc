/**
 * An S3-compatible server (s3rver: the S3 REST protocol, objects kept in a folder) on a free
 * loopback port, with one empty bucket, that a test can stop and start again. It runs as its
 * own process, as a bucket does, so the server under test reaches it only over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { ObjectStorageConfig } from '#server/uploads/object-storage.ts';
import { freePort } from './free-port.ts';
import { serviceProcess } from './service-process.ts';

const S3RVER = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
/** s3rver's one account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** What S3_* would say to reach the bucket. */
  config: ObjectStorageConfig;
  /** The same as S3_* variables, for a server started as a process. */
  env: Record<string, string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  kill(): void;
}

interface TestContext {
  teardown(fn: () => unknown): void;
}

export async function startS3(t: TestContext, bucket = 'nordstern-uploads'): Promise<S3Server> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nordstern-s3-'));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: ObjectStorageConfig = {
    bucket,
    region: 'eu-central-1',
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  };
  const probeClient = new S3Client({
    ...config,
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 1000, requestTimeout: 1000 },
  });
  const service = serviceProcess({
    name: 's3rver',
    command: process.execPath,
    // The bucket is made at every start; s3rver keeps what the folder holds.
    args: [
      S3RVER,
      '--directory',
      dir,
      '--address',
      '127.0.0.1',
      '--port',
      String(port),
      '--silent',
      '--no-vhost-buckets',
      '--configure-bucket',
      bucket,
    ],
    stopSignal: 'SIGTERM',
    async probe() {
      await probeClient.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    probeIntervalMs: 50,
    readyTimeoutMs: 15_000,
  });
  t.teardown(async () => {
    await service.stop();
    probeClient.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  await service.start();
  return {
    endpoint,
    bucket,
    config,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    ...service,
  };
}
