// Data access for inquiries, their events and counters: the only place that queries these tables.
// The list queries are built to be served by migration 004's indexes (docs/performance.md).
import { sql, type CompiledQuery, type Insertable, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import type { InquirySort } from '@safarnama/contract';
import type { DbOrTx, InquiriesTable, InquiryEventsTable } from '../db/database';
import type { Engine } from '../db/dialect';
import { FTS_STATUS_CODES, SEARCH_TEXT_EXPR, SQLITE_SEARCH_EXPR } from '../db/migrations/004-inquiry-indexes';
import { PG_SEARCH_COLUMN } from '../db/migrations/007-inquiry-search-text';
import type { FloorRange } from './inquiry-search-floor';
import { candidateTrigrams, windowsOf, type TrigramCounts } from './inquiry-search-candidates';

export type InquiryRow = Selectable<InquiriesTable>;
export type NewInquiryRow = Insertable<InquiriesTable>;
export type InquiryChanges = Updateable<Omit<InquiriesTable, 'id' | 'created_at' | 'deleted_at' | 'deleted_by'>>;
export type InquiryEventRow = Selectable<InquiryEventsTable>;

/** D10 sort keys → columns; every one has an index with and without the status filter (migration 004). */
export const SORT_COLUMN = {
  customer: 'customer_name',
  email: 'customer_email',
  contact: 'customer_whatsapp',
  staff: 'staff_name',
  destination: 'location',
  status: 'status',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies Record<InquirySort, keyof InquiriesTable>;

/** Whose inquiries a list covers: the back office sees all; a Customer those linked to them or their e-mail (D5). */
export type InquiryScope = { kind: 'all' } | { kind: 'customer'; userId: string; email: string };

// --- writes ---------------------------------------------------------------------------------------------

export async function insertInquiry(db: DbOrTx, row: NewInquiryRow): Promise<void> {
  await db.insertInto('inquiries').values(row).execute();
}

/** One multi-row INSERT (the seed batches rows to stay under the engines' parameter limits). */
export async function insertInquiryRows(db: DbOrTx, rows: readonly NewInquiryRow[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('inquiries')
      .values(rows as NewInquiryRow[])
      .execute();
}

export async function updateInquiryRow(db: DbOrTx, id: string, changes: InquiryChanges): Promise<void> {
  await db.updateTable('inquiries').set(changes).where('id', '=', id).where('deleted_at', 'is', null).execute();
}

/** D9: marks the inquiry deleted (kept, with who and when); false when it was not there or already deleted. */
export async function softDeleteInquiry(db: DbOrTx, id: string, by: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('inquiries')
    .set({ deleted_at: at, deleted_by: by, updated_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertInquiryEvents(db: DbOrTx, events: readonly Insertable<InquiryEventsTable>[]) {
  if (events.length > 0)
    await db
      .insertInto('inquiry_events')
      .values(events as Insertable<InquiryEventsTable>[])
      .execute();
}

// --- single reads ---------------------------------------------------------------------------------------

/** A visible (not deleted) inquiry. */
export function findInquiryById(db: DbOrTx, id: string) {
  return db.selectFrom('inquiries').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Visible inquiries by id, in the order of `ids`. */
export async function findInquiriesByIds(db: DbOrTx, ids: readonly string[]): Promise<InquiryRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('inquiries')
    .selectAll()
    .where('id', 'in', ids as string[])
    .where('deleted_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is InquiryRow => r !== undefined);
}

/** The events of one inquiry, oldest first; `types` narrows them (a Customer sees status changes only). */
export function findInquiryEvents(db: DbOrTx, inquiryId: string, types?: readonly InquiryEventsTable['type'][]) {
  let q = db.selectFrom('inquiry_events').selectAll().where('inquiry_id', '=', inquiryId);
  if (types) q = q.where('type', 'in', types as InquiryEventsTable['type'][]);
  return q.orderBy('created_at').orderBy('id').execute();
}

// --- free-text search -----------------------------------------------------------------------------------

/**
 * A query prepared for one engine. Three or more characters match anywhere (FTS5 trigram phrase / pg_trgm
 * LIKE); one or two characters are too short for trigrams, so they match the start of a word (" go" finds
 * "Goa"; docs/performance.md). `match: null` means nothing can match.
 */
export type PreparedSearch = {
  lower: string;
  like: string;
  /**
   * A long query's first, middle and last trigram (inquiry-search-candidates.ts): rows holding all three are
   * few, found by three doclists or posting lists instead of one per trigram, then tested against the whole
   * query. Undefined when the query is short, or on SQLite not ASCII (the test is LIKE, which folds ASCII only).
   */
  candidates?: string[];
} & ({ engine: 'sqlite'; match: string | null; trigrams: string[] } | { engine: 'postgres' });

/** Highest code point: `prefix + TOP` bounds every string that starts with `prefix` (byte-wise order). */
const TOP = '\u{10ffff}';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const ftsPhrase = (s: string) => `"${s.replace(/"/g, '""')}"`;

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
  if (engine === 'postgres') return { engine, lower, like, candidates };
  if (length >= 3) return { engine, lower, match: ftsPhrase(lower), like, trigrams: trigramsOf(lower), candidates };
  if (length === 2) return { engine, lower, match: ftsPhrase(` ${lower}`), like, trigrams: [` ${lower}`] };
  // One character: every trigram that starts a word with it.
  const list = await wordStartTerms(` ${lower}`);
  const match = list.length === 0 ? null : `(${list.map(ftsPhrase).join(' OR ')})`;
  return { engine, lower, match, like, trigrams: list };
}

/** The FTS5 query of a search, narrowed to one status inside the index (by its code) when asked. */
function ftsQuery(match: string, status: string | undefined) {
  if (!status) return `search : ${match}`;
  return `search : ${match} AND status : ${ftsPhrase(FTS_STATUS_CODES[status] ?? '#?#')}`;
}

// --- lists ----------------------------------------------------------------------------------------------

/**
 * How a page is found (docs/performance.md):
 * - index: walk the sort index (no search, or a Customer's few rows);
 * - fts-rowid (SQLite): FTS5's rowid order is the createdAt order (seq), so the index pages by itself;
 * - fts-join (SQLite) / bitmap (PostgreSQL): take every match from the text index, then sort them;
 * - walk: walk the sort index and test each row's text (best when matches are common);
 * - keys: sort the few matches already found by the count (their keys in `keys`).
 */
export type PageStrategy = 'index' | 'keys' | 'fts-rowid' | 'fts-join' | 'bitmap' | 'walk';

export interface PageQuery {
  scope: InquiryScope;
  status?: string;
  search?: PreparedSearch;
  sort: InquirySort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** 'walk' only: examine at most this many rows of the sort index (the caller falls back when it was short). */
  window?: number;
  /** 'keys' only: the key of every match (findCandidateMatches or findTrigramMatchKeys). */
  keys?: readonly (string | number)[];
}

const raw = (s: string) => sql.raw(s);
const dir = (order: 'asc' | 'desc') => raw(order === 'asc' ? 'ASC' : 'DESC');

/** The ids of one page, in its order. */
function pageIds(p: PageQuery, strategy: PageStrategy): RawBuilder<{ id: string }> {
  const col = raw(SORT_COLUMN[p.sort]);
  const d = dir(p.order);
  const search = p.search;
  if (search?.engine === 'sqlite' && search.match === null) {
    return sql<{ id: string }>`SELECT id FROM inquiries WHERE 0`;
  }
  if (strategy === 'keys') {
    const keys = p.keys ?? [];
    if (keys.length === 0) return sql<{ id: string }>`SELECT id FROM inquiries WHERE 1 = 0`;
    const match =
      search?.engine === 'postgres'
        ? sql`id = ANY(${keys as string[]}::text[])`
        : sql`seq IN (${sql.join(keys as number[])})`;
    return sql<{ id: string }>`
      SELECT id FROM inquiries WHERE ${match} AND deleted_at IS NULL
      ORDER BY ${col} ${d}, id ${d} LIMIT ${p.limit} OFFSET ${p.offset}`;
  }
  if (strategy === 'fts-rowid' && search?.engine === 'sqlite') {
    return sql<{ id: string }>`
      SELECT i.id FROM (
        SELECT rowid AS r FROM inquiries_fts WHERE inquiries_fts MATCH ${ftsQuery(search.match!, p.status)}
        ORDER BY rowid ${d} LIMIT ${p.limit} OFFSET ${p.offset}) f
      JOIN inquiries i ON i.seq = f.r
      ORDER BY i.seq ${d}`;
  }
  if (strategy === 'fts-join' && search?.engine === 'sqlite') {
    return sql<{ id: string }>`
      SELECT i.id FROM inquiries_fts f JOIN inquiries i ON i.seq = f.rowid
      WHERE inquiries_fts MATCH ${ftsQuery(search.match!, p.status)} AND i.deleted_at IS NULL
      ORDER BY i.${col} ${d}, i.id ${d} LIMIT ${p.limit} OFFSET ${p.offset}`;
  }
  if (strategy === 'bitmap' && search?.engine === 'postgres') {
    return sql<{ id: string }>`
      WITH m AS MATERIALIZED (
        SELECT id, ${col} AS k FROM inquiries
        WHERE deleted_at IS NULL ${p.status ? sql`AND status = ${p.status}` : sql``}
          AND ${PG_TEXT} LIKE ${search.like})
      SELECT id FROM m ORDER BY k ${d}, id ${d} LIMIT ${p.limit} OFFSET ${p.offset}`;
  }
  if (strategy === 'walk' && search && p.scope.kind === 'all' && p.window !== undefined) {
    // A bounded walk: the first `window` rows of the sort index, then the text test on those alone.
    return sql<{ id: string }>`
      SELECT id FROM (
        SELECT id, ${col} AS k, ${rowText(search.engine)} AS t
        FROM inquiries WHERE deleted_at IS NULL ${p.status ? sql`AND status = ${p.status}` : sql``}
        ORDER BY ${col} ${d}, id ${d} LIMIT ${p.window}) w
      WHERE ${textMatches(search, sql`t`)}
      ORDER BY k ${d}, id ${d} LIMIT ${p.limit} OFFSET ${p.offset}`;
  }
  // index / walk: the sort index gives the order; filters are checked row by row.
  const conditions = [sql`deleted_at IS NULL`];
  if (p.scope.kind === 'customer') {
    // Two index lookups (user link, e-mail) rather than letting the planner walk a sort index past strangers.
    conditions.push(sql`id IN (
      SELECT id FROM inquiries WHERE customer_user_id = ${p.scope.userId} AND deleted_at IS NULL
      UNION SELECT id FROM inquiries WHERE customer_email = ${p.scope.email} AND deleted_at IS NULL)`);
  }
  if (p.status) conditions.push(sql`status = ${p.status}`);
  if (search) conditions.push(rowMatches(search, p.scope.kind === 'all'));
  return sql<{ id: string }>`
    SELECT id FROM inquiries WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${col} ${d}, id ${d} LIMIT ${p.limit} OFFSET ${p.offset}`;
}

/** The ids of one page; compiled so tests can read the plan of exactly what runs. */
export function buildPageQuery(db: DbOrTx, p: PageQuery, strategy: PageStrategy): CompiledQuery<{ id: string }> {
  return pageIds(p, strategy).compile(db);
}

/**
 * The rows of one page in one statement: its ids, then their rows by key, sorted again (the page's rows only).
 * A second statement for the rows cost a round trip and a 50-parameter plan (0.8 ms on PostgreSQL).
 */
export function buildPageRowsQuery(db: DbOrTx, p: PageQuery, strategy: PageStrategy): CompiledQuery<InquiryRow> {
  const d = dir(p.order);
  const order = strategy === 'fts-rowid' ? sql`i.seq ${d}` : sql`i.${raw(SORT_COLUMN[p.sort])} ${d}, i.id ${d}`;
  return sql<InquiryRow>`
    SELECT i.* FROM inquiries i WHERE i.id IN (${pageIds(p, strategy)}) ORDER BY ${order}`.compile(db);
}

/** PostgreSQL's lower-cased search text, stored by migration 007 and indexed by pg_trgm. */
const PG_TEXT = raw(PG_SEARCH_COLUMN);

/** The search text a walk or a sample tests row by row: SQLite builds it; PostgreSQL reads it, lower-cased. */
const rowText = (engine: Engine) => (engine === 'postgres' ? PG_TEXT : raw(SEARCH_TEXT_EXPR));

/** The text test on a row's text as rowText gave it (a bounded walk's window, a sample). */
function textMatches(search: PreparedSearch, text: RawBuilder<unknown>) {
  return search.engine === 'postgres' ? sql`${text} LIKE ${search.like}` : sql`${text} LIKE ${search.like} ESCAPE '\\'`;
}

/**
 * The row-by-row text test. On PostgreSQL, coalesce() hides the test from the trigram index (and from its
 * selectivity estimate) when the caller chose to walk a sort index; a Customer's handful of rows is filtered
 * either way.
 */
function rowMatches(search: PreparedSearch, hideFromIndex: boolean) {
  if (search.engine === 'postgres') {
    return hideFromIndex ? sql`coalesce(${PG_TEXT} LIKE ${search.like}, false)` : sql`${PG_TEXT} LIKE ${search.like}`;
  }
  return sql`(${raw(SQLITE_SEARCH_EXPR)}) LIKE ${search.like} ESCAPE '\\'`;
}

export async function findPageRows(db: DbOrTx, p: PageQuery, strategy: PageStrategy): Promise<InquiryRow[]> {
  const result = await db.executeQuery(buildPageRowsQuery(db, p, strategy));
  return result.rows;
}

/** The ids of one page (tests compare orders). */
export async function findPageIds(db: DbOrTx, p: PageQuery, strategy: PageStrategy): Promise<string[]> {
  return (await findPageRows(db, p, strategy)).map((r) => r.id);
}

/** The search text of the newest visible inquiries, for counting trigrams (inquiry-trigram-sample.ts). */
export function buildNewestSearchTextsQuery(db: DbOrTx, n: number): CompiledQuery<{ t: string }> {
  return sql<{ t: string }>`
    SELECT ${raw(SEARCH_TEXT_EXPR)} AS t FROM inquiries WHERE deleted_at IS NULL
    ORDER BY created_at DESC, id DESC LIMIT ${n}`.compile(db);
}

export async function findNewestSearchTexts(db: DbOrTx, n: number): Promise<string[]> {
  return (await db.executeQuery(buildNewestSearchTextsQuery(db, n))).rows.map((r) => r.t);
}

/** The data version and the visible inquiries per status (as findStatusCounts), in one statement. */
export async function findListState(db: DbOrTx): Promise<{ version: number; counts: { status: string; n: number }[] }> {
  const rows = await sql<{ v: number | string; status: string | null; n: number | string | null }>`
    SELECT v.v AS v, c.status AS status, c.n AS n
    FROM inquiry_list_version v LEFT JOIN inquiry_status_counts c ON c.n > 0
    WHERE v.id = 1`.execute(db);
  return {
    version: Number(rows.rows[0]?.v ?? 0),
    counts: rows.rows.flatMap((r) => (r.status === null ? [] : [{ status: r.status, n: Number(r.n) }])),
  };
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

/**
 * Rows holding a long query's candidate trigrams (at most `window` of them), each with whether it holds the
 * whole query, in `sort` order (ascending, id breaking ties, as the search cache keeps matches). SQLite reads the
 * candidates from FTS5 and tests the table's text; PostgreSQL gives pg_trgm one LIKE per trigram and tests the
 * whole query on the rows it finds, out of the index's sight. Sorting the few candidates here saves reading the
 * matches again to sort them (a full name's 314 matches: 1.9 ms at a million rows).
 */
export function buildCandidateKeysQuery(
  db: DbOrTx,
  search: PreparedSearch,
  window: number,
  status?: string,
  sort: InquirySort = 'createdAt',
) {
  const trigrams = search.candidates ?? [];
  const col = raw(SORT_COLUMN[sort]);
  if (search.engine === 'sqlite') {
    const match = ftsQuery(`(${trigrams.map(ftsPhrase).join(' AND ')})`, status);
    return sql<FoundMatch & { ok: number | boolean }>`
      SELECT c.k AS k, inquiries.id AS id, inquiries.status AS status,
        (${raw(SQLITE_SEARCH_EXPR)}) LIKE ${search.like} ESCAPE '\\' AS ok
      FROM (SELECT rowid AS k FROM inquiries_fts WHERE inquiries_fts MATCH ${match} LIMIT ${window}) c
      JOIN inquiries ON inquiries.seq = c.k
      ORDER BY inquiries.${col}, inquiries.id`.compile(db);
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

/** Candidates a long query may test before its own trigrams are read instead (they were all too common). */
export const CANDIDATE_WINDOW = 5_000;

/**
 * Up to `cap` matches of a long query in `sort` order, found through its candidate trigrams; undefined when more
 * than `window` rows held them (they were all common), so the caller reads every trigram instead.
 */
export async function findCandidateMatches(
  db: DbOrTx,
  search: PreparedSearch,
  cap: number,
  opts: { status?: string; sort?: InquirySort; window?: number } = {},
): Promise<FoundMatch[] | undefined> {
  if (!search.candidates) return undefined;
  const window = opts.window ?? CANDIDATE_WINDOW;
  const found = await db.executeQuery(buildCandidateKeysQuery(db, search, window, opts.status, opts.sort));
  const matches = found.rows.filter((r) => Boolean(r.ok)).map(({ k, id, status }) => ({ k, id, status }));
  return found.rows.length < window || matches.length >= cap ? matches.slice(0, cap) : undefined;
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

/** Counts a Customer's own visible inquiries (few rows, found by index), optionally narrowed. */
export function buildScopedCountQuery(
  db: DbOrTx,
  scope: Extract<InquiryScope, { kind: 'customer' }>,
  status?: string,
  search?: PreparedSearch,
) {
  const conditions = [
    sql`deleted_at IS NULL`,
    sql`id IN (
      SELECT id FROM inquiries WHERE customer_user_id = ${scope.userId} AND deleted_at IS NULL
      UNION SELECT id FROM inquiries WHERE customer_email = ${scope.email} AND deleted_at IS NULL)`,
  ];
  if (status) conditions.push(sql`status = ${status}`);
  if (search) conditions.push(rowMatches(search, false));
  return sql<{
    n: number | string;
  }>`SELECT count(*) AS n FROM inquiries WHERE ${sql.join(conditions, sql` AND `)}`.compile(db);
}

export async function countScoped(
  db: DbOrTx,
  scope: Extract<InquiryScope, { kind: 'customer' }>,
  status?: string,
  search?: PreparedSearch,
) {
  const result = await db.executeQuery(buildScopedCountQuery(db, scope, status, search));
  return Number(result.rows[0]?.n ?? 0);
}

// --- counters (kept by migration 004's triggers) --------------------------------------------------------

/** Visible inquiries per status, from the counters table. */
export async function findStatusCounts(db: DbOrTx): Promise<{ status: string; n: number }[]> {
  const rows = await db.selectFrom('inquiry_status_counts').select(['status', 'n']).where('n', '>', 0).execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

/** A Customer's inquiries per status (their own rows only, found by index). */
export async function findScopedStatusCounts(db: DbOrTx, scope: Extract<InquiryScope, { kind: 'customer' }>) {
  const rows = await sql<{ status: string; n: number | string }>`
    SELECT status, count(*) AS n FROM inquiries WHERE deleted_at IS NULL AND id IN (
      SELECT id FROM inquiries WHERE customer_user_id = ${scope.userId} AND deleted_at IS NULL
      UNION SELECT id FROM inquiries WHERE customer_email = ${scope.email} AND deleted_at IS NULL)
    GROUP BY status`.execute(db);
  return rows.rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

/** Visible inquiries created in a month ('YYYY-MM', Asia/Kolkata). */
export async function findMonthCount(db: DbOrTx, month: string): Promise<number> {
  const row = await db.selectFrom('inquiry_month_counts').select('n').where('month', '=', month).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The most recently updated visible inquiries (served by inquiries_by_updated_at). */
export function findLatestInquiriesQuery(db: DbOrTx, limit: number) {
  return db
    .selectFrom('inquiries')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
}

export function findLatestInquiries(db: DbOrTx, limit: number) {
  return findLatestInquiriesQuery(db, limit).execute();
}

/**
 * Tidies up after a bulk load: planner statistics, PostgreSQL's visibility map for index-only scans, and on
 * SQLite the FTS5 index merged into one segment (a load leaves many, and every search reads each term's doclist
 * in each of them: at a million rows a long phrase 11 -> 8 ms, an e-mail 12 -> 5 ms; 7 s once).
 */
export async function analyzeInquiries(db: DbOrTx, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`VACUUM (ANALYZE) inquiries`.execute(db);
  } else {
    await sql`INSERT INTO inquiries_fts (inquiries_fts) VALUES ('optimize')`.execute(db);
    await sql`ANALYZE`.execute(db);
  }
}
