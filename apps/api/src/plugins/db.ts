// Decorates the app with the database (opened and migrated by the caller) and closes it on shutdown.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { DbHandle, Engine } from '../db/dialect';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbEngine: Engine;
    dbHandle: DbHandle;
  }
}

export default fp(
  async (app: FastifyInstance, opts: { handle: DbHandle }) => {
    app.decorate('db', opts.handle.db);
    app.decorate('dbEngine', opts.handle.engine);
    app.decorate('dbHandle', opts.handle);
    app.addHook('onClose', async () => {
      await opts.handle.db.destroy();
    });
  },
  { name: 'db' },
);
