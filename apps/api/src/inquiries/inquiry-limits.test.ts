// D15 for inquiries: a sender without a token is held to the public budget on both create routes; an e-mail
// address gets five inquiries an hour from each sender and twenty from everyone outside the back office, a ceiling
// its own signed-in Customer is not held to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { validBody } from '../test/inquiry-kit';
import { INQUIRY_LIMITS } from './inquiry.routes';

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

  it("another Customer's inquiries with a Customer's address do not stop that Customer's own (issue 49)", async () => {
    const owner = await createUser(t, { role: 'Customer' });
    const other = await createUser(t, { role: 'Customer' });
    const client = freshIp();
    for (let n = 0; n < 2; n++)
      expect((await send('createLoggedIn', owner.email, client, owner.token)).statusCode).toBe(201);
    // The report: three logged-in inquiries by someone else with the owner's address.
    for (let n = 0; n < 3; n++)
      expect((await send('createLoggedIn', owner.email, freshIp(), other.token)).statusCode).toBe(201);
    const own = await send('createLoggedIn', owner.email, client, owner.token);
    expect(own.statusCode, own.body).toBe(201);
    expect(await rowsFor(owner.email)).toBe(6);
  });

  it('holds each sender to its own budget for an address and everyone to a ceiling the owner is not held to', async () => {
    const [perSender] = INQUIRY_LIMITS.perSenderEmail;
    const [ceiling] = INQUIRY_LIMITS.perEmail;
    const owner = await createUser(t, { role: 'Customer' });
    const other = await createUser(t, { role: 'Customer' });
    // One Customer with someone else's address: its own budget, from whichever client address.
    for (let n = 0; n < perSender; n++) {
      expect((await send('createLoggedIn', owner.email, freshIp(), other.token)).statusCode).toBe(201);
    }
    const sixth = await send('createLoggedIn', owner.email.toUpperCase(), freshIp(), other.token);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: AUTH_MESSAGES.tooManyRequests });
    expect(sixth.headers['retry-after']).toBeTruthy();
    // One client without a token fills its own five (the public budget allows five a minute as well).
    const anonymous = freshIp();
    for (let n = 0; n < perSender; n++) {
      expect((await send(n % 2 ? 'createLoggedIn' : 'createPublic', owner.email, anonymous)).statusCode).toBe(201);
    }
    // The ceiling: everyone outside the back office together, a refusal by a sender's own budget not counted.
    for (let n = 2 * perSender; n < ceiling; n++) {
      expect((await send('createPublic', owner.email, freshIp())).statusCode).toBe(201);
    }
    const over = await send('createPublic', owner.email, freshIp());
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeTruthy();
    expect(await rowsFor(owner.email)).toBe(ceiling);
    // The address's own Customer is not held to it; the back office records as many as the office needs.
    expect((await send('createLoggedIn', owner.email, freshIp(), owner.token)).statusCode).toBe(201);
    expect((await send('createLoggedIn', owner.email, freshIp(), staff.token)).statusCode).toBe(201);
    expect(await rowsFor(owner.email)).toBe(ceiling + 2);
    // Another e-mail is not affected.
    expect((await send('createPublic', unique(99), freshIp())).statusCode).toBe(201);
  });
});
