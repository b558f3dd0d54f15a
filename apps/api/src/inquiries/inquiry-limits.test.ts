// D15 for inquiries: a sender without a token is held to the public budget on both create routes, and an
// e-mail address gets at most five inquiries an hour from outside the back office, whatever the address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { validBody } from '../test/inquiry-kit';

describe.each(testEngines)('inquiry spam limits on %s', (engine) => {
  let t: TestApp;
  let customer: CreatedUser;
  let staff: CreatedUser;
  let ip = 0;
  const freshIp = () => `10.20.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    t = await createTestApp(engine, { RATE_LIMIT_FACTOR: '1' });
    customer = await createUser(t, { role: 'Customer' });
    staff = await createUser(t, { role: 'Staff' });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (route: 'createPublic' | 'createLoggedIn', email: string, remoteAddress: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/inquiries/${route}`,
      payload: validBody({ email }),
      remoteAddress,
      headers: token ? bearer(token) : {},
    });
  const unique = (n: number) => `visitor-${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const rowsFor = async (email: string) =>
    (await t.app.db.selectFrom('inquiries').select('id').where('customer_email', '=', email).execute()).length;

  it('createLoggedIn without a token shares the public budget of five a minute with createPublic', async () => {
    const client = freshIp();
    const answers: number[] = [];
    for (let n = 0; n < 6; n++) {
      answers.push((await send(n % 2 ? 'createLoggedIn' : 'createPublic', unique(n), client)).statusCode);
    }
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await send('createLoggedIn', unique(7), client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });
    // A signed-in Customer on the same address keeps the logged-in pace.
    expect((await send('createLoggedIn', unique(8), client, customer.token)).statusCode).toBe(201);
  });

  it('refuses a sixth inquiry for one e-mail within the hour from any address, and stores none of it', async () => {
    const victim = `victim-${Math.random().toString(36).slice(2, 8)}@example.com`;
    for (let n = 0; n < 5; n++) {
      expect((await send(n % 2 ? 'createLoggedIn' : 'createPublic', victim, freshIp())).statusCode).toBe(201);
    }
    const sixth = await send('createPublic', victim.toUpperCase(), freshIp());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });
    expect(sixth.headers['retry-after']).toBeTruthy();
    // A Customer cannot plant inquiries with someone else's e-mail past the limit either.
    expect((await send('createLoggedIn', victim, freshIp(), customer.token)).statusCode).toBe(429);
    expect(await rowsFor(victim)).toBe(5);
    // The back office records as many as the office needs.
    expect((await send('createLoggedIn', victim, freshIp(), staff.token)).statusCode).toBe(201);
    expect(await rowsFor(victim)).toBe(6);
    // Another e-mail is not affected.
    expect((await send('createPublic', unique(99), freshIp())).statusCode).toBe(201);
  });
});
