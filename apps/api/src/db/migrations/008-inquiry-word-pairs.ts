// SQLite: an index of the word pairs in each inquiry's search text, beside FTS5, for searches of two words or more
// (a full name). FTS5 finds "Suresh Srivastava" by intersecting the postings of three of its trigrams, 55,000 at a
// million rows for 314 matches, since every trigram of either name is common; the pair "srivas|hser" is one
// B-tree range of those 314 rows (the candidates statement 1.7 -> 0.6 ms; docs/performance.md). Kept by the
// triggers, so every writer keeps it. PostgreSQL keeps the same pairs from migration 009 (this one is a no-op there).
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect';
import { SEARCH_FIELDS, sqliteInsertTrigger, sqliteRowText } from './004-inquiry-indexes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/**
 * A pair stands for a space between two letters: the first letters of the word after it (up to PAIR_HEAD), a bar,
 * then the letters that end the word before it read backwards (up to PAIR_TAIL), with a caret when that word's
 * letters are fewer (a word start, or another character, before them), all lower-cased: "Suresh Srivastava"
 * holds "srivas|hser", "Om Jain" holds "jain|mo^". Backwards, so that a query's first word, which may end a longer
 * word, is a prefix too: "om jain" finds "jain|mo^" and "jain|mola" (Shalom Jain) in one range. A query's last
 * word may begin a longer one, which a head shorter than PAIR_HEAD leaves open (inquiry-word-pairs.ts). Only
 * ASCII letters count.
 */
export const PAIR_TAIL = 4;
export const PAIR_HEAD = 6;
/** Between a pair's head and its backwards tail; after a tail of fewer letters than PAIR_TAIL. */
export const PAIR_BAR = '|';
export const PAIR_START = '^';
/**
 * The positions a trigger looks for spaces at, one row each (SQLite's triggers cannot recurse over a string).
 * Covers the longest search text the API accepts (inquiry-word-pairs.test.ts checks it against the contract).
 */
export const PAIR_POSITIONS = 4096;

const LETTERS = (n: number) => `'${'[A-Za-z]'.repeat(n)}'`;
/** How many letters (1 to PAIR_HEAD) start the word after the space at `n` (which has one). */
const headLength = `CASE ${Array.from({ length: PAIR_HEAD - 1 }, (_, i) => PAIR_HEAD - i)
  .map((k) => `WHEN substr(t, n + 1, ${k}) GLOB ${LETTERS(k)} THEN ${k}`)
  .join(' ')} ELSE 1 END`;
/**
 * How many letters (1 to PAIR_TAIL) end the word before the space at `n` (which has one). The search text starts
 * with a space, so a run of letters never reaches its first character (and substr is never given a start below 1).
 */
const tailLength = `CASE ${Array.from({ length: PAIR_TAIL - 1 }, (_, i) => PAIR_TAIL - i)
  .map((k) => `WHEN n > ${k + 1} AND substr(t, n - ${k}, ${k}) GLOB ${LETTERS(k)} THEN ${k}`)
  .join(' ')} ELSE 1 END`;
/** The tail's letters backwards, then the caret when there are fewer than PAIR_TAIL. */
const backwardsTail = [
  'substr(t, n - 1, 1)',
  ...Array.from(
    { length: PAIR_TAIL - 1 },
    (_, i) => `CASE WHEN k > ${i + 1} THEN substr(t, n - ${i + 2}, 1) ELSE '' END`,
  ),
  `CASE WHEN k < ${PAIR_TAIL} THEN '${PAIR_START}' ELSE '' END`,
].join(' || ');

/**
 * The pairs of each text as rows (pair, seq): one for each space with a letter on either side. `texts` is a
 * subquery of search texts `t` and their seq `s`.
 */
