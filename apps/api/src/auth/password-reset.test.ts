// Forgot password (D22): the same answer for every e-mail, a code only to a verified and enabled account, a reset
// that revokes earlier tokens and logs in, limits per client and per e-mail, and the server-side command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_REQUIREMENTS_MESSAGE } from '@safarnama/contract';
import { testEngines } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import {
  GOOD_PASSWORD,
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

  it('limits forgot-password per e-mail across clients and per client across e-mails (D15)', async () => {
    const [perEmail] = AUTH_LIMITS.forgotPerEmail;
    for (let i = 0; i < perEmail; i++) {
      const res = await t.api({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'flood@example.com' },
        remoteAddress: `10.9.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(200);
    }
    const blocked = await t.api({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'FLOOD@example.com' },
      remoteAddress: '10.9.1.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyRequests);

    const [perClient] = AUTH_LIMITS.forgotPerClient;
    const codes: number[] = [];
    for (let i = 0; i <= perClient; i++) {
      const res = await t.api({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `spray-${i}@example.com` },
        remoteAddress: '10.9.2.1',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, perClient).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
