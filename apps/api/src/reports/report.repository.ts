// Data access for the owner's reports (D27): the roll-ups migration 006's triggers keep per Kolkata day, read for
// a range of days and grouped further. Each query reads a few rows per day of the period, never the inquiries.
import { sql } from 'kysely';
import type { DbOrTx } from '../db/database';
import type { Engine } from '../db/dialect';

/** Money sums in paise. */
interface MoneySums {
  tpc: number;
  advance: number;
  revenue: number;
  hotel: number;
  cab: number;
}

export interface CubeGroup extends MoneySums {
  month: string;
  staffId: string | null;
  status: string;
  n: number;
}

export interface DestinationGroup {
  /** lower(trim(location)): the destination's identity. */
  key: string;
  destination: string;
  n: number;
  converted: number;
  revenue: number;
}

/** PostgreSQL answers sum(bigint) as numeric, which pg reads as a string. */
type Sum = number | string | null;
const num = (v: Sum) => Number(v ?? 0);

/** 'YYYY-MM' of a roll-up day (days since 1970-01-01 in Kolkata, so its UTC midnight names the same date). */
const monthOf = (engine: Engine) =>
  engine === 'postgres'
    ? sql<string>`to_char(to_timestamp(day * 86400) AT TIME ZONE 'UTC', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', day * 86400, 'unixepoch')`;

/**
 * The period's inquiries grouped by month, handler and status with their money: totals, the months, the staff
 * table and the status funnel are all roll-ups of these few hundred groups.
 */
export function reportCubeQuery(engine: Engine, firstDay: number, lastDay: number) {
  const month = monthOf(engine);
  return sql<{
    month: string;
    staff_key: string;
    status: string;
    n: Sum;
    tpc: Sum;
    advance: Sum;
    revenue: Sum;
    hotel: Sum;
    cab: Sum;
  }>`
    SELECT ${month} AS month, staff_key, status, sum(n) AS n, sum(tpc) AS tpc, sum(advance) AS advance,
      sum(revenue) AS revenue, sum(hotel) AS hotel, sum(cab) AS cab
    FROM inquiry_report_days WHERE day >= ${firstDay} AND day <= ${lastDay} AND n <> 0
    GROUP BY ${month}, staff_key, status`;
}

export async function findReportCube(
  db: DbOrTx,
  engine: Engine,
  firstDay: number,
  lastDay: number,
): Promise<CubeGroup[]> {
  const rows = await reportCubeQuery(engine, firstDay, lastDay).execute(db);
  return rows.rows.map((r) => ({
    month: r.month,
    staffId: r.staff_key === '' ? null : r.staff_key,
    status: r.status,
    n: num(r.n),
    tpc: num(r.tpc),
    advance: num(r.advance),
    revenue: num(r.revenue),
    hotel: num(r.hotel),
    cab: num(r.cab),
  }));
}

/**
 * Every destination of the period with its figures (both top lists are cut from these, so the roll-up is read
 * once). Destinations are free text, so spellings that differ only in case or surrounding spaces count as one,
 * shown by the first spelling in code-point order.
 */
export function destinationsQuery(firstDay: number, lastDay: number) {
  return sql<{ dest_key: string; destination: string; n: Sum; converted: Sum; revenue: Sum }>`
    SELECT dest_key, min(label) AS destination, sum(n) AS n, sum(converted) AS converted, sum(revenue) AS revenue
    FROM inquiry_report_destinations WHERE day >= ${firstDay} AND day <= ${lastDay} AND n > 0
    GROUP BY dest_key`;
}

export async function findDestinations(db: DbOrTx, firstDay: number, lastDay: number): Promise<DestinationGroup[]> {
  const rows = await destinationsQuery(firstDay, lastDay).execute(db);
  return rows.rows.map((r) => ({
    key: r.dest_key,
    destination: r.destination,
    n: num(r.n),
    converted: num(r.converted),
    revenue: num(r.revenue),
  }));
}

/** The names of the handlers the cube names (a handful of accounts, removed ones included: D9). */
export async function findHandlerNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The period's inquiries per source ('' when not recorded), from migration 007's roll-up. */
function sourcesQuery(firstDay: number, lastDay: number) {
  return sql<{ source_key: string; n: Sum; converted: Sum; revenue: Sum }>`
    SELECT source_key, sum(n) AS n, sum(converted) AS converted, sum(revenue) AS revenue
    FROM inquiry_report_sources WHERE day >= ${firstDay} AND day <= ${lastDay}
    GROUP BY source_key`;
}

export async function findSources(db: DbOrTx, firstDay: number, lastDay: number) {
  const rows = await sourcesQuery(firstDay, lastDay).execute(db);
  return rows.rows
    .map((r) => ({
      source: r.source_key === '' ? null : r.source_key,
      n: num(r.n),
      converted: num(r.converted),
      revenue: num(r.revenue),
    }))
    .filter((r) => r.n > 0);
}