export function pairRows(texts: string) {
  return `SELECT lower(substr(t, n + 1, h) || '${PAIR_BAR}' || ${backwardsTail}) AS pair, s AS seq
    FROM (
      SELECT t, s, n, ${headLength} AS h, ${tailLength} AS k
      FROM (${texts}), inquiry_word_positions
      WHERE n > 2 AND n < length(t) AND substr(t, n, 1) = ' '
        AND substr(t, n - 1, 1) GLOB ${LETTERS(1)} AND substr(t, n + 1, 1) GLOB ${LETTERS(1)}
    )`;
}

/** The search texts of the visible inquiries, for pairRows. */
export const VISIBLE_TEXTS = `SELECT ${sqliteRowText('inquiries')} AS t, seq AS s FROM inquiries WHERE deleted_at IS NULL`;
/** The search text of the row a trigger sees, for pairRows. */
const rowText = (row: string, seq: string) => `SELECT ${sqliteRowText(row)} AS t, ${seq} AS s`;

const insertPairs = (row: string, seq: string) => `
              INSERT OR IGNORE INTO inquiry_word_pairs (pair, seq)
                SELECT pair, seq FROM (${pairRows(rowText(row, seq))}) WHERE ${row}.deleted_at IS NULL;`;
// By primary key: the pairs the old text had (an index on seq alone would cost another 100 MB a million rows).
const deletePairs = (row: string) => `
              DELETE FROM inquiry_word_pairs WHERE seq = ${row}.seq
                AND pair IN (SELECT pair FROM (${pairRows(rowText(row, `${row}.seq`))}));`;

const WATCHED = [...SEARCH_FIELDS, 'deleted_at'];

export function inquiryWordPairs(engine: Engine) {
  const isPg = engine === 'postgres';
  return {
    async up(db: AnyDb) {
      if (isPg) return;
      await sql`CREATE TABLE inquiry_word_positions (n INTEGER PRIMARY KEY)`.execute(db);
      // SQLite's generate_series is an extension: a recursive CTE counts instead.
      await sql
        .raw(
          `INSERT INTO inquiry_word_positions (n)
            WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ${PAIR_POSITIONS}) SELECT n FROM c`,
        )
        .execute(db);
      // WITHOUT ROWID: the pair and seq are the whole row, so the primary key's B-tree is the table.
      await sql`CREATE TABLE inquiry_word_pairs (pair TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (pair, seq)) WITHOUT ROWID`.execute(
        db,
      );
      // Sorted first, so the B-tree is written in order (42 s at a million rows).
      await sql
        .raw(
          `INSERT OR IGNORE INTO inquiry_word_pairs (pair, seq) SELECT pair, seq FROM (${pairRows(VISIBLE_TEXTS)}) ORDER BY 1, 2`,
        )
        .execute(db);
      await sql`DROP TRIGGER inquiries_ai`.execute(db);
      await sql
        .raw(sqliteInsertTrigger(insertPairs('new', '(SELECT seq FROM inquiries WHERE rowid = new.rowid)')))
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER inquiries_au_pairs AFTER UPDATE OF ${WATCHED.join(', ')} ON inquiries
            WHEN ${WATCHED.map((f) => `old.${f} IS NOT new.${f}`).join(' OR ')} BEGIN
            ${deletePairs('old')}
            ${insertPairs('new', 'new.seq')}
          END`,
        )
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER inquiries_ad_pairs AFTER DELETE ON inquiries BEGIN ${deletePairs('old')} END`)
        .execute(db);
    },

    async down(db: AnyDb) {
      if (isPg) return;
      await sql`DROP TRIGGER IF EXISTS inquiries_ad_pairs`.execute(db);
      await sql`DROP TRIGGER IF EXISTS inquiries_au_pairs`.execute(db);
      await sql`DROP TRIGGER inquiries_ai`.execute(db);
      await sql.raw(sqliteInsertTrigger()).execute(db);
      await sql`DROP TABLE inquiry_word_pairs`.execute(db);
      await sql`DROP TABLE inquiry_word_positions`.execute(db);
    },
  };
}
