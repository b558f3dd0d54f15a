// D31 through HTTP on both engines: acceptance makes the schedule (once), staff reshape it (the sum must hold), the
// trip page shows it with the one UPI URI and no cost, the customer claims with a UTR (wrong token 404, a UTR used
// once), staff verify or record (receipts numbered in a row, read back with pdftotext) and reverse (a new entry;
// nothing disappears), `advance` follows the ledger, and reminders go once each (a fixed clock).
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_MESSAGES,
  formatRupees,
  fromKolkataLocal,
  indianFinancialYear,
  kolkataDate,
  upiPayUri,
  type InquiryPayments,
  type Payment,
  type Quote,
  type Trip,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createInquiryViaApi } from '../test/inquiry-kit';
import { expectNothingOfTheAgency } from '../test/customer-view-scan';
import { paymentContextOf } from './payment-context';
import { sendDueReminders } from './payment-reminders';
import { allMigrations } from '../db/migrations';

const UPI_ID = 'safarnama.tours@okaxis';
const lines = [
  { kind: 'hotel', description: 'Lake Palace Inn, 3 nights', quantity: 3, unitCost: 6100, unitPrice: 7450 },
  { kind: 'cab', description: 'Sedan, Udaipur sightseeing', quantity: 1, unitCost: 9300, markupPercent: 15 },
];
// 3 × 7,450 + 9,300 × 1.15 = 33,045; 40 % = 13,218.
const TOTAL = 33_045;
const ADVANCE = 13_218;

function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], (err, stdout) =>
      err ? reject(err) : resolve(stdout.replace(/[ \t]+/g, ' ')),
    );
    child.stdin!.end(pdf);
  });
}

const daysFromNow = (days: number) => kolkataDate(Date.now() + days * 86_400_000);

