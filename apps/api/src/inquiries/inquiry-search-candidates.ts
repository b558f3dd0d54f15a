// Which trigrams find the candidates of a long search. Every trigram of a query must be in a matching row, but
// reading all of them costs one doclist (SQLite FTS5) or posting list (pg_trgm) each, and the common ones ("sh ",
// "ava") are long: at a million rows a full name of 15 trigrams read 9-13 ms where its first, middle and last
// trigram found the same 314 rows in 2 ms. Three far apart are seldom together by chance; the rows that hold
// them are then tested against the whole query (docs/performance.md).
import type { Engine } from '../db/dialect';

/** Queries with fewer trigrams than this read them all (three would save little). */
const MIN_TRIGRAMS = 5;

const ASCII = /^[\x20-\x7e]+$/;
/** pg_trgm makes trigrams of words (letters and digits) only: a window with anything else is not one. */
const PG_TRIGRAM = /^[a-z0-9]{3}$/;

/** Every three-character window of `text`, in order (FTS5's trigrams of it, repeats included). */
export function windowsOf(text: string): string[] {
  const chars = [...text];
  return chars.slice(0, Math.max(0, chars.length - 2)).map((_, i) => chars.slice(i, i + 3).join(''));
}

/** The first, middle and last trigram of `lower` (a lower-cased query), or undefined to read them all. */
export function candidateTrigrams(lower: string, engine: Engine): string[] | undefined {
  // SQLite tests the candidates with LIKE, which folds ASCII case only (FTS5 folds all of Unicode).
  if (engine === 'sqlite' && !ASCII.test(lower)) return undefined;
  const windows = windowsOf(lower).filter((w) => engine === 'sqlite' || PG_TRIGRAM.test(w));
  if (windows.length < MIN_TRIGRAMS) return undefined;
  const picked = [windows[0]!, windows[Math.floor((windows.length - 1) / 2)]!, windows[windows.length - 1]!];
  return [...new Set(picked)];
}
