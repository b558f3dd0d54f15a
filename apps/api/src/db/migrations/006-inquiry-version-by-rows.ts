// The data version (migration 005) moves on by at least the number of inquiry rows a write changed, so that a
// search's floor read at one version is known to hold at a later one less the versions between
// (inquiries/inquiry-search-cache.ts, floorAt). SQLite's triggers already run once per row; PostgreSQL's ran once
// per statement and now add the rows of the statement's transition table.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/** PostgreSQL allows one event per trigger with a transition table. */
const PG_ROW_TRIGGERS = [
  ['inquiries_version_insert', 'INSERT', 'NEW'],
  ['inquiries_version_update', 'UPDATE', 'NEW'],
  ['inquiries_version_delete', 'DELETE', 'OLD'],
] as const;

/** A TRUNCATE takes every row away: the version jumps further than any floor reaches. */
const TRUNCATE_STEP = 1_000_000_000_000;

export function inquiryVersionByRows(engine: Engine) {
  const isPg = engine === 'postgres';
  return {
    async up(db: AnyDb) {
      if (!isPg) return;
      await sql`DROP TRIGGER IF EXISTS inquiries_version ON inquiries`.execute(db);
      // At least one step, as before, for a statement that changed no row.
      await sql`CREATE FUNCTION inquiry_list_version_bump_rows() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE inquiry_list_version SET v = v + GREATEST((SELECT count(*) FROM changed_rows), 1) WHERE id = 1;
          RETURN NULL;
        END $$`.execute(db);
      for (const [name, op, table] of PG_ROW_TRIGGERS) {
        await sql
          .raw(
            `CREATE TRIGGER ${name} AFTER ${op} ON inquiries REFERENCING ${table} TABLE AS changed_rows
             FOR EACH STATEMENT EXECUTE FUNCTION inquiry_list_version_bump_rows()`,
          )
          .execute(db);
      }
      await sql
        .raw(
          `CREATE FUNCTION inquiry_list_version_bump_all() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN UPDATE inquiry_list_version SET v = v + ${TRUNCATE_STEP} WHERE id = 1; RETURN NULL; END $$`,
        )
        .execute(db);
      await sql`CREATE TRIGGER inquiries_version_truncate AFTER TRUNCATE ON inquiries
        FOR EACH STATEMENT EXECUTE FUNCTION inquiry_list_version_bump_all()`.execute(db);
    },

    async down(db: AnyDb) {
      if (!isPg) return;
      for (const [name] of PG_ROW_TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON inquiries`).execute(db);
      await sql`DROP TRIGGER IF EXISTS inquiries_version_truncate ON inquiries`.execute(db);
      await sql`DROP FUNCTION IF EXISTS inquiry_list_version_bump_rows()`.execute(db);
      await sql`DROP FUNCTION IF EXISTS inquiry_list_version_bump_all()`.execute(db);
      // Migration 005's trigger (its function is still there).
      await sql`CREATE TRIGGER inquiries_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON inquiries
        FOR EACH STATEMENT EXECUTE FUNCTION inquiry_list_version_bump()`.execute(db);
    },
  };
}
