// Settings the server generates once and every process must share (D24): the JWT secret when JWT_SECRET is
// not set. Kept in the database, not in DATA_DIR, so processes on one PostgreSQL accept each other's tokens.
import type { Kysely, Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function settings(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('settings')
        .addColumn('key', t.text, (c) => c.primaryKey())
        .addColumn('value', t.text, (c) => c.notNull())
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('settings').execute();
    },
  };
}
