// Issue 52 items 4 and 6 on both engines: the dashboards' due and overdue instalments (Staff their own, the Owner
// all), and the reports' money in by month and mode and outstanding, checked against a reference in plain code
// computed from the payments the test made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  fromKolkataLocal,
  kolkataDate,
  type DashboardPayments,
  type Payment,
  type PaymentMode,
  type PaymentReport,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createInquiryViaApi } from '../test/inquiry-kit';

describe.each(testEngines)('payments on the dashboards and in the reports on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let otherStaff: CreatedUser;
  let owner: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createUser(t, { role: 'Staff' });
    otherStaff = await createUser(t, { role: 'Staff' });
    owner = await createUser(t, { role: 'Owner' });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: CreatedUser, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
  const today = () => kolkataDate(Date.now());

  /** An inquiry handled by `handler` with a schedule of `parts` ([rupees, days from today]). */
  async function scheduled(handler: CreatedUser, parts: [number, number][]) {
    const inquiry = await createInquiryViaApi(t, { location: 'Coorg' });
    const tpc = parts.reduce((s, [a]) => s + a, 0);
    expect(
      (await call('PUT', `/api/inquiries/${inquiry._id}`, owner, { tpc, staff: { id: handler.id } })).statusCode,
    ).toBe(200);
    const res = await call('PUT', `/api/inquiries/${inquiry._id}/instalments`, owner, {
      instalments: parts.map(([amount, days]) => ({ amount, dueDate: addDays(today(), days) })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return inquiry._id;
  }

  it('lists what is due this week and what is overdue, left to pay, Staff their own and the Owner all', async () => {
    const mine = await scheduled(staff, [
      [1_000, -2],
      [2_000, 3],
      [4_000, 30],
    ]);
    const theirs = await scheduled(otherStaff, [[500, -1]]);
    // Part of the overdue one paid: what is left shows.
    expect(
      (
        await call('POST', `/api/inquiries/${mine}/payments`, staff, {
          amount: 400,
          mode: 'cash',
          receivedAt: new Date().toISOString(),
        })
      ).statusCode,
    ).toBe(201);

    const forStaff = (await call('GET', '/api/dashboard/payments', staff)).json<DashboardPayments>();
    expect(forStaff.overdue.map((e) => [e.inquiryId, e.amount, e.status])).toEqual([[mine, 600, 'overdue']]);
    expect(forStaff.dueThisWeek.map((e) => [e.inquiryId, e.amount, e.dueDate])).toEqual([
      [mine, 2_000, addDays(today(), 3)],
    ]);
    expect(forStaff).toMatchObject({ overdueTotal: 600, dueThisWeekTotal: 2_000 });
    const forOwner = (await call('GET', '/api/dashboard/payments', owner)).json<DashboardPayments>();
    expect(forOwner.overdue.map((e) => e.inquiryId).sort()).toEqual([mine, theirs].sort());
    // A Completed inquiry is no longer chased.
    expect((await call('PUT', `/api/inquiries/${theirs}`, owner, { status: 'Completed' })).statusCode).toBe(200);
    expect(
      (await call('GET', '/api/dashboard/payments', owner)).json<DashboardPayments>().overdue.map((e) => e.inquiryId),
    ).toEqual([mine]);
  });

  it('reports money received by month and mode and what is outstanding, as a plain reference computes', async () => {
    const made: { amount: number; mode: PaymentMode; at: number; reversed: boolean }[] = [];
    const inquiries = [
      await scheduled(staff, [[50_000, 10]]),
      await scheduled(owner, [
        [30_000, 10],
        [20_000, 40],
      ]),
    ];
    const plan: [number, number, PaymentMode, string][] = [
      [0, 10_000, 'upi', '2025-01-15T10:00'],
      [0, 2_500.5, 'cash', '2025-01-31T23:59'],
      [0, 7_000, 'bank', '2025-02-01T00:00'],
      [1, 30_000, 'upi', '2025-03-10T12:00'],
      [1, 1_234.25, 'card', '2025-03-11T12:00'],
      [1, 999, 'cheque', '2024-12-31T23:59'],
    ];
    let ref = 100_000_000_000;
    const ids: string[] = [];
    for (const [n, amount, mode, local] of plan) {
      const at = fromKolkataLocal(local);
      const res = await call('POST', `/api/inquiries/${inquiries[n]}/payments`, owner, {
        amount,
        mode,
        ...(mode === 'cash' ? {} : { reference: String(++ref) }),
        receivedAt: new Date(at).toISOString(),
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ payment: Payment }>().payment._id);
      made.push({ amount, mode, at, reversed: false });
    }
    // One reversed: it no longer counts.
    expect((await call('POST', `/api/payments/${ids[2]}/reverse`, owner, { reason: 'Wrong account' })).statusCode).toBe(
      201,
    );
    made[2]!.reversed = true;

    const report = (
      await call('GET', '/api/reports/payments?from=2025-01-01&to=2025-03-31', owner)
    ).json<PaymentReport>();
    // The reference, in plain code.
    const counted = made.filter(
      (m) => !m.reversed && m.at >= fromKolkataLocal('2025-01-01T00:00') && m.at < fromKolkataLocal('2025-04-01T00:00'),
    );
    const paise = (r: number) => Math.round(r * 100);
    const group = (key: (m: (typeof made)[number]) => string) => {
      const out = new Map<string, { amount: number; count: number }>();
      for (const m of counted) {
        const g = out.get(key(m)) ?? { amount: 0, count: 0 };
        out.set(key(m), { amount: g.amount + paise(m.amount), count: g.count + 1 });
      }
      return out;
    };
    expect(report.received).toBe(counted.reduce((s, m) => s + paise(m.amount), 0) / 100);
    expect(report.byMonth).toEqual(
      [...group((m) => kolkataDate(m.at).slice(0, 7))]
        .sort()
        .map(([month, g]) => ({ month, amount: g.amount / 100, count: g.count })),
    );
    expect(Object.fromEntries(report.byMode.map((m) => [m.mode, [m.amount, m.count]]))).toEqual(
      Object.fromEntries([...group((m) => m.mode)].map(([mode, g]) => [mode, [g.amount / 100, g.count]])),
    );
    // Outstanding over every schedule in this database (the first test's too): schedules less verified payments.
    const rows = await t.app.db
      .selectFrom('inquiries')
      .select(['id', 'status', 'tpc_paise', 'advance_paise'])
      .execute();
    const withSchedule = new Set(
      (await t.app.db.selectFrom('instalments').select('inquiry_id').execute()).map((r) => r.inquiry_id),
    );
    const owed = rows
      .filter((r) => withSchedule.has(r.id) && r.status !== 'Only Query')
      .map((r) => Math.max(0, Number(r.tpc_paise) - Number(r.advance_paise)));
    expect(report.outstanding).toBe(owed.reduce((s, n) => s + n, 0) / 100);
    expect(report.outstandingInquiries).toBe(owed.filter((n) => n > 0).length);
    expect((await call('GET', '/api/reports/payments?from=2025-01-01&to=2025-03-31', staff)).statusCode).toBe(403);
  });
});
