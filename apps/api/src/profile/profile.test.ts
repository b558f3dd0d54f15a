// GET/PUT /api/profile: name and e-mail, a password change that needs the current one (D17), fresh tokens (D18).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { AUTH_MESSAGES, PASSWORD_REQUIREMENTS_MESSAGE, PROFILE_MESSAGES } from '@safarnama/contract';
import { testEngines } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import {
  GOOD_PASSWORD,
  createAccountsTestApp,
  expectNoSecretsLeaked,
  type AccountsTestApp,
} from '../test/accounts-kit';

describe.each(testEngines)('profile on %s', (engine) => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
  });
  afterAll(async () => {
    expectNoSecretsLeaked(t);
    await t.close();
  });

  const put = (token: string, payload: object) =>
    t.api({ method: 'PUT', url: '/api/profile', headers: bearer(token), payload });
  const get = (token: string) => t.api({ method: 'GET', url: '/api/profile', headers: bearer(token) });
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

  it('changes the e-mail (case-insensitive, unique) and revokes earlier tokens', async () => {
    const other = await createUser(t, { role: 'Customer', email: 'other@example.com' });
    const user = await createUser(t, { role: 'Customer' });
    const taken = await put(user.token, { name: user.name, email: 'OTHER@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PROFILE_MESSAGES.emailTaken);
    expect((await get(other.token)).statusCode).toBe(200);

    const res = await put(user.token, { name: user.name, email: 'New.Address@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('new.address@example.com');
    expect((await get(user.token)).statusCode).toBe(401);
    expect((await get(res.json().token)).statusCode).toBe(200);
    expect((await login('new.address@example.com', user.password)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
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
    const res = await put(staff.token, { name: 'After Name', email: 'after@example.com' });
    expect(res.statusCode).toBe(200);
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
