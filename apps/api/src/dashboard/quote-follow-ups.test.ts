// Issue 51, GET /api/dashboard/quote-follow-ups on both engines with the clock fixed at 00:30 in India (19:00 UTC the
// day before, so India's tomorrow is not UTC's): a sent version unopened for 48 hours, or valid through tomorrow
// only, is in its handler's My work (an Owner's for an inquiry nobody handles); viewed, accepted, superseded,
// expired, deleted or someone else's is not.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, quoteFollowUpText, type Quote, type QuoteFollowUp } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createInquiryViaApi } from '../test/inquiry-kit';

/** 2031-03-11 00:30 in Asia/Kolkata. */
const NOW = Date.parse('2031-03-10T19:00:00Z');
const HOUR = 3_600_000;
const TODAY_IN_INDIA = '2031-03-11';
const TOMORROW_IN_INDIA = '2031-03-12';
const LATER = '2031-03-20';
const line = { kind: 'hotel', description: 'Houseboat, 2 nights', quantity: 2, unitCost: 6000, unitPrice: 7500 };

describe.each(testEngines)('quotations to follow up on %s', (engine) => {
  let t: TestApp;
  let owner: CreatedUser;
  let staff: CreatedUser;
  let colleague: CreatedUser;
  let customer: CreatedUser;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    t = await createTestApp(engine, { SITE_URL: 'https://agency.example' });
    [owner, staff, colleague, customer] = await Promise.all([
      createUser(t, { role: 'Owner' }),
      createUser(t, { role: 'Staff' }),
      createUser(t, { role: 'Staff' }),
      createUser(t, { role: 'Customer' }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    vi.useRealTimers();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = owner.token) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const followUps = async (user: CreatedUser) => {
    const res = await call('GET', '/api/dashboard/quote-follow-ups', undefined, user.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<QuoteFollowUp[]>();
  };
  const setSentAt = (quoteId: string, number: number, at: number) =>
    t.app.db
      .updateTable('quote_versions')
      .set({ sent_at: at })
      .where('quote_id', '=', quoteId)
      .where('number', '=', number)
      .execute();

  /** An inquiry handled by `handler` (null: nobody) with version 1 sent `hoursAgo`, valid through `validUntil`. */
  async function sent(name: string, handler: CreatedUser | null, hoursAgo: number, validUntil = LATER) {
    const inquiry = await createInquiryViaApi(t, { name, location: `${name}'s trip` }, owner.token);
    if (handler) {
      const put = await call('PUT', `/api/inquiries/${inquiry._id}`, { staff: { id: handler.id } });
      expect(put.statusCode, put.body).toBe(200);
    }
    const quote = (await call('POST', `/api/inquiries/${inquiry._id}/quotes`)).json<Quote>();
    expect((await call('PUT', `/api/quotes/${quote._id}`, { lines: [line], validUntil })).statusCode).toBe(200);
    const send = await call('POST', `/api/quotes/${quote._id}/send`);
    expect(send.statusCode, send.body).toBe(200);
    await setSentAt(quote._id, 1, NOW - hoursAgo * HOUR);
    return { inquiry, quote, token: (send.json().url as string).split('/trip/')[1]! };
  }
  const names = (list: QuoteFollowUp[]) => list.map((f) => f.customerName);

  it('lists a version unopened 49 hours after it was sent, not one sent 47 hours ago', async () => {
    await sent('Unseen 47h', staff, 47);
    const late = await sent('Unseen 49h', staff, 49);
    const mine = await followUps(staff);
    expect(names(mine)).toEqual(['Unseen 49h']);
    expect(mine[0]).toEqual({
      inquiryId: late.inquiry._id,
      customerName: 'Unseen 49h',
      destination: "Unseen 49h's trip",
      version: 1,
      sentAt: new Date(NOW - 49 * HOUR).toISOString(),
      validUntil: LATER,
      notViewed: true,
      expiresTomorrow: false,
    });
    expect(quoteFollowUpText(mine[0]!, NOW)).toBe('Quotation v1 sent 2 days ago, not viewed');
  });

  it('drops a version once the customer opens the trip link, or accepts it', async () => {
    const viewed = await sent('Viewed', staff, 72);
    const accepted = await sent('Accepted', staff, 72);
    expect(names(await followUps(staff))).toEqual(expect.arrayContaining(['Viewed', 'Accepted']));
    expect((await t.app.inject({ method: 'GET', url: `/api/trips/${viewed.token}` })).statusCode).toBe(200);
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${accepted.token}/accept`,
      payload: { name: 'Meera' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const after = names(await followUps(staff));
    expect(after).not.toContain('Viewed');
    expect(after).not.toContain('Accepted');
  });

  it('counts views per version: a superseded one is gone, the next is unseen until opened', async () => {
    const { quote, token } = await sent('Revised', staff, 96);
    // The customer opened version 1; version 2, sent three days ago, was never shown.
    expect((await t.app.inject({ method: 'GET', url: `/api/trips/${token}` })).statusCode).toBe(200);
    expect((await call('PUT', `/api/quotes/${quote._id}`, { notes: 'Lower price' })).statusCode).toBe(200);
    expect((await call('POST', `/api/quotes/${quote._id}/send`)).statusCode).toBe(200);
    expect(names(await followUps(staff))).not.toContain('Revised');
    await setSentAt(quote._id, 2, NOW - 3 * 24 * HOUR - HOUR);
    const entry = (await followUps(staff)).find((f) => f.customerName === 'Revised');
    expect(entry).toMatchObject({ version: 2, notViewed: true });
    expect(quoteFollowUpText(entry!, NOW)).toBe('Quotation v2 sent 3 days ago, not viewed');
    expect((await t.app.inject({ method: 'GET', url: `/api/trips/${token}` })).statusCode).toBe(200);
    expect(names(await followUps(staff))).not.toContain('Revised');
  });

  it("lists a version valid through tomorrow in India, not one that ends today (UTC's tomorrow)", async () => {
    await sent('Ends tomorrow', staff, 1, TOMORROW_IN_INDIA);
    await sent('Ends today', staff, 1, TODAY_IN_INDIA);
    const mine = await followUps(staff);
    const entry = mine.find((f) => f.customerName === 'Ends tomorrow');
    expect(entry).toMatchObject({ notViewed: false, expiresTomorrow: true, validUntil: TOMORROW_IN_INDIA });
    expect(quoteFollowUpText(entry!, NOW)).toBe('Quotation v1 expires tomorrow');
    expect(names(mine)).not.toContain('Ends today');
    // The most urgent first: what expires tomorrow comes before what is merely unseen.
    expect(mine[0]!.customerName).toBe('Ends tomorrow');
  });

  it('says both when an unseen version also expires tomorrow, and drops an expired one', async () => {
    await sent('Both', staff, 50, TOMORROW_IN_INDIA);
    const expired = await sent('Expired', staff, 200);
    await t.app.db
      .updateTable('quote_versions')
      .set({ valid_until: '2031-03-10' })
      .where('quote_id', '=', expired.quote._id)
      .execute();
    const mine = await followUps(staff);
    const both = mine.find((f) => f.customerName === 'Both')!;
    expect(quoteFollowUpText(both, NOW)).toBe('Quotation v1 sent 2 days ago, not viewed; it expires tomorrow');
    expect(names(mine)).not.toContain('Expired');
  });

  it("gives the Owner the inquiries nobody handles, never a colleague's; a deleted inquiry leaves", async () => {
    await sent('Nobody', null, 60);
    await sent("Colleague's", colleague, 60);
    const gone = await sent('Removed handler', colleague, 60);
    const departed = await createUser(t, { role: 'Staff', disabled: true });
    await t.app.db
      .updateTable('inquiries')
      .set({ staff_id: departed.id, staff_name: departed.name })
      .where('id', '=', gone.inquiry._id)
      .execute();
    const deleted = await sent('Deleted', null, 60);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/inquiries/${deleted.inquiry._id}`,
      headers: bearer(owner.token),
    });
    expect(del.statusCode, del.body).toBeLessThan(300);

    const owners = names(await followUps(owner));
    expect(owners).toEqual(expect.arrayContaining(['Nobody', 'Removed handler']));
    expect(owners).not.toContain("Colleague's");
    expect(owners).not.toContain('Deleted');
    expect(owners).not.toContain('Unseen 49h');
    const staffs = names(await followUps(staff));
    expect(staffs).not.toContain('Nobody');
    expect(staffs).not.toContain("Colleague's");
    expect(names(await followUps(colleague))).toEqual(["Colleague's"]);
  });

  it('refuses a Customer and an anonymous caller', async () => {
    const res = await call('GET', '/api/dashboard/quote-follow-ups', undefined, customer.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(AUTH_MESSAGES.forbidden);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/quote-follow-ups' })).statusCode).toBe(401);
  });
});
