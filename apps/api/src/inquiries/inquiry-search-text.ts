// How a free-text search becomes SQL on each engine: the query prepared (FTS5 phrase or trigram list, LIKE
// pattern, candidate trigrams) and the text tests the page and search queries share (docs/performance.md).
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx } from '../db/database';
import type { Engine } from '../db/dialect';
import { FTS_STATUS_CODES, SEARCH_TEXT_EXPR, SQLITE_SEARCH_EXPR } from '../db/migrations/004-inquiry-indexes';
import { PG_SEARCH_COLUMN } from '../db/migrations/007-inquiry-search-text';
import { ASCII, candidateTrigrams, windowsOf, type TrigramCounts } from './inquiry-search-candidates';
import { wordPairLookups, type PairLookup } from './inquiry-word-pairs';

/**
 * A query prepared for one engine. Three or more characters match anywhere (FTS5 trigram phrase / pg_trgm
 * LIKE); one or two characters are too short for trigrams, so they match the start of a word (" go" finds
 * "Goa"; docs/performance.md). `match: null` means nothing can match.
 */
export type PreparedSearch = {
  lower: string;
  like: string;
  /**
   * Three trigrams far apart in a long query (inquiry-search-candidates.ts): rows holding all three are
   * few, found by three doclists or posting lists instead of one per trigram, then tested against the whole
   * query. Undefined when the query is short, or on SQLite not ASCII (the test is LIKE, which folds ASCII only).
   */
  candidates?: string[];
  /**
   * Where the word pairs (migrations 008 and 009) every match holds are: one of them finds a full name's few rows in one
   * index range. Undefined when the query has none (fewer than three characters, no space between letters), or
   * is not ASCII (the pairs hold ASCII letters only).
   */
  pairs?: PairLookup[];
} & ({ engine: 'sqlite'; match: string | null; trigrams: string[] } | { engine: 'postgres' });

