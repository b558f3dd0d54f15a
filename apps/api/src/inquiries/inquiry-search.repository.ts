// The list's search queries: every match sorted, counted or keyed through the text index, a long query's
// candidates, the floor's index ranges, estimates and the sample of newest texts (docs/performance.md).
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { InquirySort } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import type { Engine } from '../db/dialect';
import { SEARCH_TEXT_EXPR, SQLITE_SEARCH_EXPR } from '../db/migrations/004-inquiry-indexes';
import { SORT_COLUMN, type InquiryRow } from './inquiry.repository';
import type { FloorRange } from './inquiry-search-floor';
import { PG_TEXT, TOP, escapeLike, ftsPhrase, ftsQuery, textMatches, type PreparedSearch } from './inquiry-search-text';
import { PAIR_BAR } from '../db/migrations/008-inquiry-word-pairs';
import type { PairLookup } from './inquiry-word-pairs';

const raw = (s: string) => sql.raw(s);

/** The search text of the newest visible inquiries, for counting trigrams (inquiry-trigram-sample.ts). */
export function buildNewestSearchTextsQuery(db: DbOrTx, n: number): CompiledQuery<{ t: string }> {
  return sql<{ t: string }>`
    SELECT ${raw(SEARCH_TEXT_EXPR)} AS t FROM inquiries WHERE deleted_at IS NULL
    ORDER BY created_at DESC, id DESC LIMIT ${n}`.compile(db);
}

export async function findNewestSearchTexts(db: DbOrTx, n: number): Promise<string[]> {
  return (await db.executeQuery(buildNewestSearchTextsQuery(db, n))).rows.map((r) => r.t);
}

/**
 * Every visible match of a search (or of the given row keys) with its status, ascending in `sort` with id
 * breaking ties: up to `limit` rows, so the caller can tell a search too large to keep. Taken from the text
 * index and then sorted, as 'fts-join' and 'bitmap' do for one page.
 */
export function buildSortedMatchesQuery(
  db: DbOrTx,
  search: PreparedSearch,
  sort: InquirySort,
  limit: number,
  keys?: readonly (string | number)[],
): CompiledQuery<{ id: string; status: string }> {
  const col = raw(SORT_COLUMN[sort]);
  if (keys) {
    if (keys.length === 0)
      return sql<{ id: string; status: string }>`SELECT id, status FROM inquiries WHERE 1 = 0`.compile(db);
    const match =
      search.engine === 'postgres'
        ? sql`id = ANY(${keys as string[]}::text[])`
        : sql`seq IN (${sql.join(keys as number[])})`;
    return sql<{ id: string; status: string }>`
      SELECT id, status FROM inquiries WHERE ${match} AND deleted_at IS NULL
      ORDER BY ${col}, id LIMIT ${limit}`.compile(db);
  }
  if (search.engine === 'sqlite') {
    if (search.match === null)
      return sql<{ id: string; status: string }>`SELECT id, status FROM inquiries WHERE 0`.compile(db);
    return sql<{ id: string; status: string }>`
      SELECT i.id, i.status FROM inquiries_fts f JOIN inquiries i ON i.seq = f.rowid
      WHERE inquiries_fts MATCH ${ftsQuery(search.match, undefined)} AND i.deleted_at IS NULL
      ORDER BY i.${col}, i.id LIMIT ${limit}`.compile(db);
  }
  return sql<{ id: string; status: string }>`
    WITH m AS MATERIALIZED (
      SELECT id, status, ${col} AS k FROM inquiries
      WHERE deleted_at IS NULL AND ${PG_TEXT} LIKE ${search.like})
    SELECT id, status FROM m ORDER BY k, id LIMIT ${limit}`.compile(db);
}

export async function findSortedMatches(
  db: DbOrTx,
  search: PreparedSearch,
  sort: InquirySort,
  limit: number,
  keys?: readonly (string | number)[],
): Promise<{ id: string; status: string }[]> {
  const result = await db.executeQuery(buildSortedMatchesQuery(db, search, sort, limit, keys));
  return result.rows;
}

