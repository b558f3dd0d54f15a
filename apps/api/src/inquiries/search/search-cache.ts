// Every match of recent back-office searches (and every row with a follow-up, and a handler's first rows), in
// sort order, kept in memory with the data version they were read at: paging through a common search, or coming
// back to it, costs one primary-key read of the version and one page of rows, until a write changes what an entry
// holds and moves the version on (the triggers of migrations 002 and 033, whichever process writes).
import { INQUIRY_STATUSES, type InquirySort } from '@safarnama/contract';
import type { WorkflowFilter } from '../inquiry-page.repository';

/**
 * A set's rows as they are read, column by column in sort order: what the status and D26's workflow filters
 * test ('' for no handler, no follow-up).
 */
export interface MatchColumns {
  /** The ids joined with commas ('' for none). */
  ids: string;
  statuses: string[];
  staff: string[];
  followUps: string[];
}

/** Ids in order, as an entry holds them: no object per id to hold or for the garbage collector to mark. */
export interface JoinedIds {
  /** Every id, joined with commas (read by idAt). */
  joinedIds: string;
  /** Where each id starts in `joinedIds`, and one more past the end: n + 1 entries. */
  idStarts: Uint32Array;
}

/**
 * A search's matches (or a workflow set's rows), ascending in its sort (ids break ties), with what each one's
 * filters test, so one entry serves every status and workflow filter and both orders.
 */
export interface SortedMatches extends JoinedIds {
  version: number;
  /** statusCodeOf(status) for each id. */
  statuses: Uint8Array;
  /** Each id's handler, as an index into `handlerIds` (whose first is null: unassigned). */
  handlers: Uint16Array;
  handlerIds: (string | null)[];
  /** Each id's follow-up time; NaN when it has none. */
  followUps: Float64Array;
}

export interface SearchCacheLimits {
  /** Ids held across all entries (about 52 bytes each). */
  maxIds: number;
  /** A search with more matches than this is not cached (it would push out everything else). */
  maxEntryIds: number;
  /** Entries held, however small (each rare search and sort is one). */
  maxEntries: number;
  /**
   * A search with more matches than this (all statuses) and a status filter keeps that status's matches alone when
   * it takes every match; under a workflow filter, one with up to this many is sorted whole and kept.
   */
  sortAllUpTo: number;
  /** A workflow page within this many rows of the sort index is walked to; past them a handler's are sorted, kept. */
  firstRows: number;
}

const DEFAULT_SEARCH_CACHE_LIMITS: SearchCacheLimits = {
  maxIds: 1_500_000,
  maxEntryIds: 400_000,
  maxEntries: 2_000,
  sortAllUpTo: 50_000,
  firstRows: 5_000,
};

const STATUS_CODE = new Map<string, number>(INQUIRY_STATUSES.map((s, i) => [s, i]));
const statusCodeOf = (status: string) => STATUS_CODE.get(status) ?? 255;

/** The key of a search's sorted matches: of every status, or of `status` alone (a search too common to sort whole). */
export const searchCacheKey = (q: string, sort: InquirySort, status?: string) =>
  status === undefined ? `${sort}\u0000${q.toLowerCase()}` : `${sort}\u0000\u0003${status}\u0000${q.toLowerCase()}`;
/** The key of a workflow set (a normalised search holds no control character, so the two never meet). */
export const workflowCacheKey = (set: string, sort: InquirySort) => `${sort}\u0000\u0001${set}`;

/** Matches already in sort order, as an entry keeps them. */
export function sortedMatches(version: number, rows: MatchColumns): SortedMatches {
  const handlerIds: (string | null)[] = [null];
  const handlerCode = new Map<string, number>([['', 0]]);
  const n = rows.statuses.length;
  const entry: SortedMatches = {
    version,
    joinedIds: rows.ids,
    idStarts: new Uint32Array(n + 1),
    statuses: new Uint8Array(n),
    handlers: new Uint16Array(n),
    handlerIds,
    followUps: new Float64Array(n),
  };
  // A plain loop: TypedArray.from with a mapping function takes ten times as long on a large set.
  for (let i = 0; i < n; i++) {
    const comma = rows.ids.indexOf(',', entry.idStarts[i]);
    entry.idStarts[i + 1] = (comma === -1 ? rows.ids.length : comma) + 1;
    entry.statuses[i] = statusCodeOf(rows.statuses[i]!);
    const staff = rows.staff[i]!;
    let code = handlerCode.get(staff);
    if (code === undefined) handlerCode.set(staff, (code = handlerIds.push(staff) - 1));
    entry.handlers[i] = code;
    entry.followUps[i] = rows.followUps[i] ? Number(rows.followUps[i]) : NaN;
  }
  return entry;
}

/** The `i`th id of an entry, in its sort order. */
const idAt = (entry: JoinedIds, i: number) => entry.joinedIds.slice(entry.idStarts[i], entry.idStarts[i + 1]! - 1);

/** How many ids an entry holds. */
export const sizeOf = (entry: JoinedIds) => entry.idStarts.length - 1;

