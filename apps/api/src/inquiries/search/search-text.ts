// How a free-text search becomes SQL on each engine: the query prepared (FTS5 phrase, LIKE pattern) and the text
// tests the page and search queries share. Three or more characters match anywhere; one or two are too short for
// trigrams, so they match the start of a word (" go" finds "Goa").
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../../db/database';
import type { Engine } from '../../db/dialect';
import { FTS_STATUS_CODES, PG_SEARCH_COLUMN, SQLITE_SEARCH_TEXT } from './search-schema';

/** A query prepared for one engine; `match: null` (SQLite) means nothing can match. */
export type PreparedSearch = { lower: string; like: string } & (
  { engine: 'sqlite'; match: string | null } | { engine: 'postgres' }
);

/** Highest code point: `prefix + TOP` bounds every string that starts with `prefix` (byte-wise order). */
const TOP = '\u{10ffff}';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const ftsPhrase = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * Normalises `q`: NFC (a decomposed "é" finds a stored precomposed one, as stored text is NFC too), control
 * characters dropped, blanks collapsed; '' means no search.
 */
export function normaliseSearch(q: string | undefined): string {
  return (
    (q ?? '')
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- control characters can never match and would break the phrase
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * SQLite: the FTS trigrams that start a word with `prefix` (a space and one character), from the vocabulary, which
 * reads each term's doclist to count it as it lists them.
 */
export async function findWordStartTerms(db: DbOrTx, prefix: string): Promise<string[]> {
  const terms = await sql<{ term: string }>`
    SELECT term FROM inquiries_fts_terms WHERE term >= ${prefix} AND term < ${prefix + TOP} LIMIT 1000`.execute(db);
  return terms.rows.map((r) => r.term);
}

/**
 * Prepares a normalised query (normaliseSearch) for `engine`. `wordStarts` may stand in for the vocabulary read
 * of a one-character query on SQLite (the list service keeps its answer while the data version stands still).
 */
export async function prepareSearch(
  db: DbOrTx,
  engine: Engine,
  q: string,
  wordStarts: (prefix: string) => Promise<string[]> = (prefix) => findWordStartTerms(db, prefix),
): Promise<PreparedSearch> {
  const lower = q.toLowerCase();
  const length = [...lower].length;
  const like = length < 3 ? `% ${escapeLike(lower)}%` : `%${escapeLike(lower)}%`;
  if (engine === 'postgres') return { engine, lower, like };
  if (length >= 3) return { engine, lower, like, match: ftsPhrase(lower) };
  if (length === 2) return { engine, lower, like, match: ftsPhrase(` ${lower}`) };
  // One character: any trigram that starts a word with it.
  const terms = await wordStarts(` ${lower}`);
  return { engine, lower, like, match: terms.length === 0 ? null : `(${terms.map(ftsPhrase).join(' OR ')})` };
}

/** The FTS5 query of a search, narrowed to one status inside the index (by its code) when asked. */
export function ftsQuery(match: string, status: string | undefined) {
  if (!status) return `search : ${match}`;
  return `search : ${match} AND status : ${ftsPhrase(FTS_STATUS_CODES[status] ?? '#?#')}`;
}

/** PostgreSQL's stored search text (migration 002), indexed by pg_trgm. */
export const PG_TEXT = sql.raw(PG_SEARCH_COLUMN);

/** The search text a walk tests row by row: SQLite builds it; PostgreSQL reads it, lower-cased. */
export const rowText = (engine: Engine) => (engine === 'postgres' ? PG_TEXT : sql.raw(SQLITE_SEARCH_TEXT));

/** The text test on a row's text as rowText gave it. */
export function textMatches(search: PreparedSearch, text: RawBuilder<unknown>) {
  return search.engine === 'postgres' ? sql`${text} LIKE ${search.like}` : sql`${text} LIKE ${search.like} ESCAPE '\\'`;
}

/**
 * The row-by-row text test in a WHERE clause. On PostgreSQL, coalesce() hides it from the trigram index (and from
 * its selectivity estimate) when the caller chose to walk a sort index.
 */
export function rowMatches(search: PreparedSearch, hideFromIndex: boolean) {
  if (search.engine === 'postgres') {
    return hideFromIndex ? sql`coalesce(${PG_TEXT} LIKE ${search.like}, false)` : sql`${PG_TEXT} LIKE ${search.like}`;
  }
  return textMatches(search, sql`(${sql.raw(SQLITE_SEARCH_TEXT)})`);
}
