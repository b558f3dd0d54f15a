// The D10 list of inquiries: paging, sort, the status filter and the free-text search with its count headers.
// How a searched page is found at a million rows is told in docs/ARCHITECTURE.md ("The inquiry list").
import {
  ASSIGNED_TO_ME,
  ASSIGNED_TO_NOBODY,
  SEARCH_COUNT_LIMIT,
  kolkataDayBounds,
  type Inquiry,
  type InquiryListParams,
} from '@safarnama/contract';
import { now } from '../lib/clock';
import type { AuthUser } from '../plugins/access';
import { scopeOf } from './inquiry.policy';
import { findListState, findInquiriesByIds, type InquiryRow } from './inquiry.repository';
import {
  countScoped,
  countWorkflow,
  findPageIdList,
  findPageRows,
  findWorkflowFirstIds,
  buildWorkflowRowsQuery,
  type PageQuery,
  type WorkflowFilter,
} from './inquiry-page.repository';
import { toInquiry, type InquiryContext } from './inquiry.service';
import {
  idsBetween,
  pageOfMatches,
  searchCacheKey,
  sizeOf,
  sortedMatches,
  walkCacheKey,
  walkedMatches,
  workflowCacheKey,
  type SortedMatches,
  type WalkedMatches,
} from './search/search-cache';
import {
  buildSortedMatchesQuery,
  countByWalk,
  findMatchKeys,
  findMatchRows,
  sampleShare,
  type MatchRowsQuery,
} from './search/search.repository';
import { findWordStartTerms, normaliseSearch, prepareSearch, type PreparedSearch } from './search/search-text';

export interface InquiryPage {
  items: Inquiry[];
  /** X-Total-Count: the rows that match (a search counts up to SEARCH_COUNT_LIMIT). */
  total: number;
  /** Whether `total` stopped at SEARCH_COUNT_LIMIT. */
  capped: boolean;
  /** X-Unfiltered-Count: the rows before `q` and `status`. */
  unfiltered: number;
}

/** A search is counted up to here; reaching it means capped. */
const COUNT_CAP = SEARCH_COUNT_LIMIT + 1;
/** The newest rows whose matches tell how common a search is. */
const SAMPLE_ROWS = 1_000;
/**
 * Rough costs per row that choose between walking the sort index (a random table read and a text test per row)
 * and taking every match from the text index (a lookup per match, then a sort); from `npm run bench:inquiries`.
 */
const COST = {
  sqlite: { perMatch: 1.2, perWalkedRow: 1.2 },
  postgres: { perMatch: 2.5, perWalkedRow: 1.5 },
} as const;

/** Under this many rows a workflow filter's page is taken by the filter's own index and sorted. */
const WORKFLOW_FEW_ROWS = 2_000;

/**
 * D26: `assignedTo` is 'me', 'unassigned' or a handler's id; `followUp` ranges are read at `at`: overdue before
 * now, today from now to the end of today in Asia/Kolkata, upcoming from tomorrow on (the four do not overlap).
 */
export function workflowFilter(
  user: AuthUser,
  params: Pick<InquiryListParams, 'assignedTo' | 'followUp'>,
  at: number,
): WorkflowFilter {
  const filter: WorkflowFilter = {};
  const a = params.assignedTo;
  if (a !== undefined)
    filter.staff = a === ASSIGNED_TO_ME ? user.id : a === ASSIGNED_TO_NOBODY ? null : a.toLowerCase();
  const endOfToday = kolkataDayBounds(at).end;
  if (params.followUp === 'none') filter.followUp = 'none';
  else if (params.followUp === 'overdue') filter.followUp = { to: at };
  else if (params.followUp === 'today') filter.followUp = { from: at, to: endOfToday };
  else if (params.followUp === 'upcoming') filter.followUp = { from: endOfToday };
  return filter;
}

