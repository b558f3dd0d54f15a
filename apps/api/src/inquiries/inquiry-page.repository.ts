// The list's page queries (D10): one page of ids and rows by the strategy the list service chose, and a
// Customer's own count, each served by migration 002's indexes (inquiry-plans.test.ts checks).
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { InquirySort } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import type { Engine } from '../db/dialect';
import { SORT_COLUMN, type InquiryRow, type InquiryScope } from './inquiry.repository';
import { MATCH_COLUMNS, compileMatchRows, countOf, ofStatus, type MatchRowsQuery } from './search/search.repository';
import { PG_TEXT, ftsQuery, rowMatches, rowText, textMatches, type PreparedSearch } from './search/search-text';

/**
 * How a page is found (inquiry-list.service.ts chooses):
 * - index: walk the sort index (no search, or a Customer's few rows);
 * - fts-rowid (SQLite): FTS5's rowid order is the createdAt order (seq), so the index pages by itself;
 * - fts-join (SQLite) / trigram (PostgreSQL): take every match from the text index, then sort them;
 * - walk: read the sort index in order, testing each row's text, up to `window` rows (best for common words);
 * - keys: sort the few matches already found by the count (their keys in `keys`);
 * - workflow: the few rows of D26's workflow filters from their own index, sorted.
 */
export type PageStrategy = 'index' | 'keys' | 'fts-rowid' | 'fts-join' | 'trigram' | 'walk' | 'workflow';

/**
 * D26's "my work" filters: `staff` is a handler's id, null for unassigned, undefined for anyone; `followUp` a
 * range of follow-up times [from, to) (either end open), or 'none'.
 */
export interface WorkflowFilter {
  staff?: string | null;
  followUp?: { from?: number; to?: number } | 'none';
}

export interface PageQuery {
  scope: InquiryScope;
  status?: string;
  search?: PreparedSearch;
  sort: InquirySort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** 'walk' only: read at most this many rows of the sort index (the caller falls back when it was short). */
  window?: number;
  /** 'keys' only: the key of every match (findMatchKeys). */
  keys?: readonly (string | number)[];
  /** D26's workflow filters (back office). */
  workflow?: WorkflowFilter;
  /** SQLite: the workflow columns are hidden from the planner so that 'index' walks the sort index. */
  hideWorkflowFromIndex?: boolean;
}

const raw = (s: string) => sql.raw(s);
const dir = (order: 'asc' | 'desc') => raw(order === 'asc' ? 'ASC' : 'DESC');

/**
 * The conditions of D26's workflow filters. `hide` wraps each column in an expression (SQLite would otherwise
 * take the filter's partial index and sort, where 'index' means to walk the sort index).
 */
export function workflowConditions(f: WorkflowFilter | undefined, hide = false): RawBuilder<unknown>[] {
  if (!f) return [];
  // ifnull() keeps SQLite from proving the filter's partial index usable ((x + 0) IS NOT NULL would not).
  const staff = raw(hide ? `ifnull(staff_id, '')` : 'staff_id');
  const followUp = raw(hide ? 'ifnull(follow_up_at, -1)' : 'follow_up_at');
  const out: RawBuilder<unknown>[] = [];
  if (f.staff === null) out.push(hide ? sql`${staff} = ''` : sql`${staff} IS NULL`);
  else if (f.staff !== undefined) out.push(sql`${staff} = ${f.staff}`);
  if (f.followUp === 'none') out.push(hide ? sql`${followUp} = -1` : sql`${followUp} IS NULL`);
  else if (f.followUp) {
    out.push(hide ? sql`${followUp} >= 0` : sql`${followUp} IS NOT NULL`);
    if (f.followUp.from !== undefined) out.push(sql`${followUp} >= ${f.followUp.from}`);
    if (f.followUp.to !== undefined) out.push(sql`${followUp} < ${f.followUp.to}`);
  }
  return out;
}

/**
 * A Customer's rows (those linked to their account, D5) by a lookup in inquiries_customer_user, so no plan walks a
 * sort index past other people's.
 */
const ownRows = (scope: Extract<InquiryScope, { kind: 'customer' }>) => sql`id IN (
  SELECT id FROM inquiries WHERE customer_user_id = ${scope.userId} AND deleted_at IS NULL)`;

