// The staff's day (D26): travel date, lead source, the package asked about and the follow-up time on inquiries,
// with the indexes the "my work" filters read. Existing rows keep nulls (a null source is "not recorded").
import { sql, type Kysely } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const INDEXES = [
  // followUp=overdue|today|upcoming: a range of follow-up times (few rows: most inquiries have none).
  'CREATE INDEX inquiries_follow_up ON inquiries (follow_up_at, id) WHERE deleted_at IS NULL AND follow_up_at IS NOT NULL',
  // assignedTo=me|unassigned|{id}, newest first (the dashboards' and the default order); counts per handler.
  'CREATE INDEX inquiries_by_staff_created_at ON inquiries (staff_id, created_at, id) WHERE deleted_at IS NULL',
  // Deleting a package unlinks the inquiries that asked about it (their title stays).
  'CREATE INDEX inquiries_package ON inquiries (package_id) WHERE package_id IS NOT NULL',
];

export function inquiryWorkflow(engine: Engine) {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('inquiries').addColumn('travel_date', t.text).execute();
      await db.schema.alterTable('inquiries').addColumn('source', t.text).execute();
      await db.schema.alterTable('inquiries').addColumn('package_id', t.text).execute();
      await db.schema.alterTable('inquiries').addColumn('package_title', t.text).execute();
      await db.schema.alterTable('inquiries').addColumn('follow_up_at', t.bigint).execute();
      for (const s of INDEXES) await sql.raw(s).execute(db);
    },
    async down(db: AnyDb) {
      for (const i of ['inquiries_follow_up', 'inquiries_by_staff_created_at', 'inquiries_package']) {
        await sql.raw(`DROP INDEX IF EXISTS ${i}`).execute(db);
      }
      // SQLite's DROP COLUMN re-checks every trigger on the table and fails on an upsert's table alias (migration
      // 006's roll-ups), so the triggers step aside while the columns go, and come back as they were.
      const triggers =
        engine === 'sqlite'
          ? (
              await sql<{ name: string; sql: string }>`
                SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'inquiries'`.execute(db)
            ).rows
          : [];
      for (const tr of triggers) await sql.raw(`DROP TRIGGER ${tr.name}`).execute(db);
      for (const c of ['follow_up_at', 'package_title', 'package_id', 'source', 'travel_date']) {
        await db.schema.alterTable('inquiries').dropColumn(c).execute();
      }
      for (const tr of triggers) await sql.raw(tr.sql).execute(db);
    },
  };
}