export async function listInquiries(
  ctx: InquiryContext,
  user: AuthUser,
  params: InquiryListParams,
): Promise<InquiryPage> {
  const scope = scopeOf(user);
  const q = normaliseSearch(params.q);
  const page: PageQuery = {
    scope,
    status: params.status,
    sort: params.sort,
    order: params.order,
    limit: params.pageSize,
    offset: (params.page - 1) * params.pageSize,
  };
  const answer = (rows: InquiryRow[], total: number, capped: boolean, unfiltered: number): InquiryPage => ({
    items: rows.map(toInquiry),
    total,
    capped,
    unfiltered,
  });

  if (scope.kind === 'customer') {
    // A Customer's own handful of rows: found by index, filtered row by row.
    page.search = q === '' ? undefined : await prepareSearch(ctx.db, ctx.engine, q);
    const unfiltered = await countScoped(ctx.db, { scope });
    const total = params.status || page.search ? await countScoped(ctx.db, page) : unfiltered;
    return answer(await findPageRows(ctx.db, page, 'index'), total, false, unfiltered);
  }

  // The back office's status counters and data versions, in one read. Both only grow, so their sum moves whenever
  // either does: a list sorted by updated_at is kept while neither moves, any other while the first stands still.
  const state = await findListState(ctx.db);
  const counts = state.counts;
  const version = params.sort === 'updatedAt' ? state.version + state.touched : state.version;
  const unfiltered = counts.reduce((a, r) => a + r.n, 0);
  const inScope = params.status ? (counts.find((r) => r.status === params.status)?.n ?? 0) : unfiltered;
  if (params.assignedTo !== undefined || params.followUp !== undefined) {
    page.workflow = workflowFilter(user, params, now());
    page.hideWorkflowFromIndex = ctx.engine === 'sqlite';
    if (q === '') return answer(...(await findWorkflowPage(ctx, page, inScope, version)), unfiltered);
  }
  if (q === '') {
    // A page past the end needs no query (and a huge page number cannot make one walk the whole index).
    const rows = page.offset >= inScope ? [] : await findPageRows(ctx.db, page, 'index');
    return answer(rows, inScope, false, unfiltered);
  }

  // The version is read before any match, so an entry built below is never newer than its version.
  const key = searchCacheKey(q, params.sort);
  const statusKey = params.status === undefined ? undefined : searchCacheKey(q, params.sort, params.status);
  const held = ctx.searchCache.get(key, version) ?? (statusKey && ctx.searchCache.get(statusKey, version));
  if (held) return answer(...(await pageOfEntry(ctx, held, page)), unfiltered);
  // A walk kept for this order and status holds the page when it reaches that far (a walk means 1,000+ matches).
  const walkKey = walkCacheKey(q, params.sort, params.order, params.status);
  const walked = page.workflow ? undefined : ctx.searchCache.getWalk(walkKey, version);
  if (walked && (walked.complete || sizeOf(walked) >= page.offset + page.limit)) {
    return answer(await rowsOfEntry(ctx, walked, page), SEARCH_COUNT_LIMIT, true, unfiltered);
  }

  const search = await prepareSearch(ctx.db, ctx.engine, q, (prefix) =>
    ctx.searchCache.wordStartTerms(prefix, state.version, () => findWordStartTerms(ctx.db, prefix)),
  );
  page.search = search;
  if (page.workflow) return answer(...(await findWorkflowSearchPage(ctx, page, key, version, unfiltered)), unfiltered);
  const keepWalk = (ids: string[], complete: boolean) =>
    ctx.searchCache.set(walkKey, walkedMatches(version, ids, complete));
  const found = await findSearchPage(ctx, search, page, inScope, keepWalk);
  if (found.rows) return answer(found.rows, Math.min(found.n, SEARCH_COUNT_LIMIT), found.n >= COUNT_CAP, unfiltered);
  // Every match, sorted once, serves this page, the search's other pages and its filters; a search too common to
  // keep has its page taken from the text index and sorted each time.
  const allMatches = found.all ?? (found.matches * unfiltered) / Math.max(inScope, 1);
  const { sortAllUpTo, maxEntryIds } = ctx.searchCache.limits;
  // Past sortAllUpTo, sorting every status's matches would cost seconds for a page of one status (a one-letter search
  // has a third of a million): the status's own matches, the ones the walk was priced against, are kept instead.
  const entry =
    statusKey && allMatches > sortAllUpTo
      ? found.matches <= maxEntryIds
        ? await keepSearch(ctx, statusKey, version, page, page.status)
        : undefined
      : allMatches <= maxEntryIds
        ? await keepSearch(ctx, key, version, page)
        : undefined;
  if (!entry && found.keys) {
    const rows = page.offset >= found.n ? [] : await findPageRows(ctx.db, { ...page, keys: found.keys }, 'keys');
    return answer(rows, found.n, false, unfiltered);
  }
  if (!entry) {
    const rows = await findPageRows(ctx.db, page, search.engine === 'sqlite' ? 'fts-join' : 'trigram');
    return answer(rows, SEARCH_COUNT_LIMIT, true, unfiltered);
  }
  return answer(...(await pageOfEntry(ctx, entry, page)), unfiltered);
}

