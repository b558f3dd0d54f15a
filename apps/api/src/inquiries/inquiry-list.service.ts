// The D10 list of inquiries: paging, sort, the status filter and the free-text search with its count headers,
// and how a searched page is found fast at a million rows (docs/performance.md).
import { SEARCH_COUNT_LIMIT, type Inquiry, type InquiryListParams } from '@safarnama/contract';
import type { AuthUser } from '../plugins/access';
import { scopeOf } from './inquiry.policy';
import { findListState, findInquiriesByIds, type InquiryRow } from './inquiry.repository';
import { countScoped, findPageRows, type PageQuery, type PageStrategy } from './inquiry-page.repository';
import {
  countRanges,
  countSearchMatchesByWalk,
  CANDIDATE_WINDOW,
  findCandidates,
  findPairPage,
  findRarestPair,
  findTrigramMatchKeys,
  findSortedMatches,
  estimateSearchMatches,
  type FoundMatch,
} from './inquiry-search.repository';
import {
  findWordStartTerms,
  findAddedWordStartTerms,
  normaliseSearch,
  prepareSearch,
  type PreparedSearch,
} from './inquiry-search-text';
import { floorAt, pageOfMatches, searchCacheKey, statusCodeOf, type SortedMatches } from './inquiry-search-cache';
import { floorOfRanges, floorRanges, valueMatches } from './inquiry-search-floor';
import { toInquiry, type InquiryContext } from './inquiry.service';
import { pairIsExact, type PairLookup } from './inquiry-word-pairs';

export interface InquiryPage {
  items: Inquiry[];
  /** X-Total-Count: the rows that match (a search counts up to SEARCH_COUNT_LIMIT). */
  total: number;
  /** Whether `total` stopped at SEARCH_COUNT_LIMIT. */
  capped: boolean;
  /** X-Unfiltered-Count: the rows before `q` and `status`. */
  unfiltered: number;
}

/**
 * Rough costs (µs per row) that pick how a searched page is found; measured with `npm run bench:inquiries`
 * (docs/performance.md). A walk of the sort index reads rows in that index's order, so each costs a random
 * table read; taking every match costs one lookup per match plus the sort.
 */
const COST = {
  sqlite: { perMatch: 1.2, perWalkedRow: 1.2 },
  postgres: { perMatch: 2.5, perWalkedRow: 1.5 },
} as const;
/**
 * A walk examines at most this many times the rows its estimate needs; matches bunched in the sort order (a
 * destination searched and sorted by destination) then fall back to taking every match, having wasted little.
 */
const WALK_SLACK = 1.5;
/**
 * PostgreSQL counts by walking the newest rows when the sample says at least this share matches: at 1 µs a row
 * the walk to the 1,001st match of a word in one inquiry of sixteen takes about as long as pg_trgm gathering
 * its candidates (measured at a million rows, docs/performance.md).
 */
const COUNT_WALK_SHARE = 0.06;
/** PostgreSQL samples blocks to estimate a search's matches only on tables this large. */
const SAMPLE_MIN_ROWS = 50_000;

interface SearchCount {
  /** Counted up to SEARCH_COUNT_LIMIT + 1. */
  n: number;
  /**
   * Best guess of all matches (exact when n is within the limit). A promise read only when a choice needs it:
   * on SQLite it costs reading the doclists of the query's trigrams (~10 ms for a word in one inquiry of ten),
   * more than the whole first page of a createdAt search, which needs no estimate.
   */
  matches: () => Promise<number>;
  /** Every match's key when n is within the limit (the page then sorts just these). */
  keys?: (string | number)[];
  /** Every match in the list's sort order, when a long query's candidates held them all. */
  sorted?: FoundMatch[];
  /** Whether `matches` is in hand; when not, a choice that can do without it (a newest-first walk) should. */
  estimated: boolean;
  /** A rare pair lookup whose rows hold every match: a createdAt page on PostgreSQL is read through it. */
  pair?: PairLookup;
}

/** Runs `compute` on the first call only, and hands every caller that one answer. */
function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= compute());
}

/** An estimate already in hand. */
const known = (matches: number) => () => Promise.resolve(matches);

/** How the floor is had: `early` when already asked for, `known` from an earlier read, none when `skip`. */
interface FloorWay {
  early?: FloorRead;
  /** A floor read at an earlier data version, less the rows changed since (floorAt). */
  known?: number;
  /** The search was rare when last counted: a floor could not shortcut it. */
  skip: boolean;
  /** The data version the status counters were read at. */
  version: number;
}

