// D15/D19 limits at their real size (RATE_LIMIT_FACTOR=1): per client, per client and e-mail, the mails one address
// gets, failed logins, TRUST_PROXY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, OTP_MAX_ATTEMPTS } from '@safarnama/contract';
import { testEngines } from '../test/helper';
import { createUser } from '../test/factories';
import { GOOD_PASSWORD, ageLatestCode, createAccountsTestApp, type AccountsTestApp } from '../test/accounts-kit';
import { AUTH_LIMITS } from './auth.limits';

describe.each(testEngines)('account rate limits on %s', (engine) => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine, { RATE_LIMIT_FACTOR: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  let ipCounter = 0;
  /** A fresh client address per use, so limits of one test do not leak into another. */
  const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.api({ method: 'POST', url, payload, remoteAddress, headers });

  it('limits register per client, whatever X-Forwarded-For says (TRUST_PROXY off)', async () => {
    const ip = freshIp();
    const [max] = AUTH_LIMITS.registerPerClient;
    for (let i = 0; i < max; i++) {
      const res = await post(
        '/api/auth/register',
        { name: 'R', email: `perclient${i}@example.com`, password: GOOD_PASSWORD },
        ip,
        {
          'x-forwarded-for': `203.0.113.${i}`,
        },
      );
      expect(res.statusCode).toBe(201);
    }
    const over = await post(
      '/api/auth/register',
      { name: 'R', email: 'perclient-over@example.com', password: GOOD_PASSWORD },
      ip,
      {
        'x-forwarded-for': '198.51.100.7',
      },
    );
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });
    expect(t.smtp.mailsTo('perclient-over@example.com')).toHaveLength(0);
    // Another client is not affected.
    expect(
      (
        await post(
          '/api/auth/register',
          { name: 'R', email: 'other-client@example.com', password: GOOD_PASSWORD },
          freshIp(),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('limits register, resend-otp and verify-otp per client and e-mail: a stranger spends only their own', async () => {
    const email = 'per-email@example.com';
    const stranger = freshIp();
    const [regMax] = AUTH_LIMITS.registerPerClientEmail;
    for (let i = 0; i < regMax; i++) {
      const res = await post('/api/auth/register', { name: 'E', email, password: 'Stranger#Pass1' }, stranger);
      expect(res.statusCode).toBe(201);
    }
    const reg = await post(
      '/api/auth/register',
      { name: 'E', email: 'PER-EMAIL@example.com', password: 'Stranger#Pass1' },
      stranger,
    );
    expect(reg.statusCode).toBe(429);
    expect(reg.json().message).toBe(AUTH_MESSAGES.tooManyRequests);
    // The address's owner, from their own client, still signs up; within the cool-down the code already mailed
    // gets the owner's sign-up (D3), and no further code goes out.
    const owner = freshIp();
    const ownSignup = await post('/api/auth/register', { name: 'Owner', email, password: GOOD_PASSWORD }, owner);
    expect(ownSignup.statusCode).toBe(201);
    expect(t.smtp.mailsTo(email)).toHaveLength(1);

    const [resendMax] = AUTH_LIMITS.resendPerClientEmail;
    for (let i = 0; i < resendMax; i++) {
      const res = await post('/api/auth/resend-otp', { email }, stranger);
      // Within the cool-down: the answer every address gets, and no code (see auth.test.ts).
      expect(res.json().message).toBe(AUTH_MESSAGES.otpSent);
    }
    const resend = await post('/api/auth/resend-otp', { email }, stranger);
    expect(resend.statusCode).toBe(429);
    expect(resend.json().message).toBe(AUTH_MESSAGES.tooManyRequests);
    expect((await post('/api/auth/resend-otp', { email }, owner)).json().message).toBe(AUTH_MESSAGES.otpSent);

    // The stranger's wrong codes spend the stranger's tries and budget, not the owner's code.
    const [verifyMax] = AUTH_LIMITS.verifyPerClientEmail;
    const answers: string[] = [];
    for (let i = 0; i < verifyMax; i++) {
      const res = await post('/api/auth/verify-otp', { email, otp: '999999', password: 'Stranger#Pass1' }, stranger);
      expect(res.statusCode).toBe(400);
      answers.push(res.json().message);
    }
    // A wrong code is only "wrong", the try that spends the stranger's last too; past them, "used up".
    expect(answers.slice(0, OTP_MAX_ATTEMPTS).every((m) => m === AUTH_MESSAGES.otpWrong)).toBe(true);
    expect(answers.slice(OTP_MAX_ATTEMPTS).every((m) => m === AUTH_MESSAGES.otpUsedUp)).toBe(true);
    const code = t.smtp.latestOtp(email);
    const over = await post('/api/auth/verify-otp', { email, otp: code, password: GOOD_PASSWORD }, stranger);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(AUTH_MESSAGES.tooManyRequests);
    const verified = await post('/api/auth/verify-otp', { email, otp: code, password: GOOD_PASSWORD }, owner);
    expect(verified.statusCode, verified.body).toBe(200);
    const login = await post('/api/auth/login', { email, password: GOOD_PASSWORD }, owner);
    expect(login.json().user.name).toBe('Owner');
  });

  it('mails one address at most the hour’s sign-up codes; a sign-up past them still finishes with the last code', async () => {
    const email = 'signup-flood@example.com';
    const [mails] = AUTH_LIMITS.signupMailsPerEmail;
    expect(
      (await post('/api/auth/register', { name: 'F', email, password: 'Flood#Pass1' }, freshIp())).statusCode,
    ).toBe(201);
    // Each from a client of its own, past each code's cool-down: a sign-up again or a resend mails a code.
    for (let i = 0; i < mails; i++) {
      await ageLatestCode(t, email, 61_000);
      const res =
        i % 2
          ? await post('/api/auth/resend-otp', { email }, freshIp())
          : await post('/api/auth/register', { name: 'F', email, password: 'Flood#Pass1' }, freshIp());
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    expect(t.smtp.mailsTo(email)).toHaveLength(mails + 1);
    await ageLatestCode(t, email, 61_000);
    // Past the ceiling a resend answers as every resend does, and mails nothing (a 429 would tell an account).
    const resend = await post('/api/auth/resend-otp', { email }, freshIp());
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toBe(AUTH_MESSAGES.otpSent);
    expect(t.smtp.mailsTo(email)).toHaveLength(mails + 1);
    // The owner signs up: the same answer, no mail, and the newest code in their mailbox finishes their sign-up.
    const own = await post('/api/auth/register', { name: 'Owner', email, password: GOOD_PASSWORD }, freshIp());
    expect(own.statusCode).toBe(201);
    expect(t.smtp.mailsTo(email)).toHaveLength(mails + 1);
    const verify = { email, otp: t.smtp.latestOtp(email), password: GOOD_PASSWORD };
    expect((await post('/api/auth/verify-otp', verify, freshIp())).statusCode).toBe(200);
  });

  it('limits failed logins per client more tightly than per account', async () => {
    const ip = freshIp();
    const victim = await createUser(t, { role: 'Customer' });
    const [max] = AUTH_LIMITS.failedLoginsPerClient;
    for (let i = 0; i < max; i++) {
      const res = await post('/api/auth/login', { email: `guess${i}@example.com`, password: 'Wrong#Pass1' }, ip);
      expect(res.statusCode).toBe(401);
    }
    // Even the right password is refused from this client now.
    const blocked = await post('/api/auth/login', { email: victim.email, password: victim.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: AUTH_MESSAGES.tooManyLogins });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The account itself is fine from elsewhere.
    expect(
      (await post('/api/auth/login', { email: victim.email, password: victim.password }, freshIp())).statusCode,
    ).toBe(200);
  });

  it("strangers spending an account's 100 failed logins cannot lock its owner out (D19)", async () => {
    const victim = await createUser(t, { role: 'Staff' });
    // D19 fixes these figures; the loop below then proves the limiter holds them.
    expect(AUTH_LIMITS.failedLoginsPerEmail).toEqual([100, '1 hour']);
    const [max] = AUTH_LIMITS.failedLoginsPerEmail;
    const [perClient] = AUTH_LIMITS.failedLoginsPerClient;
    expect(perClient).toBeLessThan(max);
    // The attacker: 100 wrong passwords from a rotating set of addresses.
    let ip = freshIp();
    for (let i = 0; i < max; i++) {
      if (i % (perClient - 1) === 0) ip = freshIp();
      const res = await post('/api/auth/login', { email: victim.email, password: `Wrong#Pass${i}` }, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    // Past the budget a wrong password and the right one get the same answer, so guessing on learns nothing; only
    // the right one mails a code, after the answer (an unknown e-mail runs the same path with the dummy hash).
    const wrong = await post('/api/auth/login', { email: victim.email, password: 'Wrong#Again1' }, freshIp());
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.loginCodeRequired });

    // The owner, from their own address: the right password gets that answer too, and a code mailed to the account.
    const owner = freshIp();
    const asked = await post(
      '/api/auth/login',
      { email: victim.email.toUpperCase(), password: victim.password },
      owner,
    );
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual(wrong.json());
    expect(Object.keys(asked.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
    await expect.poll(() => t.smtp.mailsTo(victim.email).length).toBe(1);
    const code = t.smtp.latestOtp(victim.email);
    // Asking again within the cool-down sends no second mail (counted at the end, after the deferred work).
    expect((await post('/api/auth/login', { email: victim.email, password: victim.password }, owner)).statusCode).toBe(
      403,
    );

    // The code with a wrong password and a wrong code with the right password get the same refusal.
    const stolenCode = await post('/api/auth/login', { email: victim.email, password: 'Wrong#Pass1', otp: code }, ip);
    expect(stolenCode.statusCode).toBe(400);
    expect(stolenCode.json()).toEqual({ message: AUTH_MESSAGES.loginCodeWrong });
    const badCode = await post(
      '/api/auth/login',
      { email: victim.email, password: victim.password, otp: code === '000000' ? '111111' : '000000' },
      owner,
    );
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toEqual(stolenCode.json());

    const ok = await post('/api/auth/login', { email: victim.email, password: victim.password, otp: code }, owner);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(victim.email);
    // Single use.
    const again = await post('/api/auth/login', { email: victim.email, password: victim.password, otp: code }, owner);
    expect(again.statusCode).toBe(400);
    expect(t.smtp.mailsTo(victim.email)).toHaveLength(1);

    // Other accounts log in as usual.
    const other = await createUser(t, { role: 'Customer' });
    expect(
      (await post('/api/auth/login', { email: other.email, password: other.password }, freshIp())).statusCode,
    ).toBe(200);
  });

  it('holds the 100 failed logins per account when the wrong passwords arrive all at once', async () => {
    const victim = await createUser(t, { role: 'Customer' });
    const [max] = AUTH_LIMITS.failedLoginsPerEmail;
    // Every attempt is in flight before any has been counted: checking the spent budget alone lets all through.
    const answers = await Promise.all(
      Array.from({ length: max + 30 }, (_, i) =>
        post('/api/auth/login', { email: victim.email, password: `Wrong#Pass${i}` }, freshIp()),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(max);
    expect(codes.filter((code) => code === 403)).toHaveLength(30);
    // The right password still gets through, with a mailed code (D19).
    const after = await post('/api/auth/login', { email: victim.email, password: victim.password }, freshIp());
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(AUTH_MESSAGES.loginCodeRequired);
    await expect.poll(() => t.smtp.mailsTo(victim.email).length).toBe(1);
  });
});

describe.each(testEngines)('TRUST_PROXY on %s', (engine) => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine, { RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keys client limits by X-Forwarded-For when the proxy is trusted', async () => {
    const [max] = AUTH_LIMITS.registerPerClient;
    for (let i = 0; i <= max; i++) {
      const res = await t.api({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { name: 'P', email: `proxy${i}@example.com`, password: GOOD_PASSWORD },
      });
      expect(res.statusCode).toBe(201);
    }
  });
});