/**
 * Rows sorted once (`query` reads up to `limit`) and kept under `key` at `version`; undefined when there are more
 * than an entry may hold.
 */
async function keepSorted(ctx: InquiryContext, key: string, version: number, query: (limit: number) => MatchRowsQuery) {
  const max = ctx.searchCache.limits.maxEntryIds;
  const all = await findMatchRows(ctx.db, query(max + 1));
  if (all.statuses.length > max) return undefined;
  const entry = sortedMatches(version, all);
  ctx.searchCache.set(key, entry);
  return entry;
}

/** Every match of the page's search (of `status` alone, when given), sorted and kept. */
const keepSearch = (ctx: InquiryContext, key: string, version: number, page: PageQuery, status?: string) =>
  keepSorted(ctx, key, version, (limit) => buildSortedMatchesQuery(ctx.db, page.search!, page.sort, limit, status));

/** The rows of one page of `ids` (every match so far, in the page's order). */
const rowsOfPage = (ctx: InquiryContext, ids: readonly string[], page: PageQuery) =>
  findInquiriesByIds(ctx.db, ids.slice(page.offset, page.offset + page.limit));

/** The rows of one page of a kept walk (or a handler's first rows). */
const rowsOfEntry = (ctx: InquiryContext, entry: WalkedMatches, page: PageQuery) =>
  findInquiriesByIds(ctx.db, idsBetween(entry, page.offset, page.offset + page.limit));

/**
 * D26's workflow filters on a searched page: a rare word's matches (under the count cap) are filtered and sorted
 * as found; a common one's (up to the cache's sortAllUpTo) are sorted once, kept, and filtered in memory like the
 * status; a search commoner than that walks the sort index testing each row.
 */
async function findWorkflowSearchPage(
  ctx: InquiryContext,
  page: PageQuery,
  key: string,
  version: number,
  unfiltered: number,
): Promise<readonly [InquiryRow[], number, boolean]> {
  const { db } = ctx;
  const search = page.search!;
  const keys = await findMatchKeys(db, search, COUNT_CAP, page.status);
  if (keys.length < COUNT_CAP) {
    const ids = await findPageIdList(db, { ...page, keys, limit: COUNT_CAP, offset: 0 }, 'keys');
    return [await rowsOfPage(ctx, ids, page), ids.length, false] as const;
  }
  const share = await sampleShare(db, search, SAMPLE_ROWS);
  const entry =
    share * unfiltered <= ctx.searchCache.limits.sortAllUpTo ? await keepSearch(ctx, key, version, page) : undefined;
  if (entry) return pageOfEntry(ctx, entry, page);
  return [await findPageRows(db, { ...page, search }, 'index'), SEARCH_COUNT_LIMIT, true] as const;
}

/**
 * D26's "my work" page without a search: rows, total and whether it was capped (never), the total counted exactly
 * by the filters' indexes. A page the sort index reaches within limits.firstRows rows is walked to. Past that, a
 * handler's rows (or the unassigned), with no follow-up or any: the rows up to the page (at least firstRows) by a
 * bounded sort of their index, kept with the count; a follow-up range: every row with a follow-up, read in order
 * once and kept, then filtered in memory like a search (its range moves with the clock), but a few rows are taken
 * by the filter's index (the dashboards' follow-ups).
 */
