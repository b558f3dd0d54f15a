// Inquiry rules: capture, the staff pipeline (assignment D8, derived money D7, canonical status D6, soft
// delete D9), the event trail, the Customer's view (D5) and the D10 list with its count headers.
import {
  INQUIRY_MESSAGES,
  INQUIRY_STATUSES,
  SEARCH_COUNT_LIMIT,
  canonicalStatus,
  computePendingAmount,
  computeProfit,
  type CreateInquiryData,
  type Inquiry,
  type InquiryEvent,
  type InquiryListParams,
  type StatusCount,
  type UpdateInquiryData,
} from '@safarnama/contract';
import type { Db, DbOrTx } from '../db/database';
import type { Engine } from '../db/dialect';
import { badRequest, notFound } from '../errors';
import { now, toIso } from '../lib/clock';
import { isId, newId } from '../lib/ids';
import type { AuthUser } from '../plugins/access';
import { findUserById } from '../users/user.repository';
import { can, scopeOf, visibleEventTypes } from './inquiry.policy';
import {
  countRanges,
  countScoped,
  countSearchMatchesByWalk,
  findCandidateMatches,
  findTrigramMatchKeys,
  findListState,
  findNewestSearchTexts,
  findSortedMatches,
  estimateSearchMatches,
  findWordStartTerms,
  findAddedWordStartTerms,
  findInquiriesByIds,
  findInquiryById,
  findInquiryEvents,
  findPageRows,
  findScopedStatusCounts,
  findStatusCounts,
  insertInquiry,
  insertInquiryEvents,
  normaliseSearch,
  prepareSearch,
  softDeleteInquiry,
  updateInquiryRow,
  type FoundMatch,
  type InquiryChanges,
  type InquiryEventRow,
  type InquiryRow,
  type NewInquiryRow,
  type PageQuery,
  type PageStrategy,
  type PreparedSearch,
} from './inquiry.repository';
import {
  floorAt,
  pageOfMatches,
  searchCacheKey,
  statusCodeOf,
  InquirySearchCache,
  type SortedMatches,
} from './inquiry-search-cache';
import { floorOfRanges, floorRanges, valueMatches } from './inquiry-search-floor';
import { TRIGRAM_SAMPLE_ROWS, TrigramSample } from './inquiry-trigram-sample';

export interface InquiryContext {
  db: Db;
  engine: Engine;
  /** The sorted matches of recent back-office searches (one per app; see inquiry-search-cache.ts). */
  searchCache: InquirySearchCache;
  /** Trigram counts that pick a long query's rarer candidate trigrams (without: first, middle and last). */
  trigramSample?: TrigramSample;
}

/** One app's inquiry context: its search cache and trigram sample live as long as the app. */
export function createInquiryContext(db: Db, engine: Engine): InquiryContext {
  return {
    db,
    engine,
    searchCache: new InquirySearchCache(),
    trigramSample: new TrigramSample(() => findNewestSearchTexts(db, TRIGRAM_SAMPLE_ROWS)),
  };
}

const toPaise = (rupees: number) => Math.round(rupees * 100);
const toRupees = (paise: number) => paise / 100;

/** A row in the contract's shape (spec §3 Inquiry): money in rupees, derived money computed here (D7). */
export function toInquiry(row: InquiryRow): Inquiry {
  const tpc = toRupees(row.tpc_paise);
  const advance = toRupees(row.advance_paise);
  const totalRevenue = toRupees(row.total_revenue_paise);
  const hotelCost = toRupees(row.hotel_cost_paise);
  const cabCost = toRupees(row.cab_cost_paise);
  return {
    _id: row.id,
    customer: { name: row.customer_name, email: row.customer_email, whatsappNumber: row.customer_whatsapp },
    staff: row.staff_id ? { id: row.staff_id, name: row.staff_name, email: row.staff_email } : null,
    travelingFrom: row.traveling_from,
    location: row.location,
    dropCity: row.drop_city,
    noOfAdults: row.adults,
    noOfKids: row.kids,
    extraInfo: row.extra_info,
    tourDuration: row.tour_duration,
    hotelType: row.hotel_type,
    budget: toRupees(row.budget_paise),
    status: row.status,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    totalRevenue,
    hotelCost,
    cabCost,
    advance,
    tpc,
    pendingAmount: computePendingAmount(tpc, advance),
    profit: computeProfit(totalRevenue, hotelCost, cabCost),
  };
}

function toEvent(row: InquiryEventRow, withActor: boolean): InquiryEvent {
  return {
    _id: row.id,
    type: row.type,
    actor: withActor && row.actor_id ? { id: row.actor_id, name: row.actor_name } : null,
    field: row.field,
    from: row.from_value,
    to: row.to_value,
    createdAt: toIso(row.created_at)!,
  };
}

