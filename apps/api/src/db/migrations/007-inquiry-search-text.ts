// PostgreSQL keeps each inquiry's lower-cased search text in a stored column, indexed by pg_trgm in place of
// migration 004's index on the expression. A search that walks a sort index tests each row's text: building and
// lowering it was about two thirds of a newest-first walk, and reading it instead took the statement that walks
// to `nepal`'s first page at a million rows from 4.2 to 1.8 ms (docs/performance.md). SQLite's FTS5 keeps its own.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect';
import { PG_SEARCH_EXPR } from './004-inquiry-indexes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/** The stored search text: PG_SEARCH_EXPR's value, which the repository's queries read by this name. */
export const PG_SEARCH_COLUMN = 'search_text';

export function inquirySearchText(engine: Engine) {
  const isPg = engine === 'postgres';
  return {
    // The rewrite leaves the table's visibility map empty, so every index-only count (a search's floor, the page
    // walks) would read the table too (a floor 1 ms -> 180 ms at a million rows), and autovacuum, which counts
    // dead and inserted rows, sees neither. About a second at a million rows.
    vacuumAfter: isPg ? ['inquiries'] : [],

    async up(db: AnyDb) {
      if (!isPg) return;
      // Adding a stored column rewrites the table (a minute at a million rows), past the pool's 15 s timeout;
      // the migrations run in one transaction, which this setting ends with.
      await sql`SET LOCAL statement_timeout = 0`.execute(db);
      await sql
        .raw(`ALTER TABLE inquiries ADD COLUMN ${PG_SEARCH_COLUMN} text GENERATED ALWAYS AS (${PG_SEARCH_EXPR}) STORED`)
        .execute(db);
      // No statistics for it: with them the planner took `%nepal%` (2% of rows) for 6% and counted it by a scan
      // of the table instead of the trigram index (3.5 -> 16 ms); without, it estimates from the pattern.
      await sql.raw(`ALTER TABLE inquiries ALTER COLUMN ${PG_SEARCH_COLUMN} SET STATISTICS 0`).execute(db);
      await sql`DROP INDEX inquiries_search`.execute(db);
      await sql
        .raw(
          `CREATE INDEX inquiries_search ON inquiries USING gin (status, ${PG_SEARCH_COLUMN} gin_trgm_ops) WHERE deleted_at IS NULL`,
        )
        .execute(db);
    },

    async down(db: AnyDb) {
      if (!isPg) return;
      await sql`DROP INDEX inquiries_search`.execute(db);
      await sql
        .raw(
          `CREATE INDEX inquiries_search ON inquiries USING gin (status, (${PG_SEARCH_EXPR}) gin_trgm_ops) WHERE deleted_at IS NULL`,
        )
        .execute(db);
      await sql.raw(`ALTER TABLE inquiries DROP COLUMN ${PG_SEARCH_COLUMN}`).execute(db);
    },
  };
}
