// decisions §6 rows for the account calls, for anonymous, Customer, Staff and Owner callers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import {
  GOOD_PASSWORD,
  checkThenClose,
  createAccountsTestApp,
  expectNoSecretsLeaked,
  type AccountsTestApp,
} from '../test/accounts-kit';

type Caller = 'anonymous' | 'Customer' | 'Staff' | 'Owner';
const CALLERS: Caller[] = ['anonymous', 'Customer', 'Staff', 'Owner'];

describe.each(testEngines)('authorization matrix (accounts) on %s', (engine) => {
  let t: AccountsTestApp;
  const tokens: Partial<Record<Caller, string>> = {};
  let n = 0;
  const unique = (prefix: string) => `${prefix}-${++n}@example.com`;

  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    for (const role of ['Customer', 'Staff', 'Owner'] as const) tokens[role] = (await createUser(t, { role })).token;
  });
  afterAll(() => checkThenClose(t, () => expectNoSecretsLeaked(t)));

  const as = (caller: Caller) => (caller === 'anonymous' ? {} : bearer(tokens[caller]!));

  /** Each call, and the status each caller gets (decisions §6). Public calls get a real, successful request. */
  const rows: { name: string; expected: Record<Caller, number>; call: (caller: Caller) => Promise<number> }[] = [
    {
      name: 'POST /api/auth/register',
      expected: { anonymous: 201, Customer: 201, Staff: 201, Owner: 201 },
      call: async (c) =>
        (
          await t.api({
            method: 'POST',
            url: '/api/auth/register',
            headers: as(c),
            payload: { name: 'New', email: unique('reg'), password: GOOD_PASSWORD },
          })
        ).statusCode,
    },
    {
      name: 'POST /api/auth/verify-otp',
      expected: { anonymous: 200, Customer: 200, Staff: 200, Owner: 200 },
      call: async (c) => {
        const email = unique('verify');
        await t.api({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'V', email, password: GOOD_PASSWORD },
        });
        const otp = t.smtp.latestOtp(email);
        return (
          await t.api({
            method: 'POST',
            url: '/api/auth/verify-otp',
            headers: as(c),
            payload: { email, otp, password: GOOD_PASSWORD },
          })
        ).statusCode;
      },
    },
    {
      name: 'POST /api/auth/resend-otp',
      expected: { anonymous: 200, Customer: 200, Staff: 200, Owner: 200 },
      call: async (c) => {
        const email = unique('resend');
        await t.api({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'R', email, password: GOOD_PASSWORD },
        });
        await t.app.db
          .updateTable('otp_challenges')
          .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
          .execute();
        return (await t.api({ method: 'POST', url: '/api/auth/resend-otp', headers: as(c), payload: { email } }))
          .statusCode;
      },
    },
    {
      name: 'POST /api/auth/login',
      expected: { anonymous: 200, Customer: 200, Staff: 200, Owner: 200 },
      call: async (c) => {
        const user = await createUser(t, { role: 'Customer' });
        return (
          await t.api({
            method: 'POST',
            url: '/api/auth/login',
            headers: as(c),
            payload: { email: user.email, password: user.password },
          })
        ).statusCode;
      },
    },
    {
      name: 'GET /api/auth/staff',
      expected: { anonymous: 401, Customer: 403, Staff: 200, Owner: 200 },
      call: async (c) => (await t.api({ method: 'GET', url: '/api/auth/staff', headers: as(c) })).statusCode,
    },
    {
      name: 'POST /api/auth/staff',
      expected: { anonymous: 401, Customer: 403, Staff: 403, Owner: 201 },
      call: async (c) =>
        (
          await t.api({
            method: 'POST',
            url: '/api/auth/staff',
            headers: as(c),
            payload: { name: 'Staffer', email: unique('staff'), password: GOOD_PASSWORD },
          })
        ).statusCode,
    },
    {
      name: 'DELETE /api/auth/staff/{id}',
      expected: { anonymous: 401, Customer: 403, Staff: 403, Owner: 200 },
      call: async (c) => {
        const victim = await createUser(t, { role: 'Staff' });
        return (await t.api({ method: 'DELETE', url: `/api/auth/staff/${victim.id}`, headers: as(c) })).statusCode;
      },
    },
    {
      name: 'GET /api/profile',
      expected: { anonymous: 401, Customer: 200, Staff: 200, Owner: 200 },
      call: async (c) => (await t.api({ method: 'GET', url: '/api/profile', headers: as(c) })).statusCode,
    },
    {
      name: 'PUT /api/profile',
      expected: { anonymous: 401, Customer: 200, Staff: 200, Owner: 200 },
      call: async (c) => {
        const current =
          c === 'anonymous'
            ? { name: 'X', email: 'x@example.com' }
            : (await t.api({ method: 'GET', url: '/api/profile', headers: as(c) })).json();
        return (
          await t.api({
            method: 'PUT',
            url: '/api/profile',
            headers: as(c),
            payload: { name: current.name, email: current.email },
          })
        ).statusCode;
      },
    },
    {
      name: 'POST /api/auth/logout',
      expected: { anonymous: 401, Customer: 200, Staff: 200, Owner: 200 },
      call: async (c) => {
        // A throw-away account per caller role, so the shared tokens above stay valid.
        if (c === 'anonymous') return (await t.api({ method: 'POST', url: '/api/auth/logout' })).statusCode;
        const user = await createUser(t, { role: c });
        return (await t.api({ method: 'POST', url: '/api/auth/logout', headers: bearer(user.token) })).statusCode;
      },
    },
  ];

  for (const row of rows) {
    it(row.name, async () => {
      const got: Record<string, number> = {};
      for (const caller of CALLERS) got[caller] = await row.call(caller);
      expect(got).toEqual(row.expected);
    });
  }
});
