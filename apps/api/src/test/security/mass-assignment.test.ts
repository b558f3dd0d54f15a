// Issue 8, item 2: fields a client must not set — role, _id, staff names (D8), pendingAmount and profit (D7),
// createdAt, deletion marks, password hashes, verification and revocation columns — sent in every write
// body change nothing; and no response of the suite carries a password hash, an OTP or an OTP hash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helper';
import { bearer, createUser, type CreatedUser } from '../factories';
import {
  GOOD_PASSWORD,
  checkThenClose,
  createAccountsTestApp,
  registerVerifyLogin,
  type AccountsTestApp,
} from '../accounts-kit';
import { makePng, multipart, packageFields } from '../upload-kit';
import { newId } from '../../lib/ids';
import { expectNoStoredSecretsInResponses, recordFigures } from './security-kit';

const EPOCH_2001 = '2001-01-01T00:00:00.000Z';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';

/** What an attacker adds to any body; each call gets ids and names of its own. */
const extras = (targetUserId: string) => ({
  _id: newId(),
  id: newId(),
  role: 'Owner',
  createdAt: EPOCH_2001,
  updatedAt: EPOCH_2001,
  created_at: 0,
  password_hash: HASH,
  passwordHash: HASH,
  email_verified_at: 1,
  emailVerified: true,
  disabled_at: null,
  tokens_valid_after: 0,
  deleted_at: 1,
  deletedAt: EPOCH_2001,
  customer_user_id: targetUserId,
  user: { id: targetUserId, role: 'Owner' },
});

const inquiryBody = (email: string) => ({
  name: 'Mass Visitor',
  email,
  whatsappNumber: '+91 98765 43210',
  location: 'Munnar',
  noOfAdults: 2,
  budget: 45000,
});

