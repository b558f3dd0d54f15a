// Issue 53's vouchers through HTTP on both engines: a confirmed hotel's or cab's voucher read back with pdftotext
// (traveller, counts, dates, what is provided, confirmation number, supplier address and phone, the 24/7 number,
// no price), kept as printed when the inquiry or the supplier is edited; served by the trip token (404 wrong, other
// trip, not confirmed, a guide) and to the inquiry's own Customer and the back office; the trip answer's "What is
// booked" without a cost; and the customer's one "Your vouchers are ready" mail once no hotel or cab waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOUCHER_MAIL_TEXT, type BookingList, type Quote, type Supplier, type Trip } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createInquiryViaApi, validBody } from '../test/inquiry-kit';
import { expectNothingOfTheAgency } from '../test/customer-view-scan';
import { pdfToText } from '../test/pdf-to-text';
import { createSupplierViaApi, supplierBody } from '../test/supplier-kit';
import { emergencyPhoneOf } from '../site/site.routes';

const EMERGENCY = '+91 99999 24247';

describe.each(testEngines)('vouchers on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let customer: CreatedUser;
  let other: CreatedUser;
  let hotel: Supplier;
  let cab: Supplier;
  let guide: Supplier;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: CreatedUser | null = staff) =>
    t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });
  const tokenOf = (url: string) => url.split('/supplier/')[1]!;

  beforeAll(async () => {
    t = await createTestApp(engine, { SITE_URL: 'https://agency.example', SITE_EMERGENCY_PHONE: EMERGENCY });
    staff = await createUser(t, { role: 'Staff', name: 'Kavya Rao' });
    customer = await createUser(t, { role: 'Customer', name: 'Meera Pillai' });
    other = await createUser(t, { role: 'Customer' });
    hotel = await createSupplierViaApi(t.app, staff.token, {
      name: 'Snow Valley Resort',
      address: 'Log Huts Area, Old Manali 175131',
      phone: '+91 98160 12345',
    });
    cab = await createSupplierViaApi(t.app, staff.token, {
      kind: 'cab',
      name: 'Himalayan Wheels',
      city: 'Delhi',
      address: 'Paharganj, New Delhi 110055',
      phone: '+91 98160 55555',
    });
    guide = await createSupplierViaApi(t.app, staff.token, {
      kind: 'guide',
      name: 'Tenzin Treks',
      phone: '98160 77777',
    });
  });
  afterAll(async () => t?.close());

  /** The customer's own inquiry, travelling on 10 May 2099, accepted; its trip token and its bookings, sent. */
  async function bookedTrip(withGuide = false) {
    const inquiry = await createInquiryViaApi(t, { noOfAdults: 2, noOfKids: 1, name: 'Meera Pillai' }, customer.token);
    expect((await call('PUT', `/api/inquiries/${inquiry._id}`, { travelDate: '2099-05-10' })).statusCode).toBe(200);
    const quote = (await call('POST', `/api/inquiries/${inquiry._id}/quotes`)).json<Quote>();
    const lines = [
      { kind: 'hotel', description: 'Deluxe room, 3 nights', supplierId: hotel._id, quantity: 3, unitCost: 4000 },
      { kind: 'cab', description: 'Innova, Delhi–Manali–Delhi', supplierId: cab._id, quantity: 1, unitCost: 18000 },
      ...(withGuide
        ? [{ kind: 'activity', description: 'Hampta walk guide', supplierId: guide._id, quantity: 1, unitCost: 3300 }]
        : []),
    ].map((l) => ({ ...l, markupPercent: 25 }));
    expect((await call('PUT', `/api/quotes/${quote._id}`, { lines })).statusCode).toBe(200);
    const tripToken = String((await call('POST', `/api/quotes/${quote._id}/send`)).json().url).split('/trip/')[1]!;
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${tripToken}/accept`,
      payload: { name: 'Meera Pillai' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const list = (await call('POST', `/api/inquiries/${inquiry._id}/bookings`)).json<BookingList>();
    const [hotelBooking, cabBooking, guideBooking] = list.bookings;
    const [hotelLink, cabLink, guideLink] = list.sent;
    return { inquiryId: inquiry._id, tripToken, hotelBooking, cabBooking, guideBooking, hotelLink, cabLink, guideLink };
  }
  const confirmByLink = async (url: string, confirmationNumber: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/supplier-links/${tokenOf(url)}`,
      payload: { action: 'confirm', confirmationNumber },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const tripOf = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/trips/${token}` });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const voucherMails = (inquiryId: string) =>
    t.app.db
      .selectFrom('notification_outbox')
      .selectAll()
      .where('kind', '=', 'vouchers_ready')
      .where('dedupe_key', '=', `vouchers-ready:${inquiryId}`)
      .execute();

  it('prints a confirmed hotel voucher with everything the desk needs, and no price', async () => {
    const trip = await bookedTrip();
    await confirmByLink(trip.hotelLink!.url, 'SVR-4411');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/trips/${trip.tripToken}/vouchers/${trip.hotelBooking!._id}.pdf`,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="voucher-hotel-SVR-4411.pdf"');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const text = await pdfToText(pdf.rawPayload);
    for (const expected of [
      'Hotel voucher',
      'Confirmation number: SVR-4411',
      'Guest Meera Pillai',
      'Travellers 2 adults, 1 kid',
      'Arrival 10 May 2099',
      'Duration 5N/6D',
      'Deluxe room, 3 nights × 3',
      'Snow Valley Resort, Manali',
      'Log Huts Area, Old Manali 175131',
      '+91 98160 12345',
      `at any hour on ${EMERGENCY}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const secret of ['₹', '4,000', '4000', '18,000', 'Innova', 'Himalayan'])
      expect(text, secret).not.toContain(secret);
  });

  it('keeps a voucher as printed when the inquiry and the supplier are edited later', async () => {
    const trip = await bookedTrip();
    await confirmByLink(trip.hotelLink!.url, 'SVR-5001');
    const url = `/api/trips/${trip.tripToken}/vouchers/${trip.hotelBooking!._id}.pdf`;
    const before = await pdfToText((await t.app.inject({ method: 'GET', url })).rawPayload);
    expect(
      (await call('PUT', `/api/inquiries/${trip.inquiryId}`, { travelDate: '2099-06-20', noOfAdults: 5 })).statusCode,
    ).toBe(200);
    const moved = await call('PUT', `/api/suppliers/${hotel._id}`, {
      ...supplierBody({ name: hotel.name, city: hotel.city, phone: hotel.phone, email: hotel.email }),
      address: 'Somewhere else entirely',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await pdfToText((await t.app.inject({ method: 'GET', url })).rawPayload);
    expect(after).toBe(before);
    expect(after).toContain('Arrival 10 May 2099');
    expect(after).toContain('Log Huts Area, Old Manali 175131');
    expect(after).not.toContain('Somewhere else');
    // Put the address back for the other tests.
    await call('PUT', `/api/suppliers/${hotel._id}`, {
      ...supplierBody({ name: hotel.name, city: hotel.city, phone: hotel.phone, email: hotel.email }),
      address: hotel.address,
    });
  });

  it('serves a voucher only through its own trip, once confirmed, and never for a guide', async () => {
    const trip = await bookedTrip(true);
    const another = await bookedTrip();
    await confirmByLink(trip.hotelLink!.url, 'SVR-7');
    await confirmByLink(trip.guideLink!.url, 'TT-1');
    await confirmByLink(another.hotelLink!.url, 'SVR-8');
    const get = (token: string, id: string) =>
      t.app.inject({ method: 'GET', url: `/api/trips/${token}/vouchers/${id}.pdf` });
    expect((await get(trip.tripToken, trip.hotelBooking!._id)).statusCode).toBe(200);
    for (const [token, id] of [
      ['x'.repeat(43), trip.hotelBooking!._id],
      [`${trip.tripToken.slice(0, -1)}${trip.tripToken.endsWith('A') ? 'B' : 'A'}`, trip.hotelBooking!._id],
      [trip.tripToken, another.hotelBooking!._id],
      [another.tripToken, trip.hotelBooking!._id],
      // The cab is still waiting; the guide has no voucher; and no such booking.
      [trip.tripToken, trip.cabBooking!._id],
      [trip.tripToken, trip.guideBooking!._id],
      [trip.tripToken, 'not-an-id'],
    ] as const) {
      expect((await get(token, id)).statusCode, `${token} ${id}`).toBe(404);
    }

    // The trip page lists the confirmed bookings, the guide without a voucher, and no cost anywhere.
    const res = await tripOf(trip.tripToken);
    const body = res.json<Trip>();
    expect(body.emergencyPhone).toBe(EMERGENCY);
    expect(body.bookings).toEqual([
      {
        _id: trip.hotelBooking!._id,
        kind: 'hotel',
        name: 'Snow Valley Resort',
        city: 'Manali',
        lines: [{ description: 'Deluxe room, 3 nights', quantity: 3 }],
        confirmationNumber: 'SVR-7',
        voucher: 'voucher-hotel-SVR-7.pdf',
      },
      {
        _id: trip.guideBooking!._id,
        kind: 'guide',
        name: 'Tenzin Treks',
        city: 'Manali',
        lines: [{ description: 'Hampta walk guide', quantity: 1 }],
        confirmationNumber: 'TT-1',
        voucher: null,
      },
    ]);
    expectNothingOfTheAgency(res.body, ['4000', '12000', '18000', '3300', 'SVR-8', hotel._id, staff.email]);
  });

  it('serves the voucher to the signed-in Customer of the inquiry and the back office, no one else', async () => {
    const trip = await bookedTrip();
    await confirmByLink(trip.hotelLink!.url, 'SVR-9');
    const url = `/api/inquiries/${trip.inquiryId}/trip/vouchers/${trip.hotelBooking!._id}.pdf`;
    const own = await call('GET', url, undefined, customer);
    expect(own.statusCode, own.body).toBe(200);
    expect(await pdfToText(own.rawPayload)).toContain('Confirmation number: SVR-9');
    expect((await call('GET', url, undefined, staff)).statusCode).toBe(200);
    expect((await call('GET', url, undefined, other)).statusCode).toBe(404);
    expect((await call('GET', url, undefined, null)).statusCode).toBe(401);
    const signedInTrip = await call('GET', `/api/inquiries/${trip.inquiryId}/trip`, undefined, customer);
    expect(signedInTrip.json<Trip>().bookings?.map((b) => b.voucher)).toEqual(['voucher-hotel-SVR-9.pdf']);
    expectNothingOfTheAgency(signedInTrip.body, ['4000', '18000']);
  });

  it('mails the customer once, when no hotel or cab booking is waiting any more, either way confirmed', async () => {
    const trip = await bookedTrip(true);
    await confirmByLink(trip.hotelLink!.url, 'SVR-10');
    // The cab is still waiting: no mail yet (the guide does not count).
    expect(await voucherMails(trip.inquiryId)).toEqual([]);
    const phoned = await call('POST', `/api/bookings/${trip.cabBooking!._id}/confirm`, {
      confirmationNumber: 'HW-208',
    });
    expect(phoned.statusCode, phoned.body).toBe(200);
    const cabVoucher = await t.app.inject({
      method: 'GET',
      url: `/api/trips/${trip.tripToken}/vouchers/${trip.cabBooking!._id}.pdf`,
    });
    const cabText = await pdfToText(cabVoucher.rawPayload);
    for (const expected of ['Cab voucher', 'HW-208', 'Vehicle', 'Innova, Delhi–Manali–Delhi', 'Paharganj, New Delhi']) {
      expect(cabText, expected).toContain(expected);
    }
    await confirmByLink(trip.guideLink!.url, 'TT-2');
    const mails = await voucherMails(trip.inquiryId);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    // The inquiry's address, as every customer mail of it.
    expect(mail!.recipient).toBe(validBody().email);
    expect(mail!.subject).toBe(VOUCHER_MAIL_TEXT.subject('Safarnama'));
    expect(mail!.subject).toMatch(/^Your vouchers are ready/);
    for (const expected of [
      'Snow Valley Resort — Confirmation number SVR-10',
      'Himalayan Wheels — Confirmation number HW-208',
      `https://agency.example/inquiries/view/${trip.inquiryId}/trip`,
      EMERGENCY,
    ]) {
      expect(mail!.text_body, expected).toContain(expected);
    }
    for (const secret of ['₹', '18,000', 'TT-2']) expect(mail!.text_body, secret).not.toContain(secret);
  });

  it('mails the confirmed vouchers when the last one waiting is declined', async () => {
    const trip = await bookedTrip();
    await confirmByLink(trip.hotelLink!.url, 'SVR-11');
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/supplier-links/${tokenOf(trip.cabLink!.url)}`,
      payload: { action: 'decline', reason: 'No Innova free' },
    });
    expect(declined.statusCode).toBe(200);
    const [mail, ...more] = await voucherMails(trip.inquiryId);
    expect(more).toEqual([]);
    expect(mail!.text_body).toContain('Snow Valley Resort — Confirmation number SVR-11');
    expect(mail!.text_body).not.toContain('Himalayan');
    expect((await tripOf(trip.tripToken)).json<Trip>().bookings?.map((b) => b.name)).toEqual(['Snow Valley Resort']);
  });

  it('falls back to SITE_PHONE for the 24/7 number', () => {
    expect(emergencyPhoneOf({ SITE_PHONE: '+91 11 2345 6789', SITE_EMERGENCY_PHONE: undefined })).toBe(
      '+91 11 2345 6789',
    );
    expect(emergencyPhoneOf({ SITE_PHONE: '+91 11 2345 6789', SITE_EMERGENCY_PHONE: EMERGENCY })).toBe(EMERGENCY);
  });
});