/** Visible matches of a search over all inquiries (optionally one status), counted up to `cap`. */
export function buildSearchCountQuery(db: DbOrTx, search: PreparedSearch, cap: number, status?: string) {
  const inner =
    search.engine === 'sqlite'
      ? search.match === null
        ? sql`SELECT 1 WHERE 0`
        : sql`SELECT 1 FROM inquiries_fts WHERE inquiries_fts MATCH ${ftsQuery(search.match, status)} LIMIT ${cap}`
      : sql`SELECT 1 FROM inquiries WHERE deleted_at IS NULL ${status ? sql`AND status = ${status}` : sql``}
          AND ${PG_TEXT} LIKE ${search.like} LIMIT ${cap}`;
  return sql<{ n: number | string }>`SELECT count(*) AS n FROM (${inner}) m`.compile(db);
}

/**
 * Up to `cap` matches of a search (optionally one status) as row keys (SQLite seq, PostgreSQL id): one text
 * index pass that both counts a selective search and hands its matches to the page query.
 */
export function buildSearchKeysQuery(db: DbOrTx, search: PreparedSearch, cap: number, status?: string) {
  if (search.engine === 'sqlite') {
    return search.match === null
      ? sql<{ k: number }>`SELECT 1 AS k WHERE 0`.compile(db)
      : sql<{ k: number }>`SELECT rowid AS k FROM inquiries_fts
          WHERE inquiries_fts MATCH ${ftsQuery(search.match, status)} LIMIT ${cap}`.compile(db);
  }
  return sql<{ k: string }>`SELECT id AS k FROM inquiries WHERE deleted_at IS NULL
    ${status ? sql`AND status = ${status}` : sql``} AND ${PG_TEXT} LIKE ${search.like} LIMIT ${cap}`.compile(db);
}

/** A match found with its key (SQLite seq, PostgreSQL id), id and status. */
export interface FoundMatch {
  k: string | number;
  id: string;
  status: string;
}

/** The rows found by a long query's candidate trigrams, or by one of its word pair lookups (migrations 008 and 009). */
export type CandidateSource = 'trigrams' | { pair: PairLookup };

/** The pairs that start with `prefix`. */
const pairRange = (prefix: string) => sql`pair >= ${prefix} AND pair < ${prefix + TOP}`;

/**
 * An open head reads the pairs of at most this many distinct words its last word begins (one primary-key probe
 * each, a few µs): "om j" at a million rows has some hundreds of "j…" words; more than this, and the lookup
 * counts as too common, so the search goes by its trigrams.
 */
export const PAIR_HEADS = 500;
/** Sorts right after PAIR_BAR: `head + PAIR_PAST` comes after every pair of that head. */
const PAIR_PAST = '}';

/** How a lookup's pairs are read: the rows `p` of inquiry_word_pairs, with the common table they need, if any. */
interface PairRead {
  heads?: RawBuilder<unknown>;
  rows: RawBuilder<unknown>;
  /** Whether the lookup has more heads than PAIR_HEADS (an open head only). */
  tooMany?: RawBuilder<unknown>;
}

/**
 * The heads of the pairs that start with `prefix`: `prefix` itself (its last word as a whole word), then each
 * longer word it begins, found in order by skipping past the previous one's pairs (a skip scan: one probe of the
 * primary key each, where reading the pairs would read every "j…" pair, some 1,20,000 at a million rows).
 * `n` counts them, up to PAIR_HEADS (on SQLite, `h` is null once there are no more).
 */
