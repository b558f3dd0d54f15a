// PostgreSQL: each word pair keeps its inquiry's created_at, in its primary key's leaf (INCLUDE), so the newest
// matches of a rare pair are found among its index entries alone. "ravi k" at a million rows has 1,832 matches
// past the count limit: fetching each row to sort them took 8-10 ms of a 13 ms request, where its first page
// needs 50. SQLite's pairs are keyed by seq, which is already in createdAt order (migration 004).
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect';
import { pairsSyncFunction } from './009-inquiry-word-pairs-postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/**
 * The pairs table rebuilt with `columns` from `select` (a copy sorted by its key, so the new primary key is
 * written in order, and no dead half of an updated table is left behind).
 */
async function rebuild(db: AnyDb, columns: string, select: string, key: string) {
  await sql.raw(`CREATE TABLE inquiry_word_pairs_next (${columns})`).execute(db);
  await sql.raw(`INSERT INTO inquiry_word_pairs_next ${select} ORDER BY 1, 2`).execute(db);
  await sql`DROP TABLE inquiry_word_pairs`.execute(db);
  await sql`ALTER TABLE inquiry_word_pairs_next RENAME TO inquiry_word_pairs`.execute(db);
  await sql.raw(`ALTER TABLE inquiry_word_pairs ADD PRIMARY KEY ${key}`).execute(db);
}

export function inquiryWordPairsCreated(engine: Engine) {
  const isPg = engine === 'postgres';
  return {
    // Index-only reads need the new table's visibility map (as after migration 009).
    vacuumAfter: isPg ? ['inquiry_word_pairs'] : [],

    async up(db: AnyDb) {
      if (!isPg) return;
      await sql`SET LOCAL statement_timeout = 0`.execute(db);
      await rebuild(
        db,
        'pair text COLLATE "C" NOT NULL, id text NOT NULL, created_at bigint NOT NULL',
        `SELECT w.pair, w.id, i.created_at FROM inquiry_word_pairs w JOIN inquiries i ON i.id = w.id`,
        '(pair, id) INCLUDE (created_at)',
      );
      await sql.raw(pairsSyncFunction({ createdAt: true, replace: true })).execute(db);
    },

    async down(db: AnyDb) {
      if (!isPg) return;
      await sql`SET LOCAL statement_timeout = 0`.execute(db);
      await rebuild(
        db,
        'pair text COLLATE "C" NOT NULL, id text NOT NULL',
        'SELECT pair, id FROM inquiry_word_pairs',
        '(pair, id)',
      );
      await sql.raw(pairsSyncFunction({ createdAt: false, replace: true })).execute(db);
    },
  };
}
