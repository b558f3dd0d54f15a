// D33 booking requests through HTTP on both engines: bookings built from the accepted version's lines (one per
// supplier, its cost from the lines), the supplier link's secrecy (wrong, used, expired; only a hash stored; nothing
// of prices, margins or other bookings), confirm and decline once, a confirmation recorded by staff, the timeline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_MAIL_TEXT,
  BOOKING_MESSAGES,
  type BookingList,
  type InquiryEvent,
  type Quote,
  type Supplier,
  type SupplierRequest,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createInquiryViaApi } from '../test/inquiry-kit';
import { expectNothingOfTheAgency } from '../test/customer-view-scan';
import { createSupplierViaApi } from '../test/supplier-kit';
import { hashTripToken } from '../trips/trip-token';

describe.each(testEngines)('booking requests on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let owner: CreatedUser;
  let customer: CreatedUser;
  let hotel: Supplier;
  let cab: Supplier;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: CreatedUser | null = staff) =>
    t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });
  const tokenOf = (url: string) => url.split('/supplier/')[1]!;

  beforeAll(async () => {
    t = await createTestApp(engine, { SITE_URL: 'https://agency.example' });
    staff = await createUser(t, { role: 'Staff', name: 'Kavya Rao' });
    owner = await createUser(t, { role: 'Owner', name: 'Arjun Mehta' });
    customer = await createUser(t, { role: 'Customer' });
    hotel = await createSupplierViaApi(t.app, staff.token, { name: 'Snow Valley Resort', phone: '98160 12345' });
    cab = await createSupplierViaApi(t.app, staff.token, {
      kind: 'cab',
      name: 'Himalayan Wheels',
      phone: '',
      email: 'ops@wheels.example',
    });
  });
  afterAll(async () => t?.close());

  /** An inquiry travelling on `travelDate` whose quotation the customer accepted. */
  async function acceptedInquiry(travelDate = '2099-05-10', accept = true, handler: CreatedUser | null = null) {
    const inquiry = await createInquiryViaApi(t, { noOfAdults: 2, noOfKids: 1, name: 'Meera Pillai' });
    const assigned = await call('PUT', `/api/inquiries/${inquiry._id}`, {
      travelDate,
      ...(handler ? { staff: { id: handler.id } } : {}),
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const quote = (await call('POST', `/api/inquiries/${inquiry._id}/quotes`)).json<Quote>();
    const lines = [
      {
        kind: 'hotel',
        description: 'Deluxe room, 3 nights',
        supplierId: hotel._id,
        quantity: 3,
        unitCost: 4000,
        unitPrice: 5200,
      },
      {
        kind: 'hotel',
        description: 'Extra bed, 3 nights',
        supplierId: hotel._id,
        quantity: 3,
        unitCost: 1500.5,
        unitPrice: 2000,
      },
      {
        kind: 'cab',
        description: 'Innova, Delhi–Manali–Delhi',
        supplierId: cab._id,
        quantity: 1,
        unitCost: 18000,
        markupPercent: 12,
      },
      { kind: 'activity', description: 'Paragliding', quantity: 3, unitCost: 2500, unitPrice: 3100 },
    ];
    expect((await call('PUT', `/api/quotes/${quote._id}`, { lines })).statusCode).toBe(200);
    const url = String((await call('POST', `/api/quotes/${quote._id}/send`)).json().url);
    if (accept) {
      const accepted = await t.app.inject({
        method: 'POST',
        url: `/api/trips/${url.split('/trip/')[1]}/accept`,
        payload: { name: 'Meera Pillai' },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    return inquiry._id;
  }
  const request = (inquiryId: string) => call('POST', `/api/inquiries/${inquiryId}/bookings`);
  const notes = async (inquiryId: string) =>
    (await call('GET', `/api/inquiries/${inquiryId}/events`))
      .json<InquiryEvent[]>()
      .filter((e) => e.type === 'note')
      .map((e) => [e.actor?.name ?? null, e.to]);

  it('waits for an acceptance, then makes one booking per supplier from its lines, sent once', async () => {
    const early = await acceptedInquiry('2099-05-10', false);
    const refused = await request(early);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BOOKING_MESSAGES.notAccepted);

    const inquiryId = await acceptedInquiry();
    const first = await request(inquiryId);
    expect(first.statusCode, first.body).toBe(200);
    const list = first.json<BookingList>();
    expect(list.bookings.map((b) => [b.supplier.name, b.status, b.cost, b.lines.map((l) => l.description)])).toEqual([
      ['Snow Valley Resort', 'requested', 3 * 4000 + 3 * 1500.5, ['Deluxe room, 3 nights', 'Extra bed, 3 nights']],
      ['Himalayan Wheels', 'requested', 18000, ['Innova, Delhi–Manali–Delhi']],
    ]);
    expect(list.allConfirmed).toBe(false);
    expect(list.sent).toHaveLength(2);
    for (const s of list.sent) expect(s.url).toMatch(/^https:\/\/agency\.example\/supplier\/[A-Za-z0-9_-]{43}$/);
    const [hotelLink, cabLink] = list.sent;
    expect(hotelLink!.whatsappUrl).toMatch(/^https:\/\/wa\.me\/919816012345\?text=/);
    expect(decodeURIComponent(hotelLink!.whatsappUrl!)).toContain(hotelLink!.url);
    expect(cabLink!.whatsappUrl).toBeNull();
    // Only the hashes are kept.
    const stored = await t.app.db.selectFrom('supplier_links').select('token_hash').execute();
    for (const s of list.sent) {
      expect(stored.map((r) => r.token_hash)).toContain(hashTripToken(tokenOf(s.url)));
      expect(JSON.stringify(stored)).not.toContain(tokenOf(s.url));
    }
    // A second call sends nothing again and makes no second booking.
    const again = (await request(inquiryId)).json<BookingList>();
    expect(again.sent).toEqual([]);
    expect(again.bookings.map((b) => b._id)).toEqual(list.bookings.map((b) => b._id));
    expect(await notes(inquiryId)).toEqual(
      expect.arrayContaining([
        ['Kavya Rao', 'Booking request sent to Snow Valley Resort'],
        ['Kavya Rao', 'Booking request sent to Himalayan Wheels'],
      ]),
    );
  });

  it('shows a supplier only its own request, without a price, and answers a wrong token 404', async () => {
    const inquiryId = await acceptedInquiry();
    const { sent } = (await request(inquiryId)).json<BookingList>();
    const res = await t.app.inject({ method: 'GET', url: `/api/supplier-links/${tokenOf(sent[0]!.url)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json<SupplierRequest>()).toMatchObject({
      addressedTo: 'Snow Valley Resort',
      travellerName: 'Meera Pillai',
      adults: 2,
      kids: 1,
      travelDate: '2099-05-10',
      status: 'requested',
      lines: [
        { kind: 'hotel', description: 'Deluxe room, 3 nights', quantity: 3 },
        { kind: 'hotel', description: 'Extra bed, 3 nights', quantity: 3 },
      ],
    });
    expectNothingOfTheAgency(res.body, [
      '4000',
      '1500',
      '5200',
      '16501',
      'Himalayan',
      'Innova',
      'Paragliding',
      staff.email,
      cab._id,
    ]);
    for (const token of [
      'x'.repeat(43),
      tokenOf(sent[0]!.url).replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      'short',
    ]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/supplier-links/${token}` })).statusCode).toBe(404);
      const post = await t.app.inject({
        method: 'POST',
        url: `/api/supplier-links/${token}`,
        payload: { action: 'confirm', confirmationNumber: 'X1' },
      });
      expect(post.statusCode).toBe(404);
      expect(post.json().message).toBe(BOOKING_MESSAGES.linkNotFound);
    }
  });

  it('takes one answer per link: confirm with a number or decline with a reason; a used link changes nothing', async () => {
    const inquiryId = await acceptedInquiry();
    const { sent } = (await request(inquiryId)).json<BookingList>();
    const answer = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/supplier-links/${tokenOf(url)}`, payload });
    const missing = await answer(sent[0]!.url, { action: 'confirm' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ confirmationNumber: BOOKING_MESSAGES.confirmationRequired });
    expect((await answer(sent[1]!.url, { action: 'decline', reason: ' ' })).json().errors).toEqual({
      reason: BOOKING_MESSAGES.reasonRequired,
    });

    const confirmed = await answer(sent[0]!.url, { action: 'confirm', confirmationNumber: 'SVR-2291' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: BOOKING_MESSAGES.confirmed,
      request: { status: 'confirmed', confirmationNumber: 'SVR-2291' },
    });
    const before = await t.app.db.selectFrom('supplier_bookings').selectAll().orderBy('id').execute();
    for (const body of [
      { action: 'decline', reason: 'Changed my mind' },
      { action: 'confirm', confirmationNumber: 'OTHER' },
    ]) {
      const used = await answer(sent[0]!.url, body);
      expect(used.statusCode).toBe(409);
      expect(used.json().message).toBe(BOOKING_MESSAGES.alreadyAnswered);
    }
    expect(await t.app.db.selectFrom('supplier_bookings').selectAll().orderBy('id').execute()).toEqual(before);

    const declined = await answer(sent[1]!.url, { action: 'decline', reason: 'No Innova free that week' });
    expect(declined.json().message).toBe(BOOKING_MESSAGES.declined);
    const list = (await call('GET', `/api/inquiries/${inquiryId}/bookings`)).json<BookingList>();
    expect(list.bookings.map((b) => [b.status, b.confirmationNumber, b.declineReason, b.answeredBy])).toEqual([
      ['confirmed', 'SVR-2291', null, 'supplier'],
      ['declined', null, 'No Innova free that week', 'supplier'],
    ]);
    expect(list.allConfirmed).toBe(false);
    expect(await notes(inquiryId)).toEqual(
      expect.arrayContaining([
        // The supplier has no account: the timeline answers it as no actor, its name in the text.
        [null, 'Snow Valley Resort confirmed the booking (no. SVR-2291)'],
        [null, 'Himalayan Wheels declined the booking: No Innova free that week'],
      ]),
    );
  });

  it('answers an expired link 410 and changes nothing', async () => {
    const inquiryId = await acceptedInquiry();
    const { sent } = (await request(inquiryId)).json<BookingList>();
    await t.app.db
      .updateTable('supplier_links')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const url = `/api/supplier-links/${tokenOf(sent[0]!.url)}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(410);
    const post = await t.app.inject({ method: 'POST', url, payload: { action: 'confirm', confirmationNumber: 'Z9' } });
    expect(post.statusCode).toBe(410);
    expect(post.json().message).toBe(BOOKING_MESSAGES.linkExpired);
    const list = (await call('GET', `/api/inquiries/${inquiryId}/bookings`)).json<BookingList>();
    expect(list.bookings.map((b) => b.status)).toEqual(['requested', 'requested']);
  });

  it('lets staff record confirmations taken by phone, until every booking is confirmed', async () => {
    const inquiryId = await acceptedInquiry();
    const { bookings, sent } = (await request(inquiryId)).json<BookingList>();
    for (const b of bookings) {
      const res = await call('POST', `/api/bookings/${b._id}/confirm`, {
        confirmationNumber: `PH-${b.supplier.name.length}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const list = (await call('GET', `/api/inquiries/${inquiryId}/bookings`)).json<BookingList>();
    expect(list.allConfirmed).toBe(true);
    expect(list.bookings.map((b) => b.answeredBy)).toEqual(['Kavya Rao', 'Kavya Rao']);
    expect(
      (await call('POST', `/api/bookings/${bookings[0]!._id}/confirm`, { confirmationNumber: 'AGAIN' })).statusCode,
    ).toBe(409);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/supplier-links/${tokenOf(sent[0]!.url)}`,
      payload: { action: 'decline', reason: 'Too late' },
    });
    expect(late.statusCode).toBe(409);
    expect(
      (await call('POST', `/api/bookings/${bookings[0]!._id}/confirm`, { confirmationNumber: ' ' })).statusCode,
    ).toBe(400);
    // The back office's calls are not a customer's.
    expect((await call('GET', `/api/inquiries/${inquiryId}/bookings`, undefined, customer)).statusCode).toBe(403);
    expect((await call('POST', `/api/inquiries/${inquiryId}/bookings`, undefined, null)).statusCode).toBe(401);
  });

  const outbox = (kind: 'booking_request' | 'booking_update') =>
    t.app.db.selectFrom('notification_outbox').selectAll().where('kind', '=', kind).orderBy('created_at').execute();
  const mailsAbout = async (kind: 'booking_request' | 'booking_update', words: string) =>
    (await outbox(kind)).filter((m) => m.text_body.includes(words) || m.subject.includes(words));
  /** Every key of a JSON answer, however deep. */
  const keysOf = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.flatMap(keysOf)
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)])
        : [];

  it("shows the accepted version's bookings before sending, not sent, made once", async () => {
    const early = await acceptedInquiry('2099-05-10', false);
    const before = (await call('GET', `/api/inquiries/${early}/bookings`)).json<BookingList>();
    expect(before).toEqual({ bookings: [], allConfirmed: false, sent: [] });

    const inquiryId = await acceptedInquiry();
    const seen = (await call('GET', `/api/inquiries/${inquiryId}/bookings`)).json<BookingList>();
    expect(seen.bookings.map((b) => [b.supplier.name, b.status, b.requestedAt])).toEqual([
      ['Snow Valley Resort', 'pending', null],
      ['Himalayan Wheels', 'pending', null],
    ]);
    const again = (await call('GET', `/api/inquiries/${inquiryId}/bookings`)).json<BookingList>();
    expect(again.bookings.map((b) => b._id)).toEqual(seen.bookings.map((b) => b._id));
    expect(
      await t.app.db
        .selectFrom('supplier_links')
        .where(
          'booking_id',
          'in',
          seen.bookings.map((b) => b._id),
        )
        .selectAll()
        .execute(),
    ).toEqual([]);
    expect((await notes(inquiryId)).filter(([, text]) => String(text).startsWith('Booking'))).toEqual([]);
    // Sending sends the very bookings shown.
    const sent = (await request(inquiryId)).json<BookingList>();
    expect(sent.sent.map((x) => x.bookingId)).toEqual(seen.bookings.map((b) => b._id));
  });

  it('mails the supplier its link and the handler each step, never the one who took it', async () => {
    const inquiryId = await acceptedInquiry('2099-06-01', true, staff);
    const res = await call('POST', `/api/inquiries/${inquiryId}/bookings`, undefined, owner);
    const { sent } = res.json<BookingList>();
    expect(sent.map((x) => x.mailed)).toEqual([true, true]);

    // The cab operator has an address: its request, with its link and what to provide, and no figure of the agency.
    const [toCab, ...more] = await mailsAbout('booking_request', sent[1]!.url);
    expect(more).toEqual([]);
    expect(toCab!.recipient).toBe('ops@wheels.example');
    expect(toCab!.subject).toMatch(/: booking request for Meera Pillai$/);
    expect(toCab!.text_body).toContain('Innova, Delhi–Manali–Delhi');
    expect(toCab!.text_body).toContain('2 adults, 1 kid');
    expect(toCab!.html_body).toContain(`href="${sent[1]!.url}"`);
    for (const secret of [
      '18000',
      '18,000',
      '20160',
      '20,160',
      'Snow Valley',
      'Deluxe',
      'Paragliding',
      staff.email,
      owner.email,
    ]) {
      expect(toCab!.text_body + toCab!.html_body, secret).not.toContain(secret);
    }
    expect((await mailsAbout('booking_request', sent[0]!.url)).map((m) => m.recipient)).toEqual([hotel.email]);

    // The handler hears of both requests the Owner sent; the Owner, who sent them, of none.
    const sentMails = (await outbox('booking_update')).filter((m) => m.text_body.includes(inquiryId));
    expect(sentMails.map((m) => [m.recipient, m.subject])).toEqual([
      [staff.email, 'Booking request sent to Snow Valley Resort — Meera Pillai'],
      [staff.email, 'Booking request sent to Himalayan Wheels — Meera Pillai'],
    ]);

    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/supplier-links/${tokenOf(sent[1]!.url)}`,
      payload: { action: 'confirm', confirmationNumber: 'HW-77' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const confirmedMails = await mailsAbout('booking_update', 'Himalayan Wheels confirmed the booking (no. HW-77)');
    expect(confirmedMails.map((m) => m.recipient)).toEqual([staff.email]);
    expect(confirmedMails[0]!.text_body).not.toContain(BOOKING_MAIL_TEXT.allConfirmed);
    expect(confirmedMails[0]!.text_body).toContain(`/inquiries/view/${inquiryId}#bookings`);

    // The last booking confirmed by the Owner on the phone: the handler hears that every booking is confirmed.
    const hotelBooking = res.json<BookingList>().bookings[0]!;
    expect(
      (await call('POST', `/api/bookings/${hotelBooking._id}/confirm`, { confirmationNumber: 'SV-1' }, owner))
        .statusCode,
    ).toBe(200);
    const phoned = await mailsAbout('booking_update', 'Booking with Snow Valley Resort confirmed by phone (no. SV-1)');
    expect(phoned.filter((m) => m.text_body.includes(inquiryId)).map((m) => m.recipient)).toEqual([staff.email]);
    expect(phoned[0]!.text_body).toContain(BOOKING_MAIL_TEXT.allConfirmed);
  });

  it('mails the Owners when the inquiry has no handler', async () => {
    const inquiryId = await acceptedInquiry();
    const { sent } = (await request(inquiryId)).json<BookingList>();
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/supplier-links/${tokenOf(sent[0]!.url)}`,
      payload: { action: 'decline', reason: 'Full on those nights' },
    });
    expect(declined.statusCode).toBe(200);
    const mails = await mailsAbout('booking_update', 'Snow Valley Resort declined the booking: Full on those nights');
    const recipients = mails.filter((m) => m.text_body.includes(inquiryId)).map((m) => m.recipient);
    expect(recipients).toContain(owner.email);
    expect(recipients).not.toContain(staff.email);
  });

  it('sends one request again with a new link: the old link stops working; an answered one is not sent', async () => {
    const inquiryId = await acceptedInquiry();
    const first = (await request(inquiryId)).json<BookingList>();
    const cabId = first.bookings[1]!._id;
    const again = await call('POST', `/api/bookings/${cabId}/send`);
    expect(again.statusCode, again.body).toBe(200);
    const [resent] = again.json<BookingList>().sent;
    expect(resent!.bookingId).toBe(cabId);
    expect(resent!.url).not.toBe(first.sent[1]!.url);
    const old = await t.app.inject({ method: 'GET', url: `/api/supplier-links/${tokenOf(first.sent[1]!.url)}` });
    expect(old.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/supplier-links/${tokenOf(resent!.url)}` })).statusCode).toBe(
      200,
    );
    expect((await mailsAbout('booking_request', resent!.url)).map((m) => m.recipient)).toEqual(['ops@wheels.example']);
    expect(await notes(inquiryId)).toContainEqual([
      'Kavya Rao',
      'Booking request sent again to Himalayan Wheels (a new link; the previous one no longer works)',
    ]);

    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/supplier-links/${tokenOf(resent!.url)}`,
      payload: { action: 'confirm', confirmationNumber: 'HW-9' },
    });
    expect(answer.statusCode).toBe(200);
    // A used link: its page says answered, a second answer is 409, and it cannot be sent again.
    const used = (
      await t.app.inject({ method: 'GET', url: `/api/supplier-links/${tokenOf(resent!.url)}` })
    ).json<SupplierRequest>();
    expect(used).toMatchObject({ status: 'confirmed', confirmationNumber: 'HW-9' });
    const refused = await call('POST', `/api/bookings/${cabId}/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BOOKING_MESSAGES.alreadyAnswered);
    expect((await call('POST', `/api/bookings/00000000-0000-7000-8000-000000000000/send`)).statusCode).toBe(404);
    expect((await call('POST', `/api/bookings/${cabId}/send`, undefined, customer)).statusCode).toBe(403);
  });

  it('answers a supplier without a key that names a price, cost, margin or another booking', async () => {
    const inquiryId = await acceptedInquiry();
    const { sent } = (await request(inquiryId)).json<BookingList>();
    const url = `/api/supplier-links/${tokenOf(sent[0]!.url)}`;
    const shown = await t.app.inject({ method: 'GET', url });
    const answered = await t.app.inject({
      method: 'POST',
      url,
      payload: { action: 'confirm', confirmationNumber: 'K-1' },
    });
    for (const body of [shown.json(), answered.json()]) {
      const keys = keysOf(body);
      expect(keys.length).toBeGreaterThan(10);
      expect(
        keys.filter((k) => /price|cost|margin|markup|total|amount|paise|revenue|profit|booking|email|staff/i.test(k)),
      ).toEqual([]);
    }
  });
});