async function findWorkflowPage(
  ctx: InquiryContext,
  page: PageQuery,
  inScope: number,
  version: number,
): Promise<readonly [InquiryRow[], number, boolean]> {
  const { db } = ctx;
  const filter = page.workflow!;
  const end = page.offset + page.limit;
  // Whether the sort index reaches the page within firstRows rows, by the set's share of its scope (then walked to).
  const nearInIndex = (total: number) => (end * inScope) / total <= ctx.searchCache.limits.firstRows;
  if (filter.staff !== undefined && (filter.followUp === undefined || filter.followUp === 'none')) {
    const setKey = workflowCacheKey(`staff ${filter.staff ?? ''} ${filter.followUp ?? ''}`, page.sort);
    const key = walkCacheKey(setKey, page.sort, page.order, page.status);
    const first = ctx.searchCache.getWalk(key, version);
    if (first && (first.complete || sizeOf(first) >= end)) {
      return [await rowsOfEntry(ctx, first, page), first.total!, false] as const;
    }
    const total = first?.total ?? (await countWorkflowPage(ctx, page, inScope));
    if (page.offset >= total) return [[], total, false] as const;
    // Walked to, or sorted: either way the rows read are kept.
    const walk = nearInIndex(total);
    const limit = walk ? end : Math.max(end, ctx.searchCache.limits.firstRows);
    const ids = walk
      ? await findPageIdList(db, { ...page, limit, offset: 0 }, 'index')
      : await findWorkflowFirstIds(db, { ...page, limit }, ctx.engine);
    ctx.searchCache.set(key, walkedMatches(version, ids, ids.length < limit, total));
    return [await rowsOfPage(ctx, ids, page), total, false] as const;
  }
  const key = workflowCacheKey('follow-up', page.sort);
  let entry = ctx.searchCache.get(key, version);
  if (!entry) {
    const total = await countWorkflowPage(ctx, page, inScope);
    if (page.offset >= total) return [[], total, false] as const;
    if (filter.followUp !== 'none' && total <= WORKFLOW_FEW_ROWS) {
      return [await findPageRows(db, page, 'workflow'), total, false] as const;
    }
    // Walked to, rather than every follow-up read.
    if (nearInIndex(total)) {
      return [await findPageRows(db, page, 'index'), total, false] as const;
    }
    // Every row with a follow-up, read in the page's sort and kept (not read when more than an entry may hold).
    const set: WorkflowFilter = { followUp: {} };
    if ((await countWorkflow(db, { workflow: set }, ctx.engine)) <= ctx.searchCache.limits.maxEntryIds)
      entry = await keepSorted(ctx, key, version, (n) => buildWorkflowRowsQuery(db, set, page.sort, n, ctx.engine));
    if (!entry) return [await findPageRows(db, page, 'index'), total, false] as const;
  }
  if (filter.followUp === 'none') {
    const withFollowUp = pageOfMatches(entry, { status: page.status, order: page.order, offset: 0, limit: 0 }).total;
    const total = inScope - withFollowUp;
    return [page.offset >= total ? [] : await findPageRows(db, page, 'index'), total, false] as const;
  }
  const found = pageOfMatches(entry, page);
  return [await findInquiriesByIds(db, found.ids), found.total, false] as const;
}

/** The exact count of a workflow page's rows, by the filters' indexes ('none' as the rest of its scope). */
async function countWorkflowPage(ctx: InquiryContext, page: PageQuery, inScope: number) {
  const { db, engine } = ctx;
  const filter = page.workflow!;
  if (filter.followUp !== 'none') return countWorkflow(db, page, engine);
  const all =
    filter.staff === undefined
      ? inScope
      : await countWorkflow(db, { ...page, workflow: { staff: filter.staff } }, engine);
  return all - (await countWorkflow(db, { ...page, workflow: { staff: filter.staff, followUp: {} } }, engine));
}

