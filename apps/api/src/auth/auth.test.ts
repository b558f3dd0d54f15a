// Registration with e-mail OTP, verification, resend and login through HTTP, with a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { AUTH_MESSAGES, OTP_MAX_ATTEMPTS, PASSWORD_REQUIREMENTS_MESSAGE } from '@safarnama/contract';
import { testEngines } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import {
  GOOD_PASSWORD,
  checkThenClose,
  createAccountsTestApp,
  expectNoSecretsLeaked,
  registerVerifyLogin,
  type AccountsTestApp,
} from '../test/accounts-kit';
import { decodeMail } from '../test/smtp-server';

describe.each(testEngines)('accounts on %s', (engine) => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
  });
  afterAll(() => checkThenClose(t, () => expectNoSecretsLeaked(t)));

  const post = (url: string, payload: unknown) => t.api({ method: 'POST', url, payload: payload as object });

  /** Moves the newest challenge of `email` `ms` into the past: its sending (cool-down) or its expiry. */
  async function ageLatestChallenge(email: string, ms: number, what: 'created' | 'expiry' = 'created') {
    const user = await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const ch = await t.app.db
      .selectFrom('otp_challenges')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('otp_challenges')
      .set(what === 'created' ? { created_at: ch.created_at - ms } : { expires_at: ch.expires_at - ms })
      .where('id', '=', ch.id)
      .execute();
  }

  it('register → OTP mail → verify → login, with the claims the web reads', async () => {
    const email = 'Asha.Rao@Example.com';
    const reg = await post('/api/auth/register', { name: 'Asha Rao', email, password: GOOD_PASSWORD });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toEqual({ message: AUTH_MESSAGES.otpSent });

    const mails = t.smtp.mailsTo('asha.rao@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.from).toBe('no-reply@safarnama.example');
    const otp = t.smtp.latestOtp('asha.rao@example.com');
    expect(otp).toMatch(/^\d{6}$/);

    // Unverified: the right password is refused with a message that says why.
    const early = await post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: AUTH_MESSAGES.emailNotVerified });

    const verify = await post('/api/auth/verify-otp', { email: 'ASHA.RAO@example.com', otp, password: GOOD_PASSWORD });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ message: AUTH_MESSAGES.otpVerified });

    // E-mail is case-insensitive at login too.
    const login = await post('/api/auth/login', { email: 'asha.RAO@EXAMPLE.com', password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.user).toEqual({
      _id: expect.any(String),
      name: 'Asha Rao',
      email: 'asha.rao@example.com',
      role: 'Customer',
    });
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({ sub: body.user._id, role: 'Customer', name: 'Asha Rao' });
    expect(claims.exp! - claims.iat!).toBe(24 * 3600);
    const header = JSON.parse(Buffer.from(body.token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');

    const profile = await t.api({ method: 'GET', url: '/api/profile', headers: bearer(body.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ name: 'Asha Rao', email: 'asha.rao@example.com' });

    // The code was single use.
    const again = await post('/api/auth/verify-otp', { email, otp, password: GOOD_PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AUTH_MESSAGES.alreadyVerified);
  });

  it('refuses invalid registrations with field messages', async () => {
    const cases: [object, string][] = [
      [{ email: 'a@b.co', password: GOOD_PASSWORD }, AUTH_MESSAGES.nameRequired],
      [{ name: '  ', email: 'a@b.co', password: GOOD_PASSWORD }, AUTH_MESSAGES.nameRequired],
      [{ name: 'A', email: 'not-an-email', password: GOOD_PASSWORD }, AUTH_MESSAGES.emailInvalid],
      [{ name: 'A', email: 'a@b.co', password: 'short' }, PASSWORD_REQUIREMENTS_MESSAGE],
      [{ name: 'A', email: 'a@b.co', password: 'alllowercase1!' }, PASSWORD_REQUIREMENTS_MESSAGE],
      [{ name: 'A', email: 'a@b.co', password: 'NoSpecial123' }, PASSWORD_REQUIREMENTS_MESSAGE],
      [{ name: 'A', email: 'a@b.co' }, 'Password is required'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/auth/register', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(t.smtp.mailsTo('a@b.co')).toHaveLength(0);
  });

  it('a verified e-mail, whatever its case, answers as a new sign-up does; its owner is told, the account kept', async () => {
    const existing = await createUser(t, { role: 'Customer', email: 'taken@example.com' });
    const res = await post('/api/auth/register', { name: 'X', email: 'TAKEN@example.com', password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.otpSent });
    await t.app.outbox.drain();
    const mails = t.smtp.mailsTo(existing.email).map(decodeMail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('already has one');
    expect(mails[0]).not.toMatch(/verification code is/);
    // The existing account is untouched: its password and name, and no new code to take it with.
    const login = await post('/api/auth/login', { email: existing.email, password: existing.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.name).toBe(existing.name);
    expect((await post('/api/auth/login', { email: existing.email, password: GOOD_PASSWORD })).statusCode).toBe(401);
  });

  it('the mailbox decides a pending sign-up: an earlier sign-up by someone else cannot keep the address (D3)', async () => {
    const email = 'victim-first-come@example.com';
    // The attacker signs up first with the victim's address and a password of their own.
    const attacker = { name: 'Attacker', email, password: 'Attacker#Pass9' };
    expect((await post('/api/auth/register', attacker)).statusCode).toBe(201);
    // Later the victim signs up and is mailed a code for their own sign-up, greeted by their own name.
    await ageLatestChallenge(email, 61_000);
    const victim = { name: 'Victim', email: 'VICTIM-first-come@example.com', password: GOOD_PASSWORD };
    expect((await post('/api/auth/register', victim)).json()).toEqual({ message: AUTH_MESSAGES.otpSent });
    const mail = t.smtp.mailsTo(email)[1]!;
    // It greets no one: a name anyone may have typed does not go to the address.
    expect(mail.raw).toContain('Hello,');
    expect(mail.raw).not.toContain('Victim');
    expect(mail.raw).toContain('Someone just signed up again with this email address');

    // The latest sign-up is the one a login checks: the attacker's password no longer reaches even the code step.
    expect((await post('/api/auth/login', { email, password: attacker.password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: GOOD_PASSWORD })).json()).toEqual({
      message: AUTH_MESSAGES.emailNotVerified,
    });
    const verify = await post('/api/auth/verify-otp', { email, otp: t.smtp.latestOtp(email), password: GOOD_PASSWORD });
    expect(verify.statusCode, verify.body).toBe(200);
    const attackerLogin = await post('/api/auth/login', { email, password: attacker.password });
    expect(attackerLogin.statusCode).toBe(401);
    expect(attackerLogin.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    const login = await post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.name).toBe('Victim');
  });

  it('going back to change the details within the cool-down: the code already mailed finishes the new sign-up', async () => {
    const email = 'changed-details@example.com';
    expect((await post('/api/auth/register', { name: 'Typo Nmae', email, password: 'First#Pass1' })).statusCode).toBe(
      201,
    );
    const code = t.smtp.latestOtp(email);
    const again = await post('/api/auth/register', { name: 'Right Name', email, password: GOOD_PASSWORD });
    expect(again.json()).toEqual({ message: AUTH_MESSAGES.otpSent });
    expect(t.smtp.mailsTo(email)).toHaveLength(1);
    // Logging in meanwhile takes the new password to the code step (login page), and not the first one.
    expect((await post('/api/auth/login', { email, password: GOOD_PASSWORD })).json()).toEqual({
      message: AUTH_MESSAGES.emailNotVerified,
    });
    expect((await post('/api/auth/login', { email, password: 'First#Pass1' })).statusCode).toBe(401);
    // The first password no longer goes with the code; the new one does.
    const old = await post('/api/auth/verify-otp', { email, otp: code, password: 'First#Pass1' });
    expect(old.json().message).toBe(AUTH_MESSAGES.otpOtherSignup);
    expect((await post('/api/auth/verify-otp', { email, otp: code, password: GOOD_PASSWORD })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'First#Pass1' })).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(login.json().user.name).toBe('Right Name');
  });

  it('a later sign-up cannot take a pending one: its code does not finish the first sign-up (D3)', async () => {
    const email = 'victim-pending@example.com';
    expect((await post('/api/auth/register', { name: 'Victim', email, password: GOOD_PASSWORD })).statusCode).toBe(201);
    const victimCode = t.smtp.latestOtp(email);

    // The attacker signs up with the victim's pending address: the same answer as any sign-up, and within the
    // cool-down no second code is sent.
    const attacker = { name: 'Attacker', email: 'VICTIM-PENDING@example.com', password: 'Attacker#Pass9' };
    const first = await post('/api/auth/register', attacker);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: AUTH_MESSAGES.otpSent });
    expect(t.smtp.mailsTo(email)).toHaveLength(1);
    // The victim's code now goes with the attacker's sign-up, which the attacker cannot finish without it; the
    // victim's password does not finish it either.
    const rebound = await post('/api/auth/verify-otp', { email, otp: victimCode, password: GOOD_PASSWORD });
    expect(rebound.json().message).toBe(AUTH_MESSAGES.otpOtherSignup);

    // After the cool-down the victim is mailed a code for the attacker's sign-up, which voids the victim's.
    await ageLatestChallenge(email, 61_000);
    expect((await post('/api/auth/register', attacker)).statusCode).toBe(201);
    const mails = t.smtp.mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.raw).toContain('Someone just signed up again with this email address');
    const newestCode = t.smtp.latestOtp(email);
    if (newestCode !== victimCode) {
      const old = await post('/api/auth/verify-otp', { email, otp: victimCode, password: GOOD_PASSWORD });
      expect(old.json().message).toBe(AUTH_MESSAGES.otpWrong);
    }
    // The victim enters the newest code with their password: refused, and the account is unchanged.
    const taken = await post('/api/auth/verify-otp', { email, otp: newestCode, password: GOOD_PASSWORD });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      message: AUTH_MESSAGES.otpOtherSignup,
      errors: { otp: AUTH_MESSAGES.otpOtherSignup },
    });
    // The attacker's password reaches only the code step, whose code is in the victim's mailbox.
    expect((await post('/api/auth/login', { email, password: attacker.password })).json()).toEqual({
      message: AUTH_MESSAGES.emailNotVerified,
    });

    // Signing up again gives the victim a code of their own, which finishes the account as theirs.
    await ageLatestChallenge(email, 61_000);
    expect((await post('/api/auth/register', { name: 'Victim', email, password: GOOD_PASSWORD })).statusCode).toBe(201);
    const own = await post('/api/auth/verify-otp', { email, otp: t.smtp.latestOtp(email), password: GOOD_PASSWORD });
    expect(own.statusCode, own.body).toBe(200);
    expect((await post('/api/auth/login', { email, password: attacker.password })).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email, password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.name).toBe('Victim');
  });

  it('says which OTP refusal applies: format, wrong; expired and used up only with the right code', async () => {
    const email = 'otp-rules@example.com';
    await post('/api/auth/register', { name: 'Otp Rules', email, password: GOOD_PASSWORD });
    const otp = t.smtp.latestOtp(email);
    const wrong = otp === '000000' ? '000001' : '000000';

    const format = await post('/api/auth/verify-otp', { email, otp: '12ab', password: GOOD_PASSWORD });
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toBe(AUTH_MESSAGES.otpFormat);
    const missing = await post('/api/auth/verify-otp', { email, otp: '', password: GOOD_PASSWORD });
    expect(missing.json().message).toBe(AUTH_MESSAGES.otpRequired);

    // A wrong code is only ever "incorrect", the try that uses the code up too: that it is used up or expired is
    // said only to someone with the right code, or the state of an address's codes would tell it has an account.
    for (let i = 1; i <= OTP_MAX_ATTEMPTS; i++) {
      const res = await post('/api/auth/verify-otp', { email, otp: wrong, password: GOOD_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.otpWrong, errors: { otp: AUTH_MESSAGES.otpWrong } });
    }
    // Voided: even the right code no longer works, and its holder is told why.
    const right = await post('/api/auth/verify-otp', { email, otp, password: GOOD_PASSWORD });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(AUTH_MESSAGES.otpUsedUp);

    // A new code (after the cool-down) works; once expired it is refused as expired.
    await ageLatestChallenge(email, 61_000);
    expect((await post('/api/auth/resend-otp', { email })).statusCode).toBe(200);
    const fresh = t.smtp.latestOtp(email);
    await ageLatestChallenge(email, 10 * 60_000 + 1, 'expiry');
    const expiredWrong = await post('/api/auth/verify-otp', { email, otp: wrong, password: GOOD_PASSWORD });
    expect(expiredWrong.json().message).toBe(AUTH_MESSAGES.otpWrong);
    const expired = await post('/api/auth/verify-otp', { email, otp: fresh, password: GOOD_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(AUTH_MESSAGES.otpExpired);

    const none = await post('/api/auth/verify-otp', {
      email: 'nobody@example.com',
      otp: '123456',
      password: GOOD_PASSWORD,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: AUTH_MESSAGES.otpWrong, errors: { otp: AUTH_MESSAGES.otpWrong } });
  });

  it('binds a code to its own account', async () => {
    await post('/api/auth/register', { name: 'One', email: 'one@example.com', password: GOOD_PASSWORD });
    await post('/api/auth/register', { name: 'Two', email: 'two@example.com', password: GOOD_PASSWORD });
    const otpOne = t.smtp.latestOtp('one@example.com');
    const otpTwo = t.smtp.latestOtp('two@example.com');
    if (otpOne !== otpTwo) {
      const cross = await post('/api/auth/verify-otp', {
        email: 'two@example.com',
        otp: otpOne,
        password: GOOD_PASSWORD,
      });
      expect(cross.json().message).toBe(AUTH_MESSAGES.otpWrong);
    }
    const rows = await t.app.db.selectFrom('otp_challenges').select(['code_hash']).execute();
    for (const row of rows) {
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.code_hash).not.toContain(otpOne);
    }
  });

  it('resends a code after the 60-second cool-down and voids the older one', async () => {
    const email = 'resend@example.com';
    await post('/api/auth/register', { name: 'Resend', email, password: GOOD_PASSWORD });
    const first = t.smtp.latestOtp(email);

    // Within the cool-down the answer is the same (an unknown address has no cool-down to tell), and no mail goes.
    const tooSoon = await post('/api/auth/resend-otp', { email });
    expect(tooSoon.statusCode).toBe(200);
    expect(tooSoon.json()).toEqual({ message: AUTH_MESSAGES.otpSent });
    expect(t.smtp.mailsTo(email)).toHaveLength(1);

    await ageLatestChallenge(email, 61_000);
    const ok = await post('/api/auth/resend-otp', { email: 'RESEND@example.com' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: AUTH_MESSAGES.otpSent });
    expect(t.smtp.mailsTo(email)).toHaveLength(2);
    const second = t.smtp.latestOtp(email);
    if (first !== second) {
      expect((await post('/api/auth/verify-otp', { email, otp: first, password: GOOD_PASSWORD })).json().message).toBe(
        AUTH_MESSAGES.otpWrong,
      );
    }
    expect((await post('/api/auth/verify-otp', { email, otp: second, password: GOOD_PASSWORD })).statusCode).toBe(200);

    // Verified now, or never known: the same answer, and no code.
    for (const address of [email, 'ghost@example.com']) {
      const res = await post('/api/auth/resend-otp', { email: address });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(tooSoon.body);
    }
    expect(t.smtp.mailsTo('ghost@example.com')).toHaveLength(0);
    await t.app.outbox.drain();
    expect(
      t.smtp
        .mailsTo(email)
        .map(decodeMail)
        .filter((m) => /verification code is/.test(m)),
    ).toHaveLength(2);
  });

  it('answers an unknown e-mail and a wrong password alike (D19), and refuses disabled accounts', async () => {
    const user = await createUser(t, { role: 'Customer' });
    const unknown = await post('/api/auth/login', { email: 'nobody-here@example.com', password: GOOD_PASSWORD });
    const wrong = await post('/api/auth/login', { email: user.email, password: 'Wrong#Pass1' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect(wrong.body).toBe(unknown.body);

    const disabled = await createUser(t, { role: 'Staff', disabled: true });
    const res = await post('/api/auth/login', { email: disabled.email, password: disabled.password });
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe(unknown.body);

    // An unverified account with a wrong password learns nothing either.
    const pending = await createUser(t, { role: 'Customer', verified: false });
    const pendingWrong = await post('/api/auth/login', { email: pending.email, password: 'Wrong#Pass1' });
    expect(pendingWrong.body).toBe(unknown.body);

    const empty = await post('/api/auth/login', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(AUTH_MESSAGES.emailRequired);
    const noPassword = await post('/api/auth/login', { email: user.email });
    expect(noPassword.json().message).toBe(AUTH_MESSAGES.passwordRequired);
  });

  it('logout revokes every earlier token; a new login works at once', async () => {
    const account = { name: 'Logout Me', email: 'logout@example.com', password: GOOD_PASSWORD };
    const { token } = await registerVerifyLogin(t, account);
    const second = (await post('/api/auth/login', account)).json().token as string;

    const out = await t.api({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: AUTH_MESSAGES.loggedOut });
    for (const old of [token, second]) {
      const res = await t.api({ method: 'GET', url: '/api/profile', headers: bearer(old) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.sessionExpired });
    }
    const fresh = (await post('/api/auth/login', account)).json().token as string;
    expect((await t.api({ method: 'GET', url: '/api/profile', headers: bearer(fresh) })).statusCode).toBe(200);
  });

  it('revocation is exact: login → logout → login → logout within a second leaves no token alive (D18)', async () => {
    const account = { name: 'Fast Logout', email: 'fast-logout@example.com', password: GOOD_PASSWORD };
    await registerVerifyLogin(t, account);
    const profile = (token: string) => t.api({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    for (let round = 0; round < 3; round++) {
      // As a script would run it: every step straight after the previous one, all inside the same second.
      const first = (await post('/api/auth/login', account)).json().token as string;
      expect((await t.api({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) })).statusCode).toBe(200);
      const second = (await post('/api/auth/login', account)).json().token as string;
      expect((await profile(second)).statusCode, 'a login straight after a logout works').toBe(200);
      expect((await t.api({ method: 'POST', url: '/api/auth/logout', headers: bearer(second) })).statusCode).toBe(200);
      for (const token of [first, second]) {
        const res = await profile(token);
        expect(res.statusCode, `round ${round}: a token logged out is refused`).toBe(401);
        expect(res.json()).toEqual({ message: AUTH_MESSAGES.sessionExpired });
      }
    }
  });

  it('never logs an OTP when mail goes over SMTP', () => {
    const codes = t.smtp.mails.flatMap((m) => [...m.raw.matchAll(/verification code is: (\d{6})/g)].map((x) => x[1]!));
    expect(codes.length).toBeGreaterThan(3);
    const log = t.logs.join('');
    for (const code of codes) expect(log).not.toContain(`verification code is: ${code}`);
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toContain(GOOD_PASSWORD);
  });
});

describe.each(testEngines)('console mail transport on %s', (engine) => {
  it('logs the OTP mail at info level when SMTP_URL is not set', async () => {
    const { createTestApp } = await import('../test/helper');
    const t = await createTestApp(engine);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Console', email: 'console@example.com', password: GOOD_PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      // The code is mailed once the answer has gone.
      await t.app.afterAnswer.idle();
      const lines = t.logs.map(
        (l) => JSON.parse(l) as { level: number; event?: string; mail?: { to: string; text: string } },
      );
      const mailLine = lines.find((l) => l.event === 'mail_console');
      expect(mailLine?.level).toBe(30);
      expect(mailLine?.mail?.to).toBe('console@example.com');
      const otp = mailLine?.mail?.text.match(/verification code is: (\d{6})/)?.[1];
      expect(otp).toMatch(/^\d{6}$/);
      // The code appears in that one line only.
      expect(t.logs.filter((l) => l.includes(otp!))).toHaveLength(1);
      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: { email: 'console@example.com', otp, password: GOOD_PASSWORD },
      });
      expect(verify.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