function actorOf(user: AuthUser | null, fallbackName: string) {
  return { actor_id: user?.id ?? null, actor_name: user?.name ?? fallbackName };
}

async function findVisible(ctx: InquiryContext, user: AuthUser, id: string, action: 'read' | 'readEvents') {
  // Malformed ids and other people's inquiries are simply not found (D5: no existence leak).
  const row = isId(id) ? await findInquiryById(ctx.db, id) : undefined;
  if (!row || !can(user, action, row)) throw notFound(INQUIRY_MESSAGES.notFound);
  return row;
}

// --- create ---------------------------------------------------------------------------------------------

/** The row a create payload would become; a Customer's own inquiry is linked to their account. */
function newInquiryRow(data: CreateInquiryData, user: AuthUser | null, at: number): NewInquiryRow {
  return {
    id: newId(),
    customer_name: data.name,
    customer_email: data.email,
    customer_whatsapp: data.whatsappNumber,
    customer_user_id: user?.role === 'Customer' ? user.id : null,
    staff_id: null,
    staff_name: '',
    staff_email: '',
    traveling_from: data.travelingFrom,
    location: data.location,
    drop_city: data.dropCity,
    adults: data.noOfAdults,
    kids: data.noOfKids,
    extra_info: data.extraInfo,
    tour_duration: data.tourDuration,
    hotel_type: data.hotelType ?? null,
    budget_paise: toPaise(data.budget),
    status: 'New',
    total_revenue_paise: 0,
    hotel_cost_paise: 0,
    cab_cost_paise: 0,
    advance_paise: 0,
    tpc_paise: 0,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    deleted_by: null,
  };
}

export interface CreateResult {
  inquiry: Inquiry;
  /** D15: the honeypot was filled; nothing was stored but the caller answers as if it had been. */
  discarded: boolean;
}

/** A new inquiry is New and unassigned; its creation is its first event, in the same transaction. */
export async function createInquiry(
  ctx: InquiryContext,
  user: AuthUser | null,
  data: CreateInquiryData,
): Promise<CreateResult> {
  const at = now();
  const row = newInquiryRow(data, user, at);
  const inquiry = toInquiry(row as InquiryRow);
  if (data.website && data.website.trim() !== '') return { inquiry, discarded: true };
  await ctx.db.transaction().execute(async (trx) => {
    await insertInquiry(trx, row);
    await insertInquiryEvents(trx, [
      {
        id: newId(),
        inquiry_id: row.id,
        ...actorOf(user, data.name),
        type: 'created',
        field: null,
        from_value: null,
        to_value: row.status,
        created_at: at,
      },
    ]);
  });
  return { inquiry, discarded: false };
}

// --- reads ----------------------------------------------------------------------------------------------

export async function getInquiry(ctx: InquiryContext, user: AuthUser, id: string): Promise<Inquiry> {
  return toInquiry(await findVisible(ctx, user, id, 'read'));
}

export async function listInquiryEvents(ctx: InquiryContext, user: AuthUser, id: string): Promise<InquiryEvent[]> {
  await findVisible(ctx, user, id, 'readEvents');
  const types = visibleEventTypes(user);
  const rows = await findInquiryEvents(ctx.db, id, types);
  return rows.map((r) => toEvent(r, types === undefined));
}

/** Status order of the contract first, then any legacy value by name. */
function byStatusOrder(a: StatusCount, b: StatusCount) {
  const rank = (s: string) => {
    const i = INQUIRY_STATUSES.indexOf(s as (typeof INQUIRY_STATUSES)[number]);
    return i === -1 ? INQUIRY_STATUSES.length : i;
  };
  return rank(a.status) - rank(b.status) || a.status.localeCompare(b.status);
}

