// Test kit for the inquiry suites: payloads, API calls and rows inserted straight into the table.
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'kysely';
import type { CreateInquiryBody, Inquiry } from '@safarnama/contract';
import { createTestApp, type TestApp } from './helper';
import type { Engine } from '../db/dialect';
import { bearer, createUser, type CreatedUser } from './factories';
import { newId } from '../lib/ids';
import type { DbOrTx } from '../db/database';
import { insertInquiryRows, type NewInquiryRow } from '../inquiries/inquiry.repository';
import { findPageRows, type PageQuery, type PageStrategy } from '../inquiries/inquiry-page.repository';

/** A create payload that passes every spec §5 rule. */
export const validBody = (overrides: Partial<Record<keyof CreateInquiryBody, unknown>> = {}) => ({
  name: 'Rohan Mehta',
  email: 'rohan.mehta@example.com',
  whatsappNumber: '+91 98765 43210',
  travelingFrom: 'Delhi',
  location: 'Manali',
  noOfAdults: 2,
  noOfKids: 1,
  extraInfo: 'Honeymoon',
  tourDuration: '5N/6D',
  hotelType: 'standard',
  dropCity: 'Chandigarh',
  budget: 55000,
  ...overrides,
});

/** POSTs a create (public, or logged-in with `token`) and answers the raw response. */
export function postInquiry(t: TestApp, body: object, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: token === undefined ? '/api/inquiries/createPublic' : '/api/inquiries/createLoggedIn',
    payload: body,
    headers: token ? bearer(token) : {},
  });
}

/** Creates through the API and answers the stored inquiry. */
export async function createInquiryViaApi(t: TestApp, overrides: object = {}, token?: string): Promise<Inquiry> {
  const res = await postInquiry(t, validBody(overrides), token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Inquiry>();
}

export function api(t: TestApp, token: string) {
  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return {
    get: (url: string) => call('GET', url),
    put: (url: string, payload: object) => call('PUT', url, payload),
    del: (url: string) => call('DELETE', url),
  };
}

let clock = Date.UTC(2024, 0, 1);

/** A complete row with distinct, increasing times unless given. */
export function row(overrides: Partial<NewInquiryRow> = {}): NewInquiryRow {
  clock += 60_000;
  return {
    id: newId(),
    customer_name: 'Customer',
    customer_email: 'customer@example.com',
    customer_whatsapp: '+91 90000 00000',
    customer_user_id: null,
    staff_id: null,
    staff_name: '',
    staff_email: '',
    traveling_from: '',
    location: 'Goa',
    drop_city: '',
    adults: 2,
    kids: 0,
    extra_info: '',
    tour_duration: '',
    hotel_type: null,
    budget_paise: 1_000_000,
    status: 'New',
    total_revenue_paise: 0,
    hotel_cost_paise: 0,
    cab_cost_paise: 0,
    advance_paise: 0,
    tpc_paise: 0,
    created_at: clock,
    updated_at: clock,
    deleted_at: null,
    deleted_by: null,
    ...overrides,
  };
}

export async function insertRows(t: TestApp, rows: readonly NewInquiryRow[]) {
  for (let i = 0; i < rows.length; i += 200) await insertInquiryRows(t.app.db, rows.slice(i, i + 200));
}

/** The inquiry list's data version (migrations 002 and 033): it moves on when a write changes what a kept list holds. */
export async function findListVersion(db: DbOrTx): Promise<number> {
  const row = await db.selectFrom('inquiry_list_version').select('v').where('id', '=', 1).executeTakeFirst();
  return Number(row?.v ?? 0);
}

/** The ids of one page found by `strategy` (the list test compares every strategy's answer). */
export async function findPageIds(db: DbOrTx, p: PageQuery, strategy: PageStrategy): Promise<string[]> {
  return (await findPageRows(db, p, strategy)).map((r) => r.id);
}

/** What useStaffAndRows sets up: filled in before the describe block's first test. */
export interface StaffAndRows {
  t: TestApp;
  staff: CreatedUser;
  rows: NewInquiryRow[];
}

/**
 * A describe block's app on `engine` with one Staff account and the rows `build` makes (it may assign them to that
 * Staff), inserted once before its tests and closed after them. `analyze` refreshes the planner's statistics, as
 * the seed does after a bulk insert, for tests whose strategy depends on them.
 */
export function useStaffAndRows(
  engine: Engine,
  build: (staff: CreatedUser) => NewInquiryRow[],
  opts: { analyze?: boolean } = {},
): StaffAndRows {
  const setup = {} as StaffAndRows;
  beforeAll(async () => {
    setup.t = await createTestApp(engine);
    setup.staff = await createUser(setup.t, { role: 'Staff' });
    setup.rows = build(setup.staff);
    await insertRows(setup.t, setup.rows);
    if (opts.analyze) {
      await sql.raw(engine === 'postgres' ? 'VACUUM ANALYZE inquiries' : 'ANALYZE').execute(setup.t.app.db);
    }
  }, 120_000);
  afterAll(async () => {
    await setup.t?.close();
  });
  return setup;
}
