// Which trigrams find the candidates of a long search. Every trigram of a query must be in a matching row, but
// reading all of them costs one doclist (SQLite FTS5) or posting list (pg_trgm) each, and the common ones ("sh ",
// "ava") are long: at a million rows a full name of 15 trigrams read 9-13 ms where its first, middle and last
// trigram found the same 314 rows in 2 ms, and the rarest of each third of it (by a sample's counts) in 1.2 ms.
// Three far apart are seldom together by chance; the rows that hold them are then tested against the whole query
// (docs/performance.md).
import type { Engine } from '../db/dialect';

/** Queries with fewer trigrams than this read them all (three would save little). */
const MIN_TRIGRAMS = 5;

/** Printable ASCII: SQLite tests candidates with LIKE, which folds ASCII case only (FTS5 folds all of Unicode). */
export const ASCII = /^[\x20-\x7e]+$/;
/** pg_trgm makes trigrams of words (letters and digits) only: a window with anything else is not one. */
const PG_TRIGRAM = /^[a-z0-9]{3}$/;

/** Every three-character window of `text`, in order (FTS5's trigrams of it, repeats included). */
export function windowsOf(text: string): string[] {
  const chars = [...text];
  return chars.slice(0, Math.max(0, chars.length - 2)).map((_, i) => chars.slice(i, i + 3).join(''));
}

/** How many rows of a sample hold each trigram (inquiry-trigram-sample.ts): rarer ones have shorter lists. */
export type TrigramCounts = ReadonlyMap<string, number>;

/**
 * Three trigrams of `lower` (a lower-cased query) far apart, or undefined to read them all: the rarest of each
 * third of the query when `counts` tell (a full name's "sur", "h s" and "vas" read 1.2 ms of FTS5 doclists where
 * its first, middle and last, "sur", "sri" and "ava", read 1.9 ms), else the first, middle and last.
 */
export function candidateTrigrams(lower: string, engine: Engine, counts?: TrigramCounts): string[] | undefined {
  // SQLite tests the candidates with LIKE, which folds ASCII case only (FTS5 folds all of Unicode).
  if (engine === 'sqlite' && !ASCII.test(lower)) return undefined;
  const windows = windowsOf(lower).filter((w) => engine === 'sqlite' || PG_TRIGRAM.test(w));
  if (windows.length < MIN_TRIGRAMS) return undefined;
  const n = windows.length;
  const picked = counts
    ? [0, 1, 2].map((k) => rarest(windows.slice(Math.floor((k * n) / 3), Math.floor(((k + 1) * n) / 3)), counts))
    : [windows[0]!, windows[Math.floor((n - 1) / 2)]!, windows[n - 1]!];
  return [...new Set(picked)];
}

/** The window seen least in the sample (not seen: rarest of all); the first of equals. */
function rarest(windows: readonly string[], counts: TrigramCounts): string {
  return windows.reduce((best, w) => ((counts.get(w) ?? 0) < (counts.get(best) ?? 0) ? w : best));
}
