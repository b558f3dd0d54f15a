// Issue 51 on both engines: each back-office row of GET /api/inquiries carries the version its trip link shows and
// how often that version was opened (per version: a new one starts unseen), looked up for the page's ids only;
// a Customer's rows carry none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InquiryListItem, Quote } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createInquiryViaApi } from '../test/inquiry-kit';

const line = { kind: 'cab', description: 'Tempo Traveller, 5 days', quantity: 5, unitCost: 3000, unitPrice: 4000 };

describe.each(testEngines)("the inquiry list's quotation views on %s", (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let customer: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createUser(t, { role: 'Staff' });
    customer = await createUser(t, { role: 'Customer' });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = staff.token) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const open = (token: string) => t.app.inject({ method: 'GET', url: `/api/trips/${token}` });
  async function rows(token = staff.token) {
    const res = await call('GET', '/api/inquiries?pageSize=200', undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InquiryListItem[]>();
  }
  const rowOf = async (id: string) => (await rows()).find((r) => r._id === id)!;

  it('is null without a sent version, then counts the views of the version shown', async () => {
    const inquiry = await createInquiryViaApi(t, { email: customer.email }, customer.token);
    expect((await rowOf(inquiry._id)).quotation).toBeNull();
    const quote = (await call('POST', `/api/inquiries/${inquiry._id}/quotes`)).json<Quote>();
    await call('PUT', `/api/quotes/${quote._id}`, { lines: [line] });
    // A draft is not the customer's yet.
    expect((await rowOf(inquiry._id)).quotation).toBeNull();

    const sent = await call('POST', `/api/quotes/${quote._id}/send`);
    const token = (sent.json().url as string).split('/trip/')[1]!;
    expect((await rowOf(inquiry._id)).quotation).toMatchObject({
      version: 1,
      status: 'sent',
      views: 0,
      lastViewedAt: null,
    });
    const before = Date.now();
    for (let i = 0; i < 3; i++) expect((await open(token)).statusCode).toBe(200);
    const seen = (await rowOf(inquiry._id)).quotation!;
    expect(seen).toMatchObject({ version: 1, status: 'sent', views: 3 });
    expect(Date.parse(seen.lastViewedAt!)).toBeGreaterThanOrEqual(before - 1);
    // The staff's quotation answer says the same, version by version.
    const staffView = (await call('GET', `/api/inquiries/${inquiry._id}/quotes`)).json<Quote[]>()[0]!;
    expect(staffView.versions[0]).toMatchObject({ views: 3, lastViewedAt: seen.lastViewedAt });

    // Version 2 starts unseen; the link's own count goes on.
    await call('PUT', `/api/quotes/${quote._id}`, { notes: 'With a houseboat night' });
    expect((await rowOf(inquiry._id)).quotation).toMatchObject({ version: 1, views: 3 });
    await call('POST', `/api/quotes/${quote._id}/send`);
    expect((await rowOf(inquiry._id)).quotation).toMatchObject({ version: 2, views: 0, lastViewedAt: null });
    await open(token);
    expect((await rowOf(inquiry._id)).quotation).toMatchObject({ version: 2, views: 1 });
    const after = (await call('GET', `/api/inquiries/${inquiry._id}/quotes`)).json<Quote[]>()[0]!;
    expect(after.versions.map((v) => [v.number, v.status, v.views])).toEqual([
      [2, 'sent', 1],
      [1, 'superseded', 3],
    ]);
    expect(after.tripLink?.views).toBe(4);

    // Accepted: the version stays the one shown.
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${token}/accept`,
      payload: { name: 'Kavya' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await rowOf(inquiry._id)).quotation).toMatchObject({ version: 2, status: 'accepted', views: 1 });

    // A Customer's list of the same inquiry carries no quotation field at all.
    const own = await rows(customer.token);
    expect(own.map((r) => r._id)).toEqual([inquiry._id]);
    expect(own[0]).not.toHaveProperty('quotation');
  });

  it("answers expired for a sent version past its day, and null for the page's other rows", async () => {
    const expired = await createInquiryViaApi(t, {}, staff.token);
    const quote = (await call('POST', `/api/inquiries/${expired._id}/quotes`)).json<Quote>();
    await call('PUT', `/api/quotes/${quote._id}`, { lines: [line] });
    await call('POST', `/api/quotes/${quote._id}/send`);
    await t.app.db
      .updateTable('quote_versions')
      .set({ valid_until: '2020-01-01' })
      .where('quote_id', '=', quote._id)
      .execute();
    expect((await rowOf(expired._id)).quotation).toMatchObject({ version: 1, status: 'expired' });

    // Every row on the page gets its own answer: the quoted one, and null for the rest.
    const page = await rows();
    expect(page.length).toBeGreaterThan(1);
    const quoted = page.filter((r) => r.quotation !== null).map((r) => r._id);
    expect(quoted).toContain(expired._id);
    expect(page.every((r) => 'quotation' in r)).toBe(true);
  });
});
