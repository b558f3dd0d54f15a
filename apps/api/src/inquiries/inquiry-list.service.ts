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
  type PageQuery,
  type WorkflowFilter,
} from './inquiry-page.repository';
import { toInquiry, type InquiryContext } from './inquiry.service';
import { pageOfMatches, searchCacheKey, sortedMatches, type SortedMatches } from './search/search-cache';
import { countByWalk, findMatchKeys, findSortedMatches, sampleShare } from './search/search.repository';
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
/** Searches with up to this many matches (all statuses) are always sorted whole and kept in the search cache. */
const SORT_ALL = 50_000;
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
    const unfiltered = await countScoped(ctx.db, scope);
    const total =
      params.status || page.search ? await countScoped(ctx.db, scope, params.status, page.search) : unfiltered;
    return answer(await findPageRows(ctx.db, page, 'index'), total, false, unfiltered);
  }

  // The back office's status counters and data version, in one read.
  const { version, counts } = await findListState(ctx.db);
  const unfiltered = counts.reduce((a, r) => a + r.n, 0);
  const inScope = params.status ? (counts.find((r) => r.status === params.status)?.n ?? 0) : unfiltered;
  if (params.assignedTo !== undefined || params.followUp !== undefined) {
    page.workflow = workflowFilter(user, params, now());
    return answer(...(await findWorkflowPage(ctx, page, q, params.status ? inScope : unfiltered)), unfiltered);
  }
  if (q === '') {
    // A page past the end needs no query (and a huge page number cannot make one walk the whole index).
    const rows = page.offset >= inScope ? [] : await findPageRows(ctx.db, page, 'index');
    return answer(rows, inScope, false, unfiltered);
  }

  // The version is read before any match, so an entry built below is never newer than its version.
  const key = searchCacheKey(q, params.sort);
  const held = ctx.searchCache.get(key, version);
  if (held) return answer(...(await pageOfEntry(ctx, held, page)), unfiltered);

  const search = await prepareSearch(ctx.db, ctx.engine, q, (prefix) =>
    ctx.searchCache.wordStartTerms(prefix, version, () => findWordStartTerms(ctx.db, prefix)),
  );
  page.search = search;
  const found = await findSearchPage(ctx, search, page, inScope, unfiltered);
  if (found.rows) return answer(found.rows, Math.min(found.n, SEARCH_COUNT_LIMIT), found.n >= COUNT_CAP, unfiltered);
  // Every match, sorted once, serves this page, the search's other pages and its status filters; a search too
  // common to keep has its page taken from the text index and sorted each time.
  const max = ctx.searchCache.limits.maxEntryIds;
  const allMatches = (found.matches * unfiltered) / Math.max(inScope, 1);
  const all = allMatches <= max ? await findSortedMatches(ctx.db, search, page.sort, max + 1) : undefined;
  if (!all || all.length > max) {
    const rows = await findPageRows(ctx.db, page, search.engine === 'sqlite' ? 'fts-join' : 'bitmap');
    return answer(rows, SEARCH_COUNT_LIMIT, true, unfiltered);
  }
  const entry = sortedMatches(version, all);
  ctx.searchCache.set(key, entry);
  return answer(...(await pageOfEntry(ctx, entry, page)), unfiltered);
}

/**
 * D26's "my work" page: rows, total and whether it was capped. Without a search the filters are counted exactly
 * by their indexes ('none' as the rest of its scope); few rows, or a handler's newest first, are taken by the
 * filter's index, otherwise the sort index is walked and the filter tested row by row (it then holds many rows).
 * With a search, a rare word's matches (under the count cap) are filtered and sorted as found; a common word walks.
 */
async function findWorkflowPage(
  ctx: InquiryContext,
  page: PageQuery,
  q: string,
  inScope: number,
): Promise<readonly [InquiryRow[], number, boolean]> {
  const { db } = ctx;
  const filter = page.workflow!;
  page.hideWorkflowFromIndex = ctx.engine === 'sqlite';
  if (q !== '') {
    const search = await prepareSearch(db, ctx.engine, q);
    const keys = await findMatchKeys(db, search, COUNT_CAP, page.status);
    if (keys.length < COUNT_CAP) {
      const ids = await findPageIdList(db, { ...page, search, keys, limit: COUNT_CAP, offset: 0 }, 'keys');
      const rows = await findInquiriesByIds(db, ids.slice(page.offset, page.offset + page.limit));
      return [rows, ids.length, false] as const;
    }
    return [await findPageRows(db, { ...page, search }, 'index'), SEARCH_COUNT_LIMIT, true] as const;
  }
  let total: number;
  if (filter.followUp === 'none') {
    const all =
      filter.staff === undefined
        ? inScope
        : await countWorkflow(db, { ...page, workflow: { staff: filter.staff } }, ctx.engine);
    total = all - (await countWorkflow(db, { ...page, workflow: { staff: filter.staff, followUp: {} } }, ctx.engine));
  } else {
    total = await countWorkflow(db, page, ctx.engine);
  }
  const byHandlerNewest = page.sort === 'createdAt' && filter.staff !== undefined;
  const byFilter = byHandlerNewest || (filter.followUp !== 'none' && total <= WORKFLOW_FEW_ROWS);
  const rows = page.offset >= total ? [] : await findPageRows(db, page, byFilter ? 'workflow' : 'index');
  return [rows, total, false] as const;
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
  unfiltered: number,
): Promise<{ n: number; rows?: InquiryRow[]; matches: number }> {
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
      // Few matches: the page sorts just these (and a page past their end needs no query).
      const rows = page.offset >= n ? [] : await findPageRows(db, { ...page, keys }, 'keys');
      return { n, rows, matches: n };
    }
  }
  // FTS5 lists matches in rowid order, which is the createdAt order (seq): it pages by itself.
  if (search.engine === 'sqlite' && page.sort === 'createdAt') {
    return { n, rows: await findPageRows(db, page, 'fts-rowid'), matches: n };
  }
  share ??= await sampleShare(db, search, SAMPLE_ROWS, status);
  // Walking the sort index reaches the page after about (offset + limit) / share rows; taking every match costs
  // one lookup each. The sample may miss a word that is rarer among the newest rows: then the walk falls short.
  const matches = Math.max(COUNT_CAP, share * inScope);
  // SQLite's LIKE folds ASCII case only (FTS5 all of Unicode): a non-ASCII query stays in the text index.
  if (search.engine === 'sqlite' && /[^\x20-\x7e]/.test(search.lower)) return { n, matches };
  // A search of up to SORT_ALL matches is sorted whole at once and kept (the caller): a walk would be cheaper for
  // this one page, but it is paid again on every page, order and filter of the search, where the kept list costs
  // one page of rows.
  if ((matches * unfiltered) / Math.max(inScope, 1) <= SORT_ALL) return { n, matches };
  const walked = ((page.offset + page.limit) * inScope) / matches;
  const cost = COST[search.engine];
  if (walked * cost.perWalkedRow >= matches * cost.perMatch) return { n, matches };
  let window = Math.min(inScope, Math.ceil(walked * 1.5) + 200);
  for (;;) {
    const rows = await findPageRows(db, { ...page, window }, 'walk');
    if (rows.length === page.limit || window >= inScope) return { n, rows, matches };
    // Fewer matches along this sort than among the newest rows: walk further while that stays the cheaper way.
    window = Math.min(inScope, window * 4);
    if (window * cost.perWalkedRow >= matches * cost.perMatch) return { n, matches };
  }
}
