// The list's search queries: matches counted (with their keys) through the text index up to a cap, every match
// sorted for the search cache, and a sample of the newest rows that tells how common a search is.
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { InquirySort } from '@safarnama/contract';
import type { DbOrTx } from '../../db/database';
import type { Engine } from '../../db/dialect';
import { SORT_COLUMN } from '../inquiry.repository';
import type { MatchColumns } from './search-cache';
import { PG_TEXT, ftsQuery, rowText, textMatches, type PreparedSearch } from './search-text';

const raw = (s: string) => sql.raw(s);
/** `AND status = …` when a status is given. */
export const ofStatus = (status: string | undefined) => (status ? sql`AND status = ${status}` : sql``);

/** What a `count(*) AS n` query answers. */
export const countOf = async (db: DbOrTx, query: CompiledQuery<{ n: number | string }>) =>
  Number((await db.executeQuery(query)).rows[0]?.n ?? 0);

/** The columns of MatchColumns, as the cache's queries select them in order. */
const MATCH_COLUMN_LIST = ['id', 'status', 'staff_id', 'follow_up_at'] as const;
export const MATCH_COLUMNS = raw(MATCH_COLUMN_LIST.join(', '));

/** MatchColumns as they are read: each column joined into one string, in one row (null when there are none). */
interface JoinedColumnsRow {
  ids: string | null;
  statuses: string;
  staff: string;
  follow_ups: string;
}

export type MatchRowsQuery = CompiledQuery<JoinedColumnsRow>;

/**
 * The MatchColumns of `ordered` as one statement, each column joined with commas (none of them holds one): read one
 * row at a time, a large set costs the drivers about as much as the sort (better-sqlite3 makes every cell through
 * V8's API, pg parses every row message; docs/performance.md). The aggregate takes the rows in the order of the
 * subquery, which its LIMIT keeps from being flattened into it.
 */
export function compileMatchRows(db: DbOrTx, ordered: RawBuilder<unknown>, engine: Engine): MatchRowsQuery {
  const join = raw(engine === 'sqlite' ? 'group_concat' : 'string_agg');
  return sql<JoinedColumnsRow>`
    SELECT ${join}(id, ',') AS ids, ${join}(status, ',') AS statuses, ${join}(coalesce(staff_id, ''), ',') AS staff,
      ${join}(coalesce(CAST(follow_up_at AS TEXT), ''), ',') AS follow_ups
    FROM (${ordered}) s`.compile(db);
}

export async function findMatchRows(db: DbOrTx, query: MatchRowsQuery): Promise<MatchColumns> {
  const first = (await db.executeQuery(query)).rows[0];
  if (!first?.ids) return { ids: '', statuses: [], staff: [], followUps: [] };
  const split = (joined: string) => joined.split(',');
  return {
    ids: first.ids,
    statuses: split(first.statuses),
    staff: split(first.staff),
    followUps: split(first.follow_ups),
  };
}

/**
 * Up to `cap` matches of a search (optionally of one status) as row keys (SQLite seq, PostgreSQL id), from the
 * text index: both the capped count and, when there are fewer than `cap`, every match for the page to sort.
 */
export function buildMatchKeysQuery(
  db: DbOrTx,
  search: PreparedSearch,
  cap: number,
  status?: string,
): CompiledQuery<{ k: string | number }> {
  if (search.engine === 'sqlite') {
    return search.match === null
      ? sql<{ k: number }>`SELECT 1 AS k WHERE 0`.compile(db)
      : sql<{ k: number }>`SELECT rowid AS k FROM inquiries_fts
          WHERE inquiries_fts MATCH ${ftsQuery(search.match, status)} LIMIT ${cap}`.compile(db);
  }
  return sql<{ k: string }>`SELECT id AS k FROM inquiries
    WHERE deleted_at IS NULL ${ofStatus(status)} AND ${PG_TEXT} LIKE ${search.like} LIMIT ${cap}`.compile(db);
}