function headsTable(engine: Engine, name: string, prefix: string) {
  const table = raw(name);
  // A longer word's pairs sort before the bar ('|' sorts after every letter), so `prefix + '|'` bounds them all.
  const next = (bar: string) => sql`SELECT substr(pair, 1, ${raw(bar)}(pair, ${PAIR_BAR}) - 1) AS h
    FROM inquiry_word_pairs
    WHERE pair > CASE WHEN ${table}.n = 0 THEN ${table}.h ELSE ${table}.h || ${PAIR_PAST} END
      AND pair < ${prefix + PAIR_BAR}
    ORDER BY pair LIMIT 1`;
  const more = sql`${table}.h IS NOT NULL AND ${table}.n < ${raw(String(PAIR_HEADS))}`;
  // PostgreSQL joins the probe LATERAL (its EXPLAIN shows no plan of a subquery in a work table's select list);
  // SQLite has no LATERAL, so its probe is a scalar subquery, null past the last head.
  return engine === 'postgres'
    ? sql`${table}(h, n) AS (
        SELECT CAST(${prefix} AS text) COLLATE "C", 0
        UNION ALL
        SELECT x.h, ${table}.n + 1 FROM ${table} CROSS JOIN LATERAL (${next('strpos')}) x WHERE ${more})`
    : sql`${table}(h, n) AS (
        SELECT ${prefix}, 0
        UNION ALL
        SELECT (${next('instr')}), ${table}.n + 1 FROM ${table} WHERE ${more})`;
}

/**
 * A lookup's pairs as index ranges: one when its head is closed; when open, one for each head (the query's last
 * word, and each longer word it begins) followed by the bar and the tail.
 */
function pairRead(engine: Engine, lookup: PairLookup, name: string): PairRead {
  if (lookup.tail === undefined) return { rows: sql`inquiry_word_pairs p WHERE p.${pairRange(lookup.prefix)}` };
  const table = raw(name);
  const from = `${PAIR_BAR}${lookup.tail}`;
  // SQLite's CROSS JOIN keeps the heads outside, each probing the primary key.
  const join = raw(engine === 'sqlite' ? 'CROSS JOIN' : 'JOIN');
  return {
    heads: headsTable(engine, name, lookup.prefix),
    rows: sql`${table} ${join} inquiry_word_pairs p
      ON p.pair >= ${table}.h || ${from} AND p.pair < ${table}.h || ${from + TOP} WHERE ${table}.h IS NOT NULL`,
    tooMany: sql`EXISTS (SELECT 1 FROM ${table} WHERE n = ${raw(String(PAIR_HEADS))} AND h IS NOT NULL)`,
  };
}

/** The WITH clause of the reads' common tables, or nothing. */
function withHeads(reads: readonly PairRead[]) {
  const heads = reads.flatMap((r) => (r.heads ? [r.heads] : []));
  return heads.length === 0 ? sql`` : sql`WITH RECURSIVE ${sql.join(heads, sql`, `)} `;
}

/** The candidate keys of a read (SQLite seq, PostgreSQL id), each once, up to `window`. */
function pairKeys(engine: Engine, read: PairRead, window: number) {
  const key = raw(engine === 'postgres' ? 'id' : 'seq');
  // A row holds a pair once, but may hold two of one open lookup ("sri": "srivas|hser", "sriniv|hser"), hence
  // DISTINCT; the inner LIMIT keeps PostgreSQL from planning a sort of the whole table for it.
  return sql`SELECT DISTINCT k FROM (SELECT p.${key} AS k FROM ${read.rows} LIMIT ${window}) c`;
}

/**
 * Candidate rows of a long query (at most `window` of them), each with whether it holds the whole query, in `sort`
 * order (ascending, id breaking ties, as the search cache keeps matches). SQLite reads them from FTS5 (rows
 * holding its candidate trigrams), PostgreSQL from pg_trgm (one LIKE per trigram), or from the word pairs' ranges
 * of one lookup; the whole query is tested on the rows found, out of the index's sight.
 * Sorting the few candidates here saves reading the matches again to sort them (a full name's 314 matches:
 * 1.9 ms at a million rows).
 */
