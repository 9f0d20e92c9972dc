/**
 * The database for every plugin as app.db (closed when the server closes), whether it takes
 * writes as app.storage, and where uploaded files are kept as app.attachments.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { checkDataDir } from '../store/data-dir.ts';
import { type Database, openDatabase } from '../store/database.ts';
import { createStorageHealth, type StorageHealth } from '../store/storage-health.ts';
import type { AttachmentStore } from '../uploads/attachment-store.ts';
import type { ObjectStorageConfig } from '../uploads/object-storage.ts';
import { type OpenedAttachmentStore, openAttachmentStore } from '../uploads/open-attachment-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Whether writes work; a failed one makes the site answer 503 and report not ready. */
    storage: StorageHealth;
    attachments: AttachmentStore;
  }
}

export interface DatabasePluginOptions {
  dataDir: string;
  /** PostgreSQL instead of node:sqlite in dataDir. */
  databaseUrl?: string;
  /** An S3-compatible bucket for uploaded files instead of the database. */
  objectStorage?: ObjectStorageConfig;
  probeMs: number;
}

const database: FastifyPluginAsync<DatabasePluginOptions> = async (
  app,
  { dataDir, databaseUrl, objectStorage, probeMs },
) => {
  // Even with PostgreSQL, uploads arrive in DATA_DIR and the generated token secret is kept there.
  checkDataDir(dataDir);
  const log = app.log.child({ module: 'storage' });
  const db = await openDatabase({
    dataDir,
    databaseUrl,
    onConnectionError: (error) => log.warn({ err: error }, 'database connection lost; the pool opens a new one'),
  });
  let attachments: OpenedAttachmentStore;
  try {
    attachments = await openAttachmentStore({ dataDir, databaseUrl, objectStorage }, db, (message) =>
      log.debug({ objectStorage: message }, 'object storage client'),
    );
  } catch (error) {
    await db.close();
    throw error;
  }
  const storage = createStorageHealth(db, log, probeMs);
  app.decorate('db', db);
  app.decorate('storage', storage);
  app.decorate('attachments', attachments.store);
  app.addHook('onClose', async () => {
    storage.close();
    attachments.close();
    await db.close();
  });
};

export const databasePlugin = fp(database, { name: 'database' });
