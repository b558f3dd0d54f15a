// D5: an inquiry linked to an account follows the account, never the address. A Customer who changes their
// e-mail keeps their inquiries, and whoever registers the address they left sees none of them (list, details,
// events, status counts, quotation PDF); an address an account verifies brings the unlinked inquiries sent with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_MESSAGES, type Inquiry } from '@safarnama/contract';
import { testEngines } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import {
  GOOD_PASSWORD,
  checkThenClose,
  createAccountsTestApp,
  expectNoSecretsLeaked,
  registerVerifyLogin,
  type AccountsTestApp,
} from '../test/accounts-kit';
import { validBody } from '../test/inquiry-kit';

describe.each(testEngines)('inquiry ownership on %s', (engine) => {
  let t: AccountsTestApp;
  let staff: CreatedUser;

  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    staff = await createUser(t, { role: 'Staff' });
  });
  afterAll(() => checkThenClose(t, () => expectNoSecretsLeaked(t)));

  const as = (token: string) => ({
    get: (url: string) => t.api({ method: 'GET', url, headers: bearer(token) }),
  });
  const send = async (email: string, token?: string, over: object = {}) => {
    const res = await t.api({
      method: 'POST',
      url: token ? '/api/inquiries/createLoggedIn' : '/api/inquiries/createPublic',
      headers: token ? bearer(token) : {},
      payload: validBody({ name: 'Bhavna Rao', email, whatsappNumber: '+91 99887 76655', ...over }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Inquiry>();
  };
  /** Staff price it, so that its Customer may have the quotation. */
  const price = async (id: string) => {
    const res = await t.api({
      method: 'PUT',
      url: `/api/inquiries/${id}`,
      headers: bearer(staff.token),
      payload: { status: 'Working', tpc: 84000, advance: 20000 },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** PUT /api/profile with a new e-mail, then the code mailed to it; answers the fresh token. */
  const changeEmail = async (token: string, name: string, email: string) => {
    const put = await t.api({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { name, email, currentPassword: GOOD_PASSWORD },
    });
    expect(put.statusCode, put.body).toBe(200);
    const verify = await t.api({
      method: 'POST',
      url: '/api/profile/verify-email',
      headers: bearer(token),
      payload: { otp: t.smtp.latestOtp(email) },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    return verify.json<{ token: string }>().token;
  };
  const ids = async (token: string) => (await as(token).get('/api/inquiries')).json<Inquiry[]>().map((i) => i._id);

  /** Everything a Customer could read of the inquiry: all of it for its owner, none of it for anyone else. */
  async function expectOwnedBy(id: string, owner: string, stranger: string) {
    expect(await ids(owner)).toContain(id);
    expect((await as(owner).get(`/api/inquiries/${id}`)).statusCode).toBe(200);
    const pdf = await as(owner).get(`/api/inquiries/${id}/quotation.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const list = await as(stranger).get('/api/inquiries');
    expect(list.json()).toEqual([]);
    expect(list.headers['x-total-count']).toBe('0');
    expect((await as(stranger).get('/api/inquiries/statuses')).json()).toEqual([]);
    for (const url of [`/api/inquiries/${id}`, `/api/inquiries/${id}/events`, `/api/inquiries/${id}/quotation.pdf`]) {
      const res = await as(stranger).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: INQUIRY_MESSAGES.notFound });
      expect(res.body).not.toContain('Bhavna');
      expect(res.body).not.toContain('99887');
    }
  }

  it("an inquiry sent logged in stays its sender's after an e-mail change; the address's next owner sees nothing", async () => {
    const oldAddress = 'bhavna.rao@example.com';
    const b = await registerVerifyLogin(t, { name: 'Bhavna Rao', email: oldAddress, password: GOOD_PASSWORD });
    const inquiry = await send(oldAddress, b.token);
    await price(inquiry._id);

    const bToken = await changeEmail(b.token, 'Bhavna Rao', 'bhavna.new@example.com');
    const next = await registerVerifyLogin(t, { name: 'Someone Else', email: oldAddress, password: GOOD_PASSWORD });
    await expectOwnedBy(inquiry._id, bToken, next.token);
  });

  it('a public inquiry, linked when its address was verified, stays with that account after it moves on', async () => {
    const oldAddress = 'dev.khanna@example.com';
    const sentBefore = await send(oldAddress);
    const d = await registerVerifyLogin(t, { name: 'Dev Khanna', email: oldAddress, password: GOOD_PASSWORD });
    // Sent once the address is verified: linked as it arrives.
    const sentAfter = await send(oldAddress);
    expect((await ids(d.token)).sort()).toEqual([sentBefore._id, sentAfter._id].sort());
    await price(sentBefore._id);
    await price(sentAfter._id);

    // The new address had a public inquiry of its own: verifying it brings that one along too.
    const newAddress = 'dev.k@example.com';
    const sentToNew = await send(newAddress);
    const dToken = await changeEmail(d.token, 'Dev Khanna', newAddress);
    expect((await ids(dToken)).sort()).toEqual([sentBefore._id, sentAfter._id, sentToNew._id].sort());

    const next = await registerVerifyLogin(t, { name: 'Someone Else', email: oldAddress, password: GOOD_PASSWORD });
    await expectOwnedBy(sentBefore._id, dToken, next.token);
    await expectOwnedBy(sentAfter._id, dToken, next.token);

    // What is sent with the old address from now on is its new owner's, not Dev's.
    const later = await send(oldAddress);
    expect(await ids(next.token)).toEqual([later._id]);
    expect(await ids(dToken)).not.toContain(later._id);
  });

  it('an address that is only pending (not verified) links nothing', async () => {
    const e = await registerVerifyLogin(t, {
      name: 'Esha Pal',
      email: 'esha.pal@example.com',
      password: GOOD_PASSWORD,
    });
    const wanted = 'esha.wants@example.com';
    const put = await t.api({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(e.token),
      payload: { name: 'Esha Pal', email: wanted, currentPassword: GOOD_PASSWORD },
    });
    expect(put.statusCode, put.body).toBe(200);
    const sent = await send(wanted);
    expect(await ids(e.token)).toEqual([]);
    expect((await as(e.token).get(`/api/inquiries/${sent._id}`)).statusCode).toBe(404);
  });

  it('staff correcting the address of an unlinked inquiry to a Customer’s verified one gives it to them', async () => {
    const f = await registerVerifyLogin(t, {
      name: 'Farah Ali',
      email: 'farah.ali@example.com',
      password: GOOD_PASSWORD,
    });
    const typo = await send('farah.aly@example.com');
    expect(await ids(f.token)).toEqual([]);
    const fix = await t.api({
      method: 'PUT',
      url: `/api/inquiries/${typo._id}`,
      headers: bearer(staff.token),
      payload: { customer: { email: 'farah.ali@example.com' } },
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(await ids(f.token)).toEqual([typo._id]);
  });
});
