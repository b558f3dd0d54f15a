// GET /api/dashboard/stats (spec §9 owner stats; decisions §6 row): counters, this month in Asia/Kolkata, latest 10.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type DashboardStats } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { newId } from '../lib/ids';
import { insertRows, row } from '../test/inquiry-kit';
import type { NewInquiryRow } from '../inquiries/inquiry.repository';
import { agencyMonth } from './dashboard.service';

const IST_OFFSET = 330 * 60_000;

/** The first instant of the current month in Asia/Kolkata (UTC+05:30, no DST). */
function kolkataMonthStart(ms: number) {
  const local = new Date(ms + IST_OFFSET);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - IST_OFFSET;
}

describe('agencyMonth', () => {
  it('turns the month at midnight in Kolkata, not in UTC', () => {
    // 2024-03-31T18:30Z is 2024-04-01 00:00 in Kolkata.
    expect(agencyMonth(Date.UTC(2024, 2, 31, 18, 29, 59, 999))).toBe('2024-03');
    expect(agencyMonth(Date.UTC(2024, 2, 31, 18, 30))).toBe('2024-04');
  });
});

describe.each(testEngines)('dashboard stats on %s', (engine) => {
  let t: TestApp;
  let owner: CreatedUser;
  let staff: CreatedUser;
  let customer: CreatedUser;
  const rows: NewInquiryRow[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await createUser(t, { role: 'Owner' });
    staff = await createUser(t, { role: 'Staff' });
    customer = await createUser(t, { role: 'Customer' });
    const at = Date.now();
    for (let i = 0; i < 3; i++) {
      await t.app.db
        .insertInto('packages')
        .values({
          id: newId(),
          name: `Package ${i}`,
          description: 'Goa',
          price_paise: 100,
          duration_days: 3,
          overview: '',
          itinerary: '',
          inclusions: '[]',
          exclusions: '[]',
          important_notes: '[]',
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const monthStart = kolkataMonthStart(at);
    const statuses = ['New', 'new', 'Working', 'Completed', 'Booked', 'Completed', 'Follow Up'];
    for (let i = 0; i < 21; i++) {
      // Alternately this month (from its very first instant) and last month (up to its very last).
      const created = i % 2 === 0 ? monthStart + i * 1000 : monthStart - 1 - i * 86_400_000;
      rows.push(
        row({
          status: statuses[i % statuses.length]!,
          created_at: created,
          updated_at: at - i * 7919 * 1000,
          deleted_at: i % 10 === 9 ? at : null,
        }),
      );
    }
    await insertRows(t, rows);
  });
  afterAll(async () => {
    await t.close();
  });

  const stats = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: token ? bearer(token) : {} });

  it('answers Staff and Owner; refuses Customers and anonymous callers', async () => {
    expect((await stats(owner.token)).statusCode).toBe(200);
    expect((await stats(staff.token)).statusCode).toBe(200);
    const c = await stats(customer.token);
    expect(c.statusCode).toBe(403);
    expect(c.json().message).toBe(AUTH_MESSAGES.forbidden);
    const a = await stats();
    expect(a.statusCode).toBe(401);
  });

  it('counts packages, active (not Completed), pending (New, any case) and this month in Kolkata', async () => {
    const visible = rows.filter((r) => r.deleted_at === null);
    const monthStart = kolkataMonthStart(Date.now());
    const body = (await stats(owner.token)).json<DashboardStats>();
    expect(body).toMatchObject({
      totalPackages: 3,
      activeInquiries: visible.filter((r) => r.status !== 'Completed').length,
      pendingInquiries: visible.filter((r) => r.status.toLowerCase() === 'new').length,
      inquiriesThisMonth: visible.filter((r) => r.created_at >= monthStart).length,
    });
    expect(body.latestInquiries.map((i) => i._id)).toEqual(
      [...visible]
        .sort((a, b) => b.updated_at - a.updated_at)
        .slice(0, 10)
        .map((r) => r.id),
    );
  });

  it('follows edits, new inquiries and deletes at once (counters kept in the same transaction)', async () => {
    const before = (await stats(staff.token)).json<DashboardStats>();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries/createPublic',
      payload: {
        name: 'N',
        email: 'n@example.com',
        whatsappNumber: '9876543210',
        location: 'Goa',
        noOfAdults: 1,
        budget: 1,
      },
    });
    const id = created.json()._id as string;
    let now = (await stats(staff.token)).json<DashboardStats>();
    expect(now).toMatchObject({
      activeInquiries: before.activeInquiries + 1,
      pendingInquiries: before.pendingInquiries + 1,
      inquiriesThisMonth: before.inquiriesThisMonth + 1,
    });
    expect(now.latestInquiries[0]!._id).toBe(id);

    await t.app.inject({
      method: 'PUT',
      url: `/api/inquiries/${id}`,
      headers: bearer(staff.token),
      payload: { status: 'Completed' },
    });
    now = (await stats(staff.token)).json<DashboardStats>();
    expect(now).toMatchObject({ activeInquiries: before.activeInquiries, pendingInquiries: before.pendingInquiries });

    await t.app.inject({ method: 'DELETE', url: `/api/inquiries/${id}`, headers: bearer(staff.token) });
    now = (await stats(staff.token)).json<DashboardStats>();
    expect(now).toMatchObject({
      activeInquiries: before.activeInquiries,
      inquiriesThisMonth: before.inquiriesThisMonth,
    });
    expect(now.latestInquiries.map((i) => i._id)).not.toContain(id);
  });
});
