// PostgreSQL: each word pair keeps its inquiry's created_at, in its primary key's leaf (INCLUDE), so the newest
// matches of a rare pair are found among its index entries alone. "ravi k" at a million rows has 1,832 matches
// past the count limit: fetching each row to sort them took 8-10 ms of a 13 ms request, where its first page
// needs 50. SQLite's pairs are keyed by seq, which is already in createdAt order (migration 004).
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect';
import { PG_SEARCH_COLUMN } from './007-inquiry-search-text';
import { PG_PAIRS_FUNCTION, syncFunction as syncFunction009 } from './009-inquiry-word-pairs-postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

// As migration 009's, and a row whose created_at changed (a restore, an import) has its pairs written again.
const changed = `(n.${PG_SEARCH_COLUMN} IS DISTINCT FROM o.${PG_SEARCH_COLUMN} OR n.deleted_at IS DISTINCT FROM o.deleted_at
  OR n.created_at IS DISTINCT FROM o.created_at)`;
const remove = (where: string) => `
      DELETE FROM inquiry_word_pairs w USING (
        SELECT o.id, p.pair FROM old_rows o, ${PG_PAIRS_FUNCTION}(o.${PG_SEARCH_COLUMN}) AS p(pair)
        WHERE o.deleted_at IS NULL ${where}
      ) x WHERE w.pair = x.pair AND w.id = x.id;`;
const add = (where: string) => `
      INSERT INTO inquiry_word_pairs (pair, id, created_at)
        SELECT p.pair, n.id, n.created_at FROM new_rows n, ${PG_PAIRS_FUNCTION}(n.${PG_SEARCH_COLUMN}) AS p(pair)
        WHERE n.deleted_at IS NULL ${where}
        ON CONFLICT DO NOTHING;`;
const syncFunction = `CREATE OR REPLACE FUNCTION inquiry_word_pairs_sync() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN ${add('')}
    ELSIF TG_OP = 'DELETE' THEN ${remove('')}
    ELSE
      ${remove(`AND EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND ${changed})`)}
      ${add(`AND EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id AND ${changed})`)}
    END IF;
    RETURN NULL;
  END $$`;

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
      await sql.raw(syncFunction).execute(db);
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
      await sql.raw(syncFunction009.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')).execute(db);
    },
  };
}
