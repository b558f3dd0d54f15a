// Issue 51's one paper on both engines, read back with pdftotext (poppler): once a version is sent, the inquiry's
// quotation PDF is that version as the trip page shows it — days, priced lines, totals (GST when charged, per
// traveller), validity, notes, lists and terms, never a cost, margin, supplier or staff e-mail — and the trip link
// serves the same paper (404 as its other calls, PAPER_LIMITS by address); an inquiry priced by hand keeps D27's.
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAPER_LIMITS,
  PAPER_MESSAGES,
  QUOTE_MESSAGES,
  formatRupees,
  formatShortDate,
  kolkataDate,
  type Inquiry,
  type Quote,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createInquiryViaApi } from '../test/inquiry-kit';
import { expireSentVersions } from '../test/quote-kit';
import { insertSupplierWithId } from '../test/supplier-kit';

function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], (err, stdout) =>
      err ? reject(err) : resolve(stdout.replace(/[ \t]+/g, ' ')),
    );
    child.stdin!.end(pdf);
  });
}

const SUPPLIER = '0190a000-0000-7000-8000-00000000abcd';
// Costs chosen to appear nowhere else on the paper: 4,317 and 17,777 a unit, 2,468.50 for the activity.
const lines = [
  { kind: 'hotel', description: 'Lake Palace, 4 nights', quantity: 4, unitCost: 4317, unitPrice: 5200 },
  { kind: 'cab', description: 'Innova, Udaipur–Jodhpur', quantity: 1, unitCost: 17777, markupPercent: 12.5 },
  {
    kind: 'activity',
    description: 'Mehrangarh zipline',
    supplierId: SUPPLIER,
    quantity: 3,
    unitCost: 2468.5,
    unitPrice: 3100,
  },
];
/** A month ahead: a version is valid for at most a year. */
const VALID_UNTIL = kolkataDate(Date.now() + 30 * 86_400_000);
const version = {
  lines,
  days: [
    { title: 'Day 1: Udaipur', text: 'Boat ride on Lake Pichola at sunset.' },
    { title: 'Day 2: Jodhpur', text: 'The blue city on foot.' },
  ],
  validUntil: VALID_UNTIL,
  notes: 'Vegetarian meals asked for',
  inclusions: ['Breakfast daily', 'Airport pick-up'],
  exclusions: ['Flights', 'Camera fees'],
};
/** What the customer must never read: every cost, the total cost and the margin, in any form. */
const COSTS = ['4,317', '4317', '17,777', '17777', '2,468.5', '2468.5', '17,268', '7,405', '42,450', '7,648'];