describe.each(testEngines)('mass assignment on %s', (engine) => {
  let t: AccountsTestApp;
  let owner: CreatedUser;
  let staff: CreatedUser;
  let victim: CreatedUser;
  let attempts = 0;

  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    owner = await createUser(t, { role: 'Owner' });
    staff = await createUser(t, { role: 'Staff', name: 'Real Staff Name' });
    victim = await createUser(t, { role: 'Customer' });
  });
  afterAll(() =>
    checkThenClose(t, async () => {
      const leaks = await expectNoStoredSecretsInResponses(t);
      recordFigures('mass-assignment', engine, {
        writesWithForbiddenFields: attempts,
        responsesChecked: leaks.responsesChecked,
      });
    }),
  );

  /** JSON text, so __proto__ and constructor go over the wire as own keys. */
  const send = async (method: 'POST' | 'PUT', url: string, body: object, token?: string) => {
    attempts++;
    return t.api({
      method,
      url,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
    });
  };
  it('register: the new account is an unverified Customer with a server id, whatever the body says', async () => {
    const email = `mass-reg-${newId().slice(-6)}@example.com`;
    const res = await send('POST', '/api/auth/register', {
      name: 'Mass',
      email,
      password: GOOD_PASSWORD,
      ...extras(victim.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.role).toBe('Customer');
    expect(row.email_verified_at).toBeNull();
    expect(row.password_hash).not.toBe(HASH);
    expect(row.created_at).toBeGreaterThan(Date.parse('2020-01-01'));
    // Logging in answers the Customer role too.
    const login = await registerVerifyLogin(t, { name: 'Mass', email, password: GOOD_PASSWORD });
    expect(login.user.role).toBe('Customer');
    expect((await t.api({ method: 'GET', url: '/api/auth/staff', headers: bearer(login.token) })).statusCode).toBe(403);
  });

  it('profile: role, id, hashes and verification columns cannot be changed through PUT /api/profile', async () => {
    const me = await createUser(t, { role: 'Customer' });
    const before = await t.app.db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
    const res = await send('PUT', '/api/profile', { name: 'Renamed', email: me.email, ...extras(owner.id) }, me.token);
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.app.db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ ...before, name: 'Renamed', updated_at: after.updated_at });
    expect(after.role).toBe('Customer');
    expect(after.password_hash).toBe(before.password_hash);
    // And the Owner was not touched.
    const ownerRow = await t.app.db
      .selectFrom('users')
      .select(['role', 'disabled_at'])
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(ownerRow).toEqual({ role: 'Owner', disabled_at: null });
  });

  it('staff creation: always a verified Staff with a server id and the hash of the given password', async () => {
    const email = `mass-staff-${newId().slice(-6)}@example.com`;
    const forcedId = newId();
    const res = await send(
      'POST',
      '/api/auth/staff',
      { name: 'S', email, password: GOOD_PASSWORD, ...extras(owner.id), _id: forcedId },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.role).toBe('Staff');
    expect(row.id).not.toBe(forcedId);
    expect(res.json()._id).toBe(row.id);
    expect(row.password_hash).not.toBe(HASH);
  });

  for (const route of ['createPublic', 'createLoggedIn'] as const) {
    it(`${route}: status, staff, money, dates, ids and links are the server's`, async () => {
      const email = `mass-${route}-${newId().slice(-6)}@example.com`;
      const forcedId = newId();
      const res = await send(
        'POST',
        `/api/inquiries/${route}`,
        {
          ...inquiryBody(email),
          ...extras(victim.id),
          _id: forcedId,
          status: 'Booked',
          staff: { id: staff.id, name: 'Forged Name', email: 'forged@example.com' },
          staff_id: staff.id,
          staffName: 'Forged Name',
          totalRevenue: 999999,
          hotelCost: 1,
          cabCost: 1,
          advance: 500000,
          tpc: 999999,
          pendingAmount: -5,
          profit: 123456789,
        },
        route === 'createLoggedIn' ? victim.token : undefined,
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body._id).not.toBe(forcedId);
      expect(body).toMatchObject({ status: 'New', staff: null, advance: 0, tpc: 0, pendingAmount: 0 });
      // An anonymous sender sees the agency's fields at zero; a Customer's answer leaves them out (D24).
      const agencyFields = route === 'createPublic' ? { totalRevenue: 0, hotelCost: 0, cabCost: 0, profit: 0 } : {};
      expect(body).toEqual(expect.objectContaining(agencyFields));
      if (route === 'createLoggedIn') expect(body).not.toHaveProperty('profit');
      expect(Date.parse(body.createdAt)).toBeGreaterThan(Date.parse('2020-01-01'));
      const row = await t.app.db
        .selectFrom('inquiries')
        .selectAll()
        .where('id', '=', body._id)
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).toBeNull();
      expect(row.staff_id).toBeNull();
      expect(row).toMatchObject({ total_revenue_paise: 0, hotel_cost_paise: 0, cab_cost_paise: 0, tpc_paise: 0 });
      // Only the logged-in call links to the caller, and only to the caller.
      expect(row.customer_user_id).toBe(route === 'createLoggedIn' ? victim.id : null);
    });
  }

  it('inquiry edit: staff name and e-mail come from the account (D8), derived money is computed (D7), ids and dates stay', async () => {
    const created = await send(
      'POST',
      '/api/inquiries/createPublic',
      inquiryBody(`mass-edit-${newId().slice(-6)}@example.com`),
    );
    const id = created.json()._id as string;
    const before = await t.app.db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const res = await send(
      'PUT',
      `/api/inquiries/${id}`,
      {
        ...extras(victim.id),
        _id: newId(),
        staff: { id: staff.id, name: 'Forged Name', email: 'forged@example.com' },
        totalRevenue: 100000,
        hotelCost: 30000,
        cabCost: 10000,
        tpc: 100000,
        advance: 40000,
        pendingAmount: 1,
        profit: 999999999,
        customer: { name: before.customer_name, email: before.customer_email, role: 'Owner', id: victim.id },
      },
      staff.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body._id).toBe(id);
    expect(body.staff).toEqual({ id: staff.id, name: 'Real Staff Name', email: staff.email });
    expect(body.pendingAmount).toBe(60000);
    expect(body.profit).toBe(60000);
    expect(body.createdAt).toBe(new Date(before.created_at).toISOString());
    const after = await t.app.db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      id,
      created_at: before.created_at,
      deleted_at: null,
      deleted_by: null,
      customer_user_id: before.customer_user_id,
      staff_name: 'Real Staff Name',
      staff_email: staff.email,
    });
    // A Customer cannot be made the handler, nor a removed or made-up account.
    for (const staffId of [victim.id, newId()]) {
      const refused = await send(
        'PUT',
        `/api/inquiries/${id}`,
        { staff: { id: staffId, name: 'X', email: 'x@example.com' } },
        owner.token,
      );
      expect(refused.statusCode, refused.body).toBe(400);
    }
  });

  it('packages: _id, dates and image paths of other packages cannot be injected through the form', async () => {
    const create = async (name: string, extra: Record<string, string> = {}) => {
      const forcedId = newId();
      const body = multipart([
        ...packageFields({ name }),
        ...Object.entries({ _id: forcedId, createdAt: EPOCH_2001, role: 'Owner', ...extra }).map(([n, value]) => ({
          name: n,
          value,
        })),
        { name: 'images', file: await makePng(80, 60) },
      ]);
      attempts++;
      const res = await t.api({
        method: 'POST',
        url: '/api/packages',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(owner.token) },
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json() as { _id: string; images: string[]; createdAt: string };
      expect(created._id).not.toBe(forcedId);
      expect(Date.parse(created.createdAt)).toBeGreaterThan(Date.parse('2020-01-01'));
      expect(created.images).toHaveLength(1);
      expect(created.images[0]).toMatch(/^\/uploads\/[0-9a-f-]{36}-960\.webp$/);
      return created;
    };
    const other = await create('Other');
    // A text value for the images field, and keepImages on create, add nothing.
    const mine = await create('Mine', { images: other.images[0]!, keepImages: other.images[0]! });

    // Edit: keepImages naming another package's image is refused; a forged id and date are ignored.
    const steal = multipart([
      ...packageFields({ name: 'Mine, edited' }),
      { name: 'keepImages', value: mine.images[0]! },
      { name: 'keepImages', value: other.images[0]! },
    ]);
    attempts++;
    const stolen = await t.api({
      method: 'PUT',
      url: `/api/packages/${mine._id}`,
      payload: steal.payload,
      headers: { ...steal.headers, ...bearer(owner.token) },
    });
    expect(stolen.statusCode, stolen.body).toBe(400);
    const forged = multipart([
      ...packageFields({ name: 'Mine, edited' }),
      { name: '_id', value: other._id },
      { name: 'createdAt', value: EPOCH_2001 },
    ]);
    attempts++;
    const edited = await t.api({
      method: 'PUT',
      url: `/api/packages/${mine._id}`,
      payload: forged.payload,
      headers: { ...forged.headers, ...bearer(owner.token) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      _id: mine._id,
      images: mine.images,
      createdAt: mine.createdAt,
      name: 'Mine, edited',
    });
    const otherNow = (await t.api({ method: 'GET', url: `/api/packages/${other._id}` })).json();
    expect(otherNow).toMatchObject({ _id: other._id, name: 'Other', images: other.images });
  });

  it('refuses a whole body that carries __proto__ or constructor.prototype, on every JSON write', async () => {
    const bodies = [
      '{"name":"P","email":"proto@example.com","password":"Travel#2024x","__proto__":{"role":"Owner"}}',
      '{"name":"P","email":"proto@example.com","password":"Travel#2024x","constructor":{"prototype":{"role":"Owner"}}}',
    ];
    const writes: [string, string, string | undefined][] = [
      ['POST', '/api/auth/register', undefined],
      ['POST', '/api/auth/staff', owner.token],
      ['PUT', '/api/profile', victim.token],
      ['POST', '/api/inquiries/createPublic', undefined],
      ['POST', '/api/inquiries/createLoggedIn', victim.token],
    ];
    const users = await t.app.db.selectFrom('users').select('id').execute();
    for (const [method, url, token] of writes) {
      for (const payload of bodies) {
        attempts++;
        const res = await t.api({
          method: method as 'POST' | 'PUT',
          url,
          payload,
          headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
      }
    }
    expect(await t.app.db.selectFrom('users').select('id').execute()).toHaveLength(users.length);
  });

  it('no prototype was polluted by any of it', () => {
    const probe = {} as Record<string, unknown>;
    expect(probe.role).toBeUndefined();
    expect(probe.isAdmin).toBeUndefined();
    expect(probe.polluted).toBeUndefined();
  });
});
