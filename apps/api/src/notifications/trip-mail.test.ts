// D25 × D30 on both engines with the in-process SMTP server: a customer's answer on the trip link (an acceptance, a
// change request) mails the inquiry's handler, or the Owner when it has none, and nobody else; once per acceptance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees, type Quote } from '@safarnama/contract';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createAccountsTestApp, type AccountsTestApp } from '../test/accounts-kit';
import { testEngines } from '../test/helper';
import { decodeMail } from '../test/smtp-server';

const SITE = {
  SITE_URL: 'https://travel.example.com',
  SITE_NAME: 'Safarnama Tours',
  SITE_PHONE: '+91 90000 11111',
  SITE_EMAIL: 'desk@travel.example.com',
  SITE_WHATSAPP: '919000011111',
};

const lines = [
  { kind: 'hotel', description: 'Sea View Resort, 4 nights', quantity: 4, unitCost: 4000, unitPrice: 5200 },
  { kind: 'cab', description: 'Airport transfers', quantity: 1, unitCost: 3000, unitPrice: 3600 },
];

let n = 0;
const fresh = (prefix: string) => `${prefix}-${++n}-${Date.now().toString(36)}@example.com`;

describe.each(testEngines)('trip-link answers mail the handler on %s', (engine) => {
  let t: AccountsTestApp;
  let owner: CreatedUser;
  let handler: CreatedUser;

  beforeAll(async () => {
    t = await createAccountsTestApp(engine, SITE);
    owner = await createUser(t, { role: 'Owner' });
    handler = await createUser(t, { role: 'Staff', name: 'Ravi Handler' });
    // Another member, who must hear of none of these answers.
    await createUser(t, { role: 'Staff', name: 'Meera Staff' });
  });
  afterAll(async () => t?.close());

  const asOwner = () => bearer(owner.token);

  /** A public inquiry (assigned to `assignee` if given) with a sent quotation; its trip token and version. */
  async function sentQuote(assignee?: CreatedUser) {
    const created = await t.api({
      method: 'POST',
      url: '/api/inquiries/createPublic',
      payload: {
        name: 'Asha Verma',
        email: fresh('customer'),
        whatsappNumber: '+91 98765 43210',
        location: 'Goa',
        noOfAdults: 2,
        noOfKids: 0,
        tourDuration: '4N/5D',
        budget: 45000,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const inquiryId = created.json()._id as string;
    if (assignee) {
      const assigned = await t.api({
        method: 'PUT',
        url: `/api/inquiries/${inquiryId}`,
        headers: asOwner(),
        payload: { staff: { id: assignee.id } },
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    const quote = await t.api({ method: 'POST', url: `/api/inquiries/${inquiryId}/quotes`, headers: asOwner() });
    const quoteId = quote.json<Quote>()._id;
    await t.api({ method: 'PUT', url: `/api/quotes/${quoteId}`, headers: asOwner(), payload: { lines } });
    const sent = await t.api({ method: 'POST', url: `/api/quotes/${quoteId}/send`, headers: asOwner() });
    expect(sent.statusCode, sent.body).toBe(200);
    const version = (
      await t.api({ method: 'GET', url: `/api/inquiries/${inquiryId}/quotes`, headers: asOwner() })
    ).json<Quote[]>()[0]!.versions[0]!;
    // The inquiry's own mails (new inquiry, receipt, assignment) are out of the way before the answer.
    await t.app.outbox.drain();
    return { inquiryId, token: String(sent.json().url).split('/trip/')[1]!, version };
  }

  /** The mails the SMTP server received while `act` ran, once the outbox is drained. */
  async function mailsDuring(act: () => Promise<void>) {
    const before = t.smtp.mails.length;
    await act();
    await t.app.outbox.drain();
    return t.smtp.mails.slice(before);
  }

  const accept = (token: string, name: string) =>
    t.api({ method: 'POST', url: `/api/trips/${token}/accept`, payload: { name } });
  const askChanges = (token: string, message: string) =>
    t.api({ method: 'POST', url: `/api/trips/${token}/changes`, payload: { message } });

  it('an acceptance mails the handler once, with who accepted, the version and the total', async () => {
    const { inquiryId, token, version } = await sentQuote(handler);
    const mails = await mailsDuring(async () => {
      expect((await accept(token, 'Rohan Mehta')).statusCode).toBe(200);
      // Accepting again answers the same acceptance and mails nobody.
      expect((await accept(token, 'Rohan Mehta')).statusCode).toBe(200);
    });
    expect(mails.map((m) => m.to)).toEqual([[handler.email]]);
    const mail = decodeMail(mails[0]!);
    expect(mail).toContain('Subject: Quotation accepted: Asha Verma → Goa');
    for (const text of [
      'Rohan Mehta accepted version 1',
      'Accepted by: Rohan Mehta',
      `Total: ${formatRupees(version.totals.total)}`,
      `https://travel.example.com/inquiries/edit/${inquiryId}`,
      'desk@travel.example.com',
    ]) {
      expect(mail, text).toContain(text);
    }
    const row = await t.app.db
      .selectFrom('notification_outbox')
      .select(['kind', 'status'])
      .where('recipient', '=', handler.email)
      .where('kind', '=', 'quote_accepted')
      .execute();
    expect(row).toEqual([{ kind: 'quote_accepted', status: 'sent' }]);
  });

  it('an acceptance of an unassigned inquiry mails the Owner only', async () => {
    const { token } = await sentQuote();
    const mails = await mailsDuring(async () => {
      expect((await accept(token, 'Kiran Rao')).statusCode).toBe(200);
    });
    expect(mails.map((m) => m.to)).toEqual([[owner.email]]);
    expect(decodeMail(mails[0]!)).toContain('Kiran Rao accepted version 1');
  });

  it("a change request mails the handler the customer's words, escaped in the HTML part", async () => {
    const { token } = await sentQuote(handler);
    const message = 'One more night in Palolem, please.\n<script>alert(1)</script> & a sea view';
    const mails = await mailsDuring(async () => {
      expect((await askChanges(token, message)).statusCode).toBe(200);
    });
    expect(mails.map((m) => m.to)).toEqual([[handler.email]]);
    const mail = decodeMail(mails[0]!);
    expect(mail).toContain('Subject: Changes asked for: Asha Verma → Goa');
    expect(mail).toContain('One more night in Palolem, please.');
    const html = mail.slice(mail.indexOf('Content-Type: text/html'));
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; a sea view');
    // Each request is its own mail.
    const again = await mailsDuring(async () => {
      expect((await askChanges(token, 'And a late checkout')).statusCode).toBe(200);
    });
    expect(again.map((m) => m.to)).toEqual([[handler.email]]);
  });

  it('a change request on an unassigned inquiry mails the Owner only; its words stay out of the headers', async () => {
    const { token } = await sentQuote();
    const mails = await mailsDuring(async () => {
      expect((await askChanges(token, 'Cheaper hotel?\r\nBcc: victim@example.com')).statusCode).toBe(200);
    });
    expect(mails.map((m) => m.to)).toEqual([[owner.email]]);
    const headers = mails[0]!.source.split(/\r?\n\r?\n/)[0]!;
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(headers).not.toContain('victim@example.com');
    expect(decodeMail(mails[0]!)).toContain('Cheaper hotel?');
  });

  it('an acceptance whose handler was removed meanwhile mails the Owner', async () => {
    const leaving = await createUser(t, { role: 'Staff', name: 'Leaving Staff' });
    const { token } = await sentQuote(leaving);
    const removed = await t.api({ method: 'DELETE', url: `/api/auth/staff/${leaving.id}`, headers: asOwner() });
    expect(removed.statusCode, removed.body).toBe(200);
    const mails = await mailsDuring(async () => {
      expect((await accept(token, 'Late Decider')).statusCode).toBe(200);
    });
    expect(mails.map((m) => m.to)).toEqual([[owner.email]]);
  });

  it('a refused acceptance mails nobody', async () => {
    const { inquiryId, token } = await sentQuote(handler);
    await t.app.db
      .updateTable('quote_versions')
      .set({ valid_until: '2020-01-01' })
      .where('status', '=', 'sent')
      .where('quote_id', 'in', (eb) => eb.selectFrom('quotes').select('id').where('inquiry_id', '=', inquiryId))
      .execute();
    const mails = await mailsDuring(async () => {
      expect((await accept(token, 'Too Late')).statusCode).toBe(410);
    });
    expect(mails).toEqual([]);
  });
});
