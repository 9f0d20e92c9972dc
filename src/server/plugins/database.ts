/** The database for every plugin as app.db (closed when the server closes), and whether it takes writes as app.storage. */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../store/database.ts';
import { createStorageHealth, type StorageHealth } from '../store/storage-health.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Whether writes work; a failed one makes the site answer 503 and report not ready. */
    storage: StorageHealth;
  }
}

const database: FastifyPluginAsync<{ dataDir: string; probeMs: number }> = async (app, { dataDir, probeMs }) => {
  const db = openDatabase(dataDir);
  const storage = createStorageHealth(db, app.log.child({ module: 'storage' }), probeMs);
  app.decorate('db', db);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => {
    storage.close();
    db.close();
  });
};

export const databasePlugin = fp(database, { name: 'database' });
