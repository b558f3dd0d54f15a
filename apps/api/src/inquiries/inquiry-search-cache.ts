// The sorted matches of recent back-office searches, so that paging through a common search, turning its order
// or narrowing it to a status costs a slice of a list rather than a sort of every match (docs/performance.md).
// An entry is only used while the data version it was read at (migration 005) is still the current one.
import { INQUIRY_STATUSES, type InquirySort } from '@safarnama/contract';

/** Every match of one search in one sort order (ascending, id breaking ties), with each match's status. */
export interface SortedMatches {
  version: number;
  ids: readonly string[];
  /** The index of each match's status in INQUIRY_STATUSES (NO_STATUS when it is none of them). */
  statuses: Uint8Array;
}

export interface SearchCacheLimits {
  /** Matches kept over all entries (about 60 bytes each); the least recently used entries go first. */
  maxIds: number;
  /** A search with more matches than this is not cached (it would push out everything else). */
  maxEntryIds: number;
  /** A miss builds an entry only when the page would otherwise cost reading at least this many rows. */
  minRowsToBuild: number;
  /** Searches whose way of counting is remembered (a few dozen bytes each). */
  maxCountedSearches: number;
}

export const DEFAULT_SEARCH_CACHE_LIMITS: SearchCacheLimits = {
  maxIds: 800_000,
  maxEntryIds: 400_000,
  minRowsToBuild: 4_000,
  maxCountedSearches: 1_000,
};

const NO_STATUS = 255;
const STATUS_CODE = new Map<string, number>(INQUIRY_STATUSES.map((s, i) => [s, i]));

export const statusCodeOf = (status: string) => STATUS_CODE.get(status) ?? NO_STATUS;

export const searchCacheKey = (q: string, sort: InquirySort) => `${sort}\u0000${q.toLowerCase()}`;
const countedKey = (q: string, status: string | undefined) => `${status ?? ''}\u0000${q.toLowerCase()}`;

/**
 * How a search counted: `common` when its floor (or its candidates) showed it capped without reading its matches,
 * `rare` when it had fewer matches than the count limit.
 */
export type SearchCommonness = 'common' | 'rare';

/** A search's floor (matches known without reading them) as read at a data version. */
export interface KnownFloor {
  version: number;
  n: number;
}

export interface CountMemo {
  how?: SearchCommonness;
  floor?: KnownFloor;
}

/**
 * A floor read at one data version, still a floor at `version`: a write moves the version on by at least the rows
 * it changed (migration 006), and a row changed takes at most one match away.
 */
export function floorAt(memo: CountMemo | undefined, version: number): number | undefined {
  const floor = memo?.floor;
  if (!floor || version < floor.version) return undefined;
  return floor.n - (version - floor.version);
}

export class InquirySearchCache {
  // A Map keeps insertion order: re-inserting on each hit makes its first key the least recently used.
  private readonly entries = new Map<string, SortedMatches>();
  private size = 0;

  readonly limits: SearchCacheLimits;

  constructor(limits: Partial<SearchCacheLimits> = {}) {
    this.limits = { ...DEFAULT_SEARCH_CACHE_LIMITS, ...limits };
  }

  /** The entry for `key` when it was read at `version`; a stale one is dropped. */
  get(key: string, version: number): SortedMatches | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.size -= entry.ids.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  /** Whether an entry for `key` is held, at any version (it may be stale). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  set(key: string, entry: SortedMatches): void {
    if (entry.ids.length > this.limits.maxEntryIds) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.size -= old.ids.length;
    }
    this.entries.set(key, entry);
    this.size += entry.ids.length;
    for (const [k, e] of this.entries) {
      if (this.size <= this.limits.maxIds) break;
      this.entries.delete(k);
      this.size -= e.ids.length;
    }
  }

  private wordStarts = new Map<string, { version: number; terms: Promise<string[]> }>();

  /**
   * SQLite: the FTS trigrams that start a word with `prefix` (a one-letter search). The FTS vocabulary counts
   * every term's documents as it lists them (~7 ms for a common letter at a million rows), while the list itself
   * changes only when a write brings a new word start: so the list is read whole once, and after a write only the
   * gaps between the terms already known are looked at for new ones (`read.added`, a seek each). A term no longer
   * in the index may stay in the list, where it matches nothing.
   */
  wordStartTerms(
    prefix: string,
    version: number,
    read: { all: () => Promise<string[]>; added: (known: readonly string[]) => Promise<string[]> },
  ): Promise<string[]> {
    const held = this.wordStarts.get(prefix);
    if (held?.version === version) return held.terms;
    const terms = held
      ? held.terms.then(async (known) => [...new Set([...known, ...(await read.added(known))])])
      : read.all();
    this.wordStarts.set(prefix, { version, terms });
    // A failed read is not remembered: the next search reads the list whole.
    terms.catch(() => {
      if (this.wordStarts.get(prefix)?.terms === terms) this.wordStarts.delete(prefix);
    });
    return terms;
  }

  // What is known of how each recent search (with its status filter) counts; a word common or rare at one
  // write is almost always so at the next. A Map in least recently used order, as `entries`.
  private readonly counted = new Map<string, CountMemo>();

  private remember(key: string, memo: CountMemo): void {
    this.counted.delete(key);
    this.counted.set(key, memo);
    if (this.counted.size > this.limits.maxCountedSearches) this.counted.delete(this.counted.keys().next().value!);
  }

  /**
   * Remembers how a search counted (undefined forgets it, with its floor), so that its next count, after a write,
   * can take the likely way at once (inquiry-list.service.ts): a common search's page started before its floor is
   * known, a rare search's floor not read at all. Either guess, when wrong, costs time and never changes an answer.
   */
  noteCount(q: string, status: string | undefined, how: SearchCommonness | undefined): void {
    const key = countedKey(q, status);
    if (how === undefined) this.counted.delete(key);
    else this.remember(key, { ...this.counted.get(key), how });
  }

  /** Remembers a search's floor: at least `n` matches at data version `version`. */
  noteFloor(q: string, status: string | undefined, floor: KnownFloor): void {
    const key = countedKey(q, status);
    this.remember(key, { ...this.counted.get(key), floor });
  }

  /** What is known of how a search counts, if it is remembered. */
  countedAs(q: string, status: string | undefined): CountMemo | undefined {
    return this.counted.get(countedKey(q, status));
  }

  /** Entries held, for tests. */
  get count(): number {
    return this.entries.size;
  }
}

/**
 * One page of an entry: the matches of `status` (all when undefined) in `order`, and how many there are.
 * One pass over the statuses, which for a few hundred thousand matches takes well under a millisecond.
 */
export function pageOfMatches(
  entry: SortedMatches,
  opts: { status?: string; order: 'asc' | 'desc'; offset: number; limit: number },
): { ids: string[]; total: number } {
  const { ids, statuses } = entry;
  const n = ids.length;
  const code = opts.status === undefined ? undefined : statusCodeOf(opts.status);
  const page: string[] = [];
  let seen = 0;
  for (let k = 0; k < n; k++) {
    const i = opts.order === 'asc' ? k : n - 1 - k;
    if (code !== undefined && statuses[i] !== code) continue;
    if (seen >= opts.offset && page.length < opts.limit) page.push(ids[i]!);
    seen++;
  }
  return { ids: page, total: seen };
}
