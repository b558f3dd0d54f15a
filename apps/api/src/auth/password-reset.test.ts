// Forgot password (D22): the same answer for every e-mail, a code only to a verified and enabled account, a reset
// that revokes earlier tokens and logs in, limits per client and e-mail (a stranger's calls and wrong codes spend
// the stranger's own), the reset mails one address gets, and the server-side command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  OTP_CODE_MAX_ATTEMPTS,
  OTP_MAX_ATTEMPTS,
  PASSWORD_REQUIREMENTS_MESSAGE,
} from '@safarnama/contract';
import { testEngines } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import {
  GOOD_PASSWORD,
  ageLatestCode,
  checkThenClose,
  createAccountsTestApp,
  expectNoSecretsLeaked,
  type AccountsTestApp,
} from '../test/accounts-kit';
import { AUTH_LIMITS } from './auth.limits';
import { ResetPasswordError, resetPasswordByEmail } from './reset-password-command';

const NEW_PASSWORD = 'Fresh#Start42';

describe.each(testEngines)('password reset on %s', (engine) => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
  });
  afterAll(() => checkThenClose(t, () => expectNoSecretsLeaked(t)));

  const post = (url: string, payload: object, remoteAddress?: string) =>
    t.api({ method: 'POST', url, payload, ...(remoteAddress ? { remoteAddress } : {}) });
  const forgot = (email: string, ip?: string) => post('/api/auth/forgot-password', { email }, ip);
  const profile = (token: string) => t.api({ method: 'GET', url: '/api/profile', headers: bearer(token) });

  it('answers every e-mail alike and mails a code only to a verified, enabled account', async () => {
    const verified = await createUser(t, { role: 'Customer' });
    const unverified = await createUser(t, { role: 'Customer', verified: false });
    const disabled = await createUser(t, { role: 'Staff', disabled: true });
    const answers = await Promise.all(
      [verified.email, unverified.email, disabled.email, 'nobody-at-all@example.com'].map((e) => forgot(e)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify({ message: AUTH_MESSAGES.resetCodeSent }));
    }
    expect(t.smtp.mailsTo(verified.email)).toHaveLength(1);
    expect(t.smtp.mailsTo(verified.email)[0]!.raw).toContain('asked to reset the password');
    for (const email of [unverified.email, disabled.email, 'nobody-at-all@example.com']) {
      expect(t.smtp.mailsTo(email)).toHaveLength(0);
    }
    // Within the cool-down the answer is the same and no second mail goes out.
    expect((await forgot(verified.email)).statusCode).toBe(200);
    expect(t.smtp.mailsTo(verified.email)).toHaveLength(1);
  });

  it('resets with the code: the new password works, earlier tokens are revoked, the answer logs in', async () => {
    const user = await createUser(t, { role: 'Staff' });
    await forgot(user.email.toUpperCase());
    const otp = t.smtp.latestOtp(user.email);

    const weak = await post('/api/auth/reset-password', { email: user.email, otp, password: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_REQUIREMENTS_MESSAGE);
    const wrong = await post('/api/auth/reset-password', {
      email: user.email,
      otp: otp === '000000' ? '111111' : '000000',
      password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.otpWrong, errors: { otp: AUTH_MESSAGES.otpWrong } });

    const res = await post('/api/auth/reset-password', { email: user.email, otp, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ _id: user.id, name: user.name, email: user.email, role: 'Staff' });
    expect((await profile(body.token)).statusCode).toBe(200);
    expect((await profile(user.token)).statusCode).toBe(401);
    const login = (password: string) => post('/api/auth/login', { email: user.email, password });
    expect((await login(user.password)).statusCode).toBe(401);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
    // Single use.
    const again = await post('/api/auth/reset-password', { email: user.email, otp, password: GOOD_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.otpUsedUp);
  });

  it('an unknown e-mail or another purpose’s code resets nothing', async () => {
    const unknown = await post('/api/auth/reset-password', {
      email: 'nobody-reset@example.com',
      otp: '123456',
      password: NEW_PASSWORD,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.otpWrong);

    // A sign-up code is not a reset code, even for the same account once verified.
    const email = 'signup-code@example.com';
    await post('/api/auth/register', { name: 'S', email, password: GOOD_PASSWORD });
    const signupCode = t.smtp.latestOtp(email);
    await forgot(email);
    expect(t.smtp.mailsTo(email)).toHaveLength(1);
    const res = await post('/api/auth/reset-password', { email, otp: signupCode, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
  });

  it('the server command resets a password and revokes earlier tokens', async () => {
    const owner = await createUser(t, { role: 'Owner' });
    await expect(resetPasswordByEmail(t.app.db, 'nobody-cli@example.com', NEW_PASSWORD)).rejects.toThrow(
      ResetPasswordError,
    );
    await expect(resetPasswordByEmail(t.app.db, owner.email, 'weak')).rejects.toThrow(PASSWORD_REQUIREMENTS_MESSAGE);
    expect((await profile(owner.token)).statusCode).toBe(200);

    await resetPasswordByEmail(t.app.db, owner.email.toUpperCase(), NEW_PASSWORD);
    expect((await profile(owner.token)).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email: owner.email, password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('Owner');
  });
});

describe.each(testEngines)('password reset limits on %s', (engine) => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine, { RATE_LIMIT_FACTOR: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: object, remoteAddress: string) =>
    t.api({ method: 'POST', url, payload, remoteAddress });
  const forgot = (email: string, ip: string) => post('/api/auth/forgot-password', { email }, ip);
  const reset = (email: string, otp: string, ip: string, password = NEW_PASSWORD) =>
    post('/api/auth/reset-password', { email, otp, password }, ip);
  const wrongFor = (otp: string, n: number) => String((Number(otp) + 1 + n) % 1_000_000).padStart(6, '0');

  it('limits forgot-password per client and e-mail, and per client across e-mails (D15)', async () => {
    const [perClientEmail] = AUTH_LIMITS.forgotPerClientEmail;
    for (let i = 0; i < perClientEmail; i++)
      expect((await forgot('flood@example.com', '10.9.0.1')).statusCode).toBe(200);
    const blocked = await forgot('FLOOD@example.com', '10.9.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyRequests);
    // Another client asking for the same address is not refused.
    expect((await forgot('flood@example.com', '10.9.0.2')).statusCode).toBe(200);

    const [perClient] = AUTH_LIMITS.forgotPerClient;
    const codes: number[] = [];
    for (let i = 0; i <= perClient; i++) codes.push((await forgot(`spray-${i}@example.com`, '10.9.2.1')).statusCode);
    expect(codes.slice(0, perClient).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it("a stranger's forgot-password calls do not stop the owner's reset from the owner's client", async () => {
    const owner = await createUser(t, { role: 'Customer' });
    // The report's five calls (the per-client-and-e-mail budget): the stranger's sixth is refused.
    for (let i = 0; i < 5; i++) expect((await forgot(owner.email, '10.9.3.1')).statusCode).toBe(200);
    expect((await forgot(owner.email, '10.9.3.1')).statusCode).toBe(429);
    // Within the cool-down the owner's ask mails nothing new; the code the stranger's first call sent works.
    const asked = await forgot(owner.email, '10.9.3.2');
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toBe(JSON.stringify({ message: AUTH_MESSAGES.resetCodeSent }));
    expect(t.smtp.mailsTo(owner.email)).toHaveLength(1);
    // Past it, the owner's ask mails a fresh code.
    await ageLatestCode(t, owner.email, 61_000);
    expect((await forgot(owner.email, '10.9.3.2')).statusCode).toBe(200);
    expect(t.smtp.mailsTo(owner.email)).toHaveLength(2);
    const done = await reset(owner.email, t.smtp.latestOtp(owner.email), '10.9.3.2');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.email).toBe(owner.email);
  });

  it("a stranger's wrong codes spend the stranger's tries, not the owner's reset code", async () => {
    const owner = await createUser(t, { role: 'Staff' });
    expect((await forgot(owner.email, '10.9.4.1')).statusCode).toBe(200);
    const otp = t.smtp.latestOtp(owner.email);
    const answers: string[] = [];
    for (let i = 0; i < OTP_MAX_ATTEMPTS + 1; i++) {
      const res = await reset(owner.email, wrongFor(otp, i), '10.9.4.66');
      expect(res.statusCode).toBe(400);
      answers.push(res.json().message);
    }
    // The try that spends the stranger's last is still only "wrong" (a wrong code never says more: docs/accounts.md).
    expect(answers).toEqual([...Array<string>(OTP_MAX_ATTEMPTS).fill(AUTH_MESSAGES.otpWrong), AUTH_MESSAGES.otpUsedUp]);
    // Past its tries the stranger's guesses are not even checked: the right code answers the same.
    const guessed = await reset(owner.email, otp, '10.9.4.66');
    expect(guessed.json().message).toBe(AUTH_MESSAGES.otpUsedUp);
    const res = await reset(owner.email, otp, '10.9.4.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user._id).toBe(owner.id);
  });

  it(`a code takes ${OTP_CODE_MAX_ATTEMPTS} wrong tries from everyone together, then is void`, async () => {
    const owner = await createUser(t, { role: 'Customer' });
    expect((await forgot(owner.email, '10.9.5.1')).statusCode).toBe(200);
    const otp = t.smtp.latestOtp(owner.email);
    const clients = OTP_CODE_MAX_ATTEMPTS / OTP_MAX_ATTEMPTS;
    for (let c = 0; c < clients; c++) {
      for (let i = 0; i < OTP_MAX_ATTEMPTS; i++)
        await reset(owner.email, wrongFor(otp, c * 10 + i), `10.9.5.${10 + c}`);
    }
    const res = await reset(owner.email, otp, '10.9.5.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.otpUsedUp);
  });

  it('mails one address at most the hour’s reset codes, whoever asks; the newest still resets', async () => {
    const owner = await createUser(t, { role: 'Customer' });
    const [mails] = AUTH_LIMITS.resetMailsPerEmail;
    for (let i = 0; i < mails; i++) {
      if (i > 0) await ageLatestCode(t, owner.email, 61_000);
      expect((await forgot(owner.email, `10.9.6.${i + 1}`)).statusCode).toBe(200);
    }
    expect(t.smtp.mailsTo(owner.email)).toHaveLength(mails);
    await ageLatestCode(t, owner.email, 61_000);
    // The same answer past the ceiling, and no mail.
    const past = await forgot(owner.email, '10.9.6.200');
    expect(past.statusCode).toBe(200);
    expect(past.body).toBe(JSON.stringify({ message: AUTH_MESSAGES.resetCodeSent }));
    expect(t.smtp.mailsTo(owner.email)).toHaveLength(mails);
    expect((await reset(owner.email, t.smtp.latestOtp(owner.email), '10.9.6.200')).statusCode).toBe(200);
  });
});
