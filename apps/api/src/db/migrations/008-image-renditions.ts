// D29: uploaded images' renditions kept in the database, so every instance on one PostgreSQL serves them (used when
// no UPLOADS_DIR is set on PostgreSQL). The table exists on SQLite too, so both engines share one schema.
import type { Kysely, Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function imageRenditions(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('image_renditions')
        // The served file name, `<key>-<width>.webp`.
        .addColumn('name', t.text, (c) => c.primaryKey())
        .addColumn('image_key', t.text, (c) => c.notNull())
        .addColumn('body', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('etag', t.text, (c) => c.notNull())
        .addColumn('created_at', t.bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('image_renditions_key').on('image_renditions').column('image_key').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('image_renditions').execute();
    },
  };
}
