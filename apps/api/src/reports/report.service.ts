// The owner's summary (D27): a period of days in Asia/Kolkata turned into an instant range, the aggregate groups
// rolled up into the blocks the reports page shows, and money turned from paise into rupees.
import {
  INQUIRY_STATUSES,
  REPORT_MESSAGES,
  REPORT_TOP_DESTINATIONS,
  canonicalStatus,
  isConvertedStatus,
  type DestinationFigures,
  type ReportPeriod,
  type ReportSummary,
  sourceLabel,
} from '@safarnama/contract';
import type { Db } from '../db/database';
import type { Engine } from '../db/dialect';
import {
  findHandlerNames,
  findReportCube,
  findDestinations,
  findSources,
  type CubeGroup,
  type DestinationGroup,
} from './report.repository';

const DAY_MS = 86_400_000;
const rupees = (paise: number) => paise / 100;

/** A 'YYYY-MM-DD' day as the roll-ups number it: days since 1970-01-01 in Kolkata. */
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Every 'YYYY-MM' from the month of `from` to the month of `to`. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

interface Tally {
  n: number;
  converted: number;
  tpc: number;
  advance: number;
  revenue: number;
  profit: number;
}
const emptyTally = (): Tally => ({ n: 0, converted: 0, tpc: 0, advance: 0, revenue: 0, profit: 0 });

function add(t: Tally, g: CubeGroup, converted: boolean) {
  t.n += g.n;
  if (converted) t.converted += g.n;
  t.tpc += g.tpc;
  t.advance += g.advance;
  t.revenue += g.revenue;
  t.profit += g.revenue - g.hotel - g.cab;
}

const toDestination = (g: DestinationGroup): DestinationFigures => ({
  destination: g.destination,
  inquiries: g.n,
  converted: g.converted,
  revenue: rupees(g.revenue),
});

/** The first REPORT_TOP_DESTINATIONS by `order`, ties by the destination's key in code-point order. */
function top(groups: DestinationGroup[], order: (a: DestinationGroup, b: DestinationGroup) => number) {
  return [...groups]
    .sort((a, b) => order(a, b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, REPORT_TOP_DESTINATIONS)
    .map(toDestination);
}

export async function getReportSummary(db: Db, engine: Engine, period: ReportPeriod): Promise<ReportSummary> {
  const first = dayNumber(period.from);
  const last = dayNumber(period.to);
  const [cube, destinations, sources] = await Promise.all([
    findReportCube(db, engine, first, last),
    findDestinations(db, first, last),
    findSources(db, first, last),
  ]);

  const totals = emptyTally();
  const months = new Map(monthsBetween(period.from, period.to).map((m) => [m, emptyTally()]));
  const staff = new Map<string | null, Tally>();
  const statuses = new Map<string, number>(INQUIRY_STATUSES.map((s) => [s, 0]));
  for (const g of cube) {
    const status = canonicalStatus(g.status) ?? g.status;
    const converted = isConvertedStatus(status);
    add(totals, g, converted);
    const month = months.get(g.month);
    if (month) add(month, g, converted);
    let handler = staff.get(g.staffId);
    if (!handler) staff.set(g.staffId, (handler = emptyTally()));
    add(handler, g, converted);
    if (statuses.has(status)) statuses.set(status, statuses.get(status)! + g.n);
  }
  const names = await findHandlerNames(
    db,
    [...staff.keys()].filter((id): id is string => id !== null),
  );

  return {
    from: period.from,
    to: period.to,
    totals: {
      received: totals.n,
      converted: totals.converted,
      conversionRate: totals.n === 0 ? 0 : Math.round((totals.converted / totals.n) * 10_000) / 10_000,
      totalPackageCost: rupees(totals.tpc),
      advanceReceived: rupees(totals.advance),
      pendingAmount: rupees(totals.tpc - totals.advance),
      revenue: rupees(totals.revenue),
      profit: rupees(totals.profit),
    },
    byMonth: [...months].map(([month, t]) => ({
      month,
      received: t.n,
      converted: t.converted,
      revenue: rupees(t.revenue),
      profit: rupees(t.profit),
    })),
    byStaff: [...staff]
      .map(([staffId, t]) => ({
        staffId,
        name: staffId === null ? REPORT_MESSAGES.unassigned : (names.get(staffId) ?? REPORT_MESSAGES.unassigned),
        handled: t.n,
        converted: t.converted,
        revenue: rupees(t.revenue),
        profit: rupees(t.profit),
      }))
      .sort(
        (a, b) =>
          b.handled - a.handled || a.name.localeCompare(b.name) || (a.staffId ?? '').localeCompare(b.staffId ?? ''),
      ),
    topDestinations: {
      byInquiries: top(destinations, (a, b) => b.n - a.n || b.revenue - a.revenue),
      byRevenue: top(destinations, (a, b) => b.revenue - a.revenue || b.n - a.n),
    },
    // D26: most inquiries first; null (from before sources were recorded) is "Not recorded".
    bySource: sources
      .map((g) => ({
        source: g.source,
        label: sourceLabel(g.source),
        received: g.n,
        converted: g.converted,
        revenue: rupees(g.revenue),
      }))
      .sort((a, b) => b.received - a.received || a.label.localeCompare(b.label)),
    byStatus: INQUIRY_STATUSES.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
  };
}
