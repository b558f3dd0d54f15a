// GET /api/inquiries/{id}/quotation.pdf (D27, decisions §6): the PDF read back with pdftotext (poppler) and checked for
// what the customer must see — their name, the amounts with the ₹ sign, the terms — and who may have it.
import { execFile, execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTATION_MESSAGES, formatRupees, formatShortDate, quotationAmounts, type Inquiry } from '@safarnama/contract';
import { newId } from '../lib/ids';
import { insertPackage } from '../packages/package.repository';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createInquiryViaApi, api } from '../test/inquiry-kit';

/** The text of a PDF as poppler's pdftotext extracts it (what a reader can select and copy). */
function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
    child.stdin!.end(pdf);
  });
}

describe.each(testEngines)('quotation PDF on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let customer: CreatedUser;
  let other: CreatedUser;
  let inquiry: Inquiry;

  beforeAll(async () => {
    t = await createTestApp(engine, { SITE_NAME: 'Safarnama Test Travels', SITE_PHONE: '+91 90000 11111' });
    staff = await createUser(t, { role: 'Staff' });
    customer = await createUser(t, { role: 'Customer' });
    other = await createUser(t, { role: 'Customer' });
    inquiry = await createInquiryViaApi(
      t,
      { name: 'Zoë D’Souza', email: customer.email, location: 'Leh–Ladakh', tourDuration: '6N/7D', noOfKids: 2 },
      customer.token,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const quotation = (token?: string, id = inquiry._id) =>
    t.app.inject({ method: 'GET', url: `/api/inquiries/${id}/quotation.pdf`, headers: token ? bearer(token) : {} });

  it('is not ready for the customer until the total package cost is set; staff may draft it', async () => {
    const res = await quotation(customer.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUOTATION_MESSAGES.notReady);
    expect((await quotation(staff.token)).statusCode).toBe(200);
  });

  it('reads back with the customer, the trip, the amounts in ₹ and the terms', async () => {
    const put = await api(t, staff.token).put(`/api/inquiries/${inquiry._id}`, { tpc: 124999, advance: 10000 });
    expect(put.statusCode, put.body).toBe(200);
    const res = await quotation(customer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="quotation-Q-\d{8}-[0-9A-F]{6}\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(res.rawPayload)).replace(/[ \t]+/g, ' ');
    const { total, advance, balance } = quotationAmounts(124999);
    expect(text).toContain('Safarnama Test Travels');
    expect(text).toContain('+91 90000 11111');
    expect(text).toContain('Zoë D’Souza');
    expect(text).toContain('Leh–Ladakh');
    expect(text).toContain('6N/7D');
    expect(text).toContain('2 adults, 2 children');
    expect(text).toContain(formatRupees(total));
    expect(formatRupees(total)).toBe('₹1,24,999');
    expect(text).toContain(formatRupees(advance));
    expect(formatRupees(advance)).toBe('₹49,999.60');
    expect(text).toContain(formatRupees(balance));
    expect(text).toMatch(/Quotation number: Q-\d{8}-[0-9A-F]{6}/);
    expect(text).toContain('at least 24 hours before the trip');
  });

  it('shows the travel date and the linked package’s itinerary, inclusions and exclusions (D26)', async () => {
    const packageId = newId();
    await insertPackage(t.app.db, {
      id: packageId,
      name: 'Spiti Circuit',
      description: 'Kaza, Chandratal',
      price_paise: 6_500_000,
      duration_days: 8,
      overview: 'High desert',
      itinerary: 'Day 1: **Shimla** to Narkanda\nDay 2: Sangla valley',
      inclusions: JSON.stringify(['Homestays', 'Breakfast and dinner']),
      exclusions: JSON.stringify(['Flights to Chandigarh']),
      important_notes: '[]',
      created_at: Date.now(),
      updated_at: Date.now(),
    });
    const linked = await createInquiryViaApi(t, { packageId, travelDate: '2099-06-15' }, staff.token);
    const text = (await pdfText((await quotation(staff.token, linked._id)).rawPayload)).replace(/[ \t]+/g, ' ');
    expect(text).toContain('Travel date');
    expect(text).toContain(formatShortDate('2099-06-15T12:00:00+05:30'));
    expect(text).toContain('Package: Spiti Circuit');
    expect(text).toContain('Day 1: Shimla to Narkanda');
    expect(text).toContain('Day 2: Sangla valley');
    expect(text).toContain('Homestays');
    expect(text).toContain('Breakfast and dinner');
    expect(text).toContain('Flights to Chandigarh');
    // Without a linked package (or once it is deleted) there is no package section.
    expect(await pdfText((await quotation(staff.token)).rawPayload)).not.toContain('Package:');
    await t.app.db.deleteFrom('packages').where('id', '=', packageId).execute();
    expect(await pdfText((await quotation(staff.token, linked._id)).rawPayload)).not.toContain('Itinerary');
  });

  it('prints a name and a place typed in Devanagari in a font that has them, not as empty boxes', async () => {
    const hindi = await createInquiryViaApi(t, { name: 'राहुल कुमार', location: 'गोवा और केरल' }, staff.token);
    const pdf = (await quotation(staff.token, hindi._id)).rawPayload;
    const text = (await pdfText(pdf)).replace(/[ \t]+/g, ' ');
    expect(text).toContain('राहुल कुमार');
    expect(text).toContain('गोवा और केरल');
    // pdffonts lists the fonts embedded: DejaVu Sans has no Devanagari letters.
    const fonts = execFileSync('pdffonts', ['-'], { input: pdf }).toString();
    expect(fonts).toMatch(/NotoSansDevanagari/);
  });

  it("answers 404 for another customer's inquiry and an unknown id, 401 without a token", async () => {
    const res = await quotation(other.token);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('%PDF');
    expect((await quotation(staff.token, '0190aaaa-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await quotation()).statusCode).toBe(401);
  });
});