export function buildCandidateKeysQuery(
  db: DbOrTx,
  search: PreparedSearch,
  window: number,
  status?: string,
  sort: InquirySort = 'createdAt',
  source: CandidateSource = 'trigrams',
) {
  const trigrams = search.candidates ?? [];
  const col = raw(SORT_COLUMN[sort]);
  const read = source === 'trigrams' ? undefined : pairRead(search.engine, source.pair, 'heads');
  const heads = withHeads(read ? [read] : []);
  if (search.engine === 'sqlite') {
    const keys =
      read === undefined
        ? sql`SELECT rowid AS k FROM inquiries_fts
            WHERE inquiries_fts MATCH ${ftsQuery(`(${trigrams.map(ftsPhrase).join(' AND ')})`, status)} LIMIT ${window}`
        : pairKeys('sqlite', read, window);
    // The pairs know nothing of statuses (FTS5 narrows to one itself). CROSS JOIN keeps the few candidates outside:
    // left to choose, SQLite walked every inquiry in the sort's index order, probing the candidates (180 ms).
    const ofStatus = read && status ? sql`AND inquiries.status = ${status}` : sql``;
    return sql<FoundMatch & { ok: number | boolean }>`
      ${heads}SELECT c.k AS k, inquiries.id AS id, inquiries.status AS status,
        (${raw(SQLITE_SEARCH_EXPR)}) LIKE ${search.like} ESCAPE '\\' AS ok
      FROM (${keys}) c
      CROSS JOIN inquiries ON inquiries.seq = c.k
      WHERE inquiries.deleted_at IS NULL ${ofStatus}
      ORDER BY inquiries.${col}, inquiries.id`.compile(db);
  }
  if (read) {
    return sql<FoundMatch & { ok: number | boolean }>`
      ${heads}SELECT k, k AS id, status, ok FROM (
        SELECT i.id AS k, i.status, i.${col} AS s, i.${PG_TEXT} LIKE ${search.like} AS ok
        FROM (${pairKeys('postgres', read, window)}) c
        JOIN inquiries i ON i.id = c.k
        WHERE i.deleted_at IS NULL ${status ? sql`AND i.status = ${status}` : sql``}) m
      ORDER BY s, k`.compile(db);
  }
  const each = trigrams.map((t) => sql`${PG_TEXT} LIKE ${`%${escapeLike(t)}%`}`);
  return sql<FoundMatch & { ok: number | boolean }>`
    SELECT k, k AS id, status, ok FROM (
      SELECT id AS k, status, ${col} AS s, ${PG_TEXT} LIKE ${search.like} AS ok
      FROM inquiries
      WHERE deleted_at IS NULL ${status ? sql`AND status = ${status}` : sql``} AND ${sql.join(each, sql` AND `)}
      LIMIT ${window}) c
    ORDER BY s, k`.compile(db);
}

/**
 * The pairs of each lookup counted up to `cap` (`n`, `cap` when too many to read, or when an open head begins more
 * than PAIR_HEADS words): index ranges, in one statement.
 */
export function buildPairCountsQuery(db: DbOrTx, engine: Engine, lookups: readonly PairLookup[], cap: number) {
  const reads = lookups.map((lookup, i) => pairRead(engine, lookup, `heads_${i}`));
  const counts = reads.map((read, i) => {
    const count = sql`(SELECT count(*) FROM (SELECT 1 FROM ${read.rows} LIMIT ${cap}) s)`;
    const n = read.tooMany ? sql`CASE WHEN ${read.tooMany} THEN ${cap} ELSE ${count} END` : count;
    return sql`SELECT ${i} AS r, ${n} AS n`;
  });
  return sql<{ r: number | string; n: number | string }>`${withHeads(reads)}${sql.join(
    counts,
    sql` UNION ALL `,
  )}`.compile(db);
}

/** The lookup of `lookups` with the fewest pairs, if it has fewer than `cap`. */
export async function findRarestPair(db: DbOrTx, engine: Engine, lookups: readonly PairLookup[], cap: number) {
  if (lookups.length === 0) return undefined;
  const result = await db.executeQuery(buildPairCountsQuery(db, engine, lookups, cap));
  const best = result.rows.reduce((a, b) => (Number(b.n) < Number(a.n) ? b : a));
  return Number(best.n) < cap ? lookups[Number(best.r)] : undefined;
}

