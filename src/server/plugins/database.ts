/** The database for every plugin as app.db, closed when the server closes. */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../store/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

const database: FastifyPluginAsync<{ dataDir: string }> = async (app, { dataDir }) => {
  const db = openDatabase(dataDir);
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    db.close();
  });
};

export const databasePlugin = fp(database, { name: 'database' });
