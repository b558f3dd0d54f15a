// D33 what we owe, through HTTP on both engines: a booking's cost changes only with a reason (in the timeline) and
// the inquiry's costs, profit and the Owner's report follow; payments to a supplier are recorded and reversed, never
// deleted; the Owner's per-supplier figures and the inquiries' profits agree with a reference worked out here in
// plain code from random bookings, costs, payments and answers; and who may see what (decisions §6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_MESSAGES,
  SUPPLIER_PAYMENT_MESSAGES,
  kolkataDate,
  type BookingList,
  type BookingMoney,
  type Inquiry,
  type InquiryEvent,
  type InquirySupplierPayments,
  type Payables,
  type Quote,
  type ReportSummary,
  type Supplier,
  type SupplierPayables,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createInquiryViaApi } from '../test/inquiry-kit';
import { expectNothingOfTheAgency } from '../test/customer-view-scan';
import { createSupplierViaApi } from '../test/supplier-kit';

interface LineSpec {
  kind: 'hotel' | 'cab' | 'activity' | 'transport' | 'other';
  supplierId?: string;
  quantity: number;
  /** Paise. */
  unitCost: number;
  unitPrice: number;
}

/** A small seeded generator, so a failing run can be repeated with its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe.each(testEngines)('what we owe on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let owner: CreatedUser;
  let customer: CreatedUser;
  let hotel: Supplier;
  let cab: Supplier;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: CreatedUser | null = staff) =>
    t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });
  const paidAt = () => new Date().toISOString();

  beforeAll(async () => {
    t = await createTestApp(engine, { SITE_URL: 'https://agency.example' });
    staff = await createUser(t, { role: 'Staff', name: 'Kavya Rao' });
    owner = await createUser(t, { role: 'Owner', name: 'Arjun Mehta' });
    customer = await createUser(t, { role: 'Customer' });
    hotel = await createSupplierViaApi(t.app, staff.token, { name: 'Snow Valley Resort' });
    cab = await createSupplierViaApi(t.app, staff.token, { kind: 'cab', name: 'Himalayan Wheels' });
  });
  afterAll(async () => t?.close());

  /** An accepted inquiry with these lines (paise), its bookings requested; answers its id, bookings and trip token. */
  async function bookedInquiry(lines: LineSpec[], customerToken?: string) {
    const inquiry = await createInquiryViaApi(t, { noOfAdults: 2, name: 'Meera Pillai' }, customerToken);
    expect((await call('PUT', `/api/inquiries/${inquiry._id}`, { travelDate: '2099-05-10' })).statusCode).toBe(200);
    const quote = (await call('POST', `/api/inquiries/${inquiry._id}/quotes`)).json<Quote>();
    const body = lines.map((l, i) => ({
      kind: l.kind,
      description: `Line ${i + 1}`,
      ...(l.supplierId ? { supplierId: l.supplierId } : {}),
      quantity: l.quantity,
      unitCost: l.unitCost / 100,
      unitPrice: l.unitPrice / 100,
    }));
    const saved = await call('PUT', `/api/quotes/${quote._id}`, { lines: body });
    expect(saved.statusCode, saved.body).toBe(200);
    const tripToken = String((await call('POST', `/api/quotes/${quote._id}/send`)).json().url).split('/trip/')[1]!;
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${tripToken}/accept`,
      payload: { name: 'Meera Pillai' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const requested = await call('POST', `/api/inquiries/${inquiry._id}/bookings`);
    expect(requested.statusCode, requested.body).toBe(200);
    const list = requested.json<BookingList>();
    const linkOf = (bookingId: string) => list.sent.find((s) => s.bookingId === bookingId)!.url.split('/supplier/')[1]!;
    return { inquiryId: inquiry._id, bookings: list.bookings, linkOf, tripToken };
  }
  const inquiryOf = async (id: string) => (await call('GET', `/api/inquiries/${id}`)).json<Inquiry>();
  const notes = async (inquiryId: string) =>
    (await call('GET', `/api/inquiries/${inquiryId}/events`)).json<InquiryEvent[]>().map((e) => [e.type, e.to]);
  const pay = (bookingId: string, amount: number, mode = 'cash', reference?: string) =>
    call('POST', `/api/bookings/${bookingId}/payments`, { amount, mode, reference, paidAt: paidAt() });
  const answer = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/supplier-links/${token}`, payload });

  const standardLines = (): LineSpec[] => [
    { kind: 'hotel', supplierId: hotel._id, quantity: 3, unitCost: 400_000, unitPrice: 520_000 },
    { kind: 'activity', supplierId: hotel._id, quantity: 1, unitCost: 300_000, unitPrice: 350_000 },
    { kind: 'cab', supplierId: cab._id, quantity: 1, unitCost: 1_800_000, unitPrice: 2_100_000 },
    { kind: 'activity', quantity: 2, unitCost: 250_000, unitPrice: 310_000 },
  ];

  it("changes a booking's cost only with a reason, in the timeline; the inquiry's costs and profit follow", async () => {
    const { inquiryId, bookings, linkOf } = await bookedInquiry(standardLines());
    const [h, c] = bookings;
    // Accepted: hotel 12,000; cab 18,000 + activities 3,000 + 5,000; revenue 15,600 + 3,500 + 21,000 + 6,200.
    expect(await inquiryOf(inquiryId)).toMatchObject({ hotelCost: 12_000, cabCost: 26_000, profit: 8_300 });

    const noReason = await call('PUT', `/api/bookings/${h!._id}/cost`, { cost: 14_000, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: SUPPLIER_PAYMENT_MESSAGES.costReasonRequired });
    expect((await call('PUT', `/api/bookings/${h!._id}/cost`, { cost: 14_000 })).statusCode).toBe(400);
    const same = await call('PUT', `/api/bookings/${h!._id}/cost`, { cost: 15_000, reason: 'Same' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(SUPPLIER_PAYMENT_MESSAGES.costUnchanged);
    expect((await call('PUT', `/api/bookings/${h!._id}/cost`, { cost: -1, reason: 'Less' })).statusCode).toBe(400);
    expect(await inquiryOf(inquiryId)).toMatchObject({ hotelCost: 12_000, cabCost: 26_000, profit: 8_300 });

    const changed = await call('PUT', `/api/bookings/${h!._id}/cost`, { cost: 13_500.5, reason: 'Festival rate' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().booking).toMatchObject({ cost: 13_500.5, linesCost: 15_000, owed: 0, paid: 0, due: 0 });
    // 13,500.50 split as the hotel's lines cost (12,000 of 15,000 is hotel): 10,800.40 hotel, 2,700.10 the rest.
    expect(await inquiryOf(inquiryId)).toMatchObject({
      hotelCost: 10_800.4,
      cabCost: 25_700.1,
      profit: 9_799.5,
    });
    expect(await notes(inquiryId)).toEqual(
      expect.arrayContaining([
        ['note', 'Cost of the booking with Snow Valley Resort changed from ₹15,000 to ₹13,500.50: Festival rate'],
        ['edit', '10800.4'],
        ['edit', '25700.1'],
      ]),
    );
    // Hand-typed costs no longer apply; the same figures, as a form sends back, do.
    const typed = await call('PUT', `/api/inquiries/${inquiryId}`, { hotelCost: 9_000 });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors).toEqual({ hotelCost: SUPPLIER_PAYMENT_MESSAGES.costsDerived });
    expect(
      (await call('PUT', `/api/inquiries/${inquiryId}`, { hotelCost: 10_800.4, cabCost: 25_700.1 })).statusCode,
    ).toBe(200);

    // The cab declines: its line counts at its own cost again, and its cost can no longer change.
    expect((await call('PUT', `/api/bookings/${c!._id}/cost`, { cost: 17_000, reason: 'Deal' })).statusCode).toBe(200);
    expect((await inquiryOf(inquiryId)).profit).toBe(10_799.5);
    expect((await answer(linkOf(c!._id), { action: 'decline', reason: 'No car' })).statusCode).toBe(200);
    expect((await inquiryOf(inquiryId)).profit).toBe(9_799.5);
    const late = await call('PUT', `/api/bookings/${c!._id}/cost`, { cost: 16_000, reason: 'Deal' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SUPPLIER_PAYMENT_MESSAGES.declined);
    expect((await pay(c!._id, 100)).statusCode).toBe(409);
  });

  it('records payments to a supplier and reverses them with a reason, never deleting one', async () => {
    const { inquiryId, bookings, linkOf } = await bookedInquiry(standardLines());
    const h = bookings[0]!;
    const noRef = await pay(h._id, 5_000, 'upi');
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().errors).toEqual({ reference: SUPPLIER_PAYMENT_MESSAGES.referenceRequired });
    expect((await pay(h._id, 0)).json().errors).toEqual({ amount: PAYMENT_MESSAGES.amountPositive });
    const future = await call('POST', `/api/bookings/${h._id}/payments`, {
      amount: 10,
      mode: 'cash',
      paidAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    const ref = `NEFT${engine}${Date.now()}`.toUpperCase();
    const first = await pay(h._id, 5_000, 'bank', ref.toLowerCase());
    expect(first.statusCode, first.body).toBe(200);
    // Not confirmed yet: nothing owed, so the advance is paid ahead.
    expect(first.json().booking).toMatchObject({ owed: 0, paid: 5_000, due: -5_000 });
    expect(first.json().booking.payments[0]).toMatchObject({ mode: 'bank', reference: ref, reversed: false });
    const again = await pay(h._id, 1_000, 'bank', ref);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SUPPLIER_PAYMENT_MESSAGES.duplicateReference);
    const over = await pay(h._id, 10_000.01);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(SUPPLIER_PAYMENT_MESSAGES.overpaid('₹10,000'));

    expect((await answer(linkOf(h._id), { action: 'confirm', confirmationNumber: 'SVR-1' })).statusCode).toBe(200);
    const paymentId = first.json<{ booking: BookingMoney }>().booking.payments[0]!._id;
    const noReason = await call('POST', `/api/supplier-payments/${paymentId}/reverse`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: SUPPLIER_PAYMENT_MESSAGES.reversalReasonRequired });
    const reversed = await call('POST', `/api/supplier-payments/${paymentId}/reverse`, { reason: 'Wrong booking' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const money = reversed.json<{ booking: BookingMoney }>().booking;
    expect(money).toMatchObject({ owed: 15_000, paid: 0, due: 15_000 });
    expect(money.payments.map((p) => [p.kind, p.amount, p.reversed, p.reason])).toEqual([
      ['reversal', 5_000, false, 'Wrong booking'],
      ['payment', 5_000, true, null],
    ]);
    const twice = await call('POST', `/api/supplier-payments/${paymentId}/reverse`, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(SUPPLIER_PAYMENT_MESSAGES.alreadyReversed);
    const ofReversal = await call('POST', `/api/supplier-payments/${money.payments[0]!._id}/reverse`, { reason: 'x' });
    expect(ofReversal.json().message).toBe(SUPPLIER_PAYMENT_MESSAGES.reversalOfReversal);
    // The reversed payment's reference is free again.
    expect((await pay(h._id, 15_000, 'bank', ref)).statusCode).toBe(200);
    const rows = await t.app.db.selectFrom('supplier_payments').selectAll().where('booking_id', '=', h._id).execute();
    expect(rows).toHaveLength(3);
    expect(await notes(inquiryId)).toEqual(
      expect.arrayContaining([
        ['note', `Paid ₹5,000 to Snow Valley Resort by Bank transfer (ref. ${ref})`],
        ['note', 'Payment of ₹5,000 to Snow Valley Resort reversed: Wrong booking'],
        ['note', `Paid ₹15,000 to Snow Valley Resort by Bank transfer (ref. ${ref})`],
      ]),
    );
    const view = (await call('GET', `/api/inquiries/${inquiryId}/supplier-payments`)).json<InquirySupplierPayments>();
    expect(view.bookings.map((b) => [b.status, b.owed, b.paid, b.due])).toEqual([
      ['confirmed', 15_000, 15_000, 0],
      ['requested', 0, 0, 0],
    ]);
    expect(
      (await call('POST', `/api/bookings/${h._id}/payments`, { amount: 1, mode: 'cash', paidAt: 'x' })).statusCode,
    ).toBe(400);
  });

  it("agrees with a plain reference on random bookings: each supplier's figures, each inquiry's profit, the report", async () => {
    const seed = Number(process.env.PAYABLES_SEED ?? Date.now() % 1_000_000);
    console.info(`payables seed ${seed} (PAYABLES_SEED=${seed} repeats it)`);
    const rnd = random(seed);
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    const pick = <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)]!;
    const today = kolkataDate(Date.now());
    const report = async () =>
      (await call('GET', `/api/reports/summary?from=${today}&to=${today}`, undefined, owner)).json<ReportSummary>();
    const profitBefore = (await report()).totals.profit;

    const pool = [];
    for (let i = 0; i < 4; i++) {
      pool.push(
        await createSupplierViaApi(t.app, staff.token, {
          kind: pick(['hotel', 'cab', 'guide'] as const),
          name: `R${seed}-${i}`,
        }),
      );
    }
    const ref = new Map(pool.map((s) => [s._id, { owed: 0, paid: 0, bookings: 0 }]));
    let referenceProfits = 0;
    let references = 0;
    for (let n = 0; n < 4; n++) {
      // At least one: bookings are only asked for when a line names a supplier (409 otherwise).
      const chosen = pool.filter(() => rnd() < 0.6);
      const suppliers = chosen.length > 0 ? chosen : [pick(pool)];
      const lines: LineSpec[] = [
        ...suppliers.flatMap((s) =>
          Array.from({ length: int(1, 2) }, () => ({
            kind: pick(['hotel', 'cab', 'activity', 'other'] as const),
            supplierId: s._id,
            quantity: int(1, 4),
            unitCost: int(0, 2_000_000),
            unitPrice: int(0, 2_500_000),
          })),
        ),
        { kind: 'transport', quantity: int(1, 2), unitCost: int(0, 500_000), unitPrice: int(0, 600_000) },
      ];
      const { inquiryId, bookings, linkOf } = await bookedInquiry(lines);
      const price = lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0);
      let cost = lines.filter((l) => !l.supplierId).reduce((s, l) => s + l.quantity * l.unitCost, 0);
      for (const b of bookings) {
        const r = ref.get(b.supplier._id)!;
        r.bookings++;
        let costPaise = lines
          .filter((l) => l.supplierId === b.supplier._id)
          .reduce((s, l) => s + l.quantity * l.unitCost, 0);
        if (rnd() < 0.5) {
          const next = int(0, 3_000_000);
          const res = await call('PUT', `/api/bookings/${b._id}/cost`, { cost: next / 100, reason: 'Rate agreed' });
          expect(res.statusCode, res.body).toBe(next === costPaise ? 400 : 200);
          costPaise = next;
        }
        const standing: number[] = [];
        for (let k = int(0, 3); k > 0; k--) {
          const left = costPaise - standing.reduce((s, p) => s + p, 0);
          if (left <= 0) break;
          const amount = int(1, left);
          const res = await pay(
            b._id,
            amount / 100,
            pick(['cash', 'upi', 'cheque'] as const),
            `R${seed}X${++references}`,
          );
          expect(res.statusCode, res.body).toBe(200);
          if (rnd() < 0.3) {
            const id = res.json<{ booking: BookingMoney }>().booking.payments[0]!._id;
            expect((await call('POST', `/api/supplier-payments/${id}/reverse`, { reason: 'Undo' })).statusCode).toBe(
              200,
            );
          } else standing.push(amount);
        }
        const paid = standing.reduce((s, p) => s + p, 0);
        r.paid += paid;
        const fate = rnd();
        if (fate < 0.5) {
          expect((await call('POST', `/api/bookings/${b._id}/confirm`, { confirmationNumber: 'C1' })).statusCode).toBe(
            200,
          );
          r.owed += costPaise;
          cost += costPaise;
        } else if (fate < 0.75) {
          expect((await answer(linkOf(b._id), { action: 'decline', reason: 'Full' })).statusCode).toBe(200);
          // A declined booking's lines count at their own cost.
          cost += lines.filter((l) => l.supplierId === b.supplier._id).reduce((s, l) => s + l.quantity * l.unitCost, 0);
        } else cost += costPaise;
      }
      const got = await inquiryOf(inquiryId);
      expect(Math.round(got.profit * 100), `inquiry ${n}`).toBe(price - cost);
      expect(Math.round((got.hotelCost + got.cabCost) * 100)).toBe(cost);
      referenceProfits += price - cost;
    }

    const list = (await call('GET', '/api/payables', undefined, owner)).json<Payables>();
    for (const s of pool) {
      const r = ref.get(s._id)!;
      const row = list.suppliers.find((x) => x.supplier._id === s._id);
      if (r.bookings === 0) {
        expect(row).toBeUndefined();
        continue;
      }
      const want = { owed: r.owed / 100, paid: r.paid / 100, due: (r.owed - r.paid) / 100 };
      expect(row, s.name).toMatchObject({ ...want, bookings: r.bookings });
      const detail = (await call('GET', `/api/payables/${s._id}`, undefined, owner)).json<SupplierPayables>();
      expect(detail).toMatchObject(want);
      expect(detail.bookings).toHaveLength(r.bookings);
    }
    // The list is sorted by what is due, most first; its totals are its rows' sums.
    const dues = list.suppliers.map((s) => s.due);
    expect(dues).toEqual([...dues].sort((a, b) => b - a));
    const sum = (k: 'owed' | 'paid' | 'due') => Math.round(list.suppliers.reduce((s, x) => s + x[k] * 100, 0));
    expect([list.totals.owed, list.totals.paid, list.totals.due].map((v) => Math.round(v * 100))).toEqual([
      sum('owed'),
      sum('paid'),
      sum('due'),
    ]);
    // The report's roll-ups follow the booked costs.
    expect(Math.round(((await report()).totals.profit - profitBefore) * 100)).toBe(referenceProfits);
  });

  it('shows the ledger per supplier to the Owner alone, and nothing of it to suppliers or customers', async () => {
    const { inquiryId, bookings, linkOf, tripToken } = await bookedInquiry(standardLines(), customer.token);
    const h = bookings[0]!;
    expect(
      (await call('PUT', `/api/bookings/${h._id}/cost`, { cost: 14_321.5, reason: 'Secret deal' })).statusCode,
    ).toBe(200);
    const reference = `CHQ${Date.now()}`;
    const paid = await call('POST', `/api/bookings/${h._id}/payments`, {
      amount: 7_654.5,
      mode: 'cheque',
      reference,
      paidAt: paidAt(),
    });
    expect(paid.statusCode).toBe(200);
    const paymentId = paid.json<{ booking: BookingMoney }>().booking.payments[0]!._id;

    for (const url of ['/api/payables', `/api/payables/${hotel._id}`]) {
      expect((await call('GET', url, undefined, null)).statusCode).toBe(401);
      expect((await call('GET', url, undefined, customer)).statusCode).toBe(403);
      expect((await call('GET', url, undefined, staff)).statusCode).toBe(403);
      expect((await call('GET', url, undefined, owner)).statusCode).toBe(200);
    }
    expect((await call('GET', `/api/payables/${inquiryId}`, undefined, owner)).statusCode).toBe(404);
    // The customer's own inquiry: its bookings' money is not theirs to see or touch.
    expect((await call('GET', `/api/inquiries/${inquiryId}/supplier-payments`, undefined, customer)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/api/bookings/${h._id}/cost`, { cost: 1, reason: 'x' }, customer)).statusCode).toBe(403);
    expect((await pay(h._id, 1)).statusCode).toBe(200);
    expect(
      (await call('POST', `/api/bookings/${h._id}/payments`, { amount: 1, mode: 'cash', paidAt: paidAt() }, customer))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/supplier-payments/${paymentId}/reverse`, { reason: 'x' }, customer)).statusCode,
    ).toBe(403);
    expect((await call('POST', `/api/supplier-payments/${inquiryId}/reverse`, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/bookings/${inquiryId}/cost`, { cost: 1, reason: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `/api/inquiries/${h._id}/supplier-payments`)).statusCode).toBe(404);

    const secrets = ['14321.5', '14,321', '7654.5', '7,654', reference, 'Secret deal', 'cheque', 'Himalayan'];
    const link = await t.app.inject({ method: 'GET', url: `/api/supplier-links/${linkOf(h._id)}` });
    expect(link.statusCode).toBe(200);
    expectNothingOfTheAgency(link.body, secrets);
    const trip = await t.app.inject({ method: 'GET', url: `/api/trips/${tripToken}` });
    expect(trip.statusCode).toBe(200);
    expectNothingOfTheAgency(trip.body, secrets);
    const own = await call('GET', `/api/inquiries/${inquiryId}`, undefined, customer);
    expect(own.statusCode).toBe(200);
    // D24: the customer's own inquiry names its handler, but no cost, profit or supplier payment.
    expect(own.json()).not.toHaveProperty('profit');
    const events = await call('GET', `/api/inquiries/${inquiryId}/events`, undefined, customer);
    for (const secret of secrets) {
      expect(own.body, secret).not.toContain(secret);
      expect(events.body, secret).not.toContain(secret);
    }
  });
});