/** Candidates a long query may test before its own trigrams are read instead (they were all too common). */
export const CANDIDATE_WINDOW = 5_000;

/**
 * The matches of a long query in `sort` order, found through one of its word pair lookups when one has fewer
 * than `window` rows, else (unless `pairsOnly`) through its candidate trigrams: `complete` when those are every
 * match (a pair's rows were counted whole; the trigrams held fewer than `window` rows). Undefined when there was
 * neither a rare pair nor candidate trigrams. `pair` is a lookup findRarestPair already chose.
 */
export async function findCandidates(
  db: DbOrTx,
  search: PreparedSearch,
  opts: { status?: string; sort?: InquirySort; window?: number; pairsOnly?: boolean; pair?: PairLookup } = {},
): Promise<{ matches: FoundMatch[]; complete: boolean } | undefined> {
  const window = opts.window ?? CANDIDATE_WINDOW;
  const pair = opts.pair ?? (search.pairs ? await findRarestPair(db, search.engine, search.pairs, window) : undefined);
  if (pair === undefined && (opts.pairsOnly || !search.candidates)) return undefined;
  const source: CandidateSource = pair === undefined ? 'trigrams' : { pair };
  const found = await db.executeQuery(buildCandidateKeysQuery(db, search, window, opts.status, opts.sort, source));
  const matches = found.rows.filter((r) => Boolean(r.ok)).map(({ k, id, status }) => ({ k, id, status }));
  return { matches, complete: pair !== undefined || found.rows.length < window };
}

/**
 * Up to `cap` matches of a long query in `sort` order (findCandidates); undefined when its candidates were not
 * every match and held fewer than `cap`, so the caller reads every trigram instead.
 */
export async function findCandidateMatches(
  db: DbOrTx,
  search: PreparedSearch,
  cap: number,
  opts: { status?: string; sort?: InquirySort; window?: number } = {},
): Promise<FoundMatch[] | undefined> {
  const found = await findCandidates(db, search, opts);
  if (!found) return undefined;
  return found.complete || found.matches.length >= cap ? found.matches.slice(0, cap) : undefined;
}

/**
 * The first `n` rows of a search newest first (or oldest, `asc`), through a rare pair lookup, from the lookup's
 * index entries: SQLite's carry seq, which is in createdAt order (migration 004), PostgreSQL's created_at
 * (migration 010). Only the `n` rows read are fetched, each with whether it holds the whole query; with how many
 * rows hold the lookup (`total`) and how many of its entries were read (`read`, at most `window`). The list's
 * createdAt order, id breaking ties.
 */
export function buildPairPageQuery(
  db: DbOrTx,
  search: PreparedSearch,
  lookup: PairLookup,
  order: 'asc' | 'desc',
  n: number,
  window: number = CANDIDATE_WINDOW,
) {
  const read = pairRead(search.engine, lookup, 'heads');
  const d = raw(order === 'asc' ? 'ASC' : 'DESC');
  type Found = InquiryRow & { ok: boolean | number; total: string | number; read: string | number };
  // GROUP BY: a row may hold two pairs of one open lookup. The window totals are taken before the LIMIT.
  if (search.engine === 'sqlite') {
    return sql<Found>`
      ${withHeads([read])}SELECT inquiries.*, (${raw(SQLITE_SEARCH_EXPR)}) LIKE ${search.like} ESCAPE '\\' AS ok,
        t.total, t.read
      FROM (
        SELECT k, count(*) OVER () AS total, sum(count(*)) OVER () AS read
        FROM (SELECT p.seq AS k FROM ${read.rows} LIMIT ${window}) c
        GROUP BY k ORDER BY k ${d} LIMIT ${n}) t
      CROSS JOIN inquiries ON inquiries.seq = t.k
      WHERE inquiries.deleted_at IS NULL
      ORDER BY t.k ${d}`.compile(db);
  }
  return sql<Found>`
    ${withHeads([read])}SELECT i.*, i.${PG_TEXT} LIKE ${search.like} AS ok, t.total, t.read
    FROM (
      SELECT id, created_at, count(*) OVER () AS total, sum(count(*)) OVER () AS read
      FROM (SELECT p.id, p.created_at FROM ${read.rows} LIMIT ${window}) c
      GROUP BY id, created_at ORDER BY created_at ${d}, id ${d} LIMIT ${n}) t
    JOIN inquiries i ON i.id = t.id
    WHERE i.deleted_at IS NULL
    ORDER BY t.created_at ${d}, t.id ${d}`.compile(db);
}

