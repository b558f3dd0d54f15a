// Inquiry capture: spec §5 validation with its exact messages, server limits, the honeypot and rate limit
// (D15), and the linking of a logged-in Customer's inquiry (decisions §6 createLoggedIn row).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, INQUIRY_MESSAGES, type Inquiry, type InquiryEvent } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { api, createInquiryViaApi, postInquiry, validBody } from '../test/inquiry-kit';

describe.each(testEngines)('inquiry capture on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let customer: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createUser(t, { role: 'Staff' });
    customer = await createUser(t, { role: 'Customer', email: 'asha.rao@example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  const total = async () => {
    const res = await api(t, staff.token).get('/api/inquiries');
    return Number(res.headers['x-unfiltered-count']);
  };

  describe('spec §5 messages', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['name missing', { name: undefined }, 'name', INQUIRY_MESSAGES.nameRequired],
      ['name blank', { name: '   ' }, 'name', INQUIRY_MESSAGES.nameRequired],
      ['whatsapp missing', { whatsappNumber: undefined }, 'whatsappNumber', INQUIRY_MESSAGES.whatsappRequired],
      ['whatsapp blank', { whatsappNumber: '' }, 'whatsappNumber', INQUIRY_MESSAGES.whatsappRequired],
      ['email missing', { email: undefined }, 'email', INQUIRY_MESSAGES.emailInvalid],
      ['email malformed', { email: 'rohan@example' }, 'email', INQUIRY_MESSAGES.emailInvalid],
      ['location missing', { location: undefined }, 'location', INQUIRY_MESSAGES.locationRequired],
      ['location blank', { location: ' ' }, 'location', INQUIRY_MESSAGES.locationRequired],
      ['adults missing', { noOfAdults: undefined }, 'noOfAdults', INQUIRY_MESSAGES.adultsRequired],
      ['adults not numeric', { noOfAdults: 'two' }, 'noOfAdults', INQUIRY_MESSAGES.adultsRequired],
      ['adults blank', { noOfAdults: '' }, 'noOfAdults', INQUIRY_MESSAGES.adultsRequired],
      ['budget missing', { budget: undefined }, 'budget', INQUIRY_MESSAGES.budgetRequired],
      ['budget not numeric', { budget: 'lots' }, 'budget', INQUIRY_MESSAGES.budgetRequired],
    ];
    it.each(cases)('%s → 400 with the spec message', async (_name, overrides, field, message) => {
      const before = await total();
      const res = await postInquiry(t, validBody(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
      expect(await total()).toBe(before);
    });

    it('reports every missing field at once', async () => {
      const res = await postInquiry(t, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        name: INQUIRY_MESSAGES.nameRequired,
        email: INQUIRY_MESSAGES.emailInvalid,
        whatsappNumber: INQUIRY_MESSAGES.whatsappRequired,
        location: INQUIRY_MESSAGES.locationRequired,
        noOfAdults: INQUIRY_MESSAGES.adultsRequired,
        budget: INQUIRY_MESSAGES.budgetRequired,
      });
    });

    const limits: [string, Record<string, unknown>, string][] = [
      ['no adults', { noOfAdults: 0 }, 'noOfAdults'],
      ['101 adults', { noOfAdults: 101 }, 'noOfAdults'],
      ['fractional adults', { noOfAdults: 1.5 }, 'noOfAdults'],
      ['negative kids', { noOfKids: -1 }, 'noOfKids'],
      ['101 kids', { noOfKids: 101 }, 'noOfKids'],
      ['negative budget', { budget: -1 }, 'budget'],
      ['unknown hotel type', { hotelType: 'palace' }, 'hotelType'],
      ['a very long name', { name: 'x'.repeat(101) }, 'name'],
      ['a very long note', { extraInfo: 'x'.repeat(2001) }, 'extraInfo'],
    ];
    it.each(limits)('refuses %s', async (_name, overrides, field) => {
      const res = await postInquiry(t, validBody(overrides));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    });
    it('names the hotel types in its message', async () => {
      const res = await postInquiry(t, validBody({ hotelType: 'palace' }));
      expect(res.json().message).toBe(INQUIRY_MESSAGES.hotelTypeInvalid);
    });
  });

  it('creates a New, unassigned inquiry with every spec §3 field', async () => {
    const res = await postInquiry(t, validBody({ noOfAdults: '3', budget: '45000.5', hotelType: 'Luxury' }));
    expect(res.statusCode).toBe(201);
    const created = res.json<Inquiry>();
    expect(created).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customer: { name: 'Rohan Mehta', email: 'rohan.mehta@example.com', whatsappNumber: '+91 98765 43210' },
      staff: null,
      travelingFrom: 'Delhi',
      location: 'Manali',
      dropCity: 'Chandigarh',
      noOfAdults: 3,
      noOfKids: 1,
      extraInfo: 'Honeymoon',
      tourDuration: '5N/6D',
      hotelType: 'luxury',
      budget: 45000.5,
      status: 'New',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      totalRevenue: 0,
      hotelCost: 0,
      cabCost: 0,
      advance: 0,
      tpc: 0,
      pendingAmount: 0,
      profit: 0,
      travelDate: null,
      source: 'website',
      package: null,
      followUpAt: null,
      customerState: '',
    });
    const stored = await api(t, staff.token).get(`/api/inquiries/${created._id}`);
    expect(stored.json()).toEqual(created);
  });

  it('accepts only the required fields, defaulting the optional ones', async () => {
    const res = await postInquiry(t, {
      name: 'Min',
      email: 'MIN@Example.com',
      whatsappNumber: '9876543210',
      location: 'Goa',
      noOfAdults: 1,
      budget: 0,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      customer: { email: 'min@example.com' },
      travelingFrom: '',
      dropCity: '',
      noOfKids: 0,
      extraInfo: '',
      tourDuration: '',
      hotelType: null,
      budget: 0,
    });
  });

  it('records the creation as the first event', async () => {
    const created = await createInquiryViaApi(t, {}, staff.token);
    const events = (await api(t, staff.token).get(`/api/inquiries/${created._id}/events`)).json<InquiryEvent[]>();
    expect(events).toEqual([
      expect.objectContaining({ type: 'created', to: 'New', actor: { id: staff.id, name: staff.name } }),
    ]);
  });

  it('answers a filled honeypot with a quiet 201 and stores nothing (D15)', async () => {
    const before = await total();
    const res = await postInquiry(t, validBody({ website: 'https://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'New', customer: { name: 'Rohan Mehta' } });
    expect(await total()).toBe(before);
    const lookup = await api(t, staff.token).get(`/api/inquiries/${res.json()._id}`);
    expect(lookup.statusCode).toBe(404);
    expect(t.logs.some((l) => l.includes('"event":"honeypot"'))).toBe(true);
  });

  it("links a Customer's logged-in inquiry to their account, whatever e-mail they type", async () => {
    const created = await createInquiryViaApi(t, { email: 'someone.else@example.com' }, customer.token);
    const mine = await api(t, customer.token).get('/api/inquiries');
    expect(mine.json<Inquiry[]>().map((i) => i._id)).toContain(created._id);
    expect((await api(t, customer.token).get(`/api/inquiries/${created._id}`)).statusCode).toBe(200);
  });

  it('treats createLoggedIn without a token as public, and refuses a bad token', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries/createLoggedIn',
      payload: validBody({ email: 'anon@example.com' }),
    });
    expect(anonymous.statusCode).toBe(201);
    const other = await api(t, customer.token).get(`/api/inquiries/${anonymous.json()._id}`);
    expect(other.statusCode).toBe(404);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries/createLoggedIn',
      payload: validBody(),
      headers: bearer('not-a-token'),
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(AUTH_MESSAGES.sessionExpired);
  });
});

describe.each(testEngines)('inquiry capture rate limit on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { RATE_LIMIT_FACTOR: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits public inquiries per client address (D15)', async () => {
    let n = 0;
    // A new e-mail each time, so the per-e-mail budget (inquiry-limits.test.ts) stays out of the way.
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/inquiries/createPublic',
        payload: validBody({ email: `sender-${++n}@example.com` }),
        remoteAddress,
      });
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.7')).statusCode).toBe(201);
    const limited = await from('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });
    expect((await from('203.0.113.8')).statusCode).toBe(201);
  });
});
