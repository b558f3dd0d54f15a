// Data access for the owner's reports (D27): aggregate queries over visible inquiries created in [start, end),
// served by migration 014's covering index. Each answers groups, never rows.
import { sql } from 'kysely';
import { CONVERTED_STATUSES, REPORT_TOP_DESTINATIONS } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import type { Engine } from '../db/dialect';
import { KOLKATA_OFFSET_MS } from '../lib/kolkata-time';

/** Money sums in paise; PostgreSQL answers sum(bigint) as numeric, which pg reads as a string. */
export interface MoneySums {
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
  destination: string;
  n: number;
  converted: number;
  revenue: number;
}

type Sum = number | string | null;
const num = (v: Sum) => Number(v ?? 0);

const monthOf = (engine: Engine) =>
  engine === 'postgres'
    ? sql<string>`to_char(to_timestamp((created_at + ${sql.lit(KOLKATA_OFFSET_MS)}) / 1000) AT TIME ZONE 'UTC', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', (created_at + ${sql.lit(KOLKATA_OFFSET_MS)}) / 1000, 'unixepoch')`;

const inPeriod = (start: number, end: number) =>
  sql`deleted_at IS NULL AND created_at >= ${start} AND created_at < ${end}`;

const convertedList = sql.join(CONVERTED_STATUSES.map((s) => sql.lit(s)));

/**
 * The period's inquiries grouped by month, handler and status with their money: totals, the months, the staff
 * table and the status funnel are all roll-ups of these few hundred groups.
 */
export async function findReportCube(db: DbOrTx, engine: Engine, start: number, end: number): Promise<CubeGroup[]> {
  const month = monthOf(engine);
  const rows = await sql<{
    month: string;
    staff_id: string | null;
    status: string;
    n: Sum;
    tpc: Sum;
    advance: Sum;
    revenue: Sum;
    hotel: Sum;
    cab: Sum;
  }>`
    SELECT ${month} AS month, staff_id, status, count(*) AS n,
      sum(tpc_paise) AS tpc, sum(advance_paise) AS advance, sum(total_revenue_paise) AS revenue,
      sum(hotel_cost_paise) AS hotel, sum(cab_cost_paise) AS cab
    FROM inquiries WHERE ${inPeriod(start, end)}
    GROUP BY ${month}, staff_id, status`.execute(db);
  return rows.rows.map((r) => ({
    month: r.month,
    staffId: r.staff_id,
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
 * The top destinations by inquiries or by revenue. Destinations are free text, so spellings that differ only in
 * case or surrounding spaces count as one, shown by the first spelling in code-point order.
 */
export async function findTopDestinations(
  db: DbOrTx,
  start: number,
  end: number,
  by: 'inquiries' | 'revenue',
): Promise<DestinationGroup[]> {
  const order = by === 'inquiries' ? sql`n DESC, revenue DESC` : sql`revenue DESC, n DESC`;
  const rows = await sql<{ destination: string; n: Sum; converted: Sum; revenue: Sum }>`
    SELECT min(trim(location)) AS destination, count(*) AS n,
      sum(CASE WHEN status IN (${convertedList}) THEN 1 ELSE 0 END) AS converted,
      sum(total_revenue_paise) AS revenue
    FROM inquiries WHERE ${inPeriod(start, end)}
    GROUP BY lower(trim(location))
    ORDER BY ${order}, lower(trim(location))
    LIMIT ${sql.lit(REPORT_TOP_DESTINATIONS)}`.execute(db);
  return rows.rows.map((r) => ({
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
