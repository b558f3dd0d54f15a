// GET/PUT /api/profile: name, an e-mail change verified by a code (D21), a password change that needs the current
// one (D17), fresh tokens (D18).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { AUTH_MESSAGES, PASSWORD_REQUIREMENTS_MESSAGE, PROFILE_MESSAGES } from '@safarnama/contract';
import { testEngines } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import {
  GOOD_PASSWORD,
  checkThenClose,
  createAccountsTestApp,
  expectNoSecretsLeaked,
  type AccountsTestApp,
} from '../test/accounts-kit';
import { PROFILE_LIMITS } from './profile.routes';

describe.each(testEngines)('profile on %s', (engine) => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
  });
  afterAll(() => checkThenClose(t, () => expectNoSecretsLeaked(t)));

  const put = (token: string, payload: object) =>
    t.api({ method: 'PUT', url: '/api/profile', headers: bearer(token), payload });
  const get = (token: string) => t.api({ method: 'GET', url: '/api/profile', headers: bearer(token) });
  // Code mails only: the receipt of a public inquiry (D25) goes to the same address.
  const codeMailsTo = (address: string) =>
    t.smtp.mailsTo(address).filter((m) => m.raw.includes('verification code is:'));
  const login = (email: string, password: string) =>
    t.api({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('reads the profile as {name, email}', async () => {
    const user = await createUser(t, { role: 'Customer', name: 'Meera', email: 'meera@example.com' });
    const res = await get(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Meera', email: 'meera@example.com' });
  });

  it('changes the name, keeps earlier tokens, and answers the profile with a fresh token', async () => {
    const user = await createUser(t, { role: 'Customer', name: 'Old Name' });
    const res = await put(user.token, { name: 'New Name', email: user.email, password: '' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      name: 'New Name',
      email: user.email,
      token: expect.any(String),
      message: PROFILE_MESSAGES.updated,
    });
    expect(decodeJwt(body.token)).toMatchObject({ sub: user.id, role: 'Customer', name: 'New Name' });
    // A name change is not a credential change: the old token still works.
    expect((await get(user.token)).json().name).toBe('New Name');
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it("an e-mail change cannot take over someone else's address or their public inquiries (D21)", async () => {
    // The victim has no account but sent an inquiry from the public form.
    const victimEmail = 'victim.traveller@example.com';
    const sent = await t.api({
      method: 'POST',
      url: '/api/inquiries/createPublic',
      payload: {
        name: 'Victim Traveller',
        email: victimEmail,
        whatsappNumber: '+91 98765 43210',
        location: 'Leh',
        noOfAdults: 2,
        budget: 90000,
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    // The attacker, a Customer, types the victim's address into the profile form.
    const attacker = await createUser(t, { role: 'Customer' });
    const noPassword = await put(attacker.token, { name: attacker.name, email: victimEmail });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({
      message: PROFILE_MESSAGES.currentPasswordForEmail,
      errors: { currentPassword: PROFILE_MESSAGES.currentPasswordForEmail },
    });
    const wrongPassword = await put(attacker.token, {
      name: attacker.name,
      email: victimEmail,
      currentPassword: 'Wrong#Pass1',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors).toEqual({ currentPassword: PROFILE_MESSAGES.currentPasswordWrong });

    const res = await put(attacker.token, {
      name: attacker.name,
      email: 'Victim.Traveller@Example.com',
      currentPassword: attacker.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: attacker.name,
      email: attacker.email,
      pendingEmail: victimEmail,
      token: expect.any(String),
      message: PROFILE_MESSAGES.emailCodeSent,
    });
    // The code went to the victim's mailbox, not to the attacker.
    expect(codeMailsTo(victimEmail)).toHaveLength(1);
    expect(t.smtp.mailsTo(attacker.email)).toHaveLength(0);

    // Still the old e-mail: the victim's inquiries stay out of the attacker's list, and nothing verifies without the code.
    const list = await t.api({ method: 'GET', url: '/api/inquiries', headers: bearer(attacker.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    expect((await get(attacker.token)).json()).toEqual({
      name: attacker.name,
      email: attacker.email,
      pendingEmail: victimEmail,
    });
    const guess = await t.api({
      method: 'POST',
      url: '/api/profile/verify-email',
      headers: bearer(attacker.token),
      payload: { otp: t.smtp.latestOtp(victimEmail) === '123456' ? '654321' : '123456' },
    });
    expect(guess.statusCode).toBe(400);
    expect(guess.json().message).toBe(AUTH_MESSAGES.otpWrong);
    expect((await login(victimEmail, attacker.password)).statusCode).toBe(401);
    expect((await login(attacker.email, attacker.password)).statusCode).toBe(200);

    // The real owner of the address can still register it.
    const reg = await t.api({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Victim Traveller', email: victimEmail, password: GOOD_PASSWORD },
    });
    expect(reg.statusCode).toBe(201);
  });

  it('verifies a new e-mail with the code mailed to it, then revokes earlier tokens (D21)', async () => {
    const user = await createUser(t, { role: 'Customer' });
    const newEmail = 'new.address@example.com';
    const res = await put(user.token, {
      name: user.name,
      email: 'New.Address@Example.com',
      currentPassword: user.password,
    });
    expect(res.statusCode).toBe(200);
    const code = t.smtp.latestOtp(newEmail);
    const mail = t.smtp.mailsTo(newEmail).at(-1)!;
    expect(mail.raw).toContain('You asked to use this email address');
    // Until verified the old e-mail logs in and the old token works.
    expect((await get(user.token)).statusCode).toBe(200);

    const verify = await t.api({
      method: 'POST',
      url: '/api/profile/verify-email',
      headers: bearer(user.token),
      payload: { otp: code },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({
      name: user.name,
      email: newEmail,
      token: expect.any(String),
      message: PROFILE_MESSAGES.emailChanged,
    });
    expect((await get(user.token)).statusCode).toBe(401);
    expect((await get(verify.json().token)).json()).toEqual({ name: user.name, email: newEmail });
    expect((await login(newEmail, user.password)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    // The code is single use.
    const again = await t.api({
      method: 'POST',
      url: '/api/profile/verify-email',
      headers: bearer(verify.json().token),
      payload: { otp: code },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PROFILE_MESSAGES.noPendingEmail);
  });

  it("answers 409 for another account's e-mail, at the change and again at the verification", async () => {
    const other = await createUser(t, { role: 'Customer', email: 'taken@example.com' });
    const user = await createUser(t, { role: 'Customer' });
    const taken = await put(user.token, {
      name: user.name,
      email: 'TAKEN@example.com',
      currentPassword: user.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: PROFILE_MESSAGES.emailTaken,
      errors: { email: PROFILE_MESSAGES.emailTaken },
    });
    expect(PROFILE_MESSAGES.emailTaken).toBe('That e-mail is already in use');
    expect((await get(other.token)).statusCode).toBe(200);

    // Free when asked for, taken by a sign-up before the code is entered.
    const late = 'late@example.com';
    expect((await put(user.token, { name: user.name, email: late, currentPassword: user.password })).statusCode).toBe(
      200,
    );
    const code = t.smtp.latestOtp(late);
    await createUser(t, { role: 'Customer', email: late });
    const verify = await t.api({
      method: 'POST',
      url: '/api/profile/verify-email',
      headers: bearer(user.token),
      payload: { otp: code },
    });
    expect(verify.statusCode).toBe(409);
    expect(verify.json().message).toBe(PROFILE_MESSAGES.emailTaken);
    expect((await get(user.token)).json().email).toBe(user.email);
  });

  it('resends the code after the cool-down and cancels a pending e-mail; a name change leaves it pending', async () => {
    const user = await createUser(t, { role: 'Staff' });
    const pending = 'pending-change@example.com';
    expect(
      (await put(user.token, { name: user.name, email: pending, currentPassword: user.password })).statusCode,
    ).toBe(200);
    const resend = () => t.api({ method: 'POST', url: '/api/profile/resend-email-code', headers: bearer(user.token) });
    const early = await resend();
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe(AUTH_MESSAGES.otpCooldown);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    await t.app.db
      .updateTable('otp_challenges')
      .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
      .where('user_id', '=', user.id)
      .execute();
    expect((await resend()).statusCode).toBe(200);
    expect(t.smtp.mailsTo(pending)).toHaveLength(2);

    const renamed = await put(user.token, { name: 'Renamed Staff', email: user.email });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed Staff', email: user.email, pendingEmail: pending });

    const code = t.smtp.latestOtp(pending);
    const cancel = await t.api({ method: 'DELETE', url: '/api/profile/pending-email', headers: bearer(user.token) });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({
      name: 'Renamed Staff',
      email: user.email,
      message: PROFILE_MESSAGES.emailChangeCancelled,
    });
    const verify = await t.api({
      method: 'POST',
      url: '/api/profile/verify-email',
      headers: bearer(user.token),
      payload: { otp: code },
    });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().message).toBe(PROFILE_MESSAGES.noPendingEmail);
    expect((await get(user.token)).json()).toEqual({
      name: 'Renamed Staff',
      email: user.email,
      notifyNewInquiry: true,
      notifyAssignment: true,
    });
  });

  it('needs the current password for a new one (D17) and the password rule (D4)', async () => {
    const user = await createUser(t, { role: 'Staff', password: GOOD_PASSWORD });
    const base = { name: user.name, email: user.email };

    const noCurrent = await put(user.token, { ...base, password: 'Brand#New9' });
    expect(noCurrent.statusCode).toBe(400);
    expect(noCurrent.json()).toEqual({
      message: PROFILE_MESSAGES.currentPasswordRequired,
      errors: { currentPassword: PROFILE_MESSAGES.currentPasswordRequired },
    });
    const wrongCurrent = await put(user.token, { ...base, password: 'Brand#New9', currentPassword: 'Wrong#Pass1' });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().message).toBe(PROFILE_MESSAGES.currentPasswordWrong);
    const weak = await put(user.token, { ...base, password: 'weak', currentPassword: GOOD_PASSWORD });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_REQUIREMENTS_MESSAGE);
    // Nothing changed so far.
    expect((await get(user.token)).statusCode).toBe(200);
    expect((await login(user.email, GOOD_PASSWORD)).statusCode).toBe(200);

    const ok = await put(user.token, { ...base, password: 'Brand#New9', currentPassword: GOOD_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await get(user.token)).statusCode).toBe(401);
    expect((await get(ok.json().token)).statusCode).toBe(200);
    expect((await login(user.email, GOOD_PASSWORD)).json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect((await login(user.email, 'Brand#New9')).statusCode).toBe(200);
  });

  it('requires name and e-mail', async () => {
    const user = await createUser(t, { role: 'Customer' });
    const noName = await put(user.token, { name: '', email: user.email });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Name is required');
    const badEmail = await put(user.token, { name: 'N', email: 'nope' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('A valid email is required');
  });

  it('updates the assignee copies on inquiries when Staff change their name or e-mail', async () => {
    const staff = await createUser(t, { role: 'Staff', name: 'Before Name' });
    const at = Date.now();
    const inquiry = (id: string, staffId: string | null, staffName: string, staffEmail: string) => ({
      id,
      customer_name: 'C',
      customer_email: 'c@example.com',
      customer_whatsapp: '919800000000',
      customer_user_id: null,
      staff_id: staffId,
      staff_name: staffName,
      staff_email: staffEmail,
      traveling_from: '',
      location: 'Manali',
      drop_city: '',
      adults: 1,
      kids: 0,
      extra_info: '',
      tour_duration: '',
      hotel_type: null,
      budget_paise: 500000,
      status: 'New',
      total_revenue_paise: 0,
      hotel_cost_paise: 0,
      cab_cost_paise: 0,
      advance_paise: 0,
      tpc_paise: 0,
      created_at: at,
      updated_at: at,
      deleted_at: null,
      deleted_by: null,
    });
    await t.app.db
      .insertInto('inquiries')
      .values([
        inquiry('0190a0a0-0000-7000-8000-0000000000b1', staff.id, staff.name, staff.email),
        inquiry('0190a0a0-0000-7000-8000-0000000000b2', null, '', ''),
      ])
      .execute();
    const res = await put(staff.token, {
      name: 'After Name',
      email: 'after@example.com',
      currentPassword: staff.password,
    });
    expect(res.statusCode).toBe(200);
    const verify = await t.api({
      method: 'POST',
      url: '/api/profile/verify-email',
      headers: bearer(staff.token),
      payload: { otp: t.smtp.latestOtp('after@example.com') },
    });
    expect(verify.statusCode).toBe(200);
    const rows = await t.app.db
      .selectFrom('inquiries')
      .select(['id', 'staff_name', 'staff_email'])
      .where('id', 'in', ['0190a0a0-0000-7000-8000-0000000000b1', '0190a0a0-0000-7000-8000-0000000000b2'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: '0190a0a0-0000-7000-8000-0000000000b1', staff_name: 'After Name', staff_email: 'after@example.com' },
      { id: '0190a0a0-0000-7000-8000-0000000000b2', staff_name: '', staff_email: '' },
    ]);
  });
});

describe.each(testEngines)('e-mail change limits on %s (D21)', (engine) => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine, { RATE_LIMIT_FACTOR: '1' });
  });
  afterAll(() => t.close());

  const put = (token: string, payload: object) =>
    t.api({ method: 'PUT', url: '/api/profile', headers: bearer(token), payload });
  /** Moves the user's codes a cool-down into the past. */
  const endCooldown = (userId: string) =>
    t.app.db
      .updateTable('otp_challenges')
      .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
      .where('user_id', '=', userId)
      .execute();

  it('holds another address to the code cool-down: switching addresses mails no code faster', async () => {
    const user = await createUser(t, { role: 'Customer' });
    const change = (email: string) => put(user.token, { name: user.name, email, currentPassword: user.password });
    expect((await change('flood-target@example.com')).statusCode).toBe(200);
    const other = await change('flood-other@example.com');
    expect(other.statusCode).toBe(429);
    expect(other.json()).toEqual({ message: AUTH_MESSAGES.otpCooldown });
    expect(Number(other.headers['retry-after'])).toBeGreaterThan(0);
    expect((await change('flood-target@example.com')).statusCode).toBe(200);
    // The refusal changed nothing, and the target got one code.
    expect((await t.api({ method: 'GET', url: '/api/profile', headers: bearer(user.token) })).json()).toMatchObject({
      pendingEmail: 'flood-target@example.com',
    });
    expect(t.smtp.mailsTo('flood-target@example.com')).toHaveLength(1);
    expect(t.smtp.mailsTo('flood-other@example.com')).toHaveLength(0);
  });

  it('limits the codes one address is sent, whichever accounts ask and however (a change or a resend)', async () => {
    const target = 'many-askers@example.com';
    const [max] = PROFILE_LIMITS.emailCodesPerAddress;
    // Requests that fail their checks spend nothing: a wrong current password, ten times over.
    const prober = await createUser(t, { role: 'Customer' });
    for (let i = 0; i < max; i++) {
      const wrong = await put(prober.token, { name: prober.name, email: target, currentPassword: 'Wrong#Pass1' });
      expect(wrong.statusCode).toBe(400);
    }
    // One account asks, then resends once its cool-down is over; the others ask once each.
    const first = await createUser(t, { role: 'Customer' });
    expect(
      (await put(first.token, { name: first.name, email: target, currentPassword: first.password })).statusCode,
    ).toBe(200);
    await endCooldown(first.id);
    const resend = await t.api({ method: 'POST', url: '/api/profile/resend-email-code', headers: bearer(first.token) });
    expect(resend.statusCode, resend.body).toBe(200);
    for (let i = 2; i < max; i++) {
      const user = await createUser(t, { role: 'Customer' });
      const res = await put(user.token, { name: user.name, email: target, currentPassword: user.password });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(t.smtp.mailsTo(target)).toHaveLength(max);
    const last = await createUser(t, { role: 'Customer' });
    const refused = await put(last.token, { name: last.name, email: target, currentPassword: last.password });
    expect(refused.statusCode).toBe(429);
    // The refusal changed nothing.
    expect(
      (await t.api({ method: 'GET', url: '/api/profile', headers: bearer(last.token) })).json(),
    ).not.toHaveProperty('pendingEmail');
    await endCooldown(first.id);
    const again = await t.api({ method: 'POST', url: '/api/profile/resend-email-code', headers: bearer(first.token) });
    expect(again.statusCode).toBe(429);
    expect(t.smtp.mailsTo(target)).toHaveLength(max);
    // Another address, and a plain name change, are not affected.
    expect((await put(last.token, { name: 'Still Me', email: last.email })).statusCode).toBe(200);
  });
});
