// GET /api/reports/summary (D27): every block compared with a reference computed here from the rows inserted, on
// both engines, with rows at the period's edges (midnight in Asia/Kolkata) and deleted rows left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  CONVERTED_STATUSES,
  INQUIRY_STATUSES,
  INQUIRY_SOURCES,
  REPORT_MESSAGES,
  SOURCE_LABELS,
  kolkataDayStart,
  type InquirySource,
  type ReportSummary,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { insertRows, row } from '../test/inquiry-kit';
import type { NewInquiryRow } from '../inquiries/inquiry.repository';

const FROM = '2024-04-01';
const TO = '2024-06-30';
const START = kolkataDayStart(FROM);
const END = kolkataDayStart('2024-07-01');
const DESTINATIONS = ['Goa', ' goa', 'GOA ', 'Manali', 'Kerala', 'Jaipur', 'Leh', 'Ooty', 'Munnar', 'Coorg'];
const MORE = ['Andaman', 'Sikkim', 'Darjeeling', 'Rishikesh', 'Udaipur'];

/** A small deterministic generator, so a failure can be replayed. */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** 'YYYY-MM' of an instant in Asia/Kolkata, written independently of the service. */
const kolkataMonth = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 7);

/** The summary as plain code over the rows inserted. */
function reference(rows: NewInquiryRow[], names: Map<string, string>): Omit<ReportSummary, 'from' | 'to'> {
  const seen = rows.filter((r) => r.deleted_at == null && r.created_at >= START && r.created_at < END);
  const isConverted = (r: NewInquiryRow) => (CONVERTED_STATUSES as readonly string[]).includes(r.status);
  const profit = (r: NewInquiryRow) => r.total_revenue_paise! - r.hotel_cost_paise! - r.cab_cost_paise!;
  const sum = (list: NewInquiryRow[], f: (r: NewInquiryRow) => number) => list.reduce((a, r) => a + f(r), 0);
  const converted = seen.filter(isConverted).length;
  const group = <K>(key: (r: NewInquiryRow) => K) => {
    const m = new Map<K, NewInquiryRow[]>();
    for (const r of seen) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
    return m;
  };
  const destinations = [...group((r) => r.location.trim().toLowerCase())].map(([key, list]) => ({
    key,
    destination: list.map((r) => r.location.trim()).sort()[0]!,
    inquiries: list.length,
    converted: list.filter(isConverted).length,
    revenue: sum(list, (r) => r.total_revenue_paise!) / 100,
  }));
  const top = (cmp: (a: (typeof destinations)[number], b: (typeof destinations)[number]) => number) =>
    [...destinations]
      .sort((a, b) => cmp(a, b) || (a.key < b.key ? -1 : 1))
      .slice(0, 10)
      .map(({ key: _key, ...d }) => d);
  return {
    totals: {
      received: seen.length,
      converted,
      conversionRate: seen.length ? Math.round((converted / seen.length) * 10_000) / 10_000 : 0,
      totalPackageCost: sum(seen, (r) => r.tpc_paise!) / 100,
      advanceReceived: sum(seen, (r) => r.advance_paise!) / 100,
      pendingAmount: sum(seen, (r) => r.tpc_paise! - r.advance_paise!) / 100,
      revenue: sum(seen, (r) => r.total_revenue_paise!) / 100,
      profit: sum(seen, profit) / 100,
    },
    byMonth: ['2024-04', '2024-05', '2024-06'].map((month) => {
      const list = seen.filter((r) => kolkataMonth(r.created_at) === month);
      return {
        month,
        received: list.length,
        converted: list.filter(isConverted).length,
        revenue: sum(list, (r) => r.total_revenue_paise!) / 100,
        profit: sum(list, profit) / 100,
      };
    }),
    byStaff: [...group((r) => r.staff_id ?? null)]
      .map(([staffId, list]) => ({
        staffId,
        name: staffId === null ? REPORT_MESSAGES.unassigned : names.get(staffId)!,
        handled: list.length,
        converted: list.filter(isConverted).length,
        revenue: sum(list, (r) => r.total_revenue_paise!) / 100,
        profit: sum(list, profit) / 100,
      }))
      .sort((a, b) => b.handled - a.handled || a.name.localeCompare(b.name)),
    topDestinations: {
      byInquiries: top((a, b) => b.inquiries - a.inquiries || b.revenue - a.revenue),
      byRevenue: top((a, b) => b.revenue - a.revenue || b.inquiries - a.inquiries),
    },
    bySource: [...group((r) => r.source ?? null)]
      .map(([source, list]) => ({
        source,
        label: source === null ? REPORT_MESSAGES.sourceNotRecorded : SOURCE_LABELS[source as InquirySource],
        received: list.length,
        converted: list.filter(isConverted).length,
        revenue: sum(list, (r) => r.total_revenue_paise!) / 100,
      }))
      .sort((a, b) => b.received - a.received || a.label.localeCompare(b.label)),
    byStatus: INQUIRY_STATUSES.map((status) => ({ status, count: seen.filter((r) => r.status === status).length })),
  };
}

