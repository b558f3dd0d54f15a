// D25 through HTTP with the real SMTP server in-process, on SQLite and PostgreSQL: who gets which mail and what
// it says, retries with back-off while SMTP is down, the Owner's delivery view and retry, unsubscribe and the
// back office's preferences. The crash and two-process cases are in reliability/outbox.test.ts.
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createAccountsTestApp, type AccountsTestApp } from '../test/accounts-kit';
import { createTestApp, testEngines } from '../test/helper';
import { decodeMail, startSmtpServer, type TestSmtpServer } from '../test/smtp-server';
import { DISABLED_RECIPIENT_ERROR, MAX_TRIES, RETRY_DELAYS_MS } from './outbox-sender';
import { unsubscribeToken } from './notification.service';

const SITE = {
  SITE_URL: 'https://travel.example.com',
  SITE_NAME: 'Safarnama Tours',
  SITE_PHONE: '+91 90000 11111',
  SITE_EMAIL: 'desk@travel.example.com',
  SITE_WHATSAPP: '919000011111',
};

let n = 0;
const fresh = (prefix: string) => `${prefix}-${++n}-${Date.now().toString(36)}@example.com`;

const inquiryBody = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Asha Verma',
  email,
  whatsappNumber: '+91 98765 43210',
  travelingFrom: 'Delhi',
  location: 'Goa',
  noOfAdults: 2,
  noOfKids: 1,
  tourDuration: '4N/5D',
  budget: 45000,
  ...extra,
});

/** The decoded mails to `address`. */
const mailsTo = (smtp: TestSmtpServer, address: string) => smtp.mailsTo(address).map(decodeMail);

