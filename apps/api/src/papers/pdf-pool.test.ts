// The PDF worker pool (papers/pdf-pool.ts, issue 54): a paper laid out in a worker reads back (pdftotext) as the same
// layout run in the test's own thread does; a burst past the threads and the queue is answered 503 with Retry-After
// and the contract's message, the rest still get their PDF; the app's close ends the threads.
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_POOL_MESSAGES, PDF_RETRY_AFTER_SECONDS, type Inquiry } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { api, createInquiryViaApi } from '../test/inquiry-kit';
import { createInquiryContext } from '../inquiries/inquiry.service';
import { getQuotation } from '../inquiries/inquiry-quotation.service';
import { renderQuotationPdf } from '../inquiries/inquiry-quotation.pdf';
import { siteSettings } from '../site/site.routes';
import { createPdfPool } from './pdf-pool';

/** The text of a PDF as poppler's pdftotext extracts it (what a reader can select and copy). */
function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
    child.stdin!.end(pdf);
  });
}

describe.each(testEngines)('PDFs through the worker pool on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let inquiry: Inquiry;

  beforeAll(async () => {
    // One thread and one waiting place, so that a small burst fills them.
    t = await createTestApp(engine, { PDF_THREADS: '1', PDF_QUEUE: '1' });
    staff = await createUser(t, { role: 'Staff' });
    inquiry = await createInquiryViaApi(t, { name: 'राहुल D’Souza', location: 'Leh–Ladakh' });
    const put = await api(t, staff.token).put(`/api/inquiries/${inquiry._id}`, { tpc: 124999, advance: 10000 });
    expect(put.statusCode, put.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const quotation = () =>
    t.app.inject({ method: 'GET', url: `/api/inquiries/${inquiry._id}/quotation.pdf`, headers: bearer(staff.token) });

  it('reads back as the same layout made in this thread', async () => {
    const res = await quotation();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const ctx = createInquiryContext(t.app.db, engine);
    const user = { id: staff.id, name: staff.name, email: staff.email, role: 'Staff' as const };
    const paper = await getQuotation(ctx, user, inquiry._id, siteSettings(t.app.config));
    if (!('priced' in paper)) throw new Error('expected the priced quotation');
    const here = await pdfText(await renderQuotationPdf(paper.priced));
    expect(here).toContain('राहुल');
    expect(await pdfText(res.rawPayload)).toBe(here);
    expect(await pdfText(await t.app.pdf.render('inquiry-quotation', paper.priced))).toBe(here);
  });

  it('answers a burst past its threads and queue with 503 and Retry-After, and the rest with their PDF', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => quotation()));
    const refused = answers.filter((r) => r.statusCode === 503);
    const served = answers.filter((r) => r.statusCode === 200);
    expect(refused.length + served.length).toBe(answers.length);
    expect(refused.length).toBeGreaterThan(0);
    expect(served.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.headers['retry-after']).toBe(String(PDF_RETRY_AFTER_SECONDS));
      expect(r.json()).toEqual({ message: PDF_POOL_MESSAGES.busy });
    }
    for (const r of served) expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Once the burst is through, the next one is laid out again.
    expect((await quotation()).statusCode).toBe(200);
  });
});

describe('the PDF pool on its own', () => {
  it('ends its threads on close, and refuses to lay out after', async () => {
    const pool = createPdfPool({ threads: 2, queue: 4 });
    const input = {
      number: 'Q-1',
      date: '2026-01-02',
      agency: { name: 'Agency', phone: '+91 90000 00000', email: 'a@example.com', whatsapp: '919000000000' },
      customer: { name: 'Asha', email: 'asha@example.com', whatsapp: '9000000001' },
      trip: [{ label: 'Destination', value: 'Goa' }],
      amounts: { total: 1000, advance: 400, balance: 600 },
      terms: [],
    } as unknown as Parameters<typeof renderQuotationPdf>[0];
    await pool.render('inquiry-quotation', input).catch(() => undefined);
    expect(pool.threads()).toBeGreaterThan(0);
    await pool.close();
    expect(pool.threads()).toBe(0);
    await expect(pool.render('inquiry-quotation', input)).rejects.toThrow();
  });
});