/**
 * The first `n` rows of a search in createdAt order through a rare pair lookup (buildPairPageQuery), and how many
 * rows hold the lookup (every match when the lookup is exact, pairIsExact). Undefined when the lookup has
 * CANDIDATE_WINDOW entries or more, or a row read does not hold the whole query, or (unless `exact`, where a
 * short page is the last) fewer than `n` were read: the caller then reads every match instead.
 */
export async function findPairPage(
  db: DbOrTx,
  search: PreparedSearch,
  lookup: PairLookup,
  order: 'asc' | 'desc',
  n: number,
  exact = false,
): Promise<{ rows: InquiryRow[]; total: number } | undefined> {
  const found = await db.executeQuery(buildPairPageQuery(db, search, lookup, order, n));
  const first = found.rows[0];
  if (first && Number(first.read) >= CANDIDATE_WINDOW) return undefined;
  if (!found.rows.every((r) => Boolean(r.ok)) || (!exact && found.rows.length < n)) return undefined;
  return {
    rows: found.rows.map(({ ok: _ok, total: _total, read: _read, ...row }) => row),
    total: Number(first?.total ?? 0),
  };
}

/** Up to `cap` matches of a search through every trigram of it. */
export async function findTrigramMatchKeys(db: DbOrTx, search: PreparedSearch, cap: number, status?: string) {
  const result = await db.executeQuery<{ k: string | number }>(buildSearchKeysQuery(db, search, cap, status));
  return result.rows.map((r) => r.k);
}