describe.each(testEngines)('the quotation version paper on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let customer: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      SITE_URL: 'https://agency.example',
      SITE_NAME: 'Marwar Trails',
      SITE_PHONE: '+91 90000 11111',
    });
    await insertSupplierWithId(t.app.db, SUPPLIER);
    staff = await createUser(t, { role: 'Staff', email: 'handler.private@example.test', name: 'Imran Qureshi' });
    customer = await createUser(t, { role: 'Customer' });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = staff.token) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const inquiryPdf = (id: string, token = staff.token) =>
    call('GET', `/api/inquiries/${id}/quotation.pdf`, undefined, token);
  const tripPdf = (token: string) => t.app.inject({ method: 'GET', url: `/api/trips/${token}/quotation.pdf` });

  async function quoted(overrides: object = {}, by?: string) {
    const inquiry = await createInquiryViaApi(
      t,
      {
        name: 'Aarav Shah',
        location: 'Udaipur and Jodhpur',
        noOfAdults: 2,
        noOfKids: 1,
        tourDuration: '5N/6D',
        travelDate: '2099-02-10',
        ...overrides,
      },
      by ?? staff.token,
    );
    await call('PUT', `/api/inquiries/${inquiry._id}`, { staff: { id: staff.id } });
    const quote = (await call('POST', `/api/inquiries/${inquiry._id}/quotes`)).json<Quote>();
    const put = await call('PUT', `/api/quotes/${quote._id}`, version);
    expect(put.statusCode, put.body).toBe(200);
    return { inquiry, quote };
  }
  async function send(quote: Quote) {
    const sent = await call('POST', `/api/quotes/${quote._id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json<{ url: string | null }>().url?.split('/trip/')[1];
  }

  it('keeps the priced inquiry’s paper until a version is sent, then prints the version', async () => {
    const { inquiry, quote } = await quoted();
    await call('PUT', `/api/inquiries/${inquiry._id}`, { tpc: 61000 });
    const before = await inquiryPdf(inquiry._id);
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-disposition']).toMatch(/filename="quotation-Q-\d{8}-[0-9A-F]{6}\.pdf"$/);
    const priced = await pdfText(before.rawPayload);
    expect(priced).toContain('Total package cost');
    expect(priced).not.toContain('Quotation v1');

    await send(quote);
    const after = await inquiryPdf(inquiry._id);
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-type']).toBe('application/pdf');
    expect(after.headers['content-disposition']).toMatch(/filename="quotation-Q-\d{8}-[0-9A-F]{6}-v1\.pdf"$/);
    const text = await pdfText(after.rawPayload);
    const v = (await call('GET', `/api/inquiries/${inquiry._id}/quotes`)).json<Quote[]>()[0]!.versions[0]!;
    for (const expected of [
      'Marwar Trails',
      'Quotation v1',
      'Aarav Shah',
      'Udaipur and Jodhpur',
      '5N/6D',
      '2 adults, 1 child',
      formatShortDate('2099-02-10T12:00:00+05:30'),
      'Imran Qureshi',
      'Day 1: Udaipur',
      'Boat ride on Lake Pichola at sunset.',
      'Day 2: Jodhpur',
      'Lake Palace, 4 nights',
      'Innova, Udaipur–Jodhpur',
      'Mehrangarh zipline',
      formatRupees(5200),
      formatRupees(20800),
      formatRupees(19999.13),
      formatRupees(9300),
      `Total ${formatRupees(v.totals.total)}`,
      `Per traveller (3 travellers) ${formatRupees(16699.71)}`,
      `Advance (40%) to confirm ${formatRupees(20039.65)}`,
      `Balance ${formatRupees(30059.48)}`,
      `Valid until: ${formatShortDate(`${VALID_UNTIL}T12:00:00+05:30`)}`,
      'Vegetarian meals asked for',
      'Breakfast daily',
      'Airport pick-up',
      'Camera fees',
      'advance of 40% of the total',
      'at least 24 hours before the start of the trip',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(v.totals).toMatchObject({ total: 50099.13, cost: 42450.5, margin: 7648.63 });
    // No GST is charged yet (D32): no GST line.
    expect(text).not.toContain('GST');
    for (const secret of [...COSTS, SUPPLIER, 'handler.private@example.test'])
      expect(text, secret).not.toContain(secret);
    expect(text).not.toMatch(/cost|margin|markup|supplier/i);
  });

  it('serves the same paper through the trip link, without counting a view; 404 as its other calls', async () => {
    const { inquiry, quote } = await quoted();
    const noneYet = await call('POST', `/api/inquiries/${inquiry._id}/trip-link`);
    const early = noneYet.json<{ url: string }>().url.split('/trip/')[1]!;
    const before = await tripPdf(early);
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe(QUOTE_MESSAGES.noQuoteYet);

    await send(quote);
    const byLink = await tripPdf(early);
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect(byLink.headers['content-type']).toBe('application/pdf');
    expect(byLink.headers['cache-control']).toBe('private, no-store');
    expect(await pdfText(byLink.rawPayload)).toBe(await pdfText((await inquiryPdf(inquiry._id)).rawPayload));
    const views = (await call('GET', `/api/inquiries/${inquiry._id}/quotes`)).json<Quote[]>()[0]!;
    expect([views.tripLink?.views, views.versions[0]!.views]).toEqual([0, 0]);

    const wrong = await tripPdf(early.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(QUOTE_MESSAGES.tripNotFound);
    expect(wrong.body).not.toContain('%PDF');
    await call('POST', `/api/inquiries/${inquiry._id}/trip-link`);
    expect((await tripPdf(early)).statusCode).toBe(404);
  });

  it('titles the paper with the version shown: v2 once sent, accepted by name, or expired', async () => {
    const { inquiry, quote } = await quoted();
    const token = (await send(quote))!;
    await call('PUT', `/api/quotes/${quote._id}`, { notes: 'Second offer' });
    await send(quote);
    let text = await pdfText((await tripPdf(token)).rawPayload);
    expect(text).toContain('Quotation v2');
    expect(text).not.toContain('Quotation v1');
    expect(text).toContain('Second offer');

    await expireSentVersions(t.app.db, quote._id);
    text = await pdfText((await inquiryPdf(inquiry._id)).rawPayload);
    expect(text).toContain(QUOTE_MESSAGES.paperExpired);

    await t.app.db
      .updateTable('quote_versions')
      .set({ valid_until: VALID_UNTIL })
      .where('quote_id', '=', quote._id)
      .execute();
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/trips/${token}/accept`,
      payload: { name: 'Aarav S.' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    text = await pdfText((await inquiryPdf(inquiry._id)).rawPayload);
    expect(text).toContain('Quotation v2');
    expect(text).toMatch(/Accepted by Aarav S\. on \d{1,2} \w+ \d{4}/);
    expect(text).not.toContain(QUOTE_MESSAGES.paperExpired);
  });

  it('prints the GST and the total with it when the version charges GST', async () => {
    const { quote, inquiry } = await quoted();
    await send(quote);
    // D32's GSTIN configuration does not exist yet: a version priced at 5 % as it will be stored.
    await t.app.db
      .updateTable('quote_versions')
      .set({ gst_basis_points: 500, gst_paise: 250_496, total_paise: 5_260_409, per_traveller_paise: 1_753_470 })
      .where('quote_id', '=', quote._id)
      .execute();
    const text = await pdfText((await inquiryPdf(inquiry._id)).rawPayload);
    expect(text).toContain(`Price ${formatRupees(50099.13)}`);
    expect(text).toContain(`GST (5%) ${formatRupees(2504.96)}`);
    expect(text).toContain(`Total, GST included ${formatRupees(52604.09)}`);
    expect(text).toContain(`Per traveller (3 travellers) ${formatRupees(17534.7)}`);
  });

  it("gives a Customer their own inquiry's version paper even before a total is set by hand", async () => {
    const { inquiry, quote } = await quoted({ email: customer.email }, customer.token);
    const early = await inquiryPdf(inquiry._id, customer.token);
    expect(early.statusCode).toBe(409);
    await send(quote);
    const res = await inquiryPdf(inquiry._id, customer.token);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Quotation v1');
    for (const secret of COSTS) expect(text, secret).not.toContain(secret);
  });
});

