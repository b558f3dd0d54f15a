// The staff pipeline: edit with assignment (D8), derived money (D7), canonical status (D6), soft delete (D9),
// the event trail, the Customer's view (D5) and the decisions §6 matrix rows of the inquiry calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENCY_ONLY_INQUIRY_FIELDS,
  AUTH_MESSAGES,
  INQUIRY_MESSAGES,
  type Inquiry,
  type InquiryEvent,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { newId } from '../lib/ids';
import { updateUser } from '../users/user.repository';
import { findInquiryEvents } from './inquiry.repository';
import { api, createInquiryViaApi } from '../test/inquiry-kit';

describe.each(testEngines)('inquiry pipeline on %s', (engine) => {
  let t: TestApp;
  let owner: CreatedUser;
  let staff: CreatedUser;
  let otherStaff: CreatedUser;
  let customerA: CreatedUser;
  let customerB: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await createUser(t, { role: 'Owner', name: 'Olivia Owner' });
    staff = await createUser(t, { role: 'Staff', name: 'Priya Staff' });
    otherStaff = await createUser(t, { role: 'Staff', name: 'Vikram Staff' });
    customerA = await createUser(t, { role: 'Customer', email: 'asha@example.com' });
    customerB = await createUser(t, { role: 'Customer', email: 'bina@example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (id: string, body: object, token = staff.token) => api(t, token).put(`/api/inquiries/${id}`, body);
  const events = async (id: string, token = staff.token) =>
    (await api(t, token).get(`/api/inquiries/${id}/events`)).json<InquiryEvent[]>();

  describe('PUT /api/inquiries/{id}', () => {
    it('takes the whole inquiry back, assigns with the account’s own name and e-mail, computes money', async () => {
      const created = await createInquiryViaApi(t);
      const res = await put(created._id, {
        ...created,
        staff: { id: otherStaff.id, name: 'Spoofed Name', email: 'spoof@example.com' },
        status: 'Working',
        totalRevenue: 50000,
        hotelCost: 20000.25,
        cabCost: 5000,
        tpc: 50000,
        advance: 20000,
        pendingAmount: 1,
        profit: 999999,
      });
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json<Inquiry>();
      expect(updated).toMatchObject({
        _id: created._id,
        staff: { id: otherStaff.id, name: otherStaff.name, email: otherStaff.email },
        status: 'Working',
        totalRevenue: 50000,
        hotelCost: 20000.25,
        cabCost: 5000,
        tpc: 50000,
        advance: 20000,
        pendingAmount: 30000,
        profit: 24999.75,
        createdAt: created.createdAt,
      });
      expect((await api(t, owner.token).get(`/api/inquiries/${created._id}`)).json()).toEqual(updated);
    });

    it('lets derived money go negative and rounds to paise', async () => {
      const created = await createInquiryViaApi(t);
      const res = await put(created._id, { tpc: 100, advance: 150.005, totalRevenue: 10, hotelCost: 20.1, cabCost: 0 });
      expect(res.json()).toMatchObject({ advance: 150.01, pendingAmount: -50.01, profit: -10.1 });
    });

    it('refuses negative or non-numeric money', async () => {
      const created = await createInquiryViaApi(t);
      const negative = await put(created._id, { hotelCost: -1 });
      expect(negative.statusCode).toBe(400);
      expect(negative.json()).toMatchObject({ message: 'Hotel cost cannot be negative' });
      const text = await put(created._id, { tpc: 'a lot' });
      expect(text.statusCode).toBe(400);
      expect(text.json().errors).toHaveProperty('tpc');
    });

    it('keeps absent fields (a partial client never wipes data)', async () => {
      const created = await createInquiryViaApi(t, { extraInfo: 'Window seat', noOfKids: 2 });
      const res = await put(created._id, { status: 'Follow Up' });
      expect(res.json()).toEqual({ ...created, status: 'Follow Up', updatedAt: expect.any(String) });
    });

    it.each([
      ['new', 'New'],
      ['follow up', 'Follow Up'],
      ['  BOOKED ', 'Booked'],
      ['advance   received', 'Advance Received'],
    ])('stores status %j canonically as %j (D6)', async (input, canonical) => {
      const created = await createInquiryViaApi(t);
      await put(created._id, { status: 'Completed' });
      const res = await put(created._id, { status: input });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(canonical);
    });

    it('refuses an unknown status', async () => {
      const created = await createInquiryViaApi(t);
      const res = await put(created._id, { status: 'Cancelled' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INQUIRY_MESSAGES.statusInvalid);
    });

    it('assigns an Owner too, and unassigns with null or an empty staff', async () => {
      const created = await createInquiryViaApi(t);
      expect((await put(created._id, { staff: { id: owner.id } })).json().staff).toEqual({
        id: owner.id,
        name: owner.name,
        email: owner.email,
      });
      expect((await put(created._id, { staff: null })).json().staff).toBeNull();
      await put(created._id, { staff: { id: staff.id } });
      expect((await put(created._id, { location: 'Shimla' })).json().staff?.id).toBe(staff.id);
      expect((await put(created._id, { staff: {} })).json().staff).toBeNull();
    });

    it('refuses unknown, malformed, disabled, unverified and Customer accounts as staff (D8)', async () => {
      const created = await createInquiryViaApi(t);
      const disabled = await createUser(t, { role: 'Staff', disabled: true });
      const unverified = await createUser(t, { role: 'Staff', verified: false });
      for (const id of [newId(), 'not-an-id', disabled.id, unverified.id, customerA.id]) {
        const res = await put(created._id, { staff: { id }, status: 'Working' });
        expect(res.statusCode, id).toBe(400);
        expect(res.json()).toEqual({
          message: INQUIRY_MESSAGES.staffInvalid,
          errors: { staff: INQUIRY_MESSAGES.staffInvalid },
        });
      }
      const unchanged = (await api(t, staff.token).get(`/api/inquiries/${created._id}`)).json<Inquiry>();
      expect(unchanged).toEqual(created);
    });

    it('keeps a since-disabled assignee on their inquiry but never assigns them anew (D9)', async () => {
      const leaver = await createUser(t, { role: 'Staff', name: 'Lata Leaver' });
      const theirs = await createInquiryViaApi(t);
      await put(theirs._id, { staff: { id: leaver.id } });
      await updateUser(t.app.db, leaver.id, { disabled_at: Date.now() });
      const edit = await put(theirs._id, { staff: { id: leaver.id, name: leaver.name }, status: 'Booked' });
      expect(edit.statusCode).toBe(200);
      expect(edit.json().staff).toEqual({ id: leaver.id, name: 'Lata Leaver', email: leaver.email });
      const another = await createInquiryViaApi(t);
      expect((await put(another._id, { staff: { id: leaver.id } })).statusCode).toBe(400);
    });

    it('records status changes, assignments and edits as events with who, what, from and to', async () => {
      const created = await createInquiryViaApi(t, { location: 'Goa', budget: 40000 });
      await put(created._id, { status: 'Working', staff: { id: staff.id } }, owner.token);
      await put(created._id, { location: 'Kerala', budget: 45000, tpc: 42000 }, staff.token);
      await put(created._id, { staff: { id: otherStaff.id } }, staff.token);
      // Newest first (D26's timeline): read backwards, the trail is the story in order.
      const trail = (await events(created._id, owner.token)).reverse();
      const by = (u: CreatedUser) => ({ id: u.id, name: u.name });
      expect(trail.map(({ type, field, from, to, actor }) => ({ type, field, from, to, actor }))).toEqual([
        { type: 'created', field: null, from: null, to: 'New', actor: null },
        { type: 'status', field: 'status', from: 'New', to: 'Working', actor: by(owner) },
        { type: 'assignment', field: 'staff', from: null, to: staff.name, actor: by(owner) },
        { type: 'edit', field: 'location', from: 'Goa', to: 'Kerala', actor: by(staff) },
        { type: 'edit', field: 'budget', from: '40000', to: '45000', actor: by(staff) },
        { type: 'edit', field: 'tpc', from: '0', to: '42000', actor: by(staff) },
        { type: 'assignment', field: 'staff', from: staff.name, to: otherStaff.name, actor: by(staff) },
      ]);
    });

    it('writes nothing for a save that changes nothing', async () => {
      const created = await createInquiryViaApi(t);
      const res = await put(created._id, { ...created, status: 'new' });
      expect(res.json()).toEqual(created);
      expect(await events(created._id)).toHaveLength(1);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      expect((await put(newId(), { status: 'New' })).statusCode).toBe(404);
      const malformed = await put('nope', { status: 'New' });
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toEqual({ message: INQUIRY_MESSAGES.notFound });
    });
  });

  describe('DELETE /api/inquiries/{id}', () => {
    it('marks the inquiry deleted with who and when, hides it and records the event (D9)', async () => {
      const created = await createInquiryViaApi(t);
      const before = await api(t, staff.token).get('/api/inquiries');
      const res = await api(t, owner.token).del(`/api/inquiries/${created._id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: INQUIRY_MESSAGES.deleted });

      expect((await api(t, staff.token).get(`/api/inquiries/${created._id}`)).statusCode).toBe(404);
      const after = await api(t, staff.token).get('/api/inquiries?pageSize=200');
      expect(after.json<Inquiry[]>().map((i) => i._id)).not.toContain(created._id);
      expect(Number(after.headers['x-unfiltered-count'])).toBe(Number(before.headers['x-unfiltered-count']) - 1);

      const kept = await t.app.db.selectFrom('inquiries').selectAll().where('id', '=', created._id).executeTakeFirst();
      expect(kept).toMatchObject({ deleted_by: owner.id, customer_name: created.customer.name });
      expect(kept!.deleted_at).toBeGreaterThan(0);
      const trail = await findInquiryEvents(t.app.db, created._id);
      expect(trail[0]).toMatchObject({ type: 'deleted', actor_id: owner.id, from_value: 'New' });

      expect((await api(t, owner.token).del(`/api/inquiries/${created._id}`)).statusCode).toBe(404);
      expect((await put(created._id, { status: 'Working' })).statusCode).toBe(404);
    });
  });

  describe('the Customer’s view (D5)', () => {
    let linked: Inquiry;
    let byEmail: Inquiry;
    let strangers: Inquiry;

    beforeAll(async () => {
      linked = await createInquiryViaApi(t, { email: 'typo@example.com' }, customerA.token);
      byEmail = await createInquiryViaApi(t, { email: 'ASHA@example.com' });
      strangers = await createInquiryViaApi(t, { email: 'bina@example.com' });
      await put(linked._id, { status: 'Working', staff: { id: staff.id }, tpc: 1000 });
    });

    it('lists only their own: sent logged in, or sent with the address their account verified', async () => {
      const a = await api(t, customerA.token).get('/api/inquiries');
      expect(
        a
          .json<Inquiry[]>()
          .map((i) => i._id)
          .sort(),
      ).toEqual([linked._id, byEmail._id].sort());
      expect(a.headers['x-unfiltered-count']).toBe('2');
      const b = await api(t, customerB.token).get('/api/inquiries');
      expect(b.json<Inquiry[]>().map((i) => i._id)).toEqual([strangers._id]);
    });

    it("answers 404 for someone else's inquiry and its events", async () => {
      expect((await api(t, customerA.token).get(`/api/inquiries/${linked._id}`)).statusCode).toBe(200);
      for (const url of [`/api/inquiries/${linked._id}`, `/api/inquiries/${linked._id}/events`]) {
        const res = await api(t, customerB.token).get(url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: INQUIRY_MESSAGES.notFound });
      }
    });

    it('shows a Customer only the status changes of their own inquiry, without who made them', async () => {
      const trail = await events(linked._id, customerA.token);
      expect(trail).toEqual([
        {
          _id: expect.any(String),
          type: 'status',
          actor: null,
          field: 'status',
          from: 'New',
          to: 'Working',
          createdAt: expect.any(String),
        },
      ]);
    });

    it('counts statuses over their own inquiries only', async () => {
      const res = await api(t, customerA.token).get('/api/inquiries/statuses');
      expect(res.json()).toEqual([
        { status: 'New', count: 1 },
        { status: 'Working', count: 1 },
      ]);
    });

    it("leaves the agency's costs, revenue, profit and the staff e-mail out of a Customer's answers (D24)", async () => {
      await put(linked._id, { totalRevenue: 9000, hotelCost: 4000, cabCost: 1500, tpc: 9000, advance: 2500 });
      const customerApi = api(t, customerA.token);
      const one = (await customerApi.get(`/api/inquiries/${linked._id}`)).json<Record<string, unknown>>();
      const listed = (await customerApi.get('/api/inquiries')).json<Record<string, unknown>[]>();
      for (const answer of [one, listed.find((i) => i._id === linked._id)!]) {
        for (const field of AGENCY_ONLY_INQUIRY_FIELDS) expect(answer).not.toHaveProperty(field);
        expect(answer).toMatchObject({ tpc: 9000, advance: 2500, pendingAmount: 6500 });
        expect(answer.staff).toEqual({ id: staff.id, name: staff.name });
        expect(JSON.stringify(answer)).not.toContain(staff.email);
      }
      // Their own new inquiry's answer is a customer view too.
      const mine = await createInquiryViaApi(t, {}, customerA.token);
      for (const field of AGENCY_ONLY_INQUIRY_FIELDS) expect(mine).not.toHaveProperty(field);
      // The back office still gets the whole inquiry.
      const full = (await api(t, staff.token).get(`/api/inquiries/${linked._id}`)).json<Inquiry>();
      expect(full).toMatchObject({ hotelCost: 4000, cabCost: 1500, totalRevenue: 9000, profit: 3500 });
      expect(full.staff).toEqual({ id: staff.id, name: staff.name, email: staff.email });
    });
  });

  describe('decisions §6 matrix', () => {
    let target: Inquiry;
    let own: Inquiry;
    beforeAll(async () => {
      target = await createInquiryViaApi(t);
      own = await createInquiryViaApi(t, {}, customerA.token);
    });
    const as = (who: 'anonymous' | 'customer' | 'staff' | 'owner') =>
      who === 'anonymous' ? {} : bearer({ customer: customerA, staff, owner }[who].token);

    const rows: [string, 'GET' | 'PUT' | 'DELETE', (id: string) => string, Record<string, number>][] = [
      ['list', 'GET', () => '/api/inquiries', { anonymous: 401, customer: 200, staff: 200, owner: 200 }],
      ['statuses', 'GET', () => '/api/inquiries/statuses', { anonymous: 401, customer: 200, staff: 200, owner: 200 }],
      ['details', 'GET', (id) => `/api/inquiries/${id}`, { anonymous: 401, customer: 404, staff: 200, owner: 200 }],
      [
        'events',
        'GET',
        (id) => `/api/inquiries/${id}/events`,
        { anonymous: 401, customer: 404, staff: 200, owner: 200 },
      ],
      ['edit', 'PUT', (id) => `/api/inquiries/${id}`, { anonymous: 401, customer: 403, staff: 200, owner: 200 }],
    ];
    it.each(rows)('%s', async (_name, method, url, expected) => {
      for (const [who, status] of Object.entries(expected)) {
        const res = await t.app.inject({
          method,
          url: url(target._id),
          headers: as(who as 'anonymous'),
          ...(method === 'PUT' ? { payload: { status: 'Working' } } : {}),
        });
        expect(res.statusCode, `${who} ${method} ${url(target._id)}`).toBe(status);
        if (status === 401) expect(res.json().message).toBe(AUTH_MESSAGES.authRequired);
        if (status === 403) expect(res.json().message).toBe(AUTH_MESSAGES.forbidden);
      }
    });

    it('own details and events are readable by their Customer; edit and delete are not', async () => {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/inquiries/${own._id}`, headers: as('customer') })).statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/inquiries/${own._id}/events`, headers: as('customer') }))
          .statusCode,
      ).toBe(200);
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/inquiries/${own._id}`,
        headers: as('customer'),
        payload: {},
      });
      expect(edit.statusCode).toBe(403);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/inquiries/${own._id}`, headers: as('customer') });
      expect(del.statusCode).toBe(403);
    });

    it('delete', async () => {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/inquiries/${target._id}` })).statusCode).toBe(401);
      const doomed = [await createInquiryViaApi(t), await createInquiryViaApi(t)];
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/inquiries/${doomed[0]!._id}`, headers: as('staff') }))
          .statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/inquiries/${doomed[1]!._id}`, headers: as('owner') }))
          .statusCode,
      ).toBe(200);
    });

    it('create: everyone, public or logged in', async () => {
      for (const who of ['anonymous', 'customer', 'staff', 'owner'] as const) {
        for (const url of ['/api/inquiries/createPublic', '/api/inquiries/createLoggedIn']) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: url.endsWith('Public') ? {} : as(who),
            payload: {
              name: 'N',
              email: 'n@example.com',
              whatsappNumber: '9876543210',
              location: 'Goa',
              noOfAdults: 1,
              budget: 1,
            },
          });
          expect(res.statusCode, `${who} ${url}`).toBe(201);
        }
      }
    });
  });
});
