// A lower bound of a search's matches taken from what is already indexed by field: the status counters and the
// sort indexes. Every row it counts surely matches, so when it reaches the count limit a common search ("booked",
// a staff member's name, a destination) is known to be capped without counting its matches through the text
// index, which for a word in one inquiry of ten reads tens of thousands of entries (docs/performance.md).

/** Searched columns that have a `(column, id)` and a `(status, column, id)` index over visible rows (migration 004). */
export const FLOOR_COLUMNS = [
  'customer_name',
  'customer_email',
  'customer_whatsapp',
  'location',
  'staff_name',
] as const;
export type FloorColumn = (typeof FLOOR_COLUMNS)[number];

/** One index range whose rows all match: `column` starting with `prefix`. */
export interface FloorRange {
  column: FloorColumn;
  prefix: string;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * Whether a field value surely makes its row match `lower` (the lower-cased query). The searchable text holds
 * each field between spaces, so a value containing the query (three characters or more), or a word of it starting
 * with the query (one or two), does. ASCII only: there JavaScript, SQLite's FTS5 and PostgreSQL's lower() fold
 * case alike, which a lower bound must be sure of.
 */
export function valueMatches(value: string, lower: string): boolean {
  if (!PRINTABLE_ASCII.test(value) || !PRINTABLE_ASCII.test(lower)) return false;
  const segment = ` ${value.toLowerCase()} `;
  return lower.length < 3 ? segment.includes(` ${lower}`) : segment.includes(lower);
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The index ranges to count: a value starting with the query as people write it (names, places and staff in title
 * case, e-mails in lower case, numbers as they are) starts a word with it, so it matches. Spellings the data does
 * not use only cost an empty range.
 */
export function floorRanges(lower: string): FloorRange[] {
  if (!PRINTABLE_ASCII.test(lower)) return [];
  const title = lower.split(' ').map(capitalise).join(' ');
  const spellings = [...new Set([title, capitalise(lower), lower])];
  const ranges: FloorRange[] = [];
  for (const column of ['customer_name', 'location', 'staff_name'] as const) {
    for (const prefix of spellings) ranges.push({ column, prefix });
  }
  ranges.push({ column: 'customer_email', prefix: lower });
  if (/^[+\d]/.test(lower)) ranges.push({ column: 'customer_whatsapp', prefix: lower });
  return ranges;
}

/**
 * The floor from counted ranges: ranges of one column are disjoint (different prefixes of the same values, none a
 * prefix of another's matches once case differs), but rows of different columns may be the same rows, so the
 * columns are not added up.
 */
export function floorOfRanges(counted: readonly { column: string; n: number }[]): number {
  const perColumn = new Map<string, number>();
  for (const { column, n } of counted) perColumn.set(column, (perColumn.get(column) ?? 0) + n);
  return Math.max(0, ...perColumn.values());
}
