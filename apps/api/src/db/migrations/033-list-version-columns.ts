// The list's data version moves only when a write changes what a kept list holds (docs/ARCHITECTURE.md, "The
// inquiry list"); `touched` moves with every update, for the lists sorted by updated_at. Before, a note or an edit
// of a trip's details emptied every kept list: 130–330 ms for the next search at a million rows on PostgreSQL.
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/** What a search, sort or filter of the list reads, updated_at aside (history: a later column brings its own). */
const LISTED = 'customer_name customer_email customer_whatsapp location status staff_name staff_id follow_up_at'
  .concat(' customer_user_id created_at deleted_at')
  .split(' ');
const listed = (row: string) => LISTED.map((c) => `${row}.${c}`).join(', ');
const OLD_TRIGGER = (events: string) => `CREATE TRIGGER inquiries_version AFTER ${events} ON inquiries
  FOR EACH STATEMENT EXECUTE FUNCTION inquiry_list_version_bump()`;
const SQLITE_BUMP = (when: string, set: string) => `CREATE TRIGGER inquiries_au_${set === 'v' ? 'version' : set}
  AFTER UPDATE ON inquiries ${when} BEGIN UPDATE inquiry_list_version SET ${set} = ${set} + 1 WHERE id = 1; END`;

const UP = {
  postgres: [
    'DROP TRIGGER inquiries_version ON inquiries',
    OLD_TRIGGER('INSERT OR DELETE OR TRUNCATE'),
    // One statement of many rows (a handler renamed) moves each version once.
    `CREATE FUNCTION inquiry_list_version_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      UPDATE inquiry_list_version SET touched = touched + 1, v = v + CASE WHEN EXISTS (
        SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (${listed('o')}) IS DISTINCT FROM (${listed('n')})
      ) THEN 1 ELSE 0 END WHERE id = 1;
      RETURN NULL; END $$`,
    `CREATE TRIGGER inquiries_version_update AFTER UPDATE ON inquiries REFERENCING OLD TABLE AS old_rows
      NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inquiry_list_version_update()`,
  ],
  sqlite: [
    'DROP TRIGGER inquiries_au_version',
    SQLITE_BUMP(`WHEN ${LISTED.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ')}`, 'v'),
    SQLITE_BUMP('', 'touched'),
  ],
};
const DOWN = {
  postgres: [
    'DROP TRIGGER inquiries_version_update ON inquiries',
    'DROP FUNCTION inquiry_list_version_update()',
    'DROP TRIGGER inquiries_version ON inquiries',
    OLD_TRIGGER('INSERT OR UPDATE OR DELETE OR TRUNCATE'),
  ],
  sqlite: ['DROP TRIGGER inquiries_au_touched', 'DROP TRIGGER inquiries_au_version', SQLITE_BUMP('', 'v')],
};

export function listVersionColumns(engine: Engine): Migration {
  const run = async (db: AnyDb, statements: readonly string[]) => {
    for (const s of statements) await sql.raw(s).execute(db);
  };
  return {
    async up(db: AnyDb) {
      const type = engine === 'postgres' ? 'bigint' : 'integer';
      await db.schema
        .alterTable('inquiry_list_version')
        .addColumn('touched', type, (c) => c.notNull().defaultTo(0))
        .execute();
      await run(db, UP[engine]);
    },
    async down(db: AnyDb) {
      await run(db, DOWN[engine]);
      await db.schema.alterTable('inquiry_list_version').dropColumn('touched').execute();
    },
  };
}