export async function countSearchMatches(db: DbOrTx, search: PreparedSearch, cap: number, status?: string) {
  const result = await db.executeQuery(buildSearchCountQuery(db, search, cap, status));
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Visible rows (optionally of one status) in each range, counted up to `cap` per range by its sort index: one
 * statement of scalar subqueries, each an index range read of at most `cap` entries. SQLite is told the index:
 * its statistics can call a column's index useless (one value everywhere) where a scan finding nothing would
 * read the whole table.
 */
export function buildRangeCountsQuery(
  db: DbOrTx,
  engine: Engine,
  ranges: readonly FloorRange[],
  cap: number,
  status?: string,
) {
  const counts = ranges.map(({ column, prefix }, i) => {
    const index = engine === 'sqlite' ? raw(`INDEXED BY inquiries_by_${status ? 'status_' : ''}${column}`) : sql``;
    return sql`SELECT ${i} AS r, (SELECT count(*) FROM (
      SELECT 1 FROM inquiries ${index} WHERE deleted_at IS NULL ${status ? sql`AND status = ${status}` : sql``}
        AND ${raw(column)} >= ${prefix} AND ${raw(column)} < ${prefix + TOP} LIMIT ${cap}) m) AS n`;
  });
  // The data version in the same statement, so in the same snapshot as the counts (inquiry-search-cache.ts, floorAt).
  const version = sql`SELECT ${VERSION_ROW} AS r, v AS n FROM inquiry_list_version WHERE id = 1`;
  return sql<{ r: number; n: number | string }>`${sql.join([...counts, version], sql` UNION ALL `)}`.compile(db);
}

/** The row of buildRangeCountsQuery that holds the data version. */
const VERSION_ROW = -1;

/** Each range's rows counted up to `cap`, and the data version they were counted at. */
export async function countRanges(
  db: DbOrTx,
  engine: Engine,
  ranges: readonly FloorRange[],
  cap: number,
  status?: string,
): Promise<{ version?: number; ranges: (FloorRange & { n: number })[] }> {
  if (ranges.length === 0) return { ranges: [] };
  const result = await db.executeQuery(buildRangeCountsQuery(db, engine, ranges, cap, status));
  const n = new Map(result.rows.map((row) => [Number(row.r), Number(row.n)]));
  return { version: n.get(VERSION_ROW), ranges: ranges.map((range, i) => ({ ...range, n: n.get(i) ?? 0 })) };
}

/**
 * An estimate of a search's matches without reading them. SQLite: the FTS vocabulary's document count of the
 * rarest trigram (an upper bound). PostgreSQL: the share of matches in a 0.2% block sample of the table
 * (pg_trgm gives the planner no useful LIKE statistics).
 */
export async function estimateSearchMatches(
  db: DbOrTx,
  search: PreparedSearch,
  status?: string,
): Promise<{ matches: number; sampled: number }> {
  if (search.engine === 'sqlite') {
    if (search.match === null || search.trigrams.length === 0) return { matches: 0, sampled: 0 };
    const rows = await sql<{ doc: number }>`
      SELECT doc FROM inquiries_fts_terms WHERE term IN (${sql.join(search.trigrams)})`.execute(db);
    if (rows.rows.length === 0) return { matches: 0, sampled: 0 };
    const docs = rows.rows.map((r) => Number(r.doc));
    // A phrase matches at most as often as its rarest trigram; a one-letter OR at most their sum.
    const oneLetter = search.match.startsWith('(');
    return { matches: oneLetter ? docs.reduce((a, b) => a + b, 0) : Math.min(...docs), sampled: -1 };
  }
  // OFFSET 0 keeps the sample a subquery of its own, apart from the count's filter.
  const r = await sql<{ sampled: number | string; hits: number | string }>`
    SELECT count(*) AS sampled, count(*) FILTER (WHERE ${textMatches(search, sql`t`)}) AS hits FROM (
      SELECT ${PG_TEXT} AS t FROM inquiries TABLESAMPLE SYSTEM (0.2) REPEATABLE (7)
      WHERE deleted_at IS NULL ${status ? sql`AND status = ${status}` : sql``} OFFSET 0) s`.execute(db);
  const sampled = Number(r.rows[0]?.sampled ?? 0);
  return { matches: Number(r.rows[0]?.hits ?? 0), sampled };
}

/**
 * PostgreSQL: whether a search reaches `cap` matches within the newest `window` rows, walking them until it does
 * (cheap when matches are common, where the trigram index must first gather every candidate). The count when it
 * does; undefined when the window ran out first, so the caller counts through the index.
 */
export async function countSearchMatchesByWalk(
  db: DbOrTx,
  search: PreparedSearch,
  cap: number,
  window: number,
  status?: string,
): Promise<number | undefined> {
  if (search.engine !== 'postgres') return undefined;
  const r = await db.executeQuery(buildWalkCountQuery(db, search, cap, window, status));
  const n = Number(r.rows[0]?.n ?? 0);
  return n >= cap ? n : undefined;
}

export function buildWalkCountQuery(db: DbOrTx, search: PreparedSearch, cap: number, window: number, status?: string) {
  // The outer LIMIT stops the walk at the cap-th match: a word in one inquiry of ten reads about 10 × cap rows.
  return sql<{ n: number | string }>`
    SELECT count(*) AS n FROM (
      SELECT 1 FROM (
        SELECT ${PG_TEXT} AS t FROM inquiries WHERE deleted_at IS NULL ${status ? sql`AND status = ${status}` : sql``}
        ORDER BY created_at DESC, id DESC LIMIT ${window}) w
      WHERE ${textMatches(search, sql`t`)} LIMIT ${cap}) m`.compile(db);
}
