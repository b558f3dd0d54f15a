// Issue 49, item 5: whether an address has an account must not show in the answers of the public account calls. For
// register, resend-otp, verify-otp, forgot-password and reset-password, an unknown address, pending sign-ups (a fresh
// code, an expired one, one used up) and verified accounts (a Customer, a Staff member, a disabled one) get the
// same status and body; the reset code is mailed only after the answer has gone; and a verified owner who signs up
// again gets a notice through the outbox. (docs/accounts.md says what still tells.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, OTP_CODE_MAX_ATTEMPTS, OTP_MAX_ATTEMPTS } from '@safarnama/contract';
import { testEngines } from '../helper';
import { bearer, createUser } from '../factories';
import { GOOD_PASSWORD, checkThenClose, createAccountsTestApp, type AccountsTestApp } from '../accounts-kit';
import { decodeMail } from '../smtp-server';
import { expectNoStoredSecretsInResponses, recordFigures } from './security-kit';

let n = 0;
const fresh = (state: string) => `${state}-${++n}-${Date.now().toString(36)}@example.com`;

describe.each(testEngines)('account enumeration on %s', (engine) => {
  let t: AccountsTestApp;
  const figures = { requestsCompared: 0, answersThatTold: 0, resetMailsBeforeAnswer: 0, noticesToOthers: 0 };
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
  });
  afterAll(() =>
    checkThenClose(t, async () => {
      const { responsesChecked } = await expectNoStoredSecretsInResponses(t);
      recordFigures('account-enumeration', engine, { ...figures, responsesChecked });
    }),
  );

  const post = (url: string, payload: object) => t.api({ method: 'POST', url, payload });
  const signUp = (email: string) => post('/api/auth/register', { name: 'Someone', email, password: GOOD_PASSWORD });

  /** Moves the newest code of `email` into the past: past its cool-down and, with `expire`, past its 10 minutes. */
  async function age(email: string, expire: boolean) {
    const user = await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const at = Date.now() - 11 * 60_000;
    await t.app.db
      .updateTable('otp_challenges')
      .set(expire ? { created_at: at, expires_at: at + 10 * 60_000 } : { created_at: at })
      .where('user_id', '=', user.id)
      .execute();
  }

  /** One address in each state an account can be in, made as a visitor or the agency would make it. */
  async function addresses(): Promise<Record<string, string>> {
    const pending = fresh('pending');
    const pendingPastCooldown = fresh('pending-past-cooldown');
    const pendingExpired = fresh('pending-expired');
    const pendingUsedUp = fresh('pending-used-up');
    for (const email of [pending, pendingPastCooldown, pendingExpired, pendingUsedUp]) {
      expect((await signUp(email)).statusCode).toBe(201);
    }
    await age(pendingPastCooldown, false);
    // An abandoned sign-up: its code ran out long ago.
    await age(pendingExpired, true);
    // Voided by strangers: every client has tries of its own at a code, and the code takes OTP_CODE_MAX_ATTEMPTS.
    for (let i = 0; i < OTP_CODE_MAX_ATTEMPTS; i++) {
      const payload = { email: pendingUsedUp, otp: wrongCode(pendingUsedUp), password: 'x' };
      await t.api({ method: 'POST', url: '/api/auth/verify-otp', payload, remoteAddress: `198.51.100.${i + 1}` });
    }
    return {
      unknown: fresh('unknown'),
      pending,
      pendingPastCooldown,
      pendingExpired,
      pendingUsedUp,
      verifiedCustomer: (await createUser(t, { role: 'Customer' })).email,
      verifiedStaff: (await createUser(t, { role: 'Staff' })).email,
      disabledStaff: (await createUser(t, { role: 'Staff', disabled: true })).email,
    };
  }

  /** A code that is not any code mailed to `email`. */
  function wrongCode(email: string): string {
    const mailed = new Set(t.smtp.mailsTo(email).map((m) => m.raw.match(/verification code is: (\d{6})/)?.[1]));
    return ['000000', '111111', '222222'].find((c) => !mailed.has(c))!;
  }

  /** Makes the same call for every address; each answer (status and body) must be the unknown address's. */
  async function expectSameAnswers(url: string, body: (email: string) => object, states: Record<string, string>) {
    const answers: Record<string, { status: number; body: string }> = {};
    for (const [state, email] of Object.entries(states)) {
      const res = await post(url, body(email));
      answers[state] = { status: res.statusCode, body: res.body };
    }
    figures.requestsCompared += Object.keys(answers).length;
    const reference = answers.unknown!;
    const told = Object.entries(answers).filter(([, a]) => a.status !== reference.status || a.body !== reference.body);
    figures.answersThatTold += told.length;
    expect(Object.fromEntries(told), `${url}: answers that differ from an unknown address's`).toEqual({});
    return { status: reference.status, json: JSON.parse(reference.body) as unknown };
  }

  it('register: every address answers as a new sign-up does', async () => {
    const states = await addresses();
    const answer = await expectSameAnswers(
      '/api/auth/register',
      (email) => ({ name: 'Prober', email, password: 'Prober#Pass1' }),
      states,
    );
    expect(answer).toEqual({ status: 201, json: { message: AUTH_MESSAGES.otpSent } });
  });

  it('resend-otp: every address answers as a pending sign-up does, within its cool-down or past it', async () => {
    const states = await addresses();
    const before = Object.fromEntries(Object.values(states).map((e) => [e, t.smtp.mailsTo(e).length]));
    const answer = await expectSameAnswers('/api/auth/resend-otp', (email) => ({ email }), states);
    expect(answer).toEqual({ status: 200, json: { message: AUTH_MESSAGES.otpSent } });
    // A code went only to the pending sign-ups past their cool-down; the rest got none (a verified owner may get the
    // notice, through the outbox: see below).
    const codes = (email: string) =>
      t.smtp
        .mailsTo(email)
        .slice(before[email])
        .filter((m) => /verification code is/.test(m.raw));
    expect(codes(states.pendingPastCooldown!)).toHaveLength(1);
    expect(codes(states.pendingExpired!)).toHaveLength(1);
    for (const state of ['unknown', 'pending', 'pendingUsedUp', 'verifiedCustomer', 'verifiedStaff', 'disabledStaff']) {
      expect(codes(states[state]!), state).toHaveLength(0);
    }
  });

  it('verify-otp: a client past its own tries is told the same for an unknown address as for a pending one', async () => {
    const states = { unknown: fresh('tries-unknown'), pending: fresh('tries-pending') };
    expect((await signUp(states.pending)).statusCode).toBe(201);
    const guess = (email: string) =>
      t.api({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: { email, otp: wrongCode(email), password: GOOD_PASSWORD },
        remoteAddress: '203.0.113.77',
      });
    const answers: Record<string, string[]> = {};
    for (const [state, email] of Object.entries(states)) {
      const told: string[] = (answers[state] = []);
      for (let i = 0; i <= OTP_MAX_ATTEMPTS; i++) told.push((await guess(email)).json<{ message: string }>().message);
    }
    figures.requestsCompared += 2 * (OTP_MAX_ATTEMPTS + 1);
    expect(answers.pending).toEqual(answers.unknown);
    // Five wrong tries each are wrong; past them the client is told the code is used up, for either address.
    expect(answers.unknown).toEqual([
      ...Array<string>(OTP_MAX_ATTEMPTS).fill(AUTH_MESSAGES.otpWrong),
      AUTH_MESSAGES.otpUsedUp,
    ]);
  });

  it('verify-otp: every address answers a wrong code as a fresh pending sign-up does', async () => {
    const states = await addresses();
    const answer = await expectSameAnswers(
      '/api/auth/verify-otp',
      (email) => ({ email, otp: wrongCode(email), password: GOOD_PASSWORD }),
      states,
    );
    expect(answer).toEqual({
      status: 400,
      json: { message: AUTH_MESSAGES.otpWrong, errors: { otp: AUTH_MESSAGES.otpWrong } },
    });
  });

  it('forgot-password: the same answer for every address, given before the code is mailed', async () => {
    const states = await addresses();
    const answer = await expectSameAnswers('/api/auth/forgot-password', (email) => ({ email }), states);
    expect(answer).toEqual({ status: 200, json: { message: AUTH_MESSAGES.resetCodeSent } });

    // The mail server takes the message but does not answer yet: the reset's answer does not wait for it.
    const account = await createUser(t, { role: 'Customer' });
    const gate = t.smtp.hold();
    try {
      const answered = t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: account.email },
      });
      const first = await Promise.race([answered.then(() => 'answer'), gate.arrived.then(() => 'mail')]);
      if (first !== 'answer') figures.resetMailsBeforeAnswer++;
      expect(first, 'what came first: the answer, or the reset mail at the mail server').toBe('answer');
      expect((await answered).body).toBe(JSON.stringify({ message: AUTH_MESSAGES.resetCodeSent }));
      expect(t.smtp.mailsTo(account.email)).toHaveLength(0);
      await gate.arrived;
    } finally {
      gate.release();
    }
    await t.app.afterAnswer.idle();
    expect(t.smtp.mailsTo(account.email)).toHaveLength(1);
    expect(t.smtp.latestOtp(account.email)).toMatch(/^\d{6}$/);
  });

  it('reset-password: a wrong code is refused alike for every address, with a reset code pending or not', async () => {
    const states = await addresses();
    const withCode = (await createUser(t, { role: 'Customer' })).email;
    await post('/api/auth/forgot-password', { email: withCode });
    expect(t.smtp.mailsTo(withCode)).toHaveLength(1);
    const answer = await expectSameAnswers(
      '/api/auth/reset-password',
      (email) => ({ email, otp: wrongCode(email), password: 'Brand#New1234' }),
      { ...states, verifiedWithResetCode: withCode },
    );
    expect(answer).toEqual({
      status: 400,
      json: { message: AUTH_MESSAGES.otpWrong, errors: { otp: AUTH_MESSAGES.otpWrong } },
    });
  });

  it('a verified owner who signs up again is sent a notice through the outbox, and nobody else is', async () => {
    const owner = await createUser(t, { role: 'Owner' });
    const member = await createUser(t, { role: 'Staff', name: 'Meera Iyer' });
    // The notices the tests above caused go out first, so that this one is the only mail after `mailsBefore`.
    await t.app.outbox.drain();
    await t.app.outbox.stop();
    const mailsBefore = t.smtp.mails.length;
    const attempt = {
      name: 'Typed <b>by</b> a stranger',
      email: member.email.toUpperCase(),
      password: 'Other#Pass123',
    };
    const res = await post('/api/auth/register', attempt);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.otpSent });

    // Written to the outbox, and delivered once its sender runs.
    const rows = await t.app.db
      .selectFrom('notification_outbox')
      .selectAll()
      .where('kind', '=', 'signup_notice')
      .where('recipient', '=', member.email)
      .execute();
    expect(rows.map((r) => [r.recipient, r.status])).toEqual([[member.email, 'pending']]);
    expect(t.smtp.mails.length).toBe(mailsBefore);
    t.app.outbox.start();
    await t.app.outbox.drain();

    const mails = t.smtp.mailsTo(member.email).map(decodeMail);
    expect(mails).toHaveLength(1);
    const notice = mails[0]!;
    expect(notice).toContain('Subject: Someone tried to sign up with your Safarnama e-mail address');
    expect(notice).toContain('Hello Meera Iyer,');
    expect(notice).toContain('already has one');
    expect(notice).toContain(`${t.config.SITE_URL}/login`);
    expect(notice).toContain(`${t.config.SITE_URL}/forgot-password`);
    expect(notice).not.toMatch(/verification code is|stranger|Other#Pass123/);
    figures.noticesToOthers += t.smtp.mails.slice(mailsBefore).filter((m) => !m.to.includes(member.email)).length;
    expect(figures.noticesToOthers).toBe(0);

    // Once an interval, however often it is asked for again (register or resend).
    expect((await post('/api/auth/register', attempt)).statusCode).toBe(201);
    expect((await post('/api/auth/resend-otp', { email: member.email })).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(t.smtp.mailsTo(member.email)).toHaveLength(1);

    // The account is as it was: the old password logs in, the typed one does not.
    const login = (password: string) => post('/api/auth/login', { email: member.email, password });
    expect((await login(member.password)).json().user.name).toBe('Meera Iyer');
    expect((await login(attempt.password)).statusCode).toBe(401);

    // The Owner sees the notice among the mails.
    const list = await t.api({ method: 'GET', url: '/api/notifications', headers: bearer(owner.token) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toContainEqual(expect.objectContaining({ kind: 'signup_notice', recipient: member.email }));

    // A disabled account is told nothing.
    const former = await createUser(t, { role: 'Staff', disabled: true });
    expect((await post('/api/auth/register', { ...attempt, email: former.email })).statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(t.smtp.mailsTo(former.email)).toHaveLength(0);
  });
});
