// D30 through HTTP on both engines: drafts and sent versions, the trip link's secrecy, what the trip answer never
// carries, acceptance (money fields, once, races) and change requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteTotals, type InquiryEvent, type Quote, type Trip } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createInquiryViaApi } from '../test/inquiry-kit';
import { makePng, multipart, packageFields } from '../test/upload-kit';
import { hashTripToken } from '../trips/trip-token';
import { expectNothingOfTheAgency } from '../test/customer-view-scan';
import { expireSentVersions } from '../test/quote-kit';
import { insertSupplierWithId } from '../test/supplier-kit';

const lines = [
  { kind: 'hotel', description: 'Snow Valley Resort, 4 nights', quantity: 4, unitCost: 4000, unitPrice: 5200 },
  { kind: 'cab', description: 'Innova, Delhi–Manali–Delhi', quantity: 1, unitCost: 18000, markupPercent: 12.5 },
  {
    kind: 'activity',
    description: 'Solang paragliding',
    supplierId: '0190a000-0000-7000-8000-000000000001',
    quantity: 3,
    unitCost: 2500.5,
    unitPrice: 3100,
  },
];

describe.each(testEngines)('quotations and the trip link on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let owner: CreatedUser;
  const as = () => bearer(staff.token);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = as()) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const tokenOf = (url: string) => url.split('/trip/')[1]!;

  beforeAll(async () => {
    t = await createTestApp(engine, { SITE_URL: 'https://agency.example' });
    await insertSupplierWithId(t.app.db, '0190a000-0000-7000-8000-000000000001');
    staff = await createUser(t, { role: 'Staff', email: 'handler.secret@example.test' });
    owner = await createUser(t, { role: 'Owner' });
  });
  afterAll(async () => t?.close());

  async function quotedInquiry() {
    const inquiry = await createInquiryViaApi(t, { noOfAdults: 2, noOfKids: 1 });
    const created = await call('POST', `/api/inquiries/${inquiry._id}/quotes`);
    expect(created.statusCode, created.body).toBe(201);
    const quote = created.json<Quote>();
    const put = await call('PUT', `/api/quotes/${quote._id}`, { lines, notes: 'Window seats asked for' });
    expect(put.statusCode, put.body).toBe(200);
    return { inquiry, quote: put.json<Quote>() };
  }

  it('prices a draft with the contract totals and keeps one quotation per inquiry', async () => {
    const { inquiry, quote } = await quotedInquiry();
    const v = quote.versions[0]!;
    const expected = quoteTotals(
      [
        { kind: 'hotel', quantity: 4, unitCostPaise: 400_000, unitPricePaise: 520_000 },
        { kind: 'cab', quantity: 1, unitCostPaise: 1_800_000, markupPercent: 12.5 },
        { kind: 'activity', quantity: 3, unitCostPaise: 250_050, unitPricePaise: 310_000 },
      ],
      3,
      0,
    );
    expect(v).toMatchObject({ number: 1, status: 'draft', notes: 'Window seats asked for' });
    expect(v.totals).toEqual({
      cost: expected.costPaise / 100,
      price: expected.pricePaise / 100,
      margin: expected.marginPaise / 100,
      gstPercent: 0,
      gst: 0,
      total: expected.totalPaise / 100,
      travellers: 3,
      perTraveller: expected.perTravellerPaise / 100,
    });
    expect(v.lines[1]).toMatchObject({ unitPrice: 20250, markupPercent: 12.5 });
    expect((await call('POST', `/api/inquiries/${inquiry._id}/quotes`)).statusCode).toBe(409);
    expect((await call('GET', `/api/inquiries/${inquiry._id}/quotes`)).json<Quote[]>()).toHaveLength(1);
  });

  it("prefills draft 1 from the inquiry's package: its itinerary as days, its inclusions and exclusions", async () => {
    const form = multipart([
      ...packageFields({
        name: 'Kerala for the quote',
        tourItinerary: 'Day 1: Arrive in Kochi\nHarbour walk at dusk.\n\nDay 2: Munnar tea estates\nTea museum.',
        inclusions: 'Hotel stays\nAll breakfasts',
        exclusions: 'Flights\nPersonal expenses',
      }),
      { name: 'images', file: await makePng() },
    ]);
    const pkg = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(owner.token) },
    });
    expect(pkg.statusCode, pkg.body).toBe(201);
    const inquiry = await createInquiryViaApi(t, { packageId: pkg.json()._id });
    const created = await call('POST', `/api/inquiries/${inquiry._id}/quotes`);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Quote>().versions[0]).toMatchObject({
      days: [
        { title: 'Day 1: Arrive in Kochi', text: 'Harbour walk at dusk.' },
        { title: 'Day 2: Munnar tea estates', text: 'Tea museum.' },
      ],
      inclusions: ['Hotel stays', 'All breakfasts'],
      exclusions: ['Flights', 'Personal expenses'],
    });
    // Without a package the draft starts empty.
    const bare = await call('POST', `/api/inquiries/${(await createInquiryViaApi(t))._id}/quotes`);
    expect(bare.json<Quote>().versions[0]).toMatchObject({ days: [], inclusions: [], exclusions: [] });
  });

  it('refuses a line with both a price and a markup, or a control character, with the contract message', async () => {
    const { quote } = await quotedInquiry();
    const both = await call('PUT', `/api/quotes/${quote._id}`, { lines: [{ ...lines[0], markupPercent: 10 }] });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors['lines.0.unitPrice']).toBe('Give either a unit price or a markup percentage');
    const bidi = await call('PUT', `/api/quotes/${quote._id}`, { days: [{ title: 'Day 1 \u202Eexe', text: '' }] });
    expect(bidi.statusCode).toBe(400);
    const after = await call('GET', `/api/inquiries/${quote.inquiryId}/quotes`);
    expect(after.json<Quote[]>()[0]!.versions[0]!.days).toEqual([]);
  });

  it('never changes a sent version: editing it starts the next, and sending supersedes the earlier', async () => {
    const { quote } = await quotedInquiry();
    const sent = await call('POST', `/api/quotes/${quote._id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().url).toMatch(/^https:\/\/agency\.example\/trip\/[A-Za-z0-9_-]{43}$/);
    const edited = await call('PUT', `/api/quotes/${quote._id}`, { notes: 'Second thoughts' });
    const versions = edited.json<Quote>().versions;
    expect(versions.map((v) => [v.number, v.status, v.notes])).toEqual([
      [2, 'draft', 'Second thoughts'],
      [1, 'sent', 'Window seats asked for'],
    ]);
    expect(versions[0]!.lines).toEqual(versions[1]!.lines);
    const again = await call('POST', `/api/quotes/${quote._id}/send`);
    expect(again.json()).toMatchObject({ url: null });
    const after = (await call('GET', `/api/inquiries/${quote.inquiryId}/quotes`)).json<Quote[]>()[0]!;
    expect(after.versions.map((v) => v.status)).toEqual(['sent', 'superseded']);
    expect((await call('POST', `/api/quotes/${quote._id}/send`)).statusCode).toBe(409);
  });

  it('opens the trip with the token only: wrong and rotated tokens are 404, drafts never show', async () => {
    const { quote } = await quotedInquiry();
    const url = (await call('POST', `/api/quotes/${quote._id}/send`)).json().url as string;
    await call('PUT', `/api/quotes/${quote._id}`, { notes: 'A draft the customer must not see' });
    const trip = await t.app.inject({ method: 'GET', url: `/api/trips/${tokenOf(url)}` });
    expect(trip.statusCode).toBe(200);
    expect(trip.json<Trip>().current?.number).toBe(1);
    expect(trip.body).not.toContain('must not see');
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/trips/${tokenOf(url).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('This trip link is not valid. Please ask us for a new one.');
    // The stored row holds the hash, never the token.
    const stored = await t.app.db
      .selectFrom('trip_links')
      .selectAll()
      .where('inquiry_id', '=', quote.inquiryId)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashTripToken(tokenOf(url)));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(url));
    const rotated = await call('POST', `/api/inquiries/${quote.inquiryId}/trip-link`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().message).toBe('A new trip link is ready. The old one no longer works.');
    expect((await t.app.inject({ method: 'GET', url: `/api/trips/${tokenOf(url)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/trips/${tokenOf(rotated.json().url)}` })).statusCode).toBe(
      200,
    );
    const views = (await call('GET', `/api/inquiries/${quote.inquiryId}/quotes`)).json<Quote[]>()[0]!.tripLink!.views;
    expect(views).toBe(2);
  });

  it('answers the trip without a cost, margin, supplier or staff e-mail anywhere in its JSON', async () => {
    const { quote } = await quotedInquiry();
    await call('PUT', `/api/inquiries/${quote.inquiryId}`, { staff: { id: staff.id } });
    const url = (await call('POST', `/api/quotes/${quote._id}/send`)).json().url as string;
    const trip = await t.app.inject({ method: 'GET', url: `/api/trips/${tokenOf(url)}` });
    expect(trip.statusCode).toBe(200);
    expect(trip.json<Trip>().trip.handlerName).toBe(staff.name);
    const staffView = (await call('GET', `/api/inquiries/${quote.inquiryId}/quotes`)).json<Quote[]>()[0]!.versions[0]!;
    expectNothingOfTheAgency(trip.body, [
      staff.email,
      '0190a000-0000-7000-8000-000000000001',
      String(staffView.totals.cost),
      String(staffView.totals.margin),
      '4000',
      '18000',
      '2500.5',
    ]);
  });

  it('accepts once: Booking Pending with the money fields, then the same answer and nothing more', async () => {
    const { inquiry, quote } = await quotedInquiry();
    const url = (await call('POST', `/api/quotes/${quote._id}/send`)).json().url as string;
    const accept = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/trips/${tokenOf(url)}/accept`,
        payload: { name: 'Rohan Mehta' },
        headers: { 'user-agent': 'TripTest/1.0' },
      });
    const first = await accept();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toMatchObject({ status: 'accepted', acceptedName: 'Rohan Mehta' });
    const v = (await call('GET', `/api/inquiries/${inquiry._id}/quotes`)).json<Quote[]>()[0]!.versions[0]!;
    expect(v).toMatchObject({ status: 'accepted', acceptedUserAgent: 'TripTest/1.0', acceptedIp: '127.0.0.1' });
    const updated = (await call('GET', `/api/inquiries/${inquiry._id}`)).json();
    const hotel = v.lines.filter((l) => l.kind === 'hotel').reduce((s, l) => s + l.cost, 0);
    expect(updated).toMatchObject({
      status: 'Booking Pending',
      tpc: v.totals.total,
      totalRevenue: v.totals.price,
      hotelCost: hotel,
      cabCost: v.totals.cost - hotel,
      profit: v.totals.margin,
    });
    // The timeline: the send by staff, then the acceptance with the typed name, address and browser, each marked
    // as the quotation's; the status change and the money fields as the customer's (no staff actor).
    const timeline = (await call('GET', `/api/inquiries/${inquiry._id}/events`)).json<InquiryEvent[]>();
    const quoteLines = timeline.filter((e) => e.field === 'quote');
    expect(quoteLines.map((e) => [e.type, e.to, e.actor?.name ?? null])).toEqual([
      ['note', 'Quotation version 1 accepted by Rohan Mehta (from 127.0.0.1, TripTest/1.0)', null],
      ['note', 'Quotation version 1 sent', staff.name],
    ]);
    expect(timeline.find((e) => e.type === 'status')).toMatchObject({ to: 'Booking Pending', actor: null });
    const events = async () => (await call('GET', `/api/inquiries/${inquiry._id}/events`)).json<unknown[]>().length;
    const before = await events();
    expect((await accept()).statusCode).toBe(200);
    expect(await events()).toBe(before);
    // Accepted: nothing more changes the quotation.
    expect((await call('PUT', `/api/quotes/${quote._id}`, { notes: 'late' })).statusCode).toBe(409);
  });

  it('answers a superseded version 409 and an expired one 410, each with its message', async () => {
    const { quote } = await quotedInquiry();
    const url = (await call('POST', `/api/quotes/${quote._id}/send`)).json().url as string;
    await call('PUT', `/api/quotes/${quote._id}`, { notes: 'v2' });
    await call('POST', `/api/quotes/${quote._id}/send`);
    const old = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${tokenOf(url)}/accept`,
      payload: { name: 'R', version: 1 },
    });
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toMatch(/replaced by a newer version/);
    // Past its day: what a sent version's validUntil says once the day is over in India.
    await expireSentVersions(t.app.db, quote._id);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${tokenOf(url)}/accept`,
      payload: { name: 'R' },
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toMatch(/expired/);
    const trip = (await t.app.inject({ method: 'GET', url: `/api/trips/${tokenOf(url)}` })).json<Trip>();
    expect([trip.current?.status, trip.earlier.map((v) => v.status)]).toEqual(['expired', ['superseded']]);
  });

  it('lets one of several racing acceptances and a racing send through', async () => {
    const { inquiry, quote } = await quotedInquiry();
    const url = (await call('POST', `/api/quotes/${quote._id}/send`)).json().url as string;
    await call('PUT', `/api/quotes/${quote._id}`, { notes: 'v2 draft' });
    const accept = (version: number) =>
      t.app.inject({ method: 'POST', url: `/api/trips/${tokenOf(url)}/accept`, payload: { name: 'Racer', version } });
    const answers = await Promise.all([accept(1), accept(1), call('POST', `/api/quotes/${quote._id}/send`), accept(1)]);
    const statuses = answers.map((a) => a.statusCode);
    const versions = (await call('GET', `/api/inquiries/${inquiry._id}/quotes`)).json<Quote[]>()[0]!.versions;
    const accepted = versions.filter((v) => v.status === 'accepted');
    expect(accepted.length).toBeLessThanOrEqual(1);
    if (accepted.length === 1) {
      // The acceptance won: the send was refused and every accept answered the one acceptance.
      expect(statuses).toEqual([200, 200, 409, 200]);
    } else {
      expect(statuses[2]).toBe(200);
      expect(versions.map((v) => v.status)).toEqual(['sent', 'superseded']);
    }
    const notes = (await call('GET', `/api/inquiries/${inquiry._id}/events`))
      .json<{ to: string | null }[]>()
      .filter((e) => e.to?.includes('accepted by'));
    expect(notes).toHaveLength(accepted.length);
  });

  it('keeps a change request as a line in the timeline, and refuses an empty one', async () => {
    const { inquiry, quote } = await quotedInquiry();
    const url = (await call('POST', `/api/quotes/${quote._id}/send`)).json().url as string;
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${tokenOf(url)}/changes`,
      payload: { message: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${tokenOf(url)}/changes`,
      payload: { message: 'Can we add a night in Kasol?' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const events = (await call('GET', `/api/inquiries/${inquiry._id}/events`)).json<
      { to: string | null; actor: unknown }[]
    >();
    expect(events[0]).toMatchObject({
      type: 'note',
      field: 'quote',
      to: 'Changes asked for: Can we add a night in Kasol?',
      actor: null,
    });
  });
});