describe.each(testEngines)("the trip link's paper limit on %s", (engine) => {
  let t: TestApp;
  let inquiry: Inquiry;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { RATE_LIMIT_FACTOR: '1' });
    await insertSupplierWithId(t.app.db, SUPPLIER);
    const staff = await createUser(t, { role: 'Staff' });
    inquiry = await createInquiryViaApi(t, {}, staff.token);
    const as = bearer(staff.token);
    const quote = (
      await t.app.inject({ method: 'POST', url: `/api/inquiries/${inquiry._id}/quotes`, headers: as })
    ).json<Quote>();
    await t.app.inject({ method: 'PUT', url: `/api/quotes/${quote._id}`, headers: as, payload: { lines } });
    const sent = await t.app.inject({ method: 'POST', url: `/api/quotes/${quote._id}/send`, headers: as });
    token = sent.json<{ url: string }>().url.split('/trip/')[1]!;
  });
  afterAll(async () => t?.close());

  it(`answers one address ${PAPER_LIMITS.tripQuotationPerClient[0]} papers, then 429; another address goes on`, async () => {
    const get = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/api/trips/${token}/quotation.pdf`, remoteAddress });
    for (let n = 1; n <= PAPER_LIMITS.tripQuotationPerClient[0]; n++) {
      expect((await get('198.51.100.7')).statusCode, `#${n}`).toBe(200);
    }
    const refused = await get('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: PAPER_MESSAGES.tooManyDownloads });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('198.51.100.8')).statusCode).toBe(200);
  });
});