/**
 * Matches known without reading them (inquiry-search-floor.ts): every row of a status whose name matches (from
 * its counter), else the most rows of one field whose values start with the query (index ranges, each read up to
 * the cap and remembered with their data version). 0 when neither applies.
 */
async function searchFloor(
  ctx: InquiryContext,
  search: PreparedSearch,
  status: string | undefined,
  statusCounts: readonly { status: string; n: number }[],
  way: FloorWay,
): Promise<number> {
  const byStatus = statusCounts
    .filter((r) => (status === undefined || r.status === status) && valueMatches(r.status, search.lower))
    .reduce((a, r) => a + r.n, 0);
  if (byStatus >= COUNT_CAP) {
    // Kept as a floor, so that the next search ("n": every New inquiry) does not read the ranges early for nothing
    // (1.3 ms of PostgreSQL's time beside its walk; listInquiries).
    ctx.searchCache.noteFloor(search.lower, status, { version: way.version, n: byStatus });
    return byStatus;
  }
  if (way.skip) return byStatus;
  if (way.known !== undefined && way.known >= COUNT_CAP) return Math.max(byStatus, way.known);
  const counted = await (way.early ?? readFloorRanges(ctx, search.lower, status));
  const floor = floorOfRanges(counted.ranges);
  if (counted.version !== undefined) {
    ctx.searchCache.noteFloor(search.lower, status, { version: counted.version, n: floor });
  }
  return Math.max(byStatus, floor);
}

/** Counts past this are not shown (X-Total-Count stops at SEARCH_COUNT_LIMIT); reaching it means capped. */
const COUNT_CAP = SEARCH_COUNT_LIMIT + 1;

type FloorRead = ReturnType<typeof countRanges>;

/**
 * A floor is counted this far past the cap, so that once read it is known to reach the cap until as many rows
 * have changed (at 1 µs an index entry, 1 ms more for a search that reaches it).
 */
const FLOOR_SLACK = 1_000;

/** The index ranges of a search's floor, counted up to the cap and its slack. */
function readFloorRanges(ctx: InquiryContext, lower: string, status: string | undefined): FloorRead {
  return countRanges(ctx.db, ctx.engine, floorRanges(lower), COUNT_CAP + FLOOR_SLACK, status);
}

/**
 * PostgreSQL: the floor's ranges read on a second connection while the first reads the counters and the data
 * version (which decide whether the floor is needed at all): 0.4-1.3 ms off a first search, for a statement
 * wasted when the cache turns out to hold the search at this version after all. SQLite runs one statement at a time, so it reads the floor when
 * it is needed.
 */
function readFloorEarly(ctx: InquiryContext, q: string, status: string | undefined): FloorRead | undefined {
  if (ctx.engine !== 'postgres') return undefined;
  const read = readFloorRanges(ctx, q.toLowerCase(), status);
  // Handled here so a read nobody awaits (the search was cached) is no unhandled rejection; an await still throws.
  read.catch(() => undefined);
  return read;
}