describe.each(testEngines)('D31 payments on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let owner: CreatedUser;
  let customer: CreatedUser;
  let other: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      SITE_URL: 'https://agency.example',
      SITE_UPI_ID: UPI_ID,
      SITE_NAME: 'Safar Nama',
    });
    staff = await createUser(t, { role: 'Staff', email: 'payments.staff@example.test' });
    owner = await createUser(t, { role: 'Owner' });
    customer = await createUser(t, { role: 'Customer', name: 'Meera Pillai' });
    other = await createUser(t, { role: 'Customer', name: 'Someone Else' });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: CreatedUser | null, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

  /** A sent quotation on the customer's inquiry (travelling in 60 days), its trip token and inquiry id. */
  async function quotedInquiry(travelInDays = 60) {
    const inquiry = await createInquiryViaApi(t, { location: 'Udaipur', noOfAdults: 2, noOfKids: 0 }, customer.token);
    const put = await call('PUT', `/api/inquiries/${inquiry._id}`, staff, {
      staff: { id: staff.id },
      travelDate: daysFromNow(travelInDays),
    });
    expect(put.statusCode, put.body).toBe(200);
    const quote = (await call('POST', `/api/inquiries/${inquiry._id}/quotes`, staff)).json<Quote>();
    expect((await call('PUT', `/api/quotes/${quote._id}`, staff, { lines })).statusCode).toBe(200);
    const sent = await call('POST', `/api/quotes/${quote._id}/send`, staff);
    expect(sent.statusCode, sent.body).toBe(200);
    return { inquiryId: inquiry._id, token: String(sent.json().url).split('/trip/')[1]! };
  }

  async function acceptedInquiry(travelInDays = 60) {
    const q = await quotedInquiry(travelInDays);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${q.token}/accept`,
      payload: { name: 'Meera' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return q;
  }

  const paymentsOf = async (inquiryId: string, who: CreatedUser = staff) => {
    const res = await call('GET', `/api/inquiries/${inquiryId}/payments`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InquiryPayments>();
  };
  const tripOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/trips/${token}` })).json<Trip>();
  const inquiryOf = async (id: string) =>
    (await call('GET', `/api/inquiries/${id}`, staff)).json<{
      advance: number;
      pendingAmount: number;
      status: string;
    }>();
  const outbox = (kind: string) =>
    t.app.db
      .selectFrom('notification_outbox')
      .selectAll()
      .where('kind', '=', kind as 'payment_receipt')
      .execute();
  const claim = (token: string, instalmentId: string, utr: string) =>
    t.app.inject({ method: 'POST', url: `/api/trips/${token}/instalments/${instalmentId}/claim`, payload: { utr } });

  it('makes the schedule at acceptance, once: the advance now, the balance a day before travel', async () => {
    const { inquiryId, token } = await acceptedInquiry(60);
    const p = await paymentsOf(inquiryId);
    expect(p.total).toBe(TOTAL);
    expect(p.instalments.map((i) => [i.number, i.amount, i.dueDate, i.status])).toEqual([
      [1, ADVANCE, kolkataDate(Date.now()), 'due'],
      [2, TOTAL - ADVANCE, daysFromNow(59), 'due'],
    ]);
    expect(p.instalments.reduce((s, i) => s + i.amount, 0)).toBe(TOTAL);
    expect(p.payments).toEqual([]);
    // Accepting again answers the acceptance and makes nothing new.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/trips/${token}/accept`, payload: { name: 'Meera' } }))
        .statusCode,
    ).toBe(200);
    expect((await paymentsOf(inquiryId)).instalments).toHaveLength(2);
  });

  it('shows the trip page each instalment with the one UPI URI, and no cost anywhere', async () => {
    const { token } = await acceptedInquiry(60);
    const res = await t.app.inject({ method: 'GET', url: `/api/trips/${token}` });
    expectNothingOfTheAgency(res.body, [staff.email, '6,100', '6100', '9300']);
    const trip = res.json<Trip>();
    const [advance, balance] = trip.payments!.instalments;
    expect(advance!.upiUri).toBe(
      upiPayUri({
        pa: UPI_ID,
        pn: 'Safar Nama',
        amountPaise: ADVANCE * 100,
        note: `Udaipur trip ${advance!.reference}`,
        reference: advance!.reference,
      }),
    );
    expect(advance!.upiUri).toContain('am=13218.00&cu=INR');
    expect(advance!.reference).toMatch(/^Q-\d{8}-[0-9A-F]{6}-1$/);
    expect(balance!.reference).toMatch(/-2$/);
    expect(trip.payments!.payTo).toMatchObject({ upiId: UPI_ID, bank: null });
    expect(trip.payments!.receipts).toEqual([]);
  });

  it('takes a claim with a UTR, mails the handler, and refuses wrong tokens, bad and reused UTRs', async () => {
    const { inquiryId, token } = await acceptedInquiry();
    const second = await acceptedInquiry();
    const [advance, balance] = (await paymentsOf(inquiryId)).instalments;
    const otherTrip = (await paymentsOf(second.inquiryId)).instalments[0]!;

    expect((await claim(`${token}x`, advance!._id, '413244427799')).statusCode).toBe(404);
    expect((await claim(token, otherTrip._id, '413244427799')).statusCode).toBe(404);
    const bad = await claim(token, advance!._id, '4132-4442');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(PAYMENT_MESSAGES.utrInvalid);

    const ok = await claim(token, advance!._id, '4132 4442 7799');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      message: PAYMENT_MESSAGES.claimReceived,
      instalment: { status: 'claimed', upiUri: null },
    });
    expect((await claim(token, advance!._id, '999988887777')).json().message).toBe(PAYMENT_MESSAGES.alreadyClaimed);
    const reused = await claim(token, balance!._id, '413244427799');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(PAYMENT_MESSAGES.duplicateReference);
    // The same UTR on another trip too.
    expect((await claim(second.token, otherTrip._id, '413244427799')).statusCode).toBe(409);

    const mails = (await outbox('payment_claimed')).filter((m) => m.text_body.includes('413244427799'));
    expect(mails.map((m) => m.recipient)).toEqual([staff.email]);
    const ledger = (await paymentsOf(inquiryId)).payments!;
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      state: 'claimed',
      amount: ADVANCE,
      reference: '413244427799',
      receiptNumber: null,
    });
    // A claim is not money yet.
    expect((await inquiryOf(inquiryId)).advance).toBe(0);
  });

  it('frees a reversed claim’s UTR for the real claim, and a UTR claimed twice at once is taken once', async () => {
    const { inquiryId, token } = await acceptedInquiry();
    const [advance, balance] = (await paymentsOf(inquiryId)).instalments;
    expect((await claim(token, advance!._id, '200000000001')).statusCode).toBe(200);
    const mistaken = (await paymentsOf(inquiryId)).payments![0]!;
    // Still used while the claim stands, on this trip and any other.
    expect((await claim(token, balance!._id, '200000000001')).json().message).toBe(PAYMENT_MESSAGES.duplicateReference);
    const reversed = await call('POST', `/api/payments/${mistaken._id}/reverse`, staff, {
      reason: 'Claimed by mistake',
    });
    expect(reversed.statusCode, reversed.body).toBe(201);

    // The customer enters the same UTR again: the reversed entry no longer holds it, and keeps it in the ledger.
    const again = await claim(token, advance!._id, '2000 0000 0001');
    expect(again.statusCode, again.body).toBe(200);
    const ledger = (await paymentsOf(inquiryId)).payments!;
    expect(ledger.map((e) => [e.kind, e.state, e.reference])).toEqual([
      ['payment', 'claimed', '200000000001'],
      ['reversal', 'reversed', null],
      ['payment', 'reversed', '200000000001'],
    ]);
    // Staff recording it by hand now is refused: the new claim holds it.
    const byHand = await call('POST', `/api/inquiries/${inquiryId}/payments`, staff, {
      amount: 1,
      mode: 'upi',
      reference: '200000000001',
      receivedAt: new Date().toISOString(),
    });
    expect(byHand.statusCode).toBe(409);

    // The attack: one UTR claimed on two trips at the same moment yields one claim.
    const first = await acceptedInquiry();
    const second = await acceptedInquiry();
    const [a] = (await paymentsOf(first.inquiryId)).instalments;
    const [b] = (await paymentsOf(second.inquiryId)).instalments;
    const answers = await Promise.all([
      claim(first.token, a!._id, '300000000003'),
      claim(second.token, b!._id, '300000000003'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(PAYMENT_MESSAGES.duplicateReference);
    const holders = await t.app.db
      .selectFrom('payments')
      .select('id')
      .where('reference', '=', '300000000003')
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('verifies a claim with the amount that arrived, numbers its receipt and mails it; advance follows', async () => {
    const { inquiryId, token } = await acceptedInquiry();
    const [advance] = (await paymentsOf(inquiryId)).instalments;
    expect((await claim(token, advance!._id, '100000000001')).statusCode).toBe(200);
    const claimed = (await paymentsOf(inquiryId)).payments![0]!;
    expect((await call('POST', `/api/payments/${claimed._id}/verify`, customer, {})).statusCode).toBe(403);
    const verified = await call('POST', `/api/payments/${claimed._id}/verify`, staff, { amount: 13_000 });
    expect(verified.statusCode, verified.body).toBe(200);
    const payment = verified.json<{ payment: Payment }>().payment;
    expect(payment).toMatchObject({
      state: 'verified',
      amount: 13_000,
      claimedAmount: ADVANCE,
      verifiedBy: staff.name,
    });
    expect(payment.receiptNumber).toMatch(new RegExp(`^RCT/${indianFinancialYear(Date.now())}/\\d{4}$`));
    expect((await call('POST', `/api/payments/${claimed._id}/verify`, staff, {})).statusCode).toBe(409);

    const inquiry = await inquiryOf(inquiryId);
    expect(inquiry).toMatchObject({ advance: 13_000, pendingAmount: TOTAL - 13_000, status: 'Booking Pending' });
    const p = await paymentsOf(inquiryId);
    expect(p.instalments.map((i) => [i.paid, i.status])).toEqual([
      [13_000, 'due'],
      [0, 'due'],
    ]);
    const receipts = (await outbox('payment_receipt')).filter((m) => m.text_body.includes(payment.receiptNumber!));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text_body).toContain(formatRupees(13_000));
    // The trip page lists it.
    expect((await tripOf(token)).payments!.receipts).toEqual([
      expect.objectContaining({ _id: payment._id, number: payment.receiptNumber, amount: 13_000, reversed: false }),
    ]);
  });

  it('records payments with consecutive receipts, refuses a used reference, and reverses without deleting', async () => {
    const { inquiryId, token } = await acceptedInquiry();
    const record = (body: object) => call('POST', `/api/inquiries/${inquiryId}/payments`, staff, body);
    const receivedAt = new Date().toISOString();
    const cash = await record({ amount: 5_000, mode: 'cash', receivedAt });
    expect(cash.statusCode, cash.body).toBe(201);
    const bank = await record({ amount: 8_218, mode: 'bank', reference: 'neft 778899', receivedAt });
    expect(bank.statusCode, bank.body).toBe(201);
    const [a, b] = [cash.json<{ payment: Payment }>().payment, bank.json<{ payment: Payment }>().payment];
    const seq = (n: string) => Number(n.split('/')[2]);
    expect(seq(b.receiptNumber!)).toBe(seq(a.receiptNumber!) + 1);
    expect(b.reference).toBe('NEFT778899');

    const again = await record({ amount: 1, mode: 'bank', reference: 'NEFT 778899', receivedAt });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MESSAGES.duplicateReference);
    expect((await record({ amount: 1, mode: 'cheque', receivedAt })).json().errors.reference).toBe(
      PAYMENT_MESSAGES.referenceRequired,
    );
    expect((await record({ amount: 0, mode: 'cash', receivedAt })).statusCode).toBe(400);
    expect((await record({ amount: 1, mode: 'barter', receivedAt })).statusCode).toBe(400);

    let p = await paymentsOf(inquiryId);
    expect(p.instalments[0]!.status).toBe('paid');
    expect((await inquiryOf(inquiryId)).advance).toBe(ADVANCE);

    // A mistake is reversed with a reason: a new entry, the payment and its receipt stay.
    const noReason = await call('POST', `/api/payments/${b._id}/reverse`, staff, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const reversed = await call('POST', `/api/payments/${b._id}/reverse`, staff, { reason: 'Bounced transfer' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const reversal = reversed.json<{ payment: Payment }>().payment;
    expect(reversal).toMatchObject({ kind: 'reversal', reversalOf: b._id, amount: 8_218, reason: 'Bounced transfer' });
    expect((await call('POST', `/api/payments/${b._id}/reverse`, staff, { reason: 'again' })).json().message).toBe(
      PAYMENT_MESSAGES.alreadyReversed,
    );
    expect((await call('POST', `/api/payments/${reversal._id}/reverse`, owner, { reason: 'x' })).statusCode).toBe(409);
    p = await paymentsOf(inquiryId);
    expect(p.payments!.map((e) => [e.kind, e.state])).toEqual([
      ['reversal', 'reversed'],
      ['payment', 'reversed'],
      ['payment', 'verified'],
    ]);
    expect(p.paid).toBe(5_000);
    expect(await inquiryOf(inquiryId)).toMatchObject({ advance: 5_000, pendingAmount: TOTAL - 5_000 });
    expect((await tripOf(token)).payments!.receipts.map((r) => r.reversed)).toEqual([false, true]);

    // The receipt PDF is the same paper after the reversal, for staff and through the trip link.
    const staffPdf = await call('GET', `/api/payments/${b._id}/receipt.pdf`, staff);
    expect(staffPdf.statusCode).toBe(200);
    expect(staffPdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(staffPdf.rawPayload);
    expect(text).toContain(b.receiptNumber!);
    expect(text).toContain(formatRupees(8_218));
    expect(text).toContain('Bank transfer');
    expect(text).toContain('NEFT778899');
    const tripPdf = await t.app.inject({ method: 'GET', url: `/api/trips/${token}/receipts/${b._id}.pdf` });
    expect(tripPdf.statusCode).toBe(200);
    expect(await pdfText(tripPdf.rawPayload)).toContain(b.receiptNumber!);
    expect((await t.app.inject({ method: 'GET', url: `/api/trips/${token}x/receipts/${b._id}.pdf` })).statusCode).toBe(
      404,
    );
    const second = await acceptedInquiry();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/trips/${second.token}/receipts/${b._id}.pdf` })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/payments/${reversal._id}/receipt.pdf`, staff)).statusCode).toBe(404);
  });

  it('keeps an issued receipt as printed when the inquiry is edited later (verified claim and recorded payment)', async () => {
    const { inquiryId, token } = await acceptedInquiry();
    const [advance] = (await paymentsOf(inquiryId)).instalments;
    expect((await claim(token, advance!._id, '100000000032')).statusCode).toBe(200);
    const claimed = (await paymentsOf(inquiryId)).payments![0]!;
    const verified = await call('POST', `/api/payments/${claimed._id}/verify`, staff, {});
    expect(verified.statusCode, verified.body).toBe(200);
    const recorded = await call('POST', `/api/inquiries/${inquiryId}/payments`, staff, {
      amount: 1_000,
      mode: 'cash',
      receivedAt: new Date().toISOString(),
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const ids = [verified, recorded].map((r) => r.json<{ payment: Payment }>().payment._id);
    const texts = async () =>
      Promise.all(
        ids.flatMap((id) => [
          call('GET', `/api/payments/${id}/receipt.pdf`, staff).then((r) => pdfText(r.rawPayload)),
          t.app
            .inject({ method: 'GET', url: `/api/trips/${token}/receipts/${id}.pdf` })
            .then((r) => pdfText(r.rawPayload)),
        ]),
      );
    const before = await texts();
    expect(before[0]).toContain('Udaipur');

    // The attack: the inquiry's customer and destination are edited after the receipts were issued.
    const edit = await call('PUT', `/api/inquiries/${inquiryId}`, staff, {
      customer: { name: 'Someone Renamed' },
      location: 'Shimla',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await texts();
    expect(after).toEqual(before);
    for (const text of after) {
      expect(text).not.toContain('Someone Renamed');
      expect(text).not.toContain('Shimla');
    }
  });

  it('keeps the receipts issued before migration 032 from the inquiry as it stood (the backfill)', async () => {
    const { inquiryId } = await acceptedInquiry();
    const recorded = await call('POST', `/api/inquiries/${inquiryId}/payments`, staff, {
      amount: 2_500,
      mode: 'cheque',
      reference: 'CHQ 032032',
      receivedAt: new Date().toISOString(),
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const payment = recorded.json<{ payment: Payment }>().payment;
    const kept = async () =>
      (await t.app.db.selectFrom('payments').select('receipt_paper').where('id', '=', payment._id).executeTakeFirst())!
        .receipt_paper;
    const issued = JSON.parse((await kept())!) as Record<string, unknown>;
    // The migration run again over this ledger: its columns dropped and made anew from the rows as they stand.
    const migration = allMigrations(engine)['032-mail-papers']!;
    await migration.down!(t.app.db);
    await migration.up(t.app.db);
    const backfilled = JSON.parse((await kept())!) as Record<string, unknown>;
    expect(backfilled).toEqual({ ...issued, agency: null });
    const text = await pdfText((await call('GET', `/api/payments/${payment._id}/receipt.pdf`, staff)).rawPayload);
    expect(text).toContain(payment.receiptNumber!);
    expect(text).toContain('CHQ032032');
    expect(text).toContain('Safar Nama');
  });

  it('moves a status before Advance Received to it on the first verified payment, with an event', async () => {
    const inquiry = await createInquiryViaApi(t, { location: 'Goa' });
    await call('PUT', `/api/inquiries/${inquiry._id}`, staff, { tpc: 20_000 });
    const res = await call('POST', `/api/inquiries/${inquiry._id}/payments`, owner, {
      amount: 8_000,
      mode: 'upi',
      reference: '555566667777',
      receivedAt: new Date().toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await inquiryOf(inquiry._id)).toMatchObject({
      status: 'Advance Received',
      advance: 8_000,
      pendingAmount: 12_000,
    });
    const events = (await call('GET', `/api/inquiries/${inquiry._id}/events`, staff)).json<
      { type: string; from: string; to: string }[]
    >();
    expect(events).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'status', from: 'New', to: 'Advance Received' })]),
    );
    // The advance is the ledger's now: typing another is refused, sending back the same is fine.
    const typed = await call('PUT', `/api/inquiries/${inquiry._id}`, staff, { advance: 9_000 });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe(PAYMENT_MESSAGES.moneyFieldsDerived);
    expect(
      (await call('PUT', `/api/inquiries/${inquiry._id}`, staff, { advance: 8_000, location: 'North Goa' })).statusCode,
    ).toBe(200);
  });

  it('lets staff reshape the schedule while it sums to the total', async () => {
    const { inquiryId } = await acceptedInquiry();
    const before = (await paymentsOf(inquiryId)).instalments;
    const reshape = (instalments: object[]) =>
      call('PUT', `/api/inquiries/${inquiryId}/instalments`, staff, { instalments });
    const wrong = await reshape([{ amount: 10_000, dueDate: daysFromNow(1) }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PAYMENT_MESSAGES.scheduleSum(formatRupees(10_000), formatRupees(TOTAL)));
    expect((await reshape([{ amount: TOTAL, dueDate: '2026-02-30' }])).statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/inquiries/${inquiryId}/instalments`, customer, { instalments: [] })).statusCode,
    ).toBe(403);
    const ok = await reshape([
      { amount: 3_045, dueDate: daysFromNow(30) },
      { amount: 10_000, dueDate: daysFromNow(0) },
      { amount: 20_000, dueDate: daysFromNow(50) },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = ok.json<InquiryPayments>().instalments;
    expect(after.map((i) => [i.number, i.amount, i.dueDate])).toEqual([
      [1, 10_000, daysFromNow(0)],
      [2, 3_045, daysFromNow(30)],
      [3, 20_000, daysFromNow(50)],
    ]);
    // Positions keep their instalment and reference.
    expect(after.slice(0, 2).map((i) => [i._id, i.reference])).toEqual(before.map((i) => [i._id, i.reference]));
  });

  it('lets the Customer read their own schedule without the ledger, and nobody else', async () => {
    const { inquiryId } = await acceptedInquiry();
    const mine = await paymentsOf(inquiryId, customer);
    expect(mine.payments).toBeNull();
    expect(mine.instalments).toHaveLength(2);
    expect((await call('GET', `/api/inquiries/${inquiryId}/payments`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/inquiries/${inquiryId}/payments`, null)).statusCode).toBe(401);
    expect(
      (
        await call('POST', `/api/inquiries/${inquiryId}/payments`, customer, {
          amount: 1,
          mode: 'cash',
          receivedAt: new Date().toISOString(),
        })
      ).statusCode,
    ).toBe(403);
    // The signed-in customer's claim route.
    const [advance] = mine.instalments;
    const claimed = await call('POST', `/api/inquiries/${inquiryId}/trip/instalments/${advance!._id}/claim`, customer, {
      utr: '222233334444',
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(
      (
        await call('POST', `/api/inquiries/${inquiryId}/trip/instalments/${advance!._id}/claim`, other, {
          utr: '222233334445',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/inquiries/${inquiryId}/trip/instalments/${advance!._id}/claim`, staff, {
          utr: '222233334445',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('sends each reminder once: 3 days before, on and the day after, never once paid or for a Completed trip', async () => {
    const ctx = paymentContextOf(t.app);
    const { inquiryId } = await acceptedInquiry();
    const done = await acceptedInquiry();
    const dates = [
      { amount: 13_045, dueDate: '2031-05-10' },
      { amount: 20_000, dueDate: '2031-06-10' },
    ];
    for (const id of [inquiryId, done.inquiryId]) {
      expect((await call('PUT', `/api/inquiries/${id}/instalments`, staff, { instalments: dates })).statusCode).toBe(
        200,
      );
    }
    expect((await call('PUT', `/api/inquiries/${done.inquiryId}`, staff, { status: 'Completed' })).statusCode).toBe(
      200,
    );
    const [first, second] = (await paymentsOf(inquiryId)).instalments;
    const sentFor = async (instalmentId: string) =>
      (await outbox('payment_reminder'))
        .filter((m) => m.dedupe_key.includes(instalmentId))
        .map((m) => m.dedupe_key.split(':').pop());
    const at = (local: string) => fromKolkataLocal(local);

    await sendDueReminders(ctx, at('2031-05-06T09:00'));
    expect(await sentFor(first!._id)).toEqual([]);
    await sendDueReminders(ctx, at('2031-05-07T09:00'));
    await sendDueReminders(ctx, at('2031-05-07T10:00'));
    await sendDueReminders(ctx, at('2031-05-08T09:00'));
    expect(await sentFor(first!._id)).toEqual(['before']);
    await sendDueReminders(ctx, at('2031-05-10T00:30'));
    await sendDueReminders(ctx, at('2031-05-10T23:30'));
    await sendDueReminders(ctx, at('2031-05-11T09:00'));
    await sendDueReminders(ctx, at('2031-05-12T09:00'));
    expect((await sentFor(first!._id)).sort()).toEqual(['after', 'before', 'on']);
    // Nothing for the Completed inquiry.
    const doneFirst = (await paymentsOf(done.inquiryId)).instalments[0]!;
    expect(await sentFor(doneFirst._id)).toEqual([]);

    // The second instalment paid before its reminders: none.
    const paid = await call('POST', `/api/inquiries/${inquiryId}/payments`, staff, {
      amount: TOTAL,
      mode: 'cash',
      receivedAt: new Date().toISOString(),
    });
    expect(paid.statusCode).toBe(201);
    for (const day of ['2031-06-07', '2031-06-10', '2031-06-11']) await sendDueReminders(ctx, at(`${day}T09:00`));
    expect(await sentFor(second!._id)).toEqual([]);
  });
});
