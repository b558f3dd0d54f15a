// D26's "My follow-ups": one handler's follow-ups in a range of times, counted and taken by one index range
// (inquiries_follow_up alone reads every inquiry's follow-up in the range to find one handler's).
import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function followUpsByHandler(): Migration {
  return {
    async up(db: AnyDb) {
      await sql`CREATE INDEX inquiries_staff_follow_up ON inquiries (staff_id, follow_up_at, id)
        WHERE deleted_at IS NULL AND follow_up_at IS NOT NULL`.execute(db);
    },
    async down(db: AnyDb) {
      await sql`DROP INDEX IF EXISTS inquiries_staff_follow_up`.execute(db);
    },
  };
}