/** X-Total-Count of a back-office search, and an estimate of the matches past the limit. */
async function countSearch(
  ctx: InquiryContext,
  search: PreparedSearch,
  status: string | undefined,
  inScope: number,
  statusCounts: readonly { status: string; n: number }[],
  sort: InquiryListParams['sort'],
  floorWay: FloorWay,
): Promise<SearchCount> {
  // A common search is capped whatever its exact count: when the floor says so, only the estimate (for choosing
  // how to find the page) is left to read, and only if that choice needs it.
  const floor = await searchFloor(ctx, search, status, statusCounts, floorWay);
  const all = statusCounts.reduce((a, r) => a + r.n, 0);
  const later = (atLeast: number) => once(() => estimateAllMatches(ctx, search, status, inScope, all, atLeast));
  // A query of words whose rarest pair has few rows ("ravi k": 1,832 at a million, past the cap by its
  // floor of names) has every match in hand, sorted, for those rows' cost: the page is a slice of them, where a
  // walk of the newest rows falls short and taking every match through the trigrams reads common ones. Not for
  // SQLite's newest first, which FTS5's rowid order pages reading little more than the page (1.2 against 13 ms);
  // PostgreSQL's createdAt pages read only the page's rows through the pair (listInquiries, findPairPage).
  const byRowid = search.engine === 'sqlite' && sort === 'createdAt';
  const pair =
    floor >= COUNT_CAP && search.pairs && !byRowid
      ? await findRarestPair(ctx.db, search.engine, search.pairs, CANDIDATE_WINDOW)
      : undefined;
  if (pair && search.engine === 'postgres' && sort === 'createdAt' && !status) {
    return { n: COUNT_CAP, matches: known(floor), estimated: true, pair };
  }
  if (pair) return allCandidates((await findCandidates(ctx.db, search, { status, sort, pair }))!.matches);
  if (floor >= COUNT_CAP) return { n: COUNT_CAP, matches: later(floor), estimated: false };
  // A long query's word pair or three rarest trigrams usually find its few matches at once (and make the
  // sample below needless); only when those are common does it take the way of a common word.
  const viaCandidates = await findCandidates(ctx.db, search, { status, sort });
  if (viaCandidates?.complete) return allCandidates(viaCandidates.matches);
  if (viaCandidates && viaCandidates.matches.length >= COUNT_CAP) {
    return { n: COUNT_CAP, matches: later(viaCandidates.matches.length), estimated: false };
  }
  let estimate = 0;
  if (search.engine === 'postgres' && inScope >= SAMPLE_MIN_ROWS) {
    // pg_trgm gathers every candidate before the first match is confirmed (tens of ms for a very common
    // word), so a sample first tells whether walking the newest rows reaches the limit sooner.
    const share = await sampledShare(ctx, search, status);
    estimate = share * inScope;
    if (share >= COUNT_WALK_SHARE) {
      const window = Math.min(inScope, Math.ceil((2 * COUNT_CAP) / share));
      // Defined only when the walk reached the cap.
      const n = await countSearchMatchesByWalk(ctx.db, search, COUNT_CAP, window, status);
      if (n !== undefined) return { n, matches: known(Math.max(n, Math.round(estimate))), estimated: true };
    }
  }
  const keys = await findTrigramMatchKeys(ctx.db, search, COUNT_CAP, status);
  const n = keys.length;
  if (n < COUNT_CAP) return { n, matches: known(n), keys, estimated: true };
  if (search.engine === 'postgres') return { n, matches: known(Math.max(n, Math.round(estimate))), estimated: true };
  return { n, matches: later(n), estimated: false };
}

/** The count of a search whose every match its candidates found, sorted. */
function allCandidates(matches: FoundMatch[]): SearchCount {
  const n = matches.length;
  return { n: Math.min(n, COUNT_CAP), matches: known(n), sorted: matches, estimated: true };
}

/** PostgreSQL: the share of a block sample's rows (of `status`, when given) that match. */
async function sampledShare(ctx: InquiryContext, search: PreparedSearch, status: string | undefined) {
  const sample = await estimateSearchMatches(ctx.db, search, status);
  return sample.sampled > 0 ? sample.matches / sample.sampled : 0;
}

/**
 * A search's matches past the count limit, estimated: SQLite from the FTS vocabulary, which knows nothing of
 * statuses (an even spread over the `all` visible inquiries is assumed); PostgreSQL from a block sample. Never
 * below `atLeast`, already counted.
 */
async function estimateAllMatches(
  ctx: InquiryContext,
  search: PreparedSearch,
  status: string | undefined,
  inScope: number,
  all: number,
  atLeast: number,
): Promise<number> {
  if (search.engine === 'postgres') {
    return Math.max(atLeast, Math.round((await sampledShare(ctx, search, status)) * inScope));
  }
  const vocabulary = await estimateSearchMatches(ctx.db, search);
  return Math.max(atLeast, Math.round((vocabulary.matches * inScope) / Math.max(all, 1)));
}

