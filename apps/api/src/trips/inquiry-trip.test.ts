// D30 × D5 through HTTP on both engines: a signed-in Customer reaches their trip through their own inquiry (the
// token is stored only as a hash) with the same answers and rules as the link; another customer's inquiry is 404
// and gives nothing away; the back office may read it but not answer for the customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote, Trip } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createInquiryViaApi } from '../test/inquiry-kit';
import { expectNothingOfTheAgency } from '../test/customer-view-scan';
import { expireSentVersions } from '../test/quote-kit';
import { insertSupplierWithId } from '../test/supplier-kit';

const lines = [
  { kind: 'hotel', description: 'Lake Palace Inn, 3 nights', quantity: 3, unitCost: 6100, unitPrice: 7450 },
  {
    kind: 'cab',
    description: 'Sedan, Udaipur sightseeing',
    supplierId: '0190a000-0000-7000-8000-0000000000c4',
    quantity: 1,
    unitCost: 9300,
    markupPercent: 15,
  },
];

describe.each(testEngines)("a customer's trip through their own inquiry on %s", (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let owner: CreatedUser;
  let customerA: CreatedUser;
  let customerB: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(engine, { SITE_URL: 'https://agency.example' });
    await insertSupplierWithId(t.app.db, '0190a000-0000-7000-8000-0000000000c4');
    staff = await createUser(t, { role: 'Staff', email: 'quoting.staff@example.test' });
    owner = await createUser(t, { role: 'Owner' });
    customerA = await createUser(t, { role: 'Customer', name: 'Meera Pillai' });
    customerB = await createUser(t, { role: 'Customer', name: 'Someone Else' });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: CreatedUser | null, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

  /** An inquiry Customer A sent signed in, assigned to the staff member, with `sends` versions sent. */
  async function quotedInquiryOfA(sends = 1) {
    const inquiry = await createInquiryViaApi(t, { location: 'Udaipur', noOfAdults: 2, noOfKids: 0 }, customerA.token);
    await call('PUT', `/api/inquiries/${inquiry._id}`, staff, { staff: { id: staff.id } });
    const quote = (await call('POST', `/api/inquiries/${inquiry._id}/quotes`, staff)).json<Quote>();
    let url = '';
    for (let n = 1; n <= sends; n++) {
      const put = await call('PUT', `/api/quotes/${quote._id}`, staff, { lines, notes: `Version ${n}` });
      expect(put.statusCode, put.body).toBe(200);
      const sent = await call('POST', `/api/quotes/${quote._id}/send`, staff);
      expect(sent.statusCode, sent.body).toBe(200);
      url ||= String(sent.json().url);
    }
    return { inquiryId: inquiry._id, quoteId: quote._id, token: url.split('/trip/')[1]! };
  }

  const eventsOf = async (inquiryId: string) =>
    (await call('GET', `/api/inquiries/${inquiryId}/events`, staff)).json<
      { type: string; to: string | null; actor: { id: string } | null }[]
    >();

  it('answers the owner of the inquiry what the trip link answers, and counts it as a view', async () => {
    const { inquiryId, token } = await quotedInquiryOfA(2);
    const byLink = await t.app.inject({ method: 'GET', url: `/api/trips/${token}` });
    const mine = await call('GET', `/api/inquiries/${inquiryId}/trip`, customerA);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['cache-control']).toContain('no-store');
    expect(mine.json<Trip>()).toEqual(byLink.json<Trip>());
    expect(mine.json<Trip>().current).toMatchObject({ number: 2, notes: 'Version 2' });
    expect(mine.json<Trip>().earlier.map((v) => [v.number, v.status])).toEqual([[1, 'superseded']]);
    // The back office may look at what the customer sees; only the customer's looks count.
    expect((await call('GET', `/api/inquiries/${inquiryId}/trip`, staff)).json<Trip>()).toEqual(mine.json<Trip>());
    expect((await call('GET', `/api/inquiries/${inquiryId}/trip`, owner)).statusCode).toBe(200);
    const quote = (await call('GET', `/api/inquiries/${inquiryId}/quotes`, staff)).json<Quote[]>()[0]!;
    expect(quote.tripLink!.views).toBe(2);
  });

  it('never carries a cost, margin, supplier or staff e-mail', async () => {
    const { inquiryId } = await quotedInquiryOfA();
    const mine = await call('GET', `/api/inquiries/${inquiryId}/trip`, customerA);
    const staffView = (await call('GET', `/api/inquiries/${inquiryId}/quotes`, staff)).json<Quote[]>()[0]!.versions[0]!;
    expectNothingOfTheAgency(mine.body, [
      staff.email,
      '0190a000-0000-7000-8000-0000000000c4',
      String(staffView.totals.cost),
      String(staffView.totals.margin),
      '6100',
      '9300',
    ]);
  });

  it('carries the confirmed bookings and their vouchers (issue 53) still without a cost, margin or supplier id', async () => {
    const { inquiryId, token } = await quotedInquiryOfA();
    const accepted = await call('POST', `/api/inquiries/${inquiryId}/trip/accept`, customerA, { name: 'Meera Pillai' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [booking] = (await call('POST', `/api/inquiries/${inquiryId}/bookings`, staff)).json<{
      bookings: { _id: string }[];
    }>().bookings;
    const confirmed = await call('POST', `/api/bookings/${booking!._id}/confirm`, staff, {
      confirmationNumber: 'UDR-77',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const staffView = (await call('GET', `/api/inquiries/${inquiryId}/quotes`, staff)).json<Quote[]>()[0]!.versions[0]!;
    for (const res of [
      await call('GET', `/api/inquiries/${inquiryId}/trip`, customerA),
      await t.app.inject({ method: 'GET', url: `/api/trips/${token}` }),
    ]) {
      // The fixture supplier is an activity: listed with its number, no voucher.
      expect(res.json<Trip>().bookings).toEqual([
        expect.objectContaining({ confirmationNumber: 'UDR-77', voucher: null }),
      ]);
      expectNothingOfTheAgency(res.body, [
        staff.email,
        '0190a000-0000-7000-8000-0000000000c4',
        String(staffView.totals.cost),
        String(staffView.totals.margin),
        '6100',
        '9300',
      ]);
    }
  });

  it("answers another customer's inquiry 404 with nothing of it, and lets them change nothing", async () => {
    const { inquiryId } = await quotedInquiryOfA();
    const before = await eventsOf(inquiryId);
    const attempts = [
      await call('GET', `/api/inquiries/${inquiryId}/trip`, customerB),
      await call('POST', `/api/inquiries/${inquiryId}/trip/accept`, customerB, { name: 'Someone Else' }),
      await call('POST', `/api/inquiries/${inquiryId}/trip/changes`, customerB, { message: 'Make it cheaper' }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Inquiry not found' });
      for (const secret of ['Udaipur', 'Meera', 'Lake Palace', 'Version 1', inquiryId]) {
        expect(res.body, secret).not.toContain(secret);
      }
    }
    // Not a quotation's existence either: a made-up id answers the same.
    const madeUp = await call('GET', `/api/inquiries/0190a000-0000-7000-8000-00000000dead/trip`, customerB);
    expect([madeUp.statusCode, madeUp.body]).toEqual([404, attempts[0]!.body]);
    expect(await eventsOf(inquiryId)).toEqual(before);
    const inquiry = (await call('GET', `/api/inquiries/${inquiryId}`, staff)).json();
    expect(inquiry.status).not.toBe('Booking Pending');
  });

  it('asks for a login, and leaves accepting and asking for changes to the customer', async () => {
    const { inquiryId } = await quotedInquiryOfA();
    expect((await call('GET', `/api/inquiries/${inquiryId}/trip`, null)).statusCode).toBe(401);
    expect((await call('POST', `/api/inquiries/${inquiryId}/trip/accept`, null, { name: 'X' })).statusCode).toBe(401);
    for (const who of [staff, owner]) {
      expect((await call('POST', `/api/inquiries/${inquiryId}/trip/accept`, who, { name: 'X' })).statusCode).toBe(403);
      const changes = await call('POST', `/api/inquiries/${inquiryId}/trip/changes`, who, { message: 'X' });
      expect(changes.statusCode).toBe(403);
    }
  });

  it('accepts once, as the link does: Booking Pending, the customer named, then the same answer', async () => {
    const { inquiryId } = await quotedInquiryOfA();
    const accept = () =>
      call('POST', `/api/inquiries/${inquiryId}/trip/accept`, customerA, { name: 'Meera Pillai', version: 1 });
    const first = await accept();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Thank you! Your quotation is accepted. The advance confirms the booking: see Payments below.',
      version: { number: 1, status: 'accepted', acceptedName: 'Meera Pillai' },
    });
    const inquiry = (await call('GET', `/api/inquiries/${inquiryId}`, staff)).json();
    const version = (await call('GET', `/api/inquiries/${inquiryId}/quotes`, staff)).json<Quote[]>()[0]!.versions[0]!;
    expect(inquiry).toMatchObject({ status: 'Booking Pending', tpc: version.totals.total });
    // The timeline names the account that accepted.
    const events = await eventsOf(inquiryId);
    expect(events.find((e) => e.to?.startsWith('Quotation version 1 accepted by Meera Pillai ('))?.actor?.id).toBe(
      customerA.id,
    );
    const count = events.length;
    expect((await accept()).statusCode).toBe(200);
    expect(await eventsOf(inquiryId)).toHaveLength(count);
    // The page shows it the same way through the link.
    const mine = (await call('GET', `/api/inquiries/${inquiryId}/trip`, customerA)).json<Trip>();
    expect(mine.current).toMatchObject({ status: 'accepted', acceptedName: 'Meera Pillai' });
  });

  it('answers a superseded version 409 and an expired one 410, with their messages', async () => {
    const { inquiryId, quoteId } = await quotedInquiryOfA(2);
    const old = await call('POST', `/api/inquiries/${inquiryId}/trip/accept`, customerA, { name: 'M', version: 1 });
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe(
      'This quotation has been replaced by a newer version. Please review the latest version.',
    );
    await expireSentVersions(t.app.db, quoteId);
    const late = await call('POST', `/api/inquiries/${inquiryId}/trip/accept`, customerA, { name: 'M' });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('This quotation has expired. Please ask us for an updated quotation.');
    // A name is still required, before anything else.
    const blank = await call('POST', `/api/inquiries/${inquiryId}/trip/accept`, customerA, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name).toBe('Please type your name to accept the quotation');
  });

  it("keeps a change request in the inquiry's timeline under the customer's account, and refuses an empty one", async () => {
    const { inquiryId } = await quotedInquiryOfA();
    const empty = await call('POST', `/api/inquiries/${inquiryId}/trip/changes`, customerA, { message: '  ' });
    expect(empty.statusCode).toBe(400);
    const asked = await call('POST', `/api/inquiries/${inquiryId}/trip/changes`, customerA, {
      message: 'Could we add a day in Mount Abu?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({
      message: 'Thank you! We have your message and will send you an updated quotation.',
      version: null,
    });
    const note = (await eventsOf(inquiryId))[0]!;
    expect(note).toMatchObject({ to: 'Changes asked for: Could we add a day in Mount Abu?' });
    expect(note.actor?.id).toBe(customerA.id);
  });

  it('answers an inquiry without a sent quotation with no current version', async () => {
    const inquiry = await createInquiryViaApi(t, { location: 'Coorg' }, customerA.token);
    const mine = await call('GET', `/api/inquiries/${inquiry._id}/trip`, customerA);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Trip>()).toMatchObject({ current: null, earlier: [], trip: { destination: 'Coorg' } });
    const accept = await call('POST', `/api/inquiries/${inquiry._id}/trip/accept`, customerA, { name: 'Meera' });
    expect(accept.statusCode).toBe(404);
    expect(accept.json().message).toBe('Your quotation is not ready yet. We will let you know when it is.');
  });
});