describe.each(testEngines)('notifications on %s', (engine) => {
  let t: AccountsTestApp;
  let owner: CreatedUser;
  let staff: CreatedUser;
  let otherStaff: CreatedUser;
  let disabledStaff: CreatedUser;
  let customer: CreatedUser;

  beforeAll(async () => {
    t = await createAccountsTestApp(engine, SITE);
    owner = await createUser(t, { role: 'Owner' });
    staff = await createUser(t, { role: 'Staff', name: 'Ravi Staff' });
    otherStaff = await createUser(t, { role: 'Staff', name: 'Meera Staff' });
    disabledStaff = await createUser(t, { role: 'Staff', disabled: true });
    customer = await createUser(t, { role: 'Customer' });
  });
  afterAll(async () => t?.close());

  const createPublic = async (email: string, extra: Record<string, unknown> = {}) => {
    const res = await t.api({ method: 'POST', url: '/api/inquiries/createPublic', payload: inquiryBody(email, extra) });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.outbox.drain();
    return res.json()._id as string;
  };
  const update = async (who: CreatedUser, id: string, payload: Record<string, unknown>) => {
    const res = await t.api({ method: 'PUT', url: `/api/inquiries/${id}`, headers: bearer(who.token), payload });
    await t.app.outbox.drain();
    return res;
  };
  const outbox = () => t.app.db.selectFrom('notification_outbox').selectAll().orderBy('created_at').execute();

  it('a public inquiry mails the Owner and every active Staff member, with the lead and a link to it', async () => {
    const email = fresh('lead');
    const id = await createPublic(email, { extraInfo: 'Sea-facing room please' });
    for (const user of [owner, staff, otherStaff]) {
      const mails = mailsTo(t.smtp, user.email);
      expect(mails, user.email).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail).toContain('Subject: New inquiry: Asha Verma → Goa');
      expect(mail).toContain('multipart/alternative');
      expect(mail).toContain('text/html');
      for (const text of [
        'Asha Verma',
        email,
        'Goa',
        'Delhi',
        '4N/5D',
        '2 adults, 1 kid',
        '45,000',
        'Sea-facing room please',
      ]) {
        expect(mail, text).toContain(text);
      }
      expect(mail).toContain(`https://travel.example.com/inquiries/edit/${id}`);
      // D13's footer.
      for (const text of [
        'Safarnama Tours',
        '+91 90000 11111',
        'desk@travel.example.com',
        'https://wa.me/919000011111',
      ]) {
        expect(mail, text).toContain(text);
      }
    }
    expect(mailsTo(t.smtp, disabledStaff.email)).toEqual([]);
    expect(mailsTo(t.smtp, customer.email)).toEqual([]);
  });

  it('the customer gets a receipt with what they asked for, what happens next, WhatsApp and an unsubscribe link', async () => {
    // A Customer signed in with the address the inquiry gives.
    const res = await t.api({
      method: 'POST',
      url: '/api/inquiries/createLoggedIn',
      headers: bearer(customer.token),
      payload: inquiryBody(customer.email),
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.outbox.drain();
    const mails = mailsTo(t.smtp, customer.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toContain('Subject: We received your inquiry: Goa');
    for (const text of ['Dear Asha Verma', 'Goa', '4N/5D', 'What happens next', 'https://wa.me/919000011111']) {
      expect(mail, text).toContain(text);
    }
    expect(mail).toMatch(
      /List-Unsubscribe: <https:\/\/travel\.example\.com\/api\/notifications\/unsubscribe\?token=[^>]+>/,
    );
    expect(mail).toContain('https://travel.example.com/register');
  });

  it("a stranger's words do not reach an address through the public form's receipt", async () => {
    const email = fresh('receipt');
    const lure = 'Your account is blocked: verify at https://evil.example/login';
    await createPublic(email, { name: 'Bank Security Team', location: lure, extraInfo: lure, travelingFrom: lure });
    const mails = mailsTo(t.smtp, email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toContain('Subject: We received your trip inquiry');
    for (const text of ['evil.example', 'blocked', 'Bank Security', '98765']) expect(mail, text).not.toContain(text);
    for (const text of ['2 adults, 1 kid', '45,000', 'What happens next', 'https://wa.me/919000011111']) {
      expect(mail, text).toContain(text);
    }
    expect(mail).toMatch(
      /List-Unsubscribe: <https:\/\/travel\.example\.com\/api\/notifications\/unsubscribe\?token=[^>]+>/,
    );
    expect(mail).toContain('https://travel.example.com/register');
  });

  it("an inquiry a visitor sends with a Customer's address is theirs (D5), but its mails still repeat no words", async () => {
    const member = await createUser(t, { role: 'Customer', email: fresh('member') });
    const lure = 'Your account is blocked: verify at https://evil.example/login';
    const id = await createPublic(member.email, { name: 'Bank Security Team', location: lure });
    const mine = await t.api({ method: 'GET', url: `/api/inquiries/${id}`, headers: bearer(member.token) });
    expect(mine.statusCode).toBe(200);
    expect((await update(staff, id, { status: 'Working' })).statusCode).toBe(200);
    const [receipt, working] = mailsTo(t.smtp, member.email);
    expect(receipt).toContain('Subject: We received your trip inquiry');
    expect(working).toContain('Subject: Your trip inquiry: Working');
    for (const mail of [receipt!, working!]) {
      for (const text of ['evil.example', 'blocked', 'Bank Security']) expect(mail, text).not.toContain(text);
    }

    // Sent by the Customer themselves, signed in with that address: their words come back to them.
    const res = await t.api({
      method: 'POST',
      url: '/api/inquiries/createLoggedIn',
      headers: bearer(member.token),
      payload: inquiryBody(member.email),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await update(staff, res.json()._id, { status: 'Working' })).statusCode).toBe(200);
    const [, , ownReceipt, ownWorking] = mailsTo(t.smtp, member.email);
    expect(ownReceipt).toContain('Subject: We received your inquiry: Goa');
    expect(ownWorking).toContain('Subject: Your Goa trip: Working');
  });

  it('escapes what a visitor typed in the HTML part and keeps the subject on one line', async () => {
    const email = fresh('inject');
    await createPublic(email, { name: 'Eve <script>alert(1)</script>', extraInfo: '<img src=x onerror=alert(1)>' });
    const mail = mailsTo(t.smtp, owner.email).at(-1)!;
    const html = mail.slice(mail.indexOf('Content-Type: text/html'));
    expect(html).toContain('<html>');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail).toContain('Subject: New inquiry: Eve <script>alert(1)</script> → Goa');
  });

  it('a line break in what a visitor typed cannot add a header or a recipient', async () => {
    const email = fresh('crlf');
    const before = t.smtp.mails.length;
    const res = await t.api({
      method: 'POST',
      url: '/api/inquiries/createPublic',
      payload: inquiryBody(email, { name: 'Eve\r\nBcc: victim@example.com', location: 'Goa\r\nX-Evil: 1' }),
    });
    await t.app.outbox.drain();
    if (res.statusCode !== 201) {
      expect(res.statusCode).toBe(400);
      return;
    }
    const sent = t.smtp.mails.slice(before);
    expect(sent.flatMap((m) => m.to)).not.toContain('victim@example.com');
    expect(sent.length).toBeGreaterThan(0);
    for (const mail of sent) {
      const headers = mail.source.split(/\r?\n\r?\n/)[0]!;
      expect(headers).toMatch(/^Subject:/m);
      expect(headers).not.toMatch(/^Bcc:/m);
      expect(headers).not.toMatch(/^X-Evil:/m);
    }
  });

  it('a logged-in inquiry mails the back office too, but not the staff member who typed it in', async () => {
    const before = { owner: mailsTo(t.smtp, owner.email).length, staff: mailsTo(t.smtp, staff.email).length };
    const res = await t.api({
      method: 'POST',
      url: '/api/inquiries/createLoggedIn',
      headers: bearer(staff.token),
      payload: inquiryBody(fresh('phone'), { name: 'Phone Caller', location: 'Leh' }),
    });
    expect(res.statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(
      mailsTo(t.smtp, owner.email)
        .slice(before.owner)
        .map((m) => m.match(/Subject: .*/)?.[0]),
    ).toEqual(['Subject: New inquiry: Phone Caller → Leh']);
    expect(mailsTo(t.smtp, staff.email)).toHaveLength(before.staff);
  });

  it('an assignment mails the assignee, not when they assigned themselves', async () => {
    const id = await createPublic(fresh('assign'));
    const before = mailsTo(t.smtp, otherStaff.email).length;
    expect((await update(owner, id, { staff: { id: otherStaff.id } })).statusCode).toBe(200);
    const mails = mailsTo(t.smtp, otherStaff.email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Assigned to you: Asha Verma → Goa');
    expect(mails[0]).toContain(`https://travel.example.com/inquiries/edit/${id}`);

    const staffBefore = mailsTo(t.smtp, staff.email).length;
    expect((await update(staff, id, { staff: { id: staff.id } })).statusCode).toBe(200);
    expect(mailsTo(t.smtp, staff.email)).toHaveLength(staffBefore);
  });

  it('status notes reach the customer for Working, Advance Received, Booked and Completed only, once each', async () => {
    const email = fresh('status');
    const id = await createPublic(email);
    const subjects = () =>
      mailsTo(t.smtp, email)
        .slice(1)
        .map((m) => m.match(/Subject: (.*)/)?.[1]);
    for (const status of [
      'Only Query',
      'Working',
      'Follow Up',
      'Working',
      'Booking Pending',
      'Advance Received',
      'Booked',
      'Completed',
    ]) {
      expect((await update(staff, id, { status })).statusCode).toBe(200);
    }
    // Sent from the public form: anyone could have typed the address, so no name or place goes back to it.
    expect(subjects()).toEqual([
      'Your trip inquiry: Working',
      'Your trip inquiry: Advance Received',
      'Your trip inquiry: Booked',
      'Your trip inquiry: Completed',
    ]);
    for (const mail of mailsTo(t.smtp, email)) {
      expect(mail).not.toContain('Asha Verma');
      expect(mail).not.toContain('Goa');
    }
    const note = mailsTo(t.smtp, email).at(-1)!;
    expect(note).toContain('https://travel.example.com/login');
    expect(note).toContain('List-Unsubscribe:');

    // Typed in by staff from a phone call: the customer's own words come back to them.
    const called = fresh('called');
    const res = await t.api({
      method: 'POST',
      url: '/api/inquiries/createLoggedIn',
      headers: bearer(staff.token),
      payload: { ...inquiryBody(called), source: 'phone' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await update(staff, res.json()._id, { status: 'Working' })).statusCode).toBe(200);
    const [receipt, working] = mailsTo(t.smtp, called);
    expect(receipt).toContain('Subject: We received your inquiry: Goa');
    expect(working).toContain('Subject: Your Goa trip: Working');
    expect(working).toContain('Dear Asha Verma');
  });

  it('a change that is refused writes no mail (the outbox row lives in the same transaction)', async () => {
    const id = await createPublic(fresh('refused'));
    const rows = (await outbox()).length;
    const res = await update(owner, id, { status: 'Booked', staff: { id: disabledStaff.id } });
    expect(res.statusCode).toBe(400);
    expect(await outbox()).toHaveLength(rows);
  });

  it('unsubscribe stops status mails for that address and nothing else', async () => {
    const email = fresh('unsub');
    const id = await createPublic(email);
    const token = unsubscribeToken(t.app.unsubscribeKey, email);
    // A token for another address, or a forged one, changes nothing.
    const forged = `${Buffer.from(email).toString('base64url')}.${unsubscribeToken(t.app.unsubscribeKey, 'x@example.com').split('.')[1]}`;
    for (const bad of [forged, 'nonsense', '']) {
      const res = await t.api({
        method: 'GET',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/unsubscribed?invalid=1');
    }
    expect(await t.app.db.selectFrom('notification_unsubscribes').selectAll().execute()).toEqual([]);

    const receiptLink = mailsTo(t.smtp, email)[0]!.match(
      /List-Unsubscribe: <https:\/\/travel\.example\.com([^>]+)>/,
    )![1]!;
    const res = await t.api({ method: 'GET', url: receiptLink });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/unsubscribed');
    expect(token).toBe(decodeURIComponent(receiptLink.split('token=')[1]!));

    const before = mailsTo(t.smtp, email).length;
    const staffBefore = mailsTo(t.smtp, otherStaff.email).length;
    expect((await update(owner, id, { status: 'Booked', staff: { id: otherStaff.id } })).statusCode).toBe(200);
    expect(mailsTo(t.smtp, email)).toHaveLength(before);
    // The assignment still goes out, and a new inquiry from the same address still gets its receipt.
    expect(mailsTo(t.smtp, otherStaff.email)).toHaveLength(staffBefore + 1);
    await createPublic(email);
    expect(mailsTo(t.smtp, email)).toHaveLength(before + 1);
    // Another address is not affected.
    const other = fresh('still');
    const otherId = await createPublic(other);
    await update(owner, otherId, { status: 'Booked' });
    expect(mailsTo(t.smtp, other).at(-1)).toContain('Subject: Your trip inquiry: Booked');
  });

  it('preferences: Staff and Owner see and set both choices (default on); a Customer has none', async () => {
    const member = await createUser(t, { role: 'Staff' });
    const got = await t.api({ method: 'GET', url: '/api/profile', headers: bearer(member.token) });
    expect(got.json()).toMatchObject({ notifyNewInquiry: true, notifyAssignment: true });
    const own = await t.api({ method: 'GET', url: '/api/profile', headers: bearer(customer.token) });
    expect(own.json()).not.toHaveProperty('notifyNewInquiry');

    const bad = await t.api({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(member.token),
      payload: { name: member.name, email: member.email, notifyNewInquiry: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.api({ method: 'GET', url: '/api/profile', headers: bearer(member.token) })).json()).toMatchObject({
      notifyNewInquiry: true,
    });

    const put = await t.api({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(member.token),
      payload: { name: member.name, email: member.email, notifyNewInquiry: false, notifyAssignment: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ notifyNewInquiry: false, notifyAssignment: false });
    // A later save without the fields keeps them.
    await t.api({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(member.token),
      payload: { name: 'Renamed Member', email: member.email },
    });
    expect((await t.api({ method: 'GET', url: '/api/profile', headers: bearer(member.token) })).json()).toMatchObject({
      notifyNewInquiry: false,
      notifyAssignment: false,
    });

    const id = await createPublic(fresh('optout'));
    await update(owner, id, { staff: { id: member.id } });
    expect(mailsTo(t.smtp, member.email)).toEqual([]);
    // The others still hear of it.
    expect(mailsTo(t.smtp, staff.email).at(-1)).toContain(`/inquiries/edit/${id}`);
  });

  it('the Owner lists mails by status, newest first and paged, with a total count', async () => {
    const res = await t.api({
      method: 'GET',
      url: '/api/notifications?status=sent&pageSize=3',
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    const items = res.json() as { status: string; recipient: string; subject: string; tries: number; sentAt: string }[];
    expect(items).toHaveLength(3);
    expect(items.every((i) => i.status === 'sent' && i.tries === 1 && i.sentAt)).toBe(true);
    const total = Number(res.headers['x-total-count']);
    const sent = (await outbox()).filter((r) => r.status === 'sent');
    expect(total).toBe(sent.length);
    expect(t.smtp.mails.length).toBeGreaterThanOrEqual(total);
    const page2 = await t.api({
      method: 'GET',
      url: '/api/notifications?status=sent&pageSize=3&page=2',
      headers: bearer(owner.token),
    });
    expect((page2.json() as { _id: string }[]).map((i) => i._id)).not.toContain(
      (items[0] as unknown as { _id: string })._id,
    );
    const bad = await t.api({ method: 'GET', url: '/api/notifications?status=lost', headers: bearer(owner.token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/pending, sent, failed/);
  });
});

/** A local port with nothing listening (SMTP "down"). */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.each(testEngines)('delivery while SMTP is down on %s', (engine) => {
  let smtp: TestSmtpServer | undefined;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let port: number;
  let owner: CreatedUser;
  beforeAll(async () => {
    port = await closedPort();
    t = await createTestApp(engine, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    owner = await createUser(t, { role: 'Owner' });
  });
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });
  afterAll(async () => t?.close());
  const rows = () => t.app.db.selectFrom('notification_outbox').selectAll().orderBy('created_at').execute();

  it('keeps mail pending with its tries, error and back-off, and delivers it once SMTP is back', async () => {
    const email = fresh('down');
    const res = await t.app.inject({ method: 'POST', url: '/api/inquiries/createPublic', payload: inquiryBody(email) });
    expect(res.statusCode).toBe(201);
    const before = Date.now();
    await t.app.outbox.drain();
    let all = await rows();
    expect(all).toHaveLength(2);
    for (const row of all) {
      expect(row).toMatchObject({ status: 'pending', tries: 1 });
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(Number(row.next_attempt_at)).toBeGreaterThanOrEqual(before + RETRY_DELAYS_MS[0]!);
    }
    // Not due yet: another pass sends nothing and counts no try.
    await t.app.outbox.drain();
    expect((await rows()).map((r) => r.tries)).toEqual([1, 1]);
    // The Owner sees the trouble at once.
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/summary',
      headers: bearer(owner.token),
    });
    expect(summary.json()).toEqual({ failing: 2 });

    // The back-off grows.
    await t.app.db.updateTable('notification_outbox').set({ next_attempt_at: Date.now() }).execute();
    await t.app.outbox.drain();
    all = await rows();
    expect(all.map((r) => r.tries)).toEqual([2, 2]);
    expect(Number(all[0]!.next_attempt_at) - Number(all[0]!.last_attempt_at)).toBeGreaterThanOrEqual(
      RETRY_DELAYS_MS[1]!,
    );

    // SMTP comes back where the app expects it; the mail goes out once the back-off has run.
    smtp = await startSmtpServer(port);
    await t.app.db.updateTable('notification_outbox').set({ next_attempt_at: Date.now() }).execute();
    await t.app.outbox.drain();
    all = await rows();
    expect(all.map((r) => [r.status, r.tries, r.last_error])).toEqual([
      ['sent', 3, null],
      ['sent', 3, null],
    ]);
    expect(smtp.mailsTo(owner.email)).toHaveLength(1);
    expect(smtp.mailsTo(email)).toHaveLength(1);
    await t.app.outbox.drain();
    expect(smtp.mails).toHaveLength(2);
  });

  it('does not send a waiting mail to a staff member removed meanwhile', async () => {
    const member = await createUser(t, { role: 'Staff' });
    const email = fresh('removed');
    await t.app.inject({ method: 'POST', url: '/api/inquiries/createPublic', payload: inquiryBody(email) });
    await t.app.outbox.drain();
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/staff/${member.id}`,
      headers: bearer(owner.token),
    });
    expect(removal.statusCode).toBe(200);
    smtp = await startSmtpServer(port);
    await t.app.db
      .updateTable('notification_outbox')
      .set({ next_attempt_at: Date.now() })
      .where('status', '=', 'pending')
      .execute();
    await t.app.outbox.drain();
    expect(smtp.mailsTo(member.email)).toEqual([]);
    expect(smtp.mailsTo(owner.email)).toHaveLength(1);
    expect(smtp.mailsTo(email)).toHaveLength(1);
    const row = await t.app.db
      .selectFrom('notification_outbox')
      .selectAll()
      .where('recipient', '=', member.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', last_error: DISABLED_RECIPIENT_ERROR });
  });

  it('gives up after the last try, shows it failed, and the Owner can send it again', async () => {
    expect(MAX_TRIES).toBeGreaterThanOrEqual(8);
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(20 * 3600_000);
    const email = fresh('giveup');
    await t.app.inject({ method: 'POST', url: '/api/inquiries/createPublic', payload: inquiryBody(email) });
    // The first try (nudged by the commit) is over before the clock is moved to the last one.
    await t.app.outbox.drain();
    await t.app.db
      .updateTable('notification_outbox')
      .set({ tries: MAX_TRIES - 1, next_attempt_at: Date.now() })
      .where('status', '=', 'pending')
      .execute();
    await t.app.outbox.drain();
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/notifications?status=failed',
      headers: bearer(owner.token),
    });
    const items = (
      failed.json() as { _id: string; recipient: string; tries: number; lastError: string; status: string }[]
    ).filter((i) => i.lastError !== DISABLED_RECIPIENT_ERROR);
    expect(items.map((i) => [i.status, i.tries])).toEqual([
      ['failed', MAX_TRIES],
      ['failed', MAX_TRIES],
    ]);
    expect(items[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtpServer(port);
    const receipt = items.find((i) => i.recipient === email)!;
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${receipt._id}/retry`,
      headers: bearer(owner.token),
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'pending', tries: 0 });
    await t.app.outbox.drain();
    expect(smtp.mailsTo(email)).toHaveLength(1);
    // Only a failed one can be retried; an unknown id is not found.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${receipt._id}/retry`,
      headers: bearer(owner.token),
    });
    expect(again.statusCode).toBe(409);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/01890000-0000-7000-8000-000000000000/retry',
      headers: bearer(owner.token),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('without SMTP_URL', () => {
  it('logs the mails on the console transport as the OTP mail is logged', async () => {
    const t = await createTestApp('sqlite');
    try {
      await createUser(t, { role: 'Owner' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/inquiries/createPublic',
        payload: inquiryBody(fresh('console')),
      });
      expect(res.statusCode).toBe(201);
      await t.app.outbox.drain();
      const logged = t.logs.filter((l) => l.includes('"mail_console"'));
      expect(logged.some((l) => l.includes('New inquiry: Asha Verma → Goa'))).toBe(true);
      const rows = await t.app.db.selectFrom('notification_outbox').select('status').execute();
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    } finally {
      await t.close();
    }
  });
});
