// Unverified sign-ups expire (issue 49): past PENDING_SIGNUP_TTL_DAYS after its newest code a pending sign-up is no
// account, so a new sign-up replaces it; the Owner's new staff account replaces a pending sign-up of any age.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, PENDING_SIGNUP_TTL_DAYS } from '@safarnama/contract';
import { testEngines } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import {
  GOOD_PASSWORD,
  checkThenClose,
  createAccountsTestApp,
  expectNoSecretsLeaked,
  type AccountsTestApp,
} from '../test/accounts-kit';

const DAY = 24 * 60 * 60_000;
const SQUATTER_PASSWORD = 'Squat#Pass99';

describe.each(testEngines)('pending sign-ups on %s', (engine) => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
  });
  afterAll(() => checkThenClose(t, () => expectNoSecretsLeaked(t)));
  afterEach(() => {
    vi.useRealTimers();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.api({ method: 'POST', url, payload, headers });
  const squat = async (email: string) => {
    const res = await post('/api/auth/register', { name: 'Squatter', email, password: SQUATTER_PASSWORD });
    expect(res.statusCode).toBe(201);
  };
  /** The app's clock (lib/clock.ts reads Date) moved `days` on; the mail server and timers keep real time. */
  const travel = (days: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + days * DAY);
  };
  const pendingRows = (email: string) =>
    t.app.db.selectFrom('users').select(['id', 'role']).where('email', '=', email).execute();

  it('an 8-day-old pending sign-up no longer blocks the Owner from adding the address as staff', async () => {
    const email = 'new-hire@example.com';
    await squat(email);
    travel(8);
    // Created now, so its token is fresh at the travelled time.
    const owner = await createUser(t, { role: 'Owner' });
    const added = await post(
      '/api/auth/staff',
      { name: 'New Hire', email, password: GOOD_PASSWORD },
      bearer(owner.token),
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ _id: expect.any(String), name: 'New Hire', email });
    expect(await pendingRows(email)).toEqual([{ id: added.json()._id, role: 'Staff' }]);
    expect((await post('/api/auth/login', { email, password: GOOD_PASSWORD })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: SQUATTER_PASSWORD })).statusCode).toBe(401);
  });

  it('an 8-day-old pending sign-up counts as none: a new sign-up replaces it', async () => {
    const email = 'returning-owner@example.com';
    await squat(email);
    const [old] = await pendingRows(email);
    travel(8);
    // The stale sign-up answers as no account: no login step, no code to resend.
    const stale = await post('/api/auth/login', { email, password: SQUATTER_PASSWORD });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    const mailsBefore = t.smtp.mailsTo(email).length;
    const resend = await post('/api/auth/resend-otp', { email });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toBe(AUTH_MESSAGES.otpSent);
    expect(t.smtp.mailsTo(email)).toHaveLength(mailsBefore);

    const signup = await post('/api/auth/register', { name: 'Real Owner', email, password: GOOD_PASSWORD });
    expect(signup.statusCode).toBe(201);
    // A first sign-up's mail, not "someone signed up again", for an account of its own.
    const mail = t.smtp.mailsTo(email).at(-1)!;
    expect(mail.raw).not.toContain('signed up again');
    const [fresh] = await pendingRows(email);
    expect(fresh!.id).not.toBe(old!.id);
    const verify = await post('/api/auth/verify-otp', { email, otp: t.smtp.latestOtp(email), password: GOOD_PASSWORD });
    expect(verify.statusCode, verify.body).toBe(200);
    const login = await post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(login.json().user.name).toBe('Real Owner');
  });

  it('a sign-up again or a resend within the days keeps a pending sign-up alive', async () => {
    const email = 'still-pending@example.com';
    await squat(email);
    const [old] = await pendingRows(email);
    travel(PENDING_SIGNUP_TTL_DAYS - 1);
    expect((await post('/api/auth/resend-otp', { email })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * DAY);
    // Its newest code is two days old: a sign-up now is a sign-up again of the same account (D3).
    expect((await post('/api/auth/register', { name: 'Later', email, password: GOOD_PASSWORD })).statusCode).toBe(201);
    expect(t.smtp.mailsTo(email).at(-1)!.raw).toContain('signed up again');
    expect((await pendingRows(email))[0]!.id).toBe(old!.id);
  });

  it("the Owner's new staff account replaces a fresh pending sign-up too, whose code then finishes nothing", async () => {
    const email = 'hired-today@example.com';
    await squat(email);
    const code = t.smtp.latestOtp(email);
    const owner = await createUser(t, { role: 'Owner' });
    const added = await post(
      '/api/auth/staff',
      { name: 'Hired Today', email, password: GOOD_PASSWORD },
      bearer(owner.token),
    );
    expect(added.statusCode, added.body).toBe(201);
    const late = await post('/api/auth/verify-otp', { email, otp: code, password: SQUATTER_PASSWORD });
    // The replaced sign-up's code is no code of the staff account's: refused as any wrong code is.
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(AUTH_MESSAGES.otpWrong);
    expect((await post('/api/auth/login', { email, password: SQUATTER_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: GOOD_PASSWORD })).json().user.role).toBe('Staff');
    // A verified Customer's address is still taken.
    const customer = await createUser(t, { role: 'Customer' });
    const taken = await post(
      '/api/auth/staff',
      { name: 'Dup', email: customer.email, password: GOOD_PASSWORD },
      bearer(owner.token),
    );
    expect(taken.statusCode).toBe(409);
  });
});