/** Each status present with its count (D10's filter buttons): counters for the back office, own rows for a Customer. */
export async function listStatusCounts(ctx: InquiryContext, user: AuthUser): Promise<StatusCount[]> {
  const scope = scopeOf(user);
  const rows = scope.kind === 'all' ? await findStatusCounts(ctx.db) : await findScopedStatusCounts(ctx.db, scope);
  return rows
    .filter((r) => r.n > 0)
    .map((r) => ({ status: r.status, count: r.n }))
    .sort(byStatusOrder);
}

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
  /** Every match in the list's sort order, when a long query's candidates found them within the limit. */
  sorted?: FoundMatch[];
  /** Whether `matches` is in hand; when not, a choice that can do without it (a newest-first walk) should. */
  estimated: boolean;
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
  if (byStatus >= COUNT_CAP || way.skip) return byStatus;
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
  if (floor >= COUNT_CAP) return { n: COUNT_CAP, matches: later(floor), estimated: false };
  // A long query's first, middle and last trigram usually find its few matches at once (and make the sample
  // below needless); only when all three are common does it take the way of a common word.
  const viaCandidates = await findCandidateMatches(ctx.db, search, COUNT_CAP, { status, sort });
  if (viaCandidates) {
    const n = viaCandidates.length;
    return n < COUNT_CAP
      ? { n, matches: known(n), sorted: viaCandidates, estimated: true }
      : { n, matches: later(n), estimated: false };
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
  if (scope.kind === 'customer') {
    unfiltered = await countScoped(ctx.db, scope);
    total = params.status || search ? await countScoped(ctx.db, scope, params.status, search) : unfiltered;
  } else {
    const counts = state?.counts ?? [];
    unfiltered = counts.reduce((a, r) => a + r.n, 0);
    inScope = params.status ? (counts.find((r) => r.status === params.status)?.n ?? 0) : unfiltered;
    total = inScope;
    if (search) {
      const counted = await countSearch(ctx, search, params.status, inScope, counts, page.sort, {
        early: earlyFloor,
        known: floorAt(memo, version),
        skip: countedAs === 'rare',
      });
      capped = counted.n > SEARCH_COUNT_LIMIT;
      total = Math.min(counted.n, SEARCH_COUNT_LIMIT);
      // Common means a quick walk's kind of search (capped before its matches were estimated); capped after
      // estimating is neither.
      const how = !capped ? 'rare' : counted.estimated ? undefined : 'common';
      if (searchesAll) ctx.searchCache.noteCount(q, params.status, how);
      if (counted.sorted) {
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
  if (cached) {
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

// --- the staff pipeline ---------------------------------------------------------------------------------

/** D8: an assignee must be an active (verified, not disabled) Staff or Owner; their own name and e-mail are used. */
async function findAssignee(db: DbOrTx, id: string) {
  const account = isId(id) ? await findUserById(db, id) : undefined;
  const active =
    account &&
    (account.role === 'Staff' || account.role === 'Owner') &&
    account.disabled_at === null &&
    account.email_verified_at !== null;
  if (!active) throw badRequest(INQUIRY_MESSAGES.staffInvalid, { staff: INQUIRY_MESSAGES.staffInvalid });
  return account;
}

/** Event values are text: money in rupees, absent values null. */
const show = (v: string | number | null) => (v === null || v === '' ? null : String(v));

/** Edited fields by their API names, with how to read them from a row. */
const EDITABLE: readonly [string, (r: InquiryRow) => string | number | null][] = [
  ['customer.name', (r) => r.customer_name],
  ['customer.email', (r) => r.customer_email],
  ['customer.whatsappNumber', (r) => r.customer_whatsapp],
  ['travelingFrom', (r) => r.traveling_from],
  ['location', (r) => r.location],
  ['dropCity', (r) => r.drop_city],
  ['noOfAdults', (r) => r.adults],
  ['noOfKids', (r) => r.kids],
  ['extraInfo', (r) => r.extra_info],
  ['tourDuration', (r) => r.tour_duration],
  ['hotelType', (r) => r.hotel_type],
  ['budget', (r) => toRupees(r.budget_paise)],
  ['totalRevenue', (r) => toRupees(r.total_revenue_paise)],
  ['hotelCost', (r) => toRupees(r.hotel_cost_paise)],
  ['cabCost', (r) => toRupees(r.cab_cost_paise)],
  ['advance', (r) => toRupees(r.advance_paise)],
  ['tpc', (r) => toRupees(r.tpc_paise)],
];

/**
 * PUT: absent fields keep their stored values (a partial client never wipes data); derived money is never
 * taken from the client (D7). Every status change, assignment and edit is an event in the same transaction.
 */
export async function updateInquiry(
  ctx: InquiryContext,
  user: AuthUser,
  id: string,
  data: UpdateInquiryData,
): Promise<Inquiry> {
  if (!isId(id)) throw notFound(INQUIRY_MESSAGES.notFound);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findInquiryById(trx, id);
    if (!row || !can(user, 'update', row)) throw notFound(INQUIRY_MESSAGES.notFound);

    const next: InquiryRow = {
      ...row,
      customer_name: data.customer?.name ?? row.customer_name,
      customer_email: data.customer?.email ?? row.customer_email,
      customer_whatsapp: data.customer?.whatsappNumber ?? row.customer_whatsapp,
      traveling_from: data.travelingFrom ?? row.traveling_from,
      location: data.location ?? row.location,
      drop_city: data.dropCity ?? row.drop_city,
      adults: data.noOfAdults ?? row.adults,
      kids: data.noOfKids ?? row.kids,
      extra_info: data.extraInfo ?? row.extra_info,
      tour_duration: data.tourDuration ?? row.tour_duration,
      hotel_type: data.hotelType === undefined ? row.hotel_type : data.hotelType,
      budget_paise: data.budget === undefined ? row.budget_paise : toPaise(data.budget),
      // D6: canonical on every write, so a legacy 'new' becomes 'New' when the inquiry is next saved.
      status: data.status ?? canonicalStatus(row.status) ?? row.status,
      total_revenue_paise: data.totalRevenue === undefined ? row.total_revenue_paise : toPaise(data.totalRevenue),
      hotel_cost_paise: data.hotelCost === undefined ? row.hotel_cost_paise : toPaise(data.hotelCost),
      cab_cost_paise: data.cabCost === undefined ? row.cab_cost_paise : toPaise(data.cabCost),
      advance_paise: data.advance === undefined ? row.advance_paise : toPaise(data.advance),
      tpc_paise: data.tpc === undefined ? row.tpc_paise : toPaise(data.tpc),
    };

    // Assignment: absent keeps; null or no id unassigns; the current assignee may stay even if since
    // disabled (D9: their inquiries keep showing who handled them); a new one must be active (D8).
    if (data.staff !== undefined) {
      const staffId = data.staff?.id ?? null;
      if (staffId === null) {
        Object.assign(next, { staff_id: null, staff_name: '', staff_email: '' });
      } else if (staffId !== row.staff_id) {
        const account = await findAssignee(trx, staffId);
        Object.assign(next, { staff_id: account.id, staff_name: account.name, staff_email: account.email });
      }
    }

    const at = now();
    const events: Omit<InquiryEventRow, 'id'>[] = [];
    const event = (type: InquiryEventRow['type'], field: string | null, from: unknown, to: unknown) =>
      events.push({
        inquiry_id: id,
        ...actorOf(user, user.name),
        type,
        field,
        from_value: show(from as string | number | null),
        to_value: show(to as string | number | null),
        created_at: at,
      });
    if (next.status !== row.status) event('status', 'status', row.status, next.status);
    if (next.staff_id !== row.staff_id) {
      event('assignment', 'staff', row.staff_id ? row.staff_name : null, next.staff_id ? next.staff_name : null);
    }
    for (const [field, read] of EDITABLE) {
      if (read(next) !== read(row)) event('edit', field, read(row), read(next));
    }
    if (events.length === 0) return toInquiry(row);

    const changes: InquiryChanges = {
      customer_name: next.customer_name,
      customer_email: next.customer_email,
      customer_whatsapp: next.customer_whatsapp,
      staff_id: next.staff_id,
      staff_name: next.staff_name,
      staff_email: next.staff_email,
      traveling_from: next.traveling_from,
      location: next.location,
      drop_city: next.drop_city,
      adults: next.adults,
      kids: next.kids,
      extra_info: next.extra_info,
      tour_duration: next.tour_duration,
      hotel_type: next.hotel_type,
      budget_paise: next.budget_paise,
      status: next.status,
      total_revenue_paise: next.total_revenue_paise,
      hotel_cost_paise: next.hotel_cost_paise,
      cab_cost_paise: next.cab_cost_paise,
      advance_paise: next.advance_paise,
      tpc_paise: next.tpc_paise,
      updated_at: at,
    };
    await updateInquiryRow(trx, id, changes);
    await insertInquiryEvents(
      trx,
      events.map((e) => ({ ...e, id: newId() })),
    );
    return toInquiry({ ...next, updated_at: at });
  });
}

/** D9: soft delete, with who and when, and its event. */
export async function deleteInquiry(ctx: InquiryContext, user: AuthUser, id: string): Promise<void> {
  if (!isId(id)) throw notFound(INQUIRY_MESSAGES.notFound);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findInquiryById(trx, id);
    if (!row || !can(user, 'delete', row)) throw notFound(INQUIRY_MESSAGES.notFound);
    const at = now();
    if (!(await softDeleteInquiry(trx, id, user.id, at))) throw notFound(INQUIRY_MESSAGES.notFound);
    await insertInquiryEvents(trx, [
      {
        id: newId(),
        inquiry_id: id,
        ...actorOf(user, user.name),
        type: 'deleted',
        field: null,
        from_value: row.status,
        to_value: null,
        created_at: at,
      },
    ]);
  });
}
