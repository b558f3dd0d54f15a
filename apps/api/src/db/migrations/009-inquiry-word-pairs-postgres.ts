// PostgreSQL: the word pairs of migration 008 (a no-op here), keyed by id. pg_trgm finds "Uma Srivastava" by three
// of its trigrams (inquiry-search-candidates.ts), each in tens of thousands of rows of a million ("uma" is in every
// "Kumar"), and intersecting their postings took 32 ms, 36x LIKE; the pair "srivas|amu^" is one B-tree range of
// its few rows. Kept by statement-level triggers, so every writer keeps it.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect';
import { PAIR_BAR, PAIR_HEAD, PAIR_START, PAIR_TAIL } from './008-inquiry-word-pairs';
import { PG_SEARCH_COLUMN } from './007-inquiry-search-text';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/**
 * The pairs of a stored search text (migration 007's, lower-cased), as migration 008's SQLite triggers make them;
 * a set-returning function walks the text where SQLite needed a table of positions.
 */
export const PG_PAIRS_FUNCTION = 'inquiry_word_pairs_of';
const pairsFunction = `CREATE FUNCTION ${PG_PAIRS_FUNCTION}(t text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(t, n + 1, h) || '${PAIR_BAR}' || reverse(substr(t, n - k, k))
    || CASE WHEN k < ${PAIR_TAIL} THEN '${PAIR_START}' ELSE '' END
  FROM (
    SELECT n,
      length(substring(substr(t, n + 1, ${PAIR_HEAD}) COLLATE "C" from '^[a-z]*')) AS h,
      length(substring(substr(t, n - ${PAIR_TAIL}, ${PAIR_TAIL}) COLLATE "C" from '[a-z]*$')) AS k
    FROM generate_series(2, length(t) - 1) AS n
    WHERE substr(t, n, 1) = ' '
  ) s
  WHERE h > 0 AND k > 0
$$`;

/**
 * The trigger function that keeps the pairs. Statement-level, as the counters (migration 004): a batch of a thousand
 * rows is one insert of their pairs. An update replaces the pairs only of rows whose text or deletion changed.
 * With `createdAt` (migration 010) each pair is written with its row's created_at, and a row whose created_at
 * changed (a restore, an import) has its pairs written again.
 */
export function pairsSyncFunction({ createdAt, replace }: { createdAt: boolean; replace: boolean }) {
  const changed = `(n.${PG_SEARCH_COLUMN} IS DISTINCT FROM o.${PG_SEARCH_COLUMN} OR n.deleted_at IS DISTINCT FROM o.deleted_at${
    createdAt ? '\n  OR n.created_at IS DISTINCT FROM o.created_at' : ''
  })`;
  const remove = (where: string) => `
      DELETE FROM inquiry_word_pairs w USING (
        SELECT o.id, p.pair FROM old_rows o, ${PG_PAIRS_FUNCTION}(o.${PG_SEARCH_COLUMN}) AS p(pair)
        WHERE o.deleted_at IS NULL ${where}
      ) x WHERE w.pair = x.pair AND w.id = x.id;`;
  const add = (where: string) => `
      INSERT INTO inquiry_word_pairs (pair, id${createdAt ? ', created_at' : ''})
        SELECT p.pair, n.id${createdAt ? ', n.created_at' : ''} FROM new_rows n, ${PG_PAIRS_FUNCTION}(n.${PG_SEARCH_COLUMN}) AS p(pair)
        WHERE n.deleted_at IS NULL ${where}
        ON CONFLICT DO NOTHING;`;
  // Each branch names only the transition tables its event has (PL/pgSQL plans a statement when it first runs).
  return `CREATE ${replace ? 'OR REPLACE ' : ''}FUNCTION inquiry_word_pairs_sync() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN ${add('')}
    ELSIF TG_OP = 'DELETE' THEN ${remove('')}
    ELSE
      ${remove(`AND EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND ${changed})`)}
      ${add(`AND EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id AND ${changed})`)}
    END IF;
    RETURN NULL;
  END $$`;
}

const TRIGGERS = {
  inquiries_pairs_ins: 'INSERT ON inquiries REFERENCING NEW TABLE AS new_rows',
  inquiries_pairs_upd: 'UPDATE ON inquiries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
  inquiries_pairs_del: 'DELETE ON inquiries REFERENCING OLD TABLE AS old_rows',
};

export function inquiryWordPairsPostgres(engine: Engine) {
  const isPg = engine === 'postgres';
  return {
    // A new table's visibility map is empty: every index-only read of the pairs would visit the table too.
    vacuumAfter: isPg ? ['inquiry_word_pairs'] : [],

    async up(db: AnyDb) {
      if (!isPg) return;
      // The fill reads every inquiry's text (about a minute at a million rows), past the pool's 15 s timeout.
      await sql`SET LOCAL statement_timeout = 0`.execute(db);
      await sql.raw(pairsFunction).execute(db);
      // COLLATE "C": the lookups' ranges are byte-wise (a prefix, then that prefix and the highest code point).
      await sql`CREATE TABLE inquiry_word_pairs (pair text COLLATE "C" NOT NULL, id text NOT NULL, PRIMARY KEY (pair, id))`.execute(
        db,
      );
      await sql
        .raw(
          `INSERT INTO inquiry_word_pairs (pair, id)
            SELECT DISTINCT p.pair, i.id FROM inquiries i, ${PG_PAIRS_FUNCTION}(i.${PG_SEARCH_COLUMN}) AS p(pair)
            WHERE i.deleted_at IS NULL`,
        )
        .execute(db);
      await sql.raw(pairsSyncFunction({ createdAt: false, replace: false })).execute(db);
      for (const [name, on] of Object.entries(TRIGGERS)) {
        await sql
          .raw(`CREATE TRIGGER ${name} AFTER ${on} FOR EACH STATEMENT EXECUTE FUNCTION inquiry_word_pairs_sync()`)
          .execute(db);
      }
    },

    async down(db: AnyDb) {
      if (!isPg) return;
      for (const name of Object.keys(TRIGGERS)) await sql.raw(`DROP TRIGGER ${name} ON inquiries`).execute(db);
      await sql`DROP FUNCTION inquiry_word_pairs_sync()`.execute(db);
      await sql`DROP TABLE inquiry_word_pairs`.execute(db);
      await sql.raw(`DROP FUNCTION ${PG_PAIRS_FUNCTION}(text)`).execute(db);
    },
  };
}
