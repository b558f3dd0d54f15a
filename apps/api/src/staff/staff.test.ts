// Staff accounts: list sorted by name, create (verified, 409 on a taken e-mail), remove = disable (D9), re-hire (D23).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_REQUIREMENTS_MESSAGE, STAFF_MESSAGES } from '@safarnama/contract';
import { testEngines } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import {
  GOOD_PASSWORD,
  checkThenClose,
  createAccountsTestApp,
  expectNoSecretsLeaked,
  type AccountsTestApp,
} from '../test/accounts-kit';

describe.each(testEngines)('staff accounts on %s', (engine) => {
  let t: AccountsTestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    owner = await createUser(t, { role: 'Owner', name: 'Olivia Owner' });
  });
  afterAll(() => checkThenClose(t, () => expectNoSecretsLeaked(t)));

  const list = async () => {
    const res = await t.api({ method: 'GET', url: '/api/auth/staff', headers: bearer(owner.token) });
    expect(res.statusCode).toBe(200);
    return res.json() as { _id: string; name: string; email: string }[];
  };
  const add = (payload: object) =>
    t.api({ method: 'POST', url: '/api/auth/staff', headers: bearer(owner.token), payload });

  it('creates verified Staff who can log in at once, and lists active Staff by name', async () => {
    const zara = await add({ name: 'Zara Khan', email: 'Zara@Example.com', password: GOOD_PASSWORD });
    expect(zara.statusCode).toBe(201);
    expect(zara.json()).toEqual({ _id: expect.any(String), name: 'Zara Khan', email: 'zara@example.com' });
    expect((await add({ name: 'Arjun Mehta', email: 'arjun@example.com', password: GOOD_PASSWORD })).statusCode).toBe(
      201,
    );
    await createUser(t, { role: 'Customer', name: 'Aaron Customer' });

    const staff = await list();
    expect(staff.map((s) => s.name)).toEqual(['Arjun Mehta', 'Zara Khan']);
    expect(Object.keys(staff[0]!).sort()).toEqual(['_id', 'email', 'name']);
    expect(t.smtp.mailsTo('zara@example.com')).toHaveLength(0);

    const login = await t.api({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'zara@example.com', password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('Staff');
  });

  it('refuses a taken e-mail (any case) and invalid fields with messages', async () => {
    const customer = await createUser(t, { role: 'Customer' });
    const taken = await add({ name: 'Dup', email: customer.email.toUpperCase(), password: GOOD_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(STAFF_MESSAGES.emailTaken);

    const cases: [object, string][] = [
      [{ email: 'n@example.com', password: GOOD_PASSWORD }, 'Full name is required'],
      [{ name: 'N', email: 'bad', password: GOOD_PASSWORD }, 'A valid email is required'],
      [{ name: 'N', email: 'n@example.com', password: 'weakpass' }, PASSWORD_REQUIREMENTS_MESSAGE],
    ];
    for (const [payload, message] of cases) {
      const res = await add(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('removing disables the account: no login, tokens dead, off the list, inquiries keep the name', async () => {
    const member = await createUser(t, { role: 'Staff', name: 'Ravi Removed' });
    const at = Date.now();
    await t.app.db
      .insertInto('inquiries')
      .values({
        id: '0190a0a0-0000-7000-8000-0000000000aa',
        customer_name: 'C',
        customer_email: 'c@example.com',
        customer_whatsapp: '919800000000',
        customer_user_id: null,
        staff_id: member.id,
        staff_name: member.name,
        staff_email: member.email,
        traveling_from: '',
        location: 'Goa',
        drop_city: '',
        adults: 2,
        kids: 0,
        extra_info: '',
        tour_duration: '',
        hotel_type: null,
        budget_paise: 100000,
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
      })
      .execute();
    expect((await list()).map((s) => s.name)).toContain('Ravi Removed');

    const del = await t.api({ method: 'DELETE', url: `/api/auth/staff/${member.id}`, headers: bearer(owner.token) });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: STAFF_MESSAGES.removed });

    expect((await list()).map((s) => s.name)).not.toContain('Ravi Removed');
    const login = await t.api({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect((await t.api({ method: 'GET', url: '/api/profile', headers: bearer(member.token) })).statusCode).toBe(401);

    const inquiry = await t.app.db
      .selectFrom('inquiries')
      .select(['staff_id', 'staff_name'])
      .where('id', '=', '0190a0a0-0000-7000-8000-0000000000aa')
      .executeTakeFirstOrThrow();
    expect(inquiry).toEqual({ staff_id: member.id, staff_name: 'Ravi Removed' });

    const again = await t.api({ method: 'DELETE', url: `/api/auth/staff/${member.id}`, headers: bearer(owner.token) });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(STAFF_MESSAGES.notFound);

    // D23: removed staff are listed for the Owner as former staff, and adding their e-mail re-hires that account.
    const former = await t.api({ method: 'GET', url: '/api/auth/staff/former', headers: bearer(owner.token) });
    expect(former.statusCode).toBe(200);
    expect(former.json()).toContainEqual({ _id: member.id, name: 'Ravi Removed', email: member.email });
    const rehired = await add({ name: 'Ravi Returned', email: member.email.toUpperCase(), password: GOOD_PASSWORD });
    expect(rehired.statusCode).toBe(201);
    expect(rehired.json()).toEqual({ _id: member.id, name: 'Ravi Returned', email: member.email });
    expect((await list()).map((s) => s.name)).toContain('Ravi Returned');
    const formerAfter = await t.api({ method: 'GET', url: '/api/auth/staff/former', headers: bearer(owner.token) });
    expect(formerAfter.json()).not.toContainEqual(expect.objectContaining({ _id: member.id }));
    // The new password logs in, the old one does not, and the token from before the removal stays dead.
    const loginAs = (password: string) =>
      t.api({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password } });
    expect((await loginAs(member.password)).statusCode).toBe(401);
    const back = await loginAs(GOOD_PASSWORD);
    expect(back.statusCode).toBe(200);
    expect(back.json().user).toEqual({ _id: member.id, name: 'Ravi Returned', email: member.email, role: 'Staff' });
    expect((await t.api({ method: 'GET', url: '/api/profile', headers: bearer(member.token) })).statusCode).toBe(401);
    // Their past inquiries still show them, under the name they have now.
    const kept = await t.app.db
      .selectFrom('inquiries')
      .select(['staff_id', 'staff_name'])
      .where('id', '=', '0190a0a0-0000-7000-8000-0000000000aa')
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ staff_id: member.id, staff_name: 'Ravi Returned' });
  });

  it('re-hire never takes over an active account or a Customer: 409 (D23)', async () => {
    const active = await createUser(t, { role: 'Staff' });
    const customer = await createUser(t, { role: 'Customer' });
    const disabledCustomer = await createUser(t, { role: 'Customer', disabled: true });
    for (const email of [active.email, customer.email, disabledCustomer.email, owner.email]) {
      const res = await add({ name: 'Taker', email, password: GOOD_PASSWORD });
      expect(res.statusCode, email).toBe(409);
      expect(res.json().message).toBe(STAFF_MESSAGES.emailTaken);
    }
    const login = await t.api({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: customer.email, password: customer.password },
    });
    expect(login.json().user.role).toBe('Customer');
  });

  it('cannot remove an Owner, a Customer or an unknown id', async () => {
    const self = await t.api({ method: 'DELETE', url: `/api/auth/staff/${owner.id}`, headers: bearer(owner.token) });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(STAFF_MESSAGES.cannotRemoveOwner);
    const other = await createUser(t, { role: 'Owner' });
    expect(
      (await t.api({ method: 'DELETE', url: `/api/auth/staff/${other.id}`, headers: bearer(owner.token) })).statusCode,
    ).toBe(400);
    expect((await t.api({ method: 'GET', url: '/api/profile', headers: bearer(owner.token) })).statusCode).toBe(200);

    const customer = await createUser(t, { role: 'Customer' });
    for (const id of [customer.id, '0190a0a0-0000-7000-8000-00000000ffff', 'not-an-id']) {
      const res = await t.api({ method: 'DELETE', url: `/api/auth/staff/${id}`, headers: bearer(owner.token) });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(STAFF_MESSAGES.notFound);
    }
    // The Customer was not disabled.
    expect((await t.api({ method: 'GET', url: '/api/profile', headers: bearer(customer.token) })).statusCode).toBe(200);
  });
  it('lists the handlers an inquiry may have: the Owner first, then active Staff by name, for Staff too', async () => {
    const staffer = await createUser(t, { role: 'Staff', name: 'Aakash Staff' });
    const gone = await createUser(t, { role: 'Staff', name: 'Aaaa Gone' });
    await t.api({ method: 'DELETE', url: `/api/auth/staff/${gone.id}`, headers: bearer(owner.token) });
    const res = await t.api({ method: 'GET', url: '/api/auth/handlers', headers: bearer(staffer.token) });
    expect(res.statusCode).toBe(200);
    const handlers = res.json() as { _id: string; name: string; email: string; role: string }[];
    const owners = handlers.filter((h) => h.role === 'Owner');
    expect(owners).toContainEqual({ _id: owner.id, name: 'Olivia Owner', email: owner.email, role: 'Owner' });
    // Owners first, then exactly the Staff list (by name, without the removed member).
    expect(handlers.slice(0, owners.length)).toEqual(owners);
    const staffNames = (await list()).map((s) => s.name);
    expect(staffNames).toContain('Aakash Staff');
    expect(handlers.slice(owners.length).map((h) => h.name)).toEqual(staffNames);
    expect(handlers.map((h) => h._id)).not.toContain(gone.id);
  });
});
