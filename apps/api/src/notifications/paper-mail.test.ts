// Issue 52 on both engines with the in-process SMTP server: the customer's receipt, invoice and credit-note mails
// carry the issued paper as a PDF, named by its number, laid out when the mail is sent from the paper kept at issue
// (read back with pdftotext); an outbox row whose paper cannot be found is not sent without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees, type Invoice, type Payment } from '@safarnama/contract';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createAccountsTestApp, type AccountsTestApp } from '../test/accounts-kit';
import { testEngines } from '../test/helper';
import { GST_ENV, acceptedInquiry } from '../test/invoice-kit';
import { pdfToText } from '../test/pdf-to-text';
import { decodeMail, mailAttachments } from '../test/smtp-server';
import { insertOutboxRows } from './notification.repository';
import { outboxRow } from './notification.service';

let n = 0;
const fresh = () => `paper-mail-${++n}-${Date.now().toString(36)}@example.com`;
const fileOf = (number: string) => `${number.replaceAll('/', '-')}.pdf`;

describe.each(testEngines)('papers in the customer’s mail on %s', (engine) => {
  let t: AccountsTestApp;
  let staff: CreatedUser;

  beforeAll(async () => {
    t = await createAccountsTestApp(engine, { ...GST_ENV, SITE_NAME: 'Sahyadri Trails' });
    staff = await createUser(t, { role: 'Staff', name: 'Imran Qureshi' });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object) => t.api({ method: 'POST', url, headers: bearer(staff.token), payload });

  /** The one mail to `email` whose subject names `number`, once the outbox is drained. */
  async function mailOf(email: string, number: string) {
    await t.app.outbox.drain();
    const mails = t.smtp.mailsTo(email).filter((m) => decodeMail(m).includes(number));
    expect(mails).toHaveLength(1);
    return mails[0]!;
  }

  async function onlyPdf(mail: Parameters<typeof mailAttachments>[0], fileName: string) {
    const files = mailAttachments(mail);
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([[fileName, 'application/pdf']]);
    expect(files[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    return pdfToText(files[0]!.content);
  }

  it('attaches the receipt PDF to the receipt mail, as printed at issue', async () => {
    const email = fresh();
    const { inquiry } = await acceptedInquiry(t, staff.token, { email, location: 'Mahabaleshwar' });
    const recorded = await post(`/api/inquiries/${inquiry._id}/payments`, {
      amount: 27_300,
      mode: 'bank',
      reference: 'NEFT 5200521',
      receivedAt: new Date().toISOString(),
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const payment = recorded.json<{ payment: Payment }>().payment;
    // Edited before the mail goes: the attachment is the receipt as issued, not the inquiry as it is now.
    const edit = await t.api({
      method: 'PUT',
      url: `/api/inquiries/${inquiry._id}`,
      headers: bearer(staff.token),
      payload: { location: 'Lonavala' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const text = await onlyPdf(await mailOf(email, payment.receiptNumber!), fileOf(payment.receiptNumber!));
    expect(text).toContain(payment.receiptNumber!);
    expect(text).toContain(formatRupees(27_300));
    expect(text).toContain('NEFT5200521');
    expect(text).toContain('Mahabaleshwar');
    expect(text).not.toContain('Lonavala');
  });

  it('attaches the tax invoice to its mail, and the credit note to its own', async () => {
    const email = fresh();
    const { inquiry } = await acceptedInquiry(t, staff.token, { email });
    const issued = await post(`/api/inquiries/${inquiry._id}/invoices`, { customerState: '27' });
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = issued.json<Invoice>();
    const invoiceText = await onlyPdf(await mailOf(email, invoice.number), fileOf(invoice.number));
    expect(invoiceText).toContain('Tax invoice');
    expect(invoiceText).toContain(invoice.number);
    expect(invoiceText).toContain(formatRupees(invoice.total));

    const credited = await post(`/api/invoices/${invoice._id}/credit-notes`, {
      amount: 5_250,
      reason: 'One night less',
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const note = credited.json<Invoice>().creditNotes[0]!;
    const noteText = await onlyPdf(await mailOf(email, note.number), fileOf(note.number));
    expect(noteText).toContain(note.number);
    expect(noteText).toContain(invoice.number);
    expect(noteText).toContain(formatRupees(5_250));
  });

  it('does not send a mail whose paper is missing: the try fails and is kept for another', async () => {
    const email = fresh();
    const row = outboxRow(
      'payment_receipt',
      `missing-paper:${email}`,
      email,
      { subject: 'A receipt', text: 'See the attachment.', html: '<p>See the attachment.</p>' },
      Date.now(),
      null,
      { paper: 'receipt', id: '00000000-0000-4000-8000-000000000032' },
    );
    await insertOutboxRows(t.app.db, [row]);
    await t.app.outbox.drain();
    expect(t.smtp.mailsTo(email)).toEqual([]);
    const kept = await t.app.db
      .selectFrom('notification_outbox')
      .selectAll()
      .where('id', '=', row.id!)
      .executeTakeFirst();
    expect(kept).toMatchObject({ status: 'pending', tries: 1 });
    expect(kept!.last_error).toContain('missing');
  });
});