/** The ids of an entry from `from` up to `to` (not included), in its order. */
export const idsBetween = (entry: JoinedIds, from: number, to: number) =>
  Array.from({ length: Math.max(0, Math.min(to, sizeOf(entry)) - from) }, (_, k) => idAt(entry, from + k));

/**
 * The first matches of a search too common to sort whole, as a walk (the sort index read in order, each row's text
 * tested) of one sort, order and status found them
 * (in that order), or a handler's first rows with their count: pages up to its end, or every page when
 * `complete`, come from it without reading again.
 */
export interface WalkedMatches extends JoinedIds {
  version: number;
  complete: boolean;
  /** A workflow set's exact count under the page's filters. */
  total?: number;
}

/** A walk's ids (or a handler's first rows) as an entry keeps them. */
export function walkedMatches(version: number, ids: readonly string[], complete: boolean, total?: number) {
  const idStarts = new Uint32Array(ids.length + 1);
  for (let i = 0; i < ids.length; i++) idStarts[i + 1] = idStarts[i]! + ids[i]!.length + 1;
  const entry: WalkedMatches = { version, joinedIds: ids.join(','), idStarts, complete };
  if (total !== undefined) entry.total = total;
  return entry;
}

/** The key of a walk's matches: the order and status are part of what was walked. */
export const walkCacheKey = (q: string, sort: InquirySort, order: 'asc' | 'desc', status = '') =>
  `${sort}\u0000\u0002${order}\u0000${status}\u0000${q.toLowerCase()}`;

export class InquirySearchCache {
  // A Map keeps insertion order: re-inserting on each hit makes its first key the least recently used.
  private readonly entries = new Map<string, SortedMatches | WalkedMatches>();
  private size = 0;

  readonly limits: SearchCacheLimits;

  constructor(limits: Partial<SearchCacheLimits> = {}) {
    this.limits = { ...DEFAULT_SEARCH_CACHE_LIMITS, ...limits };
  }

  /** The entry for `key` when it was read at `version`; a stale one is dropped. */
  get(key: string, version: number): SortedMatches | undefined {
    const entry = this.take(key, version);
    return entry && 'statuses' in entry ? entry : undefined;
  }

  /** The walk kept under `key` (walkCacheKey) when it was read at `version`. */
  getWalk(key: string, version: number): WalkedMatches | undefined {
    const entry = this.take(key, version);
    return entry && 'complete' in entry ? entry : undefined;
  }

  private take(key: string, version: number): SortedMatches | WalkedMatches | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.size -= sizeOf(entry);
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: SortedMatches | WalkedMatches): void {
    if (sizeOf(entry) > this.limits.maxEntryIds) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.size -= sizeOf(old);
    }
    this.entries.set(key, entry);
    this.size += sizeOf(entry);
    for (const [k, e] of this.entries) {
      if (this.size <= this.limits.maxIds && this.entries.size <= this.limits.maxEntries) break;
      this.entries.delete(k);
      this.size -= sizeOf(e);
    }
  }

  private readonly wordStarts = new Map<string, { version: number; terms: Promise<string[]> }>();

  /** SQLite: a one-letter search's word-start trigrams (search-text.ts), read once per data version. */
  wordStartTerms(prefix: string, version: number, read: () => Promise<string[]>): Promise<string[]> {
    const held = this.wordStarts.get(prefix);
    if (held?.version === version) return held.terms;
    const terms = read();
    this.wordStarts.set(prefix, { version, terms });
    // A failed read is not kept.
    terms.catch(() => {
      if (this.wordStarts.get(prefix)?.terms === terms) this.wordStarts.delete(prefix);
    });
    return terms;
  }

  /** Entries held (tests). */
  get count(): number {
    return this.entries.size;
  }
}

/**
 * One page of an entry: the matches of `status` (all when undefined) and of the workflow filter in `order`, and
 * how many there are.
 */
export function pageOfMatches(
  entry: SortedMatches,
  opts: { status?: string; workflow?: WorkflowFilter; order: 'asc' | 'desc'; offset: number; limit: number },
): { ids: string[]; total: number } {
  const { statuses, handlers, followUps } = entry;
  const n = statuses.length;
  const code = opts.status === undefined ? undefined : statusCodeOf(opts.status);
  const staff = opts.workflow?.staff;
  const handler = staff === undefined ? undefined : entry.handlerIds.indexOf(staff);
  const followUp = opts.workflow?.followUp;
  const range = followUp === undefined || followUp === 'none' ? undefined : followUp;
  const from = range?.from ?? -Infinity;
  const to = range?.to ?? Infinity;
  const page: string[] = [];
  let seen = 0;
  for (let k = 0; k < n; k++) {
    const i = opts.order === 'asc' ? k : n - 1 - k;
    if (code !== undefined && statuses[i] !== code) continue;
    if (handler !== undefined && handlers[i] !== handler) continue;
    // NaN (no follow-up) is outside every range.
    if (followUp === 'none' ? !Number.isNaN(followUps[i]) : range && !(followUps[i]! >= from && followUps[i]! < to))
      continue;
    if (seen >= opts.offset && page.length < opts.limit) page.push(idAt(entry, i));
    seen++;
  }
  return { ids: page, total: seen };
}