/** How to find a searched page, and for a walk how far it may go. */
async function chooseSearchStrategy(
  ctx: InquiryContext,
  search: PreparedSearch,
  estimateMatches: () => Promise<number>,
  p: PageQuery,
  inScope: number,
): Promise<{ strategy: PageStrategy; window?: number }> {
  if (search.engine === 'sqlite' && p.sort === 'createdAt') return { strategy: 'fts-rowid' };
  const takeAll = search.engine === 'sqlite' ? 'fts-join' : 'bitmap';
  // SQLite's LIKE folds ASCII case only, FTS5 all of Unicode: a non-ASCII query stays in the FTS index.
  if (search.engine === 'sqlite' && [...search.like].some((c) => c.charCodeAt(0) > 127)) return { strategy: takeAll };
  // Reading every match against walking the sort index until the page is full (about inScope/matches per hit).
  const matches = await estimateMatches();
  const cost = COST[ctx.engine];
  const walked = ((p.offset + p.limit) * inScope) / Math.max(matches, 1);
  if (walked * cost.perWalkedRow >= matches * cost.perMatch) return { strategy: takeAll };
  return { strategy: 'walk', window: Math.min(inScope, Math.ceil(walked * WALK_SLACK) + 200) };
}

/** A createdAt page through a rare pair (findPairPage) reads this many rows at most: the first four of 50. */
const PAIR_PAGE_END = 200;

/**
 * The first pages, newest or oldest first and of every status, of a search whose one pair lookup holds exactly its
 * matches (pairIsExact), with how many there are, from the pair's index entries and the page's rows: "om j" has
 * 714 matches at a million rows, which the candidates' way fetches and tests one by one (PostgreSQL 4.6 ms,
 * SQLite 2.5 ms). Undefined when it does not apply or the pair is common.
 */
async function exactPairPage(ctx: InquiryContext, search: PreparedSearch, page: PageQuery) {
  const applies =
    page.scope.kind === 'all' &&
    page.sort === 'createdAt' &&
    !page.status &&
    page.offset + page.limit <= PAIR_PAGE_END &&
    search.pairs?.length === 1 &&
    pairIsExact(search.lower);
  if (!applies) return undefined;
  return findPairPage(ctx.db, search, search.pairs![0]!, page.order, page.offset + page.limit, true);
}

/** How far a quick walk goes, and for which pages (the first four of 50). */
const QUICK_WALK = { rows: 5_000, maxPageEnd: 200 } as const;

/**
 * PostgreSQL: the first pages of a common search, newest first, without the estimate of its matches (a block
 * sample, 2-5 ms): a walk of the newest rows fills them when the word is in one inquiry of twenty-five or more.
 * Undefined when the estimate is in hand or the page is deeper; the caller chooses again if the walk falls short.
 */
function quickWalk(
  search: PreparedSearch,
  counted: SearchCount,
  p: PageQuery,
  inScope: number,
): { strategy: PageStrategy; window: number } | undefined {
  const applies =
    search.engine === 'postgres' &&
    p.sort === 'createdAt' &&
    !counted.estimated &&
    p.offset + p.limit <= QUICK_WALK.maxPageEnd;
  return applies ? { strategy: 'walk', window: Math.min(inScope, QUICK_WALK.rows) } : undefined;
}

/**
 * PostgreSQL: a quick walk's page, started with the counters' read for a search that was common the last time it
 * was counted, so that the walk (2-3 ms at a million rows) waits neither for them nor for the floor (1-1.5 ms when
 * it must be read). Used only when the count again chooses a quick walk with the same page; otherwise it cost one
 * walk of the newest rows.
 */
function walkEarly(ctx: InquiryContext, q: string, page: Omit<PageQuery, 'search'>): Promise<InquiryRow[]> | undefined {
  const shaped =
    ctx.engine === 'postgres' && page.sort === 'createdAt' && page.offset + page.limit <= QUICK_WALK.maxPageEnd;
  if (!shaped) return undefined;
  const walked = (async () => {
    const search = await prepareSearch(ctx.db, ctx.engine, q);
    return findPageRows(ctx.db, { ...page, search, window: QUICK_WALK.rows }, 'walk');
  })();
  // Handled here so a walk nobody awaits is no unhandled rejection; an await still throws.
  walked.catch(() => undefined);
  return walked;
}