describe.each(testEngines)('reports summary on %s', (engine) => {
  let t: TestApp;
  let owner: CreatedUser;
  let staff: CreatedUser;
  let customer: CreatedUser;
  const rows: NewInquiryRow[] = [];
  const names = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await createUser(t, { role: 'Owner', name: 'Anita Owner' });
    staff = await createUser(t, { role: 'Staff', name: 'Vikram Staff' });
    customer = await createUser(t, { role: 'Customer' });
    const removed = await createUser(t, { role: 'Staff', name: 'Removed Ravi', disabled: true });
    const handlers = [null, owner, staff, removed];
    for (const u of [owner, staff, removed]) names.set(u.id, u.name);
    const random = lcg(28);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    // Instants at the edges: the last millisecond before the period, its first, the month turns, its last, after.
    const month = (m: string) => kolkataDayStart(`${m}-01`);
    const edges = [START - 1, START, month('2024-05') - 1, month('2024-05'), month('2024-06'), END - 1, END];
    const times = [
      ...edges,
      ...Array.from({ length: 300 }, () => START - 20 * 86_400_000 + random() * 130 * 86_400_000),
    ];
    times.forEach((time, i) => {
      const at = Math.floor(time);
      const handler = pick(handlers);
      const tpc = Math.floor(random() * 500_000) * 100 + (i % 7);
      rows.push(
        row({
          created_at: at,
          updated_at: at,
          status: pick(INQUIRY_STATUSES),
          staff_id: handler?.id ?? null,
          staff_name: handler?.name ?? '',
          location: i < 40 ? pick(MORE) : pick(DESTINATIONS),
          tpc_paise: tpc,
          advance_paise: Math.floor(tpc * random()),
          total_revenue_paise: random() < 0.3 ? 0 : tpc + Math.floor(random() * 1000),
          hotel_cost_paise: Math.floor(tpc * 0.4 * random()),
          cab_cost_paise: Math.floor(tpc * 0.1 * random()),
          deleted_at: i % 11 === 5 ? at + 1 : null,
          // D26: a source for most, "not recorded" (null) for the rest.
          source: i % 4 === 0 ? null : pick(INQUIRY_SOURCES),
        }),
      );
    });
    await insertRows(t, rows);
  });
  afterAll(async () => {
    await t.close();
  });

  const summary = (query: string, token = owner.token) =>
    t.app.inject({ method: 'GET', url: `/api/reports/summary?${query}`, headers: bearer(token) });

  it('answers every block as the reference computed from the rows, edges and deletions included', async () => {
    const res = await summary(`from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ReportSummary>();
    expect(body).toEqual({ from: FROM, to: TO, ...reference(rows, names) });
    // The edges: in at the first and last instant, out one millisecond either side.
    const received = rows.filter((r) => r.deleted_at == null && r.created_at >= START && r.created_at < END).length;
    expect(body.totals.received).toBe(received);
    expect(body.byStatus.reduce((a, s) => a + s.count, 0)).toBe(received);
  });

  it('keeps the by-source roll-up in step with edits, deletions and restores', async () => {
    const [a, b, c] = rows.filter((r) => r.deleted_at == null && r.created_at >= START && r.created_at < END);
    await t.app.db.updateTable('inquiries').set({ source: 'walk-in' }).where('id', '=', a!.id!).execute();
    a!.source = 'walk-in';
    await t.app.db.updateTable('inquiries').set({ source: null, status: 'Booked' }).where('id', '=', b!.id!).execute();
    Object.assign(b!, { source: null, status: 'Booked' });
    await t.app.db.updateTable('inquiries').set({ deleted_at: END }).where('id', '=', c!.id!).execute();
    c!.deleted_at = END;
    const body = (await summary(`from=${FROM}&to=${TO}`)).json<ReportSummary>();
    expect(body.bySource).toEqual(reference(rows, names).bySource);
    expect(body.bySource.map((s) => s.label)).toContain(REPORT_MESSAGES.sourceNotRecorded);
  });

  it('counts a single day from its midnight in Kolkata to the next', async () => {
    const day = '2024-05-01';
    const body = (await summary(`from=${day}&to=${day}`)).json<ReportSummary>();
    const start = kolkataDayStart(day);
    const expected = rows.filter(
      (r) => r.deleted_at == null && r.created_at >= start && r.created_at < start + 86_400_000,
    ).length;
    expect(expected).toBeGreaterThan(0);
    expect(body.totals.received).toBe(expected);
    expect(body.byMonth).toEqual([expect.objectContaining({ month: '2024-05', received: expected })]);
  });

  it('answers an empty period with zeros, every month and status listed', async () => {
    const body = (await summary('from=2020-01-01&to=2020-02-29')).json<ReportSummary>();
    expect(body.totals).toMatchObject({ received: 0, converted: 0, conversionRate: 0, revenue: 0 });
    expect(body.byMonth.map((m) => m.month)).toEqual(['2020-01', '2020-02']);
    expect(body.byStaff).toEqual([]);
    expect(body.bySource).toEqual([]);
    expect(body.byStatus.every((s) => s.count === 0)).toBe(true);
  });

  it('refuses bad periods with a clear message', async () => {
    const bad = async (query: string, message: string) => {
      const res = await summary(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain(message);
    };
    await bad('from=2024-02-30&to=2024-03-01', REPORT_MESSAGES.dateInvalid);
    await bad('from=2024-4-1&to=2024-05-01', REPORT_MESSAGES.dateInvalid);
    await bad('to=2024-05-01', REPORT_MESSAGES.dateInvalid);
    await bad('from=2024-05-02&to=2024-05-01', REPORT_MESSAGES.fromAfterTo);
    await bad('from=2021-01-01&to=2024-01-01', REPORT_MESSAGES.periodTooLong);
    expect((await summary('from=2021-01-01&to=2023-12-31')).statusCode).toBe(200);
  });

  it('follows edits, soft and hard deletes and restores (the roll-ups move with each write)', async () => {
    const db = t.app.db;
    const ids = rows.map((r) => r.id);
    const pickIds = (step: number, offset: number) => ids.filter((_, i) => i % step === offset);
    await db.updateTable('inquiries').set({ status: 'Booked' }).where('id', 'in', pickIds(5, 1)).execute();
    await db
      .updateTable('inquiries')
      .set({ staff_id: staff.id, staff_name: staff.name, location: '  Spiti ' })
      .where('id', 'in', pickIds(7, 2))
      .execute();
    await db
      .updateTable('inquiries')
      .set({ tpc_paise: 123_456, total_revenue_paise: 99_999, hotel_cost_paise: 1, cab_cost_paise: 2 })
      .where('id', 'in', pickIds(9, 3))
      .execute();
    await db.updateTable('inquiries').set({ deleted_at: Date.now() }).where('id', 'in', pickIds(6, 4)).execute();
    await db.updateTable('inquiries').set({ deleted_at: null }).where('id', 'in', pickIds(11, 5)).execute();
    await db.deleteFrom('inquiries').where('id', 'in', pickIds(13, 6)).execute();
    // Edits through the API too: a status change, an assignment and money, as staff make them.
    const edited = rows.find((r) => r.deleted_at == null && r.created_at >= START + 86_400_000)!;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/inquiries/${edited.id}`,
      headers: bearer(owner.token),
      payload: { status: 'Completed', staff: { id: owner.id }, tpc: 5000.5, totalRevenue: 4000, location: 'Goa' },
    });
    expect(put.statusCode, put.body).toBe(200);

    const now = (await db.selectFrom('inquiries').selectAll().execute()) as NewInquiryRow[];
    const body = (await summary(`from=${FROM}&to=${TO}`)).json<ReportSummary>();
    expect(body).toEqual({ from: FROM, to: TO, ...reference(now, names) });
    expect(body.topDestinations.byInquiries.map((d) => d.destination)).toContain('Spiti');
  });

  it('is for the Owner only', async () => {
    expect((await summary(`from=${FROM}&to=${TO}`, staff.token)).statusCode).toBe(403);
    const c = await summary(`from=${FROM}&to=${TO}`, customer.token);
    expect(c.statusCode).toBe(403);
    expect(c.json().message).toBe(AUTH_MESSAGES.forbidden);
    const anon = await t.app.inject({ method: 'GET', url: `/api/reports/summary?from=${FROM}&to=${TO}` });
    expect(anon.statusCode).toBe(401);
  });
});
