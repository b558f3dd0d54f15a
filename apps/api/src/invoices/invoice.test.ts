// D32 through HTTP on both engines: a registered agency's tax invoice (CGST + SGST within its state, IGST across),
// its paper read back with pdftotext, what staff may and may not issue, credit notes up to what is left, one live
// invoice per inquiry, consecutive numbers and the financial year's turn on a fixed clock, the unregistered agency's
// plain invoice, the trip page's papers by token, the customer's mail, and the Owner's CSV.
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  GST_RULE_MESSAGES,
  INVOICE_MESSAGES,
  TEXT_MESSAGES,
  fromKolkataLocal,
  indianFinancialYear,
  type Invoice,
  type Trip,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { api } from '../test/inquiry-kit';
import { GST_ENV, acceptedInquiry, quotedInquiry } from '../test/invoice-kit';
import { pdfToText } from '../test/pdf-to-text';
import { expectNothingOfTheAgency } from '../test/customer-view-scan';

const fy = () => indianFinancialYear(Date.now());
const seq = (series: string, n: number) => `${series}/${fy()}/${String(n).padStart(4, '0')}`;

describe.each(testEngines)('tax invoices and credit notes on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let owner: CreatedUser;
  let customer: CreatedUser;
  let issued = 0;
  const post = (url: string, payload: object = {}, token = staff.token) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const get = (url: string, token = staff.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const issue = async (inquiryId: string, payload: object = {}) => {
    const res = await post(`/api/inquiries/${inquiryId}/invoices`, payload);
    expect(res.statusCode, res.body).toBe(201);
    issued++;
    return res.json<Invoice>();
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { ...GST_ENV, SITE_NAME: 'Sahyadri Trails', SITE_URL: 'https://agency.example' });
    staff = await createUser(t, { role: 'Staff', name: 'Imran Qureshi' });
    owner = await createUser(t, { role: 'Owner' });
    customer = await createUser(t, { role: 'Customer', email: 'rohan.mehta@example.com' });
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.useRealTimers());

  it('issues a tax invoice within the state: CGST + SGST, the words D32 asks for, the amount in words', async () => {
    const { inquiry } = await acceptedInquiry(t, staff.token, {}, undefined);
    const invoice = await issue(inquiry._id, { customerState: '27' });
    expect(invoice).toMatchObject({
      number: seq('INV', issued),
      taxInvoice: true,
      issuedBy: 'Imran Qureshi',
      version: 1,
      placeOfSupply: '27',
      customerGstin: null,
      gstPercent: 5,
      stateTaxName: 'SGST',
      taxable: 65000,
      cgst: 1625,
      sgst: 1625,
      igst: 0,
      total: 68250,
      credited: 0,
      remaining: 68250,
      creditNotes: [],
    });
    const pdf = await get(`/api/invoices/${invoice._id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="${invoice.number.replaceAll('/', '-')}.pdf"`,
    );
    const text = await pdfToText(pdf.rawPayload);
    for (const expected of [
      'Sahyadri Trails LLP',
      'Trading as Sahyadri Trails',
      '14 FC Road, Shivajinagar, Pune 411005',
      'GSTIN 27AAPFU0939F1ZV',
      'Tax invoice',
      invoice.number,
      'Rohan Mehta',
      'State (place of supply) Maharashtra (27)',
      'SAC 998555',
      'inclusive of accommodation and transportation',
      'Taxable value ₹65,000',
      'CGST at 2.5% ₹1,625',
      'SGST at 2.5% ₹1,625',
      'Total, tax included ₹68,250',
      'Rupees Sixty Eight Thousand Two Hundred Fifty Only',
      'Reverse charge No',
    ]) {
      expect(text.replace(/\s+/g, ' '), expected).toContain(expected);
    }
    expect(text).not.toContain('IGST');
    // One live invoice per inquiry.
    const again = await post(`/api/inquiries/${inquiry._id}/invoices`, { customerState: '27' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INVOICE_MESSAGES.alreadyInvoiced);
    // The timeline and the customer's mail.
    const events = (await get(`/api/inquiries/${inquiry._id}/events`)).json<{ text?: string; to: string | null }[]>();
    expect(JSON.stringify(events)).toContain(`Tax invoice ${invoice.number} issued for ₹68,250`);
    const mail = await t.app.db
      .selectFrom('notification_outbox')
      .selectAll()
      .where('dedupe_key', '=', `paper:${invoice._id}`)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: 'paper_issued', recipient: 'rohan.mehta@example.com' });
    expect(mail.subject).toBe(`Your tax invoice ${invoice.number} from Sahyadri Trails`);
    expect(mail.text_body).toContain('Amount: ₹68,250');
  });

  it("charges IGST to another state, by default the inquiry's; a GSTIN sets the state and must agree with it", async () => {
    const { inquiry } = await acceptedInquiry(t, staff.token);
    expect((await api(t, staff.token).put(`/api/inquiries/${inquiry._id}`, { customerState: '29' })).statusCode).toBe(
      200,
    );
    const invoice = await issue(inquiry._id);
    expect(invoice).toMatchObject({ placeOfSupply: '29', cgst: 0, sgst: 0, igst: 3250, total: 68250 });
    const text = await pdfToText((await get(`/api/invoices/${invoice._id}.pdf`)).rawPayload);
    expect(text).toContain('IGST at 5% ₹3,250');
    expect(text).toContain('Karnataka (29)');
    expect(text).not.toContain('CGST');

    const other = (await acceptedInquiry(t, staff.token)).inquiry;
    const mismatch = await post(`/api/inquiries/${other._id}/invoices`, {
      customerState: '29',
      customerGstin: '27AAPFU0939F1ZV',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ customerGstin: INVOICE_MESSAGES.gstinStateMismatch });
    const byGstin = await issue(other._id, { customerGstin: '08aajfc6249g1za' });
    expect(byGstin).toMatchObject({ placeOfSupply: '08', customerGstin: '08AAJFC6249G1ZA', igst: 3250 });
    const paper = await pdfToText((await get(`/api/invoices/${byGstin._id}.pdf`)).rawPayload);
    expect(paper).toContain('GSTIN 08AAJFC6249G1ZA');
  });

  it("prints the customer's address staff typed (Rule 46), on the invoice and on its credit note", async () => {
    const { inquiry } = await acceptedInquiry(t, staff.token);
    const invoice = await issue(inquiry._id, {
      customerState: '27',
      customerAddress: '  Flat 12, Sai Kripa Society\r\nKothrud, Pune 411038  ',
    });
    const text = await pdfToText((await get(`/api/invoices/${invoice._id}.pdf`)).rawPayload);
    expect(text).toMatch(/Address Flat 12, Sai Kripa Society\s+Kothrud, Pune 411038/);
    const credited = await post(`/api/invoices/${invoice._id}/credit-notes`, { amount: 1_000, reason: 'Late cab' });
    expect(credited.statusCode, credited.body).toBe(201);
    const note = credited.json<Invoice>().creditNotes[0]!;
    expect(await pdfToText((await get(`/api/credit-notes/${note._id}.pdf`)).rawPayload)).toContain(
      'Kothrud, Pune 411038',
    );
    // Blank is none: no address line.
    const { inquiry: other } = await acceptedInquiry(t, staff.token);
    const plain = await issue(other._id, { customerState: '27', customerAddress: '   ' });
    expect(await pdfToText((await get(`/api/invoices/${plain._id}.pdf`)).rawPayload)).not.toContain('Address');
  });

  it('refuses what it cannot invoice, with a clear message, and numbers nothing for it', async () => {
    const { inquiry: noState } = await acceptedInquiry(t, staff.token);
    const bad = [
      [{}, 'customerState', INVOICE_MESSAGES.stateRequired],
      [{ customerState: '99' }, 'customerState', GST_RULE_MESSAGES.invalidState],
      [{ customerState: '27', customerGstin: '27AAPFU0939F1ZW' }, 'customerGstin', GST_RULE_MESSAGES.invalidGstin],
      [{ customerState: '27', customerAddress: 'x'.repeat(301) }, 'customerAddress', 'Must be at most 300 characters'],
      [
        { customerState: '27', customerAddress: 'Flat 4\u202e, Pune' },
        'customerAddress',
        TEXT_MESSAGES.controlCharacters,
      ],
    ] as const;
    for (const [body, field, message] of bad) {
      const res = await post(`/api/inquiries/${noState._id}/invoices`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const { inquiry: notAccepted } = await quotedInquiry(t, staff.token);
    const refused = await post(`/api/inquiries/${notAccepted._id}/invoices`, { customerState: '27' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MESSAGES.notAccepted);
    expect((await post('/api/inquiries/0190a000-0000-7000-8000-000000000000/invoices', {})).statusCode).toBe(404);
    expect((await post('/api/inquiries/not-an-id/invoices', {})).statusCode).toBe(404);
    // None of them took a number: the next invoice is the next one.
    const next = seq('INV', issued + 1);
    expect((await issue(noState._id, { customerState: '27' })).number).toBe(next);
  });

  it('credits up to what is left, in the invoice’s proportion; a fully credited invoice lets another be issued', async () => {
    const { inquiry } = await acceptedInquiry(t, staff.token);
    const invoice = await issue(inquiry._id, { customerState: '27' });
    const credit = (payload: object) => post(`/api/invoices/${invoice._id}/credit-notes`, payload);
    for (const [body, field] of [
      [{ amount: 0, reason: 'x' }, 'amount'],
      [{ amount: -5, reason: 'x' }, 'amount'],
      [{ amount: 10 }, 'reason'],
      [{ amount: 68250.01, reason: 'Too much' }, 'amount'],
    ] as const) {
      const res = await credit(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toBeTruthy();
    }
    expect((await credit({ amount: 68250.01, reason: 'Too much' })).json().message).toBe(
      INVOICE_MESSAGES.amountTooLarge('₹68,250'),
    );
    const first = await credit({ amount: 10500, reason: 'One night fewer at the resort' });
    expect(first.statusCode, first.body).toBe(201);
    const afterFirst = first.json<Invoice>();
    // 10,500 × 65,000 / 68,250 = 10,000 taxable; 500 tax, half each.
    expect(afterFirst.creditNotes).toEqual([
      expect.objectContaining({
        taxable: 10000,
        cgst: 250,
        sgst: 250,
        igst: 0,
        total: 10500,
        number: expect.any(String),
      }),
    ]);
    expect(afterFirst).toMatchObject({ credited: 10500, remaining: 57750 });
    const firstNumber = afterFirst.creditNotes[0]!.number;
    expect(firstNumber).toMatch(new RegExp(`^CN/${fy()}/\\d{4}$`));
    const tooMuch = await credit({ amount: 57750.5, reason: 'Cancelled' });
    expect(tooMuch.json().message).toBe(INVOICE_MESSAGES.amountTooLarge('₹57,750'));
    const rest = await credit({ amount: 57750, reason: 'Trip cancelled' });
    expect(rest.statusCode).toBe(201);
    const done = rest.json<Invoice>();
    expect(done).toMatchObject({ credited: 68250, remaining: 0 });
    const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total') => done.creditNotes.reduce((s, n) => s + n[k], 0);
    expect([sum('taxable'), sum('cgst'), sum('sgst'), sum('igst'), sum('total')]).toEqual([
      65000, 1625, 1625, 0, 68250,
    ]);
    expect(Number(done.creditNotes[1]!.number.slice(-4))).toBe(Number(firstNumber.slice(-4)) + 1);
    const over = await credit({ amount: 1, reason: 'Once more' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(INVOICE_MESSAGES.fullyCredited);
    // The credit note's paper names its invoice; the invoice's paper never changed.
    const note = await pdfToText((await get(`/api/credit-notes/${done.creditNotes[1]!._id}.pdf`)).rawPayload);
    for (const expected of [
      'Credit note',
      done.creditNotes[1]!.number,
      `Against invoice ${invoice.number}`,
      'Reason Trip cancelled',
      'GSTIN 27AAPFU0939F1ZV',
      'Rupees Fifty Seven Thousand Seven Hundred Fifty Only',
    ]) {
      expect(note.replace(/\s+/g, ' '), expected).toContain(expected);
    }
    expect(await pdfToText((await get(`/api/invoices/${invoice._id}.pdf`)).rawPayload)).toContain('₹68,250');
    // Fully credited, the inquiry may be invoiced again; both are listed.
    const second = await issue(inquiry._id, { customerState: '27' });
    const listed = (await get(`/api/inquiries/${inquiry._id}/invoices`)).json<Invoice[]>();
    expect(listed.map((i) => i.number)).toEqual([invoice.number, second.number]);
  });

  it('takes each number once, consecutively, when many invoices are issued at once', async () => {
    const inquiries = [];
    for (let i = 0; i < 5; i++) inquiries.push((await acceptedInquiry(t, staff.token)).inquiry);
    const before = issued;
    const results = await Promise.all(
      [...inquiries, inquiries[0]!, inquiries[1]!].map((i) =>
        post(`/api/inquiries/${i._id}/invoices`, { customerState: '27' }),
      ),
    );
    const numbers = results.filter((r) => r.statusCode === 201).map((r) => r.json<Invoice>().number);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    issued += numbers.length;
    expect(numbers.sort()).toEqual([1, 2, 3, 4, 5].map((n) => seq('INV', before + n)));
  });

  it('starts a new series on 1 April in India (a fixed clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: fromKolkataLocal('2031-03-31T23:58') });
    const clerk = await createUser(t, { role: 'Staff' });
    const march = (await acceptedInquiry(t, clerk.token)).inquiry;
    const april = (await acceptedInquiry(t, clerk.token)).inquiry;
    const lastOfYear = await post(`/api/inquiries/${march._id}/invoices`, { customerState: '27' }, clerk.token);
    expect(lastOfYear.json<Invoice>().number).toBe('INV/2030-31/0001');
    vi.setSystemTime(fromKolkataLocal('2031-04-01T00:00'));
    const firstOfYear = await post(`/api/inquiries/${april._id}/invoices`, { customerState: '27' }, clerk.token);
    expect(firstOfYear.json<Invoice>().number).toBe('INV/2031-32/0001');
    const note = await post(
      `/api/invoices/${lastOfYear.json<Invoice>()._id}/credit-notes`,
      { amount: 100, reason: 'Goodwill' },
      clerk.token,
    );
    expect(note.json<Invoice>().creditNotes[0]!.number).toBe('CN/2031-32/0001');
  });

  it("lists the customer's papers on the trip page, each by the trip token and never another's", async () => {
    const { inquiry, token } = await acceptedInquiry(t, staff.token);
    const invoice = await issue(inquiry._id, { customerState: '27' });
    const withNote = (
      await post(`/api/invoices/${invoice._id}/credit-notes`, { amount: 500, reason: 'Late pick-up' })
    ).json<Invoice>();
    const note = withNote.creditNotes[0]!;
    const trip = await t.app.inject({ method: 'GET', url: `/api/trips/${token}` });
    expect(trip.json<Trip>().invoices).toEqual([
      {
        kind: 'invoice',
        id: invoice._id,
        number: invoice.number,
        title: 'Tax invoice',
        issuedAt: invoice.issuedAt,
        total: 68250,
      },
      {
        kind: 'creditNote',
        id: note._id,
        number: note.number,
        title: 'Credit note',
        issuedAt: note.issuedAt,
        total: 500,
      },
    ]);
    // The answer still carries nothing of the agency's side: the hotel's cost 30,000 and the cab's 9,000.
    expectNothingOfTheAgency(trip.body, ['30000', '9000', staff.email]);
    const byToken = await t.app.inject({ method: 'GET', url: `/api/trips/${token}/invoices/${invoice._id}.pdf` });
    expect(byToken.statusCode).toBe(200);
    expect(await pdfToText(byToken.rawPayload)).toContain(invoice.number);
    const noteByToken = await t.app.inject({ method: 'GET', url: `/api/trips/${token}/credit-notes/${note._id}.pdf` });
    expect(noteByToken.statusCode).toBe(200);
    // A wrong token, another trip's token, or a paper of the wrong kind: 404.
    const other = await acceptedInquiry(t, staff.token);
    for (const url of [
      `/api/trips/${'x'.repeat(43)}/invoices/${invoice._id}.pdf`,
      `/api/trips/${other.token}/invoices/${invoice._id}.pdf`,
      `/api/trips/${other.token}/credit-notes/${note._id}.pdf`,
      `/api/trips/${token}/credit-notes/${invoice._id}.pdf`,
      `/api/trips/${token}/invoices/not-an-id.pdf`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it("gives a signed-in customer their own inquiry's papers, and another customer nothing", async () => {
    const { inquiry } = await acceptedInquiry(t, staff.token, {}, undefined, customer.token);
    const invoice = await issue(inquiry._id, { customerState: '27' });
    expect((await get(`/api/invoices/${invoice._id}.pdf`, customer.token)).statusCode).toBe(200);
    const stranger = await createUser(t, { role: 'Customer' });
    expect((await get(`/api/invoices/${invoice._id}.pdf`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/inquiries/${inquiry._id}/invoices`, customer.token)).statusCode).toBe(403);
    expect((await post(`/api/inquiries/${inquiry._id}/invoices`, {}, customer.token)).statusCode).toBe(403);
    expect(
      (await post(`/api/invoices/${invoice._id}/credit-notes`, { amount: 1, reason: 'x' }, customer.token)).statusCode,
    ).toBe(403);
  });

  it("exports the period's invoices and credit notes for the accountant, the Owner only", async () => {
    const { inquiry } = await acceptedInquiry(t, staff.token, { name: '=HYPERLINK("evil")' });
    const invoice = await issue(inquiry._id, { customerState: '29' });
    await post(`/api/invoices/${invoice._id}/credit-notes`, { amount: 6825, reason: 'Refund' });
    expect((await get('/api/invoices/export.csv')).statusCode).toBe(403);
    const csv = await get('/api/invoices/export.csv', owner.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(csv.body.slice(1), { columns: true }) as Record<string, string>[];
    const ours = rows.filter((r) => r['Number'] === invoice.number || r['Against invoice'] === invoice.number);
    expect(ours).toEqual([
      expect.objectContaining({
        Type: 'Tax invoice',
        Customer: `'=HYPERLINK("evil")`,
        'Place of supply': 'Karnataka (29)',
        'GST rate': '5',
        'Taxable value': '65000.00',
        CGST: '0.00',
        'SGST/UTGST': '0.00',
        IGST: '3250.00',
        Total: '68250.00',
      }),
      expect.objectContaining({
        Type: 'Credit note',
        'Against invoice': invoice.number,
        'Taxable value': '-6500.00',
        IGST: '-325.00',
        Total: '-6825.00',
      }),
    ]);
    // Every invoice of this suite is in the file once (the fixed-clock ones are in their own years).
    const today = rows.filter((r) => r['Type'] !== 'Credit note' && r['Number']!.includes(`/${fy()}/`));
    expect(new Set(today.map((r) => r['Number'])).size).toBe(today.length);
    const past = await get('/api/invoices/export.csv?from=2031-04-01&to=2031-04-01', owner.token);
    const inApril = parse(past.body.slice(1), { columns: true }) as Record<string, string>[];
    expect(inApril.map((r) => r['Number'])).toEqual(['INV/2031-32/0001', 'CN/2031-32/0001']);
    const bad = await get('/api/invoices/export.csv?from=2031-04-02&to=2031-04-01', owner.token);
    expect(bad.statusCode).toBe(400);
  });
});

describe.each(testEngines)('an unregistered agency’s invoices on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(engine, { SITE_NAME: 'Sahyadri Trails', SITE_ADDRESS: '14 FC Road, Pune' });
    staff = await createUser(t, { role: 'Staff' });
  });
  afterAll(async () => t?.close());

  it('issues a plain invoice: no GST, no tax lines, no GST words', async () => {
    const { inquiry } = await acceptedInquiry(t, staff.token);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/inquiries/${inquiry._id}/invoices`,
      headers: bearer(staff.token),
      payload: { customerGstin: '27AAPFU0939F1ZV' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json<Invoice>();
    expect(invoice).toMatchObject({
      number: seq('INV', 1),
      taxInvoice: false,
      gstPercent: 0,
      customerGstin: null,
      placeOfSupply: null,
      taxable: 65000,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 65000,
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice._id}.pdf`,
      headers: bearer(staff.token),
    });
    const text = await pdfToText(pdf.rawPayload);
    expect(text).toContain('Invoice');
    expect(text).toContain('Sahyadri Trails');
    expect(text).toContain('Total ₹65,000');
    expect(text).toContain('Rupees Sixty Five Thousand Only');
    for (const word of ['Tax invoice', 'GST', 'SAC', 'Taxable', 'inclusive of accommodation', 'Reverse charge']) {
      expect(text, word).not.toContain(word);
    }
  });
});
