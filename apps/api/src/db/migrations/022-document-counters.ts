// D31/D32 numbered papers: one counter per series (RCT, INV, CN) and Indian financial year. A paper's number is
// taken by an upsert that increments the row inside the paper's own transaction (papers/document-numbers.ts), so
// numbers run on with no gap and no duplicate however many processes issue at once.
import type { Kysely, Migration } from 'kysely';
import { columnTypes, type Engine } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

export function documentCounters(engine: Engine): Migration {
  const t = columnTypes(engine);
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('document_counters')
        .addColumn('series', t.text, (c) => c.notNull())
        // '2026-27'
        .addColumn('fy', t.text, (c) => c.notNull())
        // The last number issued in the series and year.
        .addColumn('last', t.int, (c) => c.notNull())
        .addPrimaryKeyConstraint('document_counters_pk', ['series', 'fy'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('document_counters').execute();
    },
  };
}