export async function listInquiries(
  ctx: InquiryContext,
  user: AuthUser,
  params: InquiryListParams,
): Promise<InquiryPage> {
  const scope = scopeOf(user);
  const q = normaliseSearch(params.q);
  // A back-office search already sorted at this data version needs neither the text index nor a sort. The
  // version is read before any match, so an entry built below can only be older than its version, never newer.
  const searchesAll = q !== '' && scope.kind === 'all';
  const key = searchCacheKey(q, params.sort);
  // How this search counted last time: a rare one's floor is not read (it only ever shortcuts a common search),
  // a common one's first page is started at once, and a floor read lately with room to spare is most likely
  // still known at the version about to be read (floorAt tells).
  const memo = searchesAll ? ctx.searchCache.countedAs(q, params.status) : undefined;
  const countedAs = memo?.how;
  const floorLikelyKnown = (memo?.floor?.n ?? 0) >= COUNT_CAP + FLOOR_SLACK / 10;
  // A search held in the cache (paging through it) is most likely still fresh and needs no floor.
  const uncached = searchesAll && !ctx.searchCache.has(key);
  const earlyFloor =
    uncached && countedAs !== 'rare' && !floorLikelyKnown ? readFloorEarly(ctx, q, params.status) : undefined;
  const pageShape = {
    scope,
    status: params.status,
    sort: params.sort,
    order: params.order,
    limit: params.pageSize,
    offset: (params.page - 1) * params.pageSize,
  };
  const earlyWalk = uncached && countedAs === 'common' ? walkEarly(ctx, q, pageShape) : undefined;
  // The back office's status counters and data version, in one read.
  const state = scope.kind === 'all' ? await findListState(ctx.db) : undefined;
  const version = searchesAll ? (state?.version ?? 0) : 0;
  let cached = searchesAll ? ctx.searchCache.get(key, version) : undefined;
  const search =
    q === '' || cached
      ? undefined
      : await prepareSearch(
          ctx.db,
          ctx.engine,
          q,
          (prefix) =>
            searchesAll
              ? ctx.searchCache.wordStartTerms(prefix, version, {
                  all: () => findWordStartTerms(ctx.db, prefix),
                  added: (known) => findAddedWordStartTerms(ctx.db, prefix, known),
                })
              : findWordStartTerms(ctx.db, prefix),
          ctx.trigramSample?.current(),
        );
  const page: PageQuery = { ...pageShape, search };

  let unfiltered: number;
  let total: number;
  let capped = false;
  let strategy: PageStrategy = 'index';
  let inScope = 0;
  let rechoose: (() => Promise<{ strategy: PageStrategy; window?: number }>) | undefined;
  let walked: Promise<InquiryRow[]> | undefined;
  let pairRows: InquiryRow[] | undefined;
  if (scope.kind === 'customer') {
    unfiltered = await countScoped(ctx.db, scope);
    total = params.status || search ? await countScoped(ctx.db, scope, params.status, search) : unfiltered;
  } else {
    const counts = state?.counts ?? [];
    unfiltered = counts.reduce((a, r) => a + r.n, 0);
    inScope = params.status ? (counts.find((r) => r.status === params.status)?.n ?? 0) : unfiltered;
    total = inScope;
    // A search of two short words ("om j") is counted and paged newest or oldest first from its pair's index
    // entries alone, when the pair is rare (exactPairPage).
    const exact = search ? await exactPairPage(ctx, search, page) : undefined;
    if (exact) {
      pairRows = exact.rows;
      capped = exact.total > SEARCH_COUNT_LIMIT;
      total = Math.min(exact.total, SEARCH_COUNT_LIMIT);
      if (searchesAll) ctx.searchCache.noteCount(q, params.status, capped ? undefined : 'rare');
    } else if (search) {
      let counted = await countSearch(ctx, search, params.status, inScope, counts, page.sort, {
        early: earlyFloor,
        known: floorAt(memo, version),
        skip: countedAs === 'rare',
        version,
      });
      capped = counted.n > SEARCH_COUNT_LIMIT;
      total = Math.min(counted.n, SEARCH_COUNT_LIMIT);
      // Common means a quick walk's kind of search (capped before its matches were estimated); capped after
      // estimating is neither.
      const how = !capped ? 'rare' : counted.estimated ? undefined : 'common';
      if (searchesAll) ctx.searchCache.noteCount(q, params.status, how);
      if (counted.pair) {
        // The first pages newest or oldest first, from the pair's index entries; deeper ones, or a lookup whose
        // rows do not all hold the query, take every match through it.
        const n = page.offset + page.limit;
        const found = n <= PAIR_PAGE_END ? await findPairPage(ctx.db, search, counted.pair, page.order, n) : undefined;
        pairRows = found?.rows;
        if (!pairRows) {
          const every = await findCandidates(ctx.db, search, { sort: page.sort, pair: counted.pair });
          counted = allCandidates(every!.matches);
        }
      }
      if (pairRows) {
        // The page is read: nothing to choose or cache.
      } else if (counted.sorted) {
        // Every match is in hand, sorted: the page is a slice of them, and without a status they serve the
        // search's other pages too.
        cached = sortedMatches(version, counted.sorted);
        if (!params.status) ctx.searchCache.set(key, cached);
      } else if (counted.keys) {
        strategy = 'keys';
        page.keys = counted.keys;
        // Every match is in hand (no status narrowed them): sorting them once serves the other pages too.
        if (!params.status) cached = await buildCacheEntry(ctx, search, page.sort, version, key, counted.keys);
      } else {
        const quick = quickWalk(search, counted, page, inScope);
        if (quick) {
          rechoose = () => chooseSearchStrategy(ctx, search, counted.matches, page, inScope);
          walked = earlyWalk;
        }
        const choice = quick ?? (await chooseSearchStrategy(ctx, search, counted.matches, page, inScope));
        strategy = choice.strategy;
        page.window = choice.window;
        // FTS5's rowid order pages a createdAt search without a sort, but still reads every row before the page.
        // A quick walk reads about its page too: the first page of a word in one inquiry of fifty walks 2,500 rows
        // in 5 ms, where reading its 20,000 matches into an entry took 90 ms.
        const rowsToRead = quick
          ? page.offset + page.limit
          : choice.strategy === 'walk'
            ? (choice.window ?? 0)
            : choice.strategy === 'fts-rowid'
              ? page.offset + page.limit
              : await counted.matches();
        const { minRowsToBuild, maxEntryIds } = ctx.searchCache.limits;
        if (rowsToRead >= minRowsToBuild) {
          const matches = await counted.matches();
          const allMatches = params.status ? (matches * unfiltered) / Math.max(inScope, 1) : matches;
          if (allMatches <= maxEntryIds) cached = await buildCacheEntry(ctx, search, page.sort, version, key);
        }
      }
    }
  }

  let rows: InquiryRow[];
  if (pairRows) {
    rows = pairRows.slice(page.offset);
  } else if (cached) {
    const found = pageOfMatches(cached, {
      status: params.status,
      order: page.order,
      offset: page.offset,
      limit: page.limit,
    });
    capped = found.total > SEARCH_COUNT_LIMIT;
    total = Math.min(found.total, SEARCH_COUNT_LIMIT);
    rows = await findInquiriesByIds(ctx.db, found.ids);
  } else {
    // A page past a known end needs no query (and a huge page number cannot make one walk the whole index).
    rows = !capped && page.offset >= total ? [] : await (walked ?? findPageRows(ctx.db, page, strategy));
    const walkedShort = () => strategy === 'walk' && rows.length < page.limit && (page.window ?? 0) < inScope;
    if (rechoose && walkedShort()) {
      // The quick walk was not enough: the search is rarer than it looked, or its matches are older.
      const choice = await rechoose();
      strategy = choice.strategy;
      page.window = choice.window;
      rows = await findPageRows(ctx.db, page, strategy);
    }
    if (walkedShort()) {
      // The walk ran out of road before the page was full: the matches are bunched further along.
      rows = await findPageRows(ctx.db, page, search?.engine === 'sqlite' ? 'fts-join' : 'bitmap');
    }
  }
  return { items: rows.map(toInquiry), total, capped, unfiltered };
}

/** Matches already in sort order, as the search cache keeps them. */
function sortedMatches(version: number, rows: readonly { id: string; status: string }[]): SortedMatches {
  return {
    version,
    ids: rows.map((r) => r.id),
    statuses: Uint8Array.from(rows, (r) => statusCodeOf(r.status)),
  };
}

/**
 * Reads every match of a search in `sort` order (or sorts the given keys) into the cache; undefined when there
 * are too many to keep, in which case the caller's own strategy finds the page.
 */
async function buildCacheEntry(
  ctx: InquiryContext,
  search: PreparedSearch,
  sort: InquiryListParams['sort'],
  version: number,
  key: string,
  keys?: readonly (string | number)[],
): Promise<SortedMatches | undefined> {
  const max = ctx.searchCache.limits.maxEntryIds;
  const rows = await findSortedMatches(ctx.db, search, sort, max + 1, keys);
  if (rows.length > max) return undefined;
  const entry = sortedMatches(version, rows);
  ctx.searchCache.set(key, entry);
  return entry;
}
