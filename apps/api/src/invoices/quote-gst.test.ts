// D32 on quotations, both engines: a registered agency's versions carry GST at GST_RATE (the builder's totals, the
// trip answer and the paper), an unregistered one's carry none, and a sent version keeps the GST it was sent with
// whatever the configuration says later.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteTotals, type Quote, type Trip } from '@safarnama/contract';
import { buildApp } from '../app';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { GST_ENV, quotedInquiry, sendQuote } from '../test/invoice-kit';
import { pdfToText } from '../test/pdf-to-text';

const PRICED = [
  { kind: 'hotel' as const, quantity: 1, unitCostPaise: 3_000_000, unitPricePaise: 4_000_000 },
  { kind: 'cab' as const, quantity: 2, unitCostPaise: 900_000, unitPricePaise: 1_250_000 },
];

describe.each(testEngines)('GST on quotations on %s', (engine) => {
  let registered: TestApp;
  let unregistered: TestApp;
  let staff: CreatedUser;
  let otherStaff: CreatedUser;

  beforeAll(async () => {
    [registered, unregistered] = await Promise.all([createTestApp(engine, GST_ENV), createTestApp(engine)]);
    staff = await createUser(registered, { role: 'Staff' });
    otherStaff = await createUser(unregistered, { role: 'Staff' });
  });
  afterAll(async () => {
    await registered?.close();
    await unregistered?.close();
  });

  it("adds GST_RATE to a registered agency's version: totals, trip answer and paper", async () => {
    const { inquiry, quote } = await quotedInquiry(registered, staff.token, { noOfAdults: 2, noOfKids: 0 });
    const expected = quoteTotals(PRICED, 2, 5);
    expect(expected.gstPaise).toBe(325_000);
    expect(quote.versions[0]!.totals).toMatchObject({ gstPercent: 5, gst: 3250, price: 65000, total: 68250 });
    const token = await sendQuote(registered, staff.token, quote);
    const trip = (await registered.app.inject({ method: 'GET', url: `/api/trips/${token}` })).json<Trip>();
    expect(trip.current!.totals).toMatchObject({ gstPercent: 5, gst: 3250, total: 68250, perTraveller: 34125 });
    const pdf = await registered.app.inject({
      method: 'GET',
      url: `/api/inquiries/${inquiry._id}/quotation.pdf`,
      headers: bearer(staff.token),
    });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfToText(pdf.rawPayload);
    expect(text).toContain('GST (5%) ₹3,250');
    expect(text).toContain('Total, GST included ₹68,250');
  });

  it("adds none to an unregistered agency's version", async () => {
    const { quote } = await quotedInquiry(unregistered, otherStaff.token);
    expect(quote.versions[0]!.totals).toMatchObject({ gstPercent: 0, gst: 0, price: 65000, total: 65000 });
    const token = await sendQuote(unregistered, otherStaff.token, quote);
    const trip = (await unregistered.app.inject({ method: 'GET', url: `/api/trips/${token}` })).json<Trip>();
    expect(trip.current!.totals).toMatchObject({ gst: 0, total: 65000 });
  });

  it('keeps the GST a version was sent with; a draft goes out at the rate of the day it is sent', async () => {
    // The same database served with the GSTIN taken away (the agency deregistered).
    const later = await buildApp({
      config: Object.freeze({ ...registered.config, GST_NUMBER: undefined }),
      logStream: new Writable({ write: (_chunk, _enc, done) => done() }),
    });
    await later.ready();
    try {
      const { quote } = await quotedInquiry(registered, staff.token);
      await sendQuote(registered, staff.token, quote);
      const listed = await later.inject({
        method: 'GET',
        url: `/api/inquiries/${quote.inquiryId}/quotes`,
        headers: bearer(staff.token),
      });
      expect(listed.json<Quote[]>()[0]!.versions[0]!.totals).toMatchObject({ gstPercent: 5, total: 68250 });
      // Editing the sent version starts version 2, priced as the configuration now says.
      const edited = await later.inject({
        method: 'PUT',
        url: `/api/quotes/${quote._id}`,
        headers: bearer(staff.token),
        payload: { notes: 'Deregistered' },
      });
      const [v2, v1] = edited.json<Quote>().versions;
      expect(v2!.totals).toMatchObject({ gstPercent: 0, total: 65000 });
      expect(v1!.totals).toMatchObject({ gstPercent: 5, total: 68250 });
      // A draft priced without GST, sent by the registered agency, goes out with it.
      await sendQuote(registered, staff.token, edited.json<Quote>());
      const again = await registered.app.inject({
        method: 'GET',
        url: `/api/inquiries/${quote.inquiryId}/quotes`,
        headers: bearer(staff.token),
      });
      expect(again.json<Quote[]>()[0]!.versions[0]!).toMatchObject({ status: 'sent', totals: { gst: 3250 } });
    } finally {
      await later.close();
    }
  });
});
