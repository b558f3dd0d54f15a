// What changed between two versions of a quotation, for the customer's "Compare with version N": lines added,
// removed or repriced, the totals' difference, and the days and lists that came or went. Lines are matched by kind
// and description (case and spacing aside), in order when a description repeats.
import type { TripVersion } from '@safarnama/contract/quotes';

type TripLine = TripVersion['lines'][number];

interface LineChange {
  before: TripLine;
  after: TripLine;
}

export interface AmountChange {
  before: number;
  after: number;
  /** after − before, in rupees (to the paisa). */
  difference: number;
}

export interface ListChange {
  added: string[];
  removed: string[];
}

export interface VersionDiff {
  added: TripLine[];
  removed: TripLine[];
  changed: LineChange[];
  total: AmountChange;
  perTraveller: AmountChange;
  days: ListChange;
  inclusions: ListChange;
  exclusions: ListChange;
}

const lineKey = (line: TripLine) => `${line.kind}|${line.description.trim().replace(/\s+/g, ' ').toLowerCase()}`;
const itemKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

const amount = (before: number, after: number): AmountChange => ({
  before,
  after,
  difference: Math.round((after - before) * 100) / 100,
});

/** Items of `after` not in `before` and the reverse, each counted as often as it appears. */
function listChange(before: readonly string[], after: readonly string[]): ListChange {
  const left = new Map<string, number>();
  for (const item of before) left.set(itemKey(item), (left.get(itemKey(item)) ?? 0) + 1);
  const added: string[] = [];
  for (const item of after) {
    const n = left.get(itemKey(item)) ?? 0;
    if (n > 0) left.set(itemKey(item), n - 1);
    else added.push(item);
  }
  const removed: string[] = [];
  for (const item of before) {
    const n = left.get(itemKey(item)) ?? 0;
    if (n > 0) {
      removed.push(item);
      left.set(itemKey(item), n - 1);
    }
  }
  return { added, removed };
}

/** How `current` differs from `earlier`. */
export function diffVersions(earlier: TripVersion, current: TripVersion): VersionDiff {
  const waiting = new Map<string, TripLine[]>();
  for (const line of earlier.lines) waiting.set(lineKey(line), [...(waiting.get(lineKey(line)) ?? []), line]);
  const added: TripLine[] = [];
  const changed: LineChange[] = [];
  for (const line of current.lines) {
    const before = waiting.get(lineKey(line))?.shift();
    if (!before) added.push(line);
    else if (before.quantity !== line.quantity || before.unitPrice !== line.unitPrice || before.price !== line.price)
      changed.push({ before, after: line });
  }
  const removed = earlier.lines.filter((line) => waiting.get(lineKey(line))?.includes(line));
  return {
    added,
    removed,
    changed,
    total: amount(earlier.totals.total, current.totals.total),
    perTraveller: amount(earlier.totals.perTraveller, current.totals.perTraveller),
    days: listChange(
      earlier.days.map((d) => d.title),
      current.days.map((d) => d.title),
    ),
    inclusions: listChange(earlier.inclusions, current.inclusions),
    exclusions: listChange(earlier.exclusions, current.exclusions),
  };
}