/** Highest code point: `prefix + TOP` bounds every string that starts with `prefix` (byte-wise order). */
export const TOP = '\u{10ffff}';

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
export const ftsPhrase = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Normalises `q` (control characters dropped, blanks collapsed); '' means no search. */
export function normaliseSearch(q: string | undefined): string {
  return (
    (q ?? '')
      // eslint-disable-next-line no-control-regex -- control characters can never match and would break the phrase
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const trigramsOf = (text: string) => [...new Set(windowsOf(text))];

/** SQLite: the FTS trigrams that start a word with `prefix` (a space and one character), from the vocabulary. */
export async function findWordStartTerms(db: DbOrTx, prefix: string): Promise<string[]> {
  const terms = await sql<{ term: string }>`
    SELECT term FROM inquiries_fts_terms WHERE term >= ${prefix} AND term < ${`${prefix}\u{10ffff}`} LIMIT 1000`.execute(
    db,
  );
  return terms.rows.map((r) => r.term);
}

function byCodePoint(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** The string just below `term` among FTS trigrams (three characters), or undefined at the edge of the code points. */
function justBelow(term: string): string | undefined {
  const chars = [...term];
  const last = chars.pop()!.codePointAt(0)!;
  // Below a character sits the one before it (never a lone surrogate, never NUL), then anything after that.
  const before = last === 0xe000 ? 0xd7ff : last - 1;
  return before < 1 ? undefined : `${chars.join('')}${String.fromCodePoint(before)}${TOP}`;
}

/**
 * SQLite: the word-start trigrams of `prefix` that are not in `known` (as findWordStartTerms gives them), read
 * from the gaps between the known terms: a seek into the vocabulary each, where listing every term counts each
 * one's documents. Every three-character term with the prefix is either known or inside a gap.
 */
export async function findAddedWordStartTerms(db: DbOrTx, prefix: string, known: readonly string[]) {
  // In SQLite's order (code points, as UTF-8 bytes compare), not JavaScript's (UTF-16 units).
  const sorted = [...new Set(known)].filter((t) => t.startsWith(prefix)).sort(byCodePoint);
  const gaps: [string, string][] = [];
  let from = prefix;
  for (const term of sorted) {
    const below = justBelow(term);
    // At the edge of the code points, list the whole prefix instead (it never happens with real text).
    if (below === undefined) return findWordStartTerms(db, prefix);
    // An empty gap (two neighbouring characters) reads nothing.
    gaps.push([from, below]);
    from = `${term}\u0001`;
  }
  gaps.push([from, `${prefix}${TOP}`]);
  const reads = gaps.map(([lo, hi]) => sql`SELECT term FROM inquiries_fts_terms WHERE term >= ${lo} AND term <= ${hi}`);
  const rows = await sql<{ term: string }>`${sql.join(reads, sql` UNION ALL `)}`.execute(db);
  return rows.rows.map((r) => r.term);
}

export async function prepareSearch(
  db: DbOrTx,
  engine: Engine,
  q: string,
  wordStartTerms: (prefix: string) => Promise<string[]> = (prefix) => findWordStartTerms(db, prefix),
  trigramCounts?: TrigramCounts,
): Promise<PreparedSearch> {
  const lower = q.toLowerCase();
  const length = [...lower].length;
  const like = length < 3 ? `% ${escapeLike(lower)}%` : `%${escapeLike(lower)}%`;
  const candidates = candidateTrigrams(lower, engine, trigramCounts);
  const lookups = length >= 3 && ASCII.test(lower) ? wordPairLookups(lower) : [];
  const pairs = lookups.length > 0 ? { pairs: lookups } : {};
  if (engine === 'postgres') return { engine, lower, like, candidates, ...pairs };
  if (length >= 3) {
    return { engine, lower, match: ftsPhrase(lower), like, trigrams: trigramsOf(lower), candidates, ...pairs };
  }
  if (length === 2) return { engine, lower, match: ftsPhrase(` ${lower}`), like, trigrams: [` ${lower}`] };
  // One character: every trigram that starts a word with it.
  const list = await wordStartTerms(` ${lower}`);
  const match = list.length === 0 ? null : `(${list.map(ftsPhrase).join(' OR ')})`;
  return { engine, lower, match, like, trigrams: list };
}

/** The FTS5 query of a search, narrowed to one status inside the index (by its code) when asked. */
export function ftsQuery(match: string, status: string | undefined) {
  if (!status) return `search : ${match}`;
  return `search : ${match} AND status : ${ftsPhrase(FTS_STATUS_CODES[status] ?? '#?#')}`;
}

/** PostgreSQL's lower-cased search text, stored by migration 007 and indexed by pg_trgm. */
export const PG_TEXT = sql.raw(PG_SEARCH_COLUMN);

/** The search text a walk or a sample tests row by row: SQLite builds it; PostgreSQL reads it, lower-cased. */
export const rowText = (engine: Engine) => (engine === 'postgres' ? PG_TEXT : sql.raw(SEARCH_TEXT_EXPR));

/** The text test on a row's text as rowText gave it (a bounded walk's window, a sample). */
export function textMatches(search: PreparedSearch, text: RawBuilder<unknown>) {
  return search.engine === 'postgres' ? sql`${text} LIKE ${search.like}` : sql`${text} LIKE ${search.like} ESCAPE '\\'`;
}

/**
 * The row-by-row text test. On PostgreSQL, coalesce() hides the test from the trigram index (and from its
 * selectivity estimate) when the caller chose to walk a sort index; a Customer's handful of rows is filtered
 * either way.
 */
export function rowMatches(search: PreparedSearch, hideFromIndex: boolean) {
  if (search.engine === 'postgres') {
    return hideFromIndex ? sql`coalesce(${PG_TEXT} LIKE ${search.like}, false)` : sql`${PG_TEXT} LIKE ${search.like}`;
  }
  return sql`(${sql.raw(SQLITE_SEARCH_EXPR)}) LIKE ${search.like} ESCAPE '\\'`;
}
