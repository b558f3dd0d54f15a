// A counter that every write to inquiries moves on (in the writing transaction), so a cache of search results
// can tell in one primary-key read whether it still shows the data (inquiries/inquiry-search-cache.ts). Kept by
// the database itself, so writes from another process (a second API server, the seed CLI) invalidate it too.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const SQLITE_TRIGGERS = ['INSERT', 'UPDATE', 'DELETE'].map((op) => [`inquiries_version_${op.toLowerCase()}`, op]);

export function inquiryListVersion(engine: Engine) {
  const isPg = engine === 'postgres';
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('inquiry_list_version')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('v', isPg ? 'bigint' : 'integer', (c) => c.notNull())
        .execute();
      await sql`INSERT INTO inquiry_list_version (id, v) VALUES (1, 0)`.execute(db);
      if (isPg) {
        // Statement-level: a batch of a thousand rows moves the counter once.
        await sql`CREATE FUNCTION inquiry_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN UPDATE inquiry_list_version SET v = v + 1 WHERE id = 1; RETURN NULL; END $$`.execute(db);
        await sql`CREATE TRIGGER inquiries_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON inquiries
          FOR EACH STATEMENT EXECUTE FUNCTION inquiry_list_version_bump()`.execute(db);
      } else {
        for (const [name, op] of SQLITE_TRIGGERS) {
          await sql
            .raw(
              `CREATE TRIGGER ${name} AFTER ${op} ON inquiries BEGIN UPDATE inquiry_list_version SET v = v + 1 WHERE id = 1; END`,
            )
            .execute(db);
        }
      }
    },

    async down(db: AnyDb) {
      if (isPg) {
        await sql`DROP TRIGGER IF EXISTS inquiries_version ON inquiries`.execute(db);
        await sql`DROP FUNCTION IF EXISTS inquiry_list_version_bump()`.execute(db);
      } else {
        for (const [name] of SQLITE_TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
      }
      await db.schema.dropTable('inquiry_list_version').ifExists().execute();
    },
  };
}
