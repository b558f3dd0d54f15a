// Every match of recent back-office searches, in sort order, kept in memory with the data version they were read
// at: paging through a common search, or coming back to it, costs one primary-key read of the version and one page
// of rows, until a write moves the version on (migration 002's triggers, whichever process writes).
import { INQUIRY_STATUSES, type InquirySort } from '@safarnama/contract';

/** A search's matches, ascending in its sort (ids break ties), with each one's status. */
export interface SortedMatches {
  version: number;
  ids: string[];
  /** statusCodeOf(status) for each id, so one entry serves every status filter. */
  statuses: Uint8Array;
}

export interface SearchCacheLimits {
  /** Ids held across all entries (about 60 bytes each). */
  maxIds: number;
  /** A search with more matches than this is not cached (it would push out everything else). */
  maxEntryIds: number;
}

export const DEFAULT_SEARCH_CACHE_LIMITS: SearchCacheLimits = { maxIds: 800_000, maxEntryIds: 400_000 };

const STATUS_CODE = new Map<string, number>(INQUIRY_STATUSES.map((s, i) => [s, i]));
const statusCodeOf = (status: string) => STATUS_CODE.get(status) ?? 255;

export const searchCacheKey = (q: string, sort: InquirySort) => `${sort}\u0000${q.toLowerCase()}`;

/** Matches already in sort order, as an entry keeps them. */
export function sortedMatches(version: number, rows: readonly { id: string; status: string }[]): SortedMatches {
  return { version, ids: rows.map((r) => r.id), statuses: Uint8Array.from(rows, (r) => statusCodeOf(r.status)) };
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

/** One page of an entry: the matches of `status` (all when undefined) in `order`, and how many there are. */
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
