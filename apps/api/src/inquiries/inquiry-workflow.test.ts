// The staff's day (D26): travel date, source, package link, follow-up time, internal notes and the "my work"
// filters, through the API on both engines, on a fixed clock around midnight in Asia/Kolkata.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTACTED_NOTE,
  INQUIRY_SORTS,
  NOTE_MAX_LENGTH,
  TOTAL_COUNT_HEADER,
  WORKFLOW_MESSAGES,
  type Inquiry,
  type InquiryEvent,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { newId } from '../lib/ids';
import { findPackageById, insertPackage, updatePackageRow } from '../packages/package.repository';
import { api, createInquiryViaApi, findPageIds, insertRows, postInquiry, row, validBody } from '../test/inquiry-kit';
import {
  buildWorkflowRowsQuery,
  findWorkflowFirstIds,
  type PageQuery,
  type WorkflowFilter,
} from './inquiry-page.repository';
import { pageOfMatches, sortedMatches } from './search/search-cache';
import { findMatchRows } from './search/search.repository';

/** 2030-01-15 00:00 in Asia/Kolkata (18:30 UTC the day before). */
const MIDNIGHT = Date.UTC(2030, 0, 14, 18, 30);
const MIN = 60_000;

describe.each(testEngines)('the staff’s day on %s', (engine) => {
  let t: TestApp;
  let owner: CreatedUser;
  let staff: CreatedUser;
  let other: CreatedUser;
  let customer: CreatedUser;
  let packageId: string;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(MIDNIGHT - 30 * MIN);
    t = await createTestApp(engine);
    owner = await createUser(t, { role: 'Owner', name: 'Olivia Owner' });
    staff = await createUser(t, { role: 'Staff', name: 'Priya Staff' });
    other = await createUser(t, { role: 'Staff', name: 'Vikram Staff' });
    customer = await createUser(t, { role: 'Customer', email: 'asha@example.com' });
    packageId = newId();
    await insertPackage(t.app.db, {
      id: packageId,
      name: 'Kerala Backwaters',
      description: 'Kochi, Alleppey',
      price_paise: 4_500_000,
      duration_days: 5,
      overview: 'Houseboats',
      itinerary: 'Day 1: Kochi',
      inclusions: '["Hotel"]',
      exclusions: '["Flights"]',
      important_notes: '[]',
      created_at: Date.now(),
      updated_at: Date.now(),
    });
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });
  beforeEach(() => {
    vi.setSystemTime(MIDNIGHT - 30 * MIN);
  });

  const put = (id: string, body: object, token = staff.token) => api(t, token).put(`/api/inquiries/${id}`, body);
  const note = (id: string, text: unknown, token = staff.token) =>
    t.app.inject({ method: 'POST', url: `/api/inquiries/${id}/notes`, headers: bearer(token), payload: { text } });
  const list = async (query: string, token = staff.token) => {
    const res = await api(t, token).get(`/api/inquiries?pageSize=200&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return {
      ids: res.json<Inquiry[]>().map((i) => i._id),
      total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]),
    };
  };

  describe('new fields', () => {
    it('takes a travel date from today (Kolkata) on, and refuses one in the past', async () => {
      // 23:30 in Kolkata on the 14th: the 14th is still today there.
      expect((await postInquiry(t, validBody({ travelDate: '2030-01-14' }))).statusCode).toBe(201);
      const past = await postInquiry(t, validBody({ travelDate: '2030-01-13' }));
      expect(past.statusCode).toBe(400);
      expect(past.json()).toMatchObject({ errors: { travelDate: WORKFLOW_MESSAGES.travelDatePast } });
      const bad = await postInquiry(t, validBody({ travelDate: '2030-02-30' }));
      expect(bad.json()).toMatchObject({ errors: { travelDate: WORKFLOW_MESSAGES.travelDateInvalid } });
      const created = await createInquiryViaApi(t, { travelDate: '2030-03-01' });
      expect(created.travelDate).toBe('2030-03-01');
    });

    it('stores website for the public and Customers, and the staff’s choice (default phone)', async () => {
      expect((await createInquiryViaApi(t, { source: 'phone' })).source).toBe('website');
      expect((await createInquiryViaApi(t, { source: 'referral' }, customer.token)).source).toBe('website');
      expect((await createInquiryViaApi(t, {}, staff.token)).source).toBe('phone');
      const walkIn = await createInquiryViaApi(t, { source: 'walk-in' }, owner.token);
      expect(walkIn.source).toBe('walk-in');
      const bad = await postInquiry(t, validBody({ source: 'fax' }), staff.token);
      expect(bad.json()).toMatchObject({ errors: { source: WORKFLOW_MESSAGES.sourceInvalid } });
      const changed = await put(walkIn._id, { source: 'whatsapp' });
      expect(changed.json<Inquiry>().source).toBe('whatsapp');
    });

    it('links an existing package, keeps its title as text once it is deleted', async () => {
      const missing = await postInquiry(t, validBody({ packageId: newId() }), staff.token);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ errors: { packageId: WORKFLOW_MESSAGES.packageMissing } });
      // A visitor's or Customer's Book Now link may outlive its package: the lead is taken without the link.
      for (const token of [undefined, customer.token]) {
        const stale = await createInquiryViaApi(t, { packageId: newId(), location: 'Old Package' }, token);
        expect(stale.package).toBeNull();
        expect(stale.location).toBe('Old Package');
      }
      const linked = await createInquiryViaApi(t, { packageId });
      expect(linked.package).toEqual({ id: packageId, title: 'Kerala Backwaters' });
      const pkg = (await findPackageById(t.app.db, packageId))!;
      await updatePackageRow(t.app.db, packageId, { ...pkg, name: 'Kerala Houseboats' });
      const renamed = (await api(t, staff.token).get(`/api/inquiries/${linked._id}`)).json<Inquiry>();
      expect(renamed.package).toEqual({ id: packageId, title: 'Kerala Houseboats' });
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/packages/${packageId}`,
        headers: bearer(owner.token),
      });
      expect(del.statusCode, del.body).toBe(200);
      const after = (await api(t, staff.token).get(`/api/inquiries/${linked._id}`)).json<Inquiry>();
      expect(after.package).toEqual({ id: null, title: 'Kerala Houseboats' });
      expect((await createInquiryViaApi(t)).package).toBeNull();
    });

    it('sets a follow-up time with an event, hidden from the Customer', async () => {
      const own = await createInquiryViaApi(t, {}, customer.token);
      const at = new Date(MIDNIGHT + 10 * 60 * MIN).toISOString();
      const res = await put(own._id, { followUpAt: '2030-01-15T10:00:00+05:30' });
      expect(res.json<Inquiry>().followUpAt).toBe(at);
      const trail = (await api(t, staff.token).get(`/api/inquiries/${own._id}/events`)).json<InquiryEvent[]>();
      expect(trail[0]).toMatchObject({ type: 'edit', field: 'followUpAt', from: null, to: at });
      const seen = (await api(t, customer.token).get(`/api/inquiries/${own._id}`)).json();
      expect(seen).not.toHaveProperty('followUpAt');
      expect((await put(own._id, { followUpAt: 'tomorrow' })).statusCode).toBe(400);
      expect((await put(own._id, { followUpAt: null })).json<Inquiry>().followUpAt).toBeNull();
    });
  });

  describe('internal notes', () => {
    it('appends notes to the timeline, newest first, with author and time', async () => {
      const created = await createInquiryViaApi(t);
      const first = await note(created._id, 'Called: wants a quote by Friday');
      expect(first.statusCode, first.body).toBe(201);
      vi.setSystemTime(MIDNIGHT - 20 * MIN);
      expect((await note(created._id, '  Sent the quote  ', owner.token)).statusCode).toBe(201);
      const trail = (await api(t, staff.token).get(`/api/inquiries/${created._id}/events`)).json<InquiryEvent[]>();
      expect(trail.map((e) => [e.type, e.to, e.actor?.name])).toEqual([
        ['note', 'Sent the quote', owner.name],
        ['note', 'Called: wants a quote by Friday', staff.name],
        ['created', 'New', undefined],
      ]);
      expect(trail[0]!.createdAt).toBe(new Date(MIDNIGHT - 20 * MIN).toISOString());
    });

    it('checks the length, and refuses Customers and strangers', async () => {
      const own = await createInquiryViaApi(t, {}, customer.token);
      expect((await note(own._id, '   ')).json()).toMatchObject({ errors: { text: WORKFLOW_MESSAGES.noteRequired } });
      expect((await note(own._id, 'x'.repeat(NOTE_MAX_LENGTH + 1))).statusCode).toBe(400);
      expect((await note(own._id, 'x'.repeat(NOTE_MAX_LENGTH))).statusCode).toBe(201);
      expect((await note(own._id, 'mine', customer.token)).statusCode).toBe(403);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/api/inquiries/${own._id}/notes`,
        payload: { text: 'x' },
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await note(newId(), 'x')).statusCode).toBe(404);
    });

    it('never shows a note to the Customer', async () => {
      const own = await createInquiryViaApi(t, {}, customer.token);
      await note(own._id, 'Budget is tight, offer the standard hotel');
      await put(own._id, { status: 'Working' });
      const seen = await api(t, customer.token).get(`/api/inquiries/${own._id}/events`);
      expect(seen.body).not.toContain('Budget is tight');
      expect(seen.json<InquiryEvent[]>().map((e) => e.type)).toEqual(['status']);
    });
  });

  describe('mark contacted', () => {
    const contacted = (id: string, token = staff.token) =>
      t.app.inject({ method: 'POST', url: `/api/inquiries/${id}/contacted`, headers: bearer(token) });
    const trail = async (id: string) =>
      (await api(t, staff.token).get(`/api/inquiries/${id}/events`))
        .json<InquiryEvent[]>()
        .map((e) => [e.type, e.from, e.to]);

    it('adds its note and moves New to Working in one call; later calls add the note alone', async () => {
      const own = await createInquiryViaApi(t, {}, customer.token);
      const first = await contacted(own._id);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<Inquiry>().status).toBe('Working');
      expect(await trail(own._id)).toEqual([
        ['status', 'New', 'Working'],
        ['note', null, CONTACTED_NOTE],
        ['created', null, 'New'],
      ]);
      expect((await contacted(own._id, owner.token)).json<Inquiry>().status).toBe('Working');
      expect((await trail(own._id)).filter(([type]) => type === 'status')).toHaveLength(1);
      expect((await trail(own._id)).filter(([type]) => type === 'note')).toHaveLength(2);
      // The Customer sees the status change, never the note.
      const seen = await api(t, customer.token).get(`/api/inquiries/${own._id}/events`);
      expect(seen.body).not.toContain(CONTACTED_NOTE);
    });

    it('refuses Customers, strangers and a deleted inquiry, and then writes nothing', async () => {
      const own = await createInquiryViaApi(t, {}, customer.token);
      expect((await contacted(own._id, customer.token)).statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'POST', url: `/api/inquiries/${own._id}/contacted` });
      expect(anonymous.statusCode).toBe(401);
      expect(await trail(own._id)).toEqual([['created', null, 'New']]);
      expect((await api(t, staff.token).del(`/api/inquiries/${own._id}`)).statusCode).toBe(200);
      expect((await contacted(own._id)).statusCode).toBe(404);
      expect((await contacted(newId())).statusCode).toBe(404);
    });
  });

  describe('my work filters', () => {
    it('filters by handler: me (Staff and Owner), unassigned and an id, with counts', async () => {
      const mine = await createInquiryViaApi(t, { location: 'Mine' });
      const owners = await createInquiryViaApi(t, { location: 'Owners' });
      const others = await createInquiryViaApi(t, { location: 'Others' });
      await put(mine._id, { staff: { id: staff.id } });
      await put(owners._id, { staff: { id: owner.id } });
      await put(others._id, { staff: { id: other.id } });
      const all = await list('');
      const meStaff = await list('assignedTo=me');
      expect(meStaff.ids).toEqual([mine._id]);
      expect(meStaff.total).toBe(1);
      expect((await list('assignedTo=me', owner.token)).ids).toEqual([owners._id]);
      expect((await list(`assignedTo=${other.id}`)).ids).toEqual([others._id]);
      const unassigned = await list('assignedTo=unassigned');
      expect(unassigned.total).toBe(all.total - 3);
      expect(unassigned.ids).not.toContain(mine._id);
      expect((await list('assignedTo=unassigned&q=Mine')).ids).toEqual([]);
      expect((await list('assignedTo=me&q=Mine')).ids).toEqual([mine._id]);
      expect((await list(`assignedTo=${newId()}`)).total).toBe(0);
    });

    it('splits follow-ups at midnight in Asia/Kolkata: overdue, today, upcoming, none', async () => {
      const make = async (followUpAt: number | null) => {
        const created = await createInquiryViaApi(t, { location: 'Followed' });
        await put(created._id, {
          staff: { id: other.id },
          followUpAt: followUpAt && new Date(followUpAt).toISOString(),
        });
        return created._id;
      };
      const a = await make(MIDNIGHT - 60 * MIN); // 23:00 on the 14th
      const b = await make(MIDNIGHT - 1); // 23:59:59.999 on the 14th
      const c = await make(MIDNIGHT); // 00:00 on the 15th
      const d = await make(MIDNIGHT + 24 * 60 * MIN - 1); // the last moment of the 15th
      const e = await make(MIDNIGHT + 24 * 60 * MIN); // 00:00 on the 16th
      const f = await make(null);
      const mine = `assignedTo=${other.id}`;
      const of = async (followUp: string) => (await list(`${mine}&followUp=${followUp}&sort=createdAt&order=asc`)).ids;

      vi.setSystemTime(MIDNIGHT - 30 * MIN); // 23:30 on the 14th
      expect(await of('overdue')).toEqual([a]);
      expect(await of('today')).toEqual([b]);
      expect(await of('upcoming')).toEqual([c, d, e]);
      expect((await of('none')).filter((id) => [a, b, c, d, e, f].includes(id))).toEqual([f]);

      vi.setSystemTime(MIDNIGHT + MIN); // 00:01 on the 15th
      expect(await of('overdue')).toEqual([a, b, c]);
      expect(await of('today')).toEqual([d]);
      expect(await of('upcoming')).toEqual([e]);
      const counted = await list(`${mine}&followUp=upcoming`);
      expect(counted.total).toBe(1);
    });

    it('pages, sorts and narrows by status and search like the rest of the list', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const created = await createInquiryViaApi(t, { name: `Pager ${i}`, location: 'Pagerville' });
        await put(created._id, { staff: { id: owner.id }, status: i % 2 ? 'Working' : 'New' });
        ids.push(created._id);
      }
      const sorted = await list('assignedTo=me&q=Pagerville&sort=customer&order=desc', owner.token);
      expect(sorted.ids).toEqual([...ids].reverse());
      const page2 = await api(t, owner.token).get(
        '/api/inquiries?assignedTo=me&q=Pagerville&sort=customer&pageSize=2&page=2',
      );
      expect(page2.json<Inquiry[]>().map((i) => i._id)).toEqual([ids[2], ids[1]]);
      expect(page2.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('5');
      const working = await list('assignedTo=me&status=working&sort=customer&order=asc&q=Pagerville', owner.token);
      expect(working.ids).toEqual([ids[1], ids[3]]);
    });

    it('finds the same pages by walking the sort index, by the filter’s index and from the cached set, for every sort', async () => {
      const rows = Array.from({ length: 120 }, (_, i) =>
        row({
          customer_name: `Walker ${(i * 7) % 13}`,
          location: ['Goa', 'Ooty', 'Leh'][i % 3]!,
          status: i % 4 ? 'New' : 'Booked',
          ...(i % 3 ? { staff_id: other.id, staff_name: other.name } : {}),
          follow_up_at: i % 5 ? MIDNIGHT + (i - 60) * 30 * MIN : null,
        }),
      );
      await insertRows(t, rows);
      const filters: WorkflowFilter[] = [
        { staff: other.id },
        { staff: null },
        { followUp: { to: MIDNIGHT } },
        { followUp: { from: MIDNIGHT, to: MIDNIGHT + 1440 * MIN } },
        { staff: other.id, followUp: 'none' },
      ];
      let compared = 0;
      for (const workflow of filters) {
        // The set the list service keeps for this filter, sorted by the set's index.
        const set: WorkflowFilter = workflow.staff !== undefined ? { staff: workflow.staff } : { followUp: {} };
        for (const sort of INQUIRY_SORTS) {
          const kept = sortedMatches(
            1,
            await findMatchRows(t.app.db, buildWorkflowRowsQuery(t.app.db, set, sort, 1_000, engine)),
          );
          for (const order of ['asc', 'desc'] as const) {
            for (const status of [undefined, 'Booked']) {
              const p: PageQuery = { scope: { kind: 'all' }, sort, order, status, workflow, limit: 7, offset: 14 };
              const walked = await findPageIds(t.app.db, { ...p, hideWorkflowFromIndex: engine === 'sqlite' }, 'index');
              const label = `${JSON.stringify(workflow)} ${sort} ${order} ${status}`;
              compared += walked.length;
              expect(await findPageIds(t.app.db, p, 'workflow'), label).toEqual(walked);
              expect(pageOfMatches(kept, p).ids, label).toEqual(walked);
              if (workflow.staff !== undefined && (workflow.followUp ?? 'none') === 'none') {
                const first = await findWorkflowFirstIds(t.app.db, { ...p, limit: p.offset + p.limit }, engine);
                expect(first.slice(p.offset), label).toEqual(walked);
              }
            }
          }
        }
      }
      // Most pages hold rows (a test of empty pages would prove little).
      expect(compared).toBeGreaterThan(5 * INQUIRY_SORTS.length * 2 * 7);
    });

    it('refuses a follow-up filter it does not know', async () => {
      const res = await api(t, staff.token).get('/api/inquiries?followUp=later');
      expect(res.statusCode).toBe(400);
    });
  });
});
