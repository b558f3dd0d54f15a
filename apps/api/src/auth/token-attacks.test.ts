// Forged, altered, expired and revoked tokens all get 401 (D18, spec §6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { AUTH_MESSAGES } from '@safarnama/contract';
import { testEngines } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import { GOOD_PASSWORD, TEST_JWT_SECRET, createAccountsTestApp, type AccountsTestApp } from '../test/accounts-kit';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const secret = new TextEncoder().encode(TEST_JWT_SECRET);

describe.each(testEngines)('token attacks on %s', (engine) => {
  let t: AccountsTestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    owner = await createUser(t, { role: 'Owner' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** GET /api/auth/staff is back-office only: a forged Owner/Staff claim would pass if trusted. */
  const staffList = (token: string) => t.api({ method: 'GET', url: '/api/auth/staff', headers: bearer(token) });
  const expect401 = async (token: string) => {
    const res = await staffList(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.sessionExpired });
  };

  it('accepts the genuine token (the control)', async () => {
    expect((await staffList(owner.token)).statusCode).toBe(200);
  });

  it('refuses a Customer token with its role claim edited', async () => {
    const customer = await createUser(t, { role: 'Customer' });
    const [header, , signature] = customer.token.split('.');
    const claims = { ...decodeJwt(customer.token), role: 'Owner' };
    // Edited payload, original signature.
    await expect401(`${header}.${b64(claims)}.${signature}`);
    // Edited payload re-signed with a wrong secret.
    const resigned = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('a-wrong-secret-that-is-long-enough-1234'));
    await expect401(resigned);
  });

  it('refuses alg "none" and algorithms other than HS256', async () => {
    const claims = decodeJwt(owner.token);
    await expect401(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`);
    await expect401(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}`);
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(secret);
    await expect401(hs512);
  });

  it('refuses an expired token and garbage', async () => {
    const nowSec = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 'Owner', name: 'Owner' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(owner.id)
      .setIssuedAt(nowSec - 7200)
      .setExpirationTime(nowSec - 60)
      .sign(secret);
    await expect401(expired);
    await expect401('not.a.token');
    await expect401('x');
  });

  it('refuses a correctly signed token for an account that does not exist', async () => {
    const ghost = await new SignJWT({ role: 'Owner', name: 'Ghost' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('0190a0a0-0000-7000-8000-000000000000')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    await expect401(ghost);
  });

  it('refuses a token after logout', async () => {
    const staff = await createUser(t, { role: 'Staff' });
    expect((await staffList(staff.token)).statusCode).toBe(200);
    expect((await t.api({ method: 'POST', url: '/api/auth/logout', headers: bearer(staff.token) })).statusCode).toBe(
      200,
    );
    await expect401(staff.token);
  });

  it('refuses a token after a password change, and accepts the fresh one', async () => {
    const staff = await createUser(t, { role: 'Staff', password: GOOD_PASSWORD });
    const res = await t.api({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(staff.token),
      payload: { name: staff.name, email: staff.email, password: 'Changed#Pass2', currentPassword: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    await expect401(staff.token);
    expect((await staffList(res.json().token)).statusCode).toBe(200);
  });

  it('refuses a token after the staff member is removed', async () => {
    const staff = await createUser(t, { role: 'Staff' });
    expect((await staffList(staff.token)).statusCode).toBe(200);
    const del = await t.api({ method: 'DELETE', url: `/api/auth/staff/${staff.id}`, headers: bearer(owner.token) });
    expect(del.statusCode).toBe(200);
    await expect401(staff.token);
    const login = await t.api({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.email, password: staff.password },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('takes the role from the account, not from a stale token', async () => {
    const staff = await createUser(t, { role: 'Staff' });
    await t.app.db.updateTable('users').set({ role: 'Customer' }).where('id', '=', staff.id).execute();
    const res = await staffList(staff.token);
    expect(res.statusCode).toBe(403);
  });

  it('asks for a login when no token or a non-bearer header is sent', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer' }]) {
      const res = await t.api({ method: 'GET', url: '/api/profile', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.authRequired });
    }
  });
});