export const findMatchKeys = async (db: DbOrTx, search: PreparedSearch, cap: number, status?: string) =>
  (await db.executeQuery(buildMatchKeysQuery(db, search, cap, status))).rows.map((r) => r.k);

/**
 * Every visible match of a search (of `status` alone, when given) with what the cache filters by, ascending in
 * `sort` (id breaking ties), up to `limit` rows so the caller can tell a search too large to keep: taken from the
 * text index, then sorted.
 */
export function buildSortedMatchesQuery(
  db: DbOrTx,
  search: PreparedSearch,
  sort: InquirySort,
  limit: number,
  status?: string,
): MatchRowsQuery {
  const col = raw(SORT_COLUMN[sort]);
  if (search.engine === 'sqlite') {
    if (search.match === null)
      return compileMatchRows(db, sql`SELECT ${MATCH_COLUMNS} FROM inquiries WHERE 0`, 'sqlite');
    const ordered = sql`
      SELECT ${raw(MATCH_COLUMN_LIST.map((c) => `i.${c}`).join(', '))}
      FROM inquiries_fts f JOIN inquiries i ON i.seq = f.rowid
      WHERE inquiries_fts MATCH ${ftsQuery(search.match, status)} AND i.deleted_at IS NULL
      ORDER BY i.${col}, i.id LIMIT ${limit}`;
    return compileMatchRows(db, ordered, 'sqlite');
  }
  // MATERIALIZED: the planner would otherwise walk the sort index testing every row for a rare word.
  const ordered = sql`
    WITH m AS MATERIALIZED (
      SELECT ${MATCH_COLUMNS}, ${col} AS k FROM inquiries
      WHERE deleted_at IS NULL ${ofStatus(status)} AND ${PG_TEXT} LIKE ${search.like})
    SELECT ${MATCH_COLUMNS} FROM m ORDER BY k, id LIMIT ${limit}`;
  return compileMatchRows(db, ordered, 'postgres');
}

/**
 * The newest `rows` visible inquiries (of `status`, when given), and how many of them match: the share of a
 * search among recent rows, read from the createdAt index.
 */
export function buildSampleQuery(db: DbOrTx, search: PreparedSearch, rows: number, status?: string) {
  return sql<{ seen: number | string; hits: number | string | null }>`
    SELECT count(*) AS seen, count(*) FILTER (WHERE ${textMatches(search, sql`t`)}) AS hits FROM (
      SELECT ${rowText(search.engine)} AS t FROM inquiries WHERE deleted_at IS NULL ${ofStatus(status)}
      ORDER BY created_at DESC, id DESC LIMIT ${rows}) s`.compile(db);
}

/** The share of the newest `rows` inquiries (of `status`) that match; 0 when there are none. */
export async function sampleShare(db: DbOrTx, search: PreparedSearch, rows: number, status?: string) {
  const found = (await db.executeQuery(buildSampleQuery(db, search, rows, status))).rows[0];
  const seen = Number(found?.seen ?? 0);
  return seen === 0 ? 0 : Number(found?.hits ?? 0) / seen;
}

/**
 * PostgreSQL: matches among the newest `window` rows (of `status`), counted up to `cap`. pg_trgm gathers every
 * candidate of a very common word before it can stop, where this walk stops at the cap.
 */
export function buildWalkCountQuery(db: DbOrTx, search: PreparedSearch, cap: number, window: number, status?: string) {
  return sql<{ n: number | string }>`
    SELECT count(*) AS n FROM (
      SELECT 1 FROM (
        SELECT ${PG_TEXT} AS t FROM inquiries WHERE deleted_at IS NULL ${ofStatus(status)}
        ORDER BY created_at DESC, id DESC LIMIT ${window}) w
      WHERE t LIKE ${search.like} LIMIT ${cap}) m`.compile(db);
}

export const countByWalk = (db: DbOrTx, search: PreparedSearch, cap: number, window: number, status?: string) =>
  countOf(db, buildWalkCountQuery(db, search, cap, window, status));