type RowFilter = Partial<Pick<PageQuery, 'scope' | 'status' | 'search' | 'workflow'>>;

/**
 * A visible row's test by its filters (no scope: the back office's), each a condition the planner may serve by an
 * index or test row by row; `hide`: see workflowConditions.
 */
function rowConditions(p: RowFilter, hide = false) {
  const conditions = [sql`deleted_at IS NULL`];
  if (p.scope?.kind === 'customer') conditions.push(ownRows(p.scope));
  if (p.status) conditions.push(sql`status = ${p.status}`);
  if (p.search) conditions.push(rowMatches(p.search, p.scope?.kind === 'all'));
  conditions.push(...workflowConditions(p.workflow, hide));
  return sql.join(conditions, sql` AND `);
}

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
    const workflow = workflowConditions(p.workflow).map((c) => sql` AND ${c}`);
    return sql<{ id: string }>`
      SELECT id FROM inquiries WHERE ${match} AND deleted_at IS NULL ${sql.join(workflow, sql``)}
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
  if (strategy === 'trigram' && search?.engine === 'postgres') {
    return sql<{ id: string }>`
      WITH m AS MATERIALIZED (
        SELECT id, ${col} AS k FROM inquiries
        WHERE deleted_at IS NULL ${ofStatus(p.status)} AND ${PG_TEXT} LIKE ${search.like})
      SELECT id FROM m ORDER BY k ${d}, id ${d} LIMIT ${p.limit} OFFSET ${p.offset}`;
  }
  if (strategy === 'walk' && search && p.scope.kind === 'all' && p.window !== undefined) {
    // A bounded walk: the first `window` rows of the sort index, then the text test on those alone.
    return sql<{ id: string }>`
      SELECT id FROM (
        SELECT id, ${col} AS k, ${rowText(search.engine)} AS t
        FROM inquiries WHERE deleted_at IS NULL ${ofStatus(p.status)}
        ORDER BY ${col} ${d}, id ${d} LIMIT ${p.window}) w
      WHERE ${textMatches(search, sql`t`)}
      ORDER BY k ${d}, id ${d} LIMIT ${p.limit} OFFSET ${p.offset}`;
  }
  // index / walk: the sort index gives the order; filters are checked row by row.
  const hide = strategy === 'index' && p.hideWorkflowFromIndex;
  return sql<{ id: string }>`
    SELECT id FROM inquiries WHERE ${rowConditions(p, hide)}
    ORDER BY ${col} ${d}, id ${d} LIMIT ${p.limit} OFFSET ${p.offset}`;
}

/**
 * Counts the back office's rows under D26's workflow filters and the status, by the filters' indexes ('none'
 * is counted as the rest by the caller: no index holds the rows without a follow-up). SQLite is told which index:
 * when most rows are unassigned its planner would rather read the table than the (smaller) index.
 */
export function buildWorkflowCountQuery(db: DbOrTx, p: Pick<PageQuery, 'status' | 'workflow'>, engine: Engine) {
  return sql<{ n: number | string }>`
    SELECT count(*) AS n FROM inquiries ${workflowIndexHint(p.workflow, engine)} WHERE ${rowConditions(p)}`.compile(db);
}

/** SQLite: the index of a workflow filter (in `sort`'s order, when given), named (PostgreSQL's planner needs none). */
function workflowIndexHint(f: WorkflowFilter | undefined, engine: Engine, sort?: InquirySort) {
  if (engine === 'postgres') return raw('');
  if (f?.followUp && f.followUp !== 'none') {
    if (f.staff === undefined && sort) return raw(`INDEXED BY inquiries_follow_up_by_${SORT_COLUMN[sort]}`);
    return raw(f.staff !== undefined ? 'INDEXED BY inquiries_staff_follow_up' : 'INDEXED BY inquiries_follow_up');
  }
  return raw(f?.staff !== undefined ? 'INDEXED BY inquiries_by_staff_created_at' : '');
}

/**
 * Every visible row of a workflow set (the list keeps every row with a follow-up) with what the search cache filters
 * by, ascending in `sort` (id breaking ties), from an index alone (the follow-up set's in `sort`'s order, others
 * sorted: migration 007); up to `limit` rows, so the caller can tell a set too large to keep.
 */
export function buildWorkflowRowsQuery(
  db: DbOrTx,
  set: WorkflowFilter,
  sort: InquirySort,
  limit: number,
  engine: Engine,
): MatchRowsQuery {
  const ordered = sql`
    SELECT ${MATCH_COLUMNS} FROM inquiries ${workflowIndexHint(set, engine, sort)} WHERE ${rowConditions({ workflow: set })}
    ORDER BY ${raw(SORT_COLUMN[sort])}, id LIMIT ${limit}`;
  return compileMatchRows(db, ordered, engine);
}

/**
 * The first `limit` ids, in the page's order and status, of a handler's rows or the unassigned: their index read in
 * its order, then a bounded sort (never the whole set's). Rows that tie on the sort column (one status, the
 * unassigned's empty handler) then come in id order already, so the sort drops them at once.
 */
export function buildWorkflowFirstQuery(db: DbOrTx, p: PageQuery, engine: Engine): CompiledQuery<{ id: string }> {
  const d = dir(p.order);
  const set = sql`SELECT id, ${raw(SORT_COLUMN[p.sort])} AS k FROM inquiries ${workflowIndexHint(p.workflow, engine)}
    WHERE ${rowConditions(p)} ORDER BY staff_id ${d}, created_at ${d}, id ${d}`;
  const first = sql`ORDER BY k ${d}, id ${d} LIMIT ${p.limit}`;
  // Kept apart from the outer sort: SQLite does not flatten a subquery with a LIMIT, PostgreSQL a MATERIALIZED one.
  return (
    engine === 'sqlite'
      ? sql<{ id: string }>`SELECT id FROM (${set} LIMIT -1) ${first}`
      : sql<{ id: string }>`WITH s AS MATERIALIZED (${set}) SELECT id FROM s ${first}`
  ).compile(db);
}

export const findWorkflowFirstIds = async (db: DbOrTx, p: PageQuery, engine: Engine) =>
  (await db.executeQuery(buildWorkflowFirstQuery(db, p, engine))).rows.map((r) => r.id);

export const countWorkflow = (db: DbOrTx, p: Pick<PageQuery, 'status' | 'workflow'>, engine: Engine) =>
  countOf(db, buildWorkflowCountQuery(db, p, engine));

/** The ids of one page, in its order (the workflow filters of a search take all its few matches this way). */
export const findPageIdList = async (db: DbOrTx, p: PageQuery, strategy: PageStrategy) =>
  (await db.executeQuery(buildPageQuery(db, p, strategy))).rows.map((r) => r.id);

/** The ids of one page; compiled so tests can read the plan of exactly what runs. */
export function buildPageQuery(db: DbOrTx, p: PageQuery, strategy: PageStrategy): CompiledQuery<{ id: string }> {
  return pageIds(p, strategy).compile(db);
}

/** The rows of one page in one statement: its ids, then their rows by key, sorted again (the page's rows only). */
export function buildPageRowsQuery(db: DbOrTx, p: PageQuery, strategy: PageStrategy): CompiledQuery<InquiryRow> {
  const d = dir(p.order);
  const order = strategy === 'fts-rowid' ? sql`i.seq ${d}` : sql`i.${raw(SORT_COLUMN[p.sort])} ${d}, i.id ${d}`;
  return sql<InquiryRow>`
    SELECT i.* FROM inquiries i WHERE i.id IN (${pageIds(p, strategy)}) ORDER BY ${order}`.compile(db);
}

export const findPageRows = async (db: DbOrTx, p: PageQuery, strategy: PageStrategy) =>
  (await db.executeQuery(buildPageRowsQuery(db, p, strategy))).rows;

/** Counts a Customer's own visible inquiries (few rows, found by index), narrowed as `p` says. */
export const buildScopedCountQuery = (db: DbOrTx, p: RowFilter & Pick<PageQuery, 'scope'>) =>
  sql<{ n: number | string }>`SELECT count(*) AS n FROM inquiries WHERE ${rowConditions(p)}`.compile(db);

export const countScoped = (db: DbOrTx, p: RowFilter & Pick<PageQuery, 'scope'>) =>
  countOf(db, buildScopedCountQuery(db, p));
