// The indexes of D26's workflow sets (a handler's rows or the unassigned; every row with a follow-up) hold every
// column a kept set is filtered and sorted by, so sorting a whole set reads the index alone, not a table row per
// entry, and a page of a handler's few follow-ups reads the index alone too (docs/performance.md). Same names and
// leading columns as migrations 007's and 009's, so every query that used them still does.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/**
 * A kept set's filters, then the list's sort columns (D10); deleted_at too, as SQLite plans a read of every
 * column a query names, even one the partial index's WHERE decides.
 */
const SET_COLUMNS = `deleted_at status staff_id follow_up_at customer_name customer_email customer_whatsapp staff_name
  location created_at updated_at`.split(/\s+/);

const INDEXES = [
  ['inquiries_by_staff_created_at', 'staff_id, created_at, id', 'deleted_at IS NULL'],
  ['inquiries_follow_up', 'follow_up_at, id', 'deleted_at IS NULL AND follow_up_at IS NOT NULL'],
  // A handler's follow-ups (migration 009's), whose few rows are sorted on every request rather than kept.
  ['inquiries_staff_follow_up', 'staff_id, follow_up_at, id', 'deleted_at IS NULL AND follow_up_at IS NOT NULL'],
] as const;

export function keptSetIndexes(engine: Engine) {
  const replace = async (db: AnyDb, covering: boolean) => {
    for (const [name, key, where] of INDEXES) {
      const rest = covering ? SET_COLUMNS.filter((c) => !key.split(', ').includes(c)).join(', ') : '';
      // SQLite has no INCLUDE: the other columns follow the key.
      const columns = !rest ? `(${key})` : engine === 'postgres' ? `(${key}) INCLUDE (${rest})` : `(${key}, ${rest})`;
      await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
      await sql.raw(`CREATE INDEX ${name} ON inquiries ${columns} WHERE ${where}`).execute(db);
    }
  };
  return {
    up: (db: AnyDb) => replace(db, true),
    down: (db: AnyDb) => replace(db, false),
    // PostgreSQL reads an index alone only for heap pages its visibility map marks all-visible.
    vacuumAfter: engine === 'postgres' ? ['inquiries'] : [],
  };
}
