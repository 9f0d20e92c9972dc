/**
 * The database for every plugin as app.db (closed when the server closes), whether it takes
 * writes as app.storage, and where uploaded files are kept as app.attachments.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../store/database.ts';
import { createStorageHealth, type StorageHealth } from '../store/storage-health.ts';
import { databaseAttachmentStore, diskAttachmentStore, uploadsDirOf, type AttachmentStore } from '../uploads/attachment-store.ts';

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
  probeMs: number;
}

const database: FastifyPluginAsync<DatabasePluginOptions> = async (app, { dataDir, databaseUrl, probeMs }) => {
  const log = app.log.child({ module: 'storage' });
  const db = await openDatabase({ dataDir, databaseUrl, onConnectionError: (error) => log.warn({ err: error }, 'database connection lost; the pool opens a new one') });
  const storage = createStorageHealth(db, log, probeMs);
  app.decorate('db', db);
  app.decorate('storage', storage);
  app.decorate('attachments', databaseUrl ? databaseAttachmentStore(db) : diskAttachmentStore(uploadsDirOf(dataDir)));
  app.addHook('onClose', async () => {
    storage.close();
    await db.close();
  });
};

export const databasePlugin = fp(database, { name: 'database' });
