// The owner's reports (D27) read a period of visible inquiries by creation time and sum their money, grouped by
// month, handler, status and destination: one covering index lets that be a range of the index alone, with no
// table read per inquiry.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function reportIndexes(engine: Engine) {
  const covered =
    'status, staff_id, location, tpc_paise, advance_paise, total_revenue_paise, hotel_cost_paise, cab_cost_paise';
  return {
    async up(db: AnyDb) {
      await sql
        .raw(
          engine === 'postgres'
            ? `CREATE INDEX inquiries_reports ON inquiries (created_at) INCLUDE (${covered}) WHERE deleted_at IS NULL`
            : `CREATE INDEX inquiries_reports ON inquiries (created_at, ${covered}) WHERE deleted_at IS NULL`,
        )
        .execute(db);
    },
    async down(db: AnyDb) {
      await sql`DROP INDEX IF EXISTS inquiries_reports`.execute(db);
    },
  };
}