/** A page of a cached entry, with its total and whether that was capped. */
async function pageOfEntry(ctx: InquiryContext, entry: SortedMatches, page: PageQuery) {
  const found = pageOfMatches(entry, page);
  const rows = await findInquiriesByIds(ctx.db, found.ids);
  return [rows, Math.min(found.total, SEARCH_COUNT_LIMIT), found.total > SEARCH_COUNT_LIMIT] as const;
}

/**
 * A searched page of the back office: the matches counted up to the cap, then the page found the cheaper way.
 * `rows` is undefined when the caller should take every match from the text index instead (`matches` of them,
 * estimated, within the page's status).
 */
async function findSearchPage(
  ctx: InquiryContext,
  search: PreparedSearch,
  page: PageQuery,
  inScope: number,
  keepWalk: (ids: string[], complete: boolean) => void,
): Promise<{ n: number; rows?: InquiryRow[]; matches: number; keys?: (string | number)[]; all?: number }> {
  const { db } = ctx;
  const status = page.status;
  let share: number | undefined;
  let n = 0;
  if (search.engine === 'postgres' && inScope > SAMPLE_ROWS) {
    // pg_trgm reads every candidate of a common word before it can stop at the cap; walking the newest rows
    // reaches the cap sooner when the sample says the word is common.
    share = await sampleShare(db, search, SAMPLE_ROWS, status);
    if (share * inScope >= 4 * COUNT_CAP) {
      n = await countByWalk(db, search, COUNT_CAP, Math.min(inScope, Math.ceil((2 * COUNT_CAP) / share)), status);
    }
  }
  if (n < COUNT_CAP) {
    const keys = await findMatchKeys(db, search, COUNT_CAP, status);
    n = keys.length;
    if (n < COUNT_CAP) {
      // Few matches, kept by the caller when they are few in every status too; else `keys` serve the page.
      const all = status ? (await findMatchKeys(db, search, COUNT_CAP)).length : n;
      return { n, matches: n, keys, all: all < COUNT_CAP ? all : Infinity };
    }
  }
  // FTS5 lists matches in rowid order, which is the createdAt order (seq): it pages by itself.
  // Like a walk, it keeps every match it met.
  if (search.engine === 'sqlite' && page.sort === 'createdAt') {
    const end = page.offset + page.limit;
    const ids = await findPageIdList(db, { ...page, limit: end, offset: 0 }, 'fts-rowid');
    keepWalk(ids, ids.length < end);
    return { n, rows: await rowsOfPage(ctx, ids, page), matches: n };
  }
  share ??= await sampleShare(db, search, SAMPLE_ROWS, status);
  // Walking the sort index reaches the page after about (offset + limit) / share rows; taking every match costs
  // one lookup each. The sample may miss a word that is rarer among the newest rows: then the walk falls short.
  const matches = Math.max(COUNT_CAP, share * inScope);
  // SQLite's LIKE folds ASCII case only (FTS5 all of Unicode): a non-ASCII query stays in the text index.
  if (search.engine === 'sqlite' && /[^\x20-\x7e]/.test(search.lower)) return { n, matches };
  // A walk, kept, serves this page again and the pages before it, and after a write that empties the cache costs
  // one page, not a sort of every match; when it would cost more than taking every match, the matches are taken,
  // sorted once and kept for every page, order and filter (the caller).
  const walked = ((page.offset + page.limit) * inScope) / matches;
  const cost = COST[search.engine];
  if (walked * cost.perWalkedRow >= matches * cost.perMatch) return { n, matches };
  let window = Math.min(inScope, Math.ceil(walked * 1.5) + 200);
  for (;;) {
    // Every match the walk meets is kept: this page's later requests, and the pages before it, need no walk.
    const ids = await findPageIdList(db, { ...page, window, limit: window, offset: 0 }, 'walk');
    if (ids.length >= page.offset + page.limit || window >= inScope) {
      keepWalk(ids, window >= inScope);
      return { n, rows: await rowsOfPage(ctx, ids, page), matches };
    }
    // Fewer matches along this sort than among the newest rows: walk further while that stays the cheaper way.
    window = Math.min(inScope, window * 4);
    if (window * cost.perWalkedRow >= matches * cost.perMatch) return { n, matches };
  }
}
