// D34: inquiry creation honours an Idempotency-Key for 24 hours on one app (both engines): a repeat gets the first
// answer and makes nothing, concurrent repeats make one inquiry, another body is 422, another caller's key is
// theirs alone, an error frees the key, an abandoned claim is taken over, and after 24 hours the key is free.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  type Inquiry,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { validBody } from '../test/inquiry-kit';
import { INQUIRY_LIMITS } from '../inquiries/inquiry.routes';
import { CLAIM_LEASE_MS, idempotentCall } from './idempotency.service';

const HOUR = 60 * 60_000;
const replayed = IDEMPOTENT_REPLAYED_HEADER.toLowerCase();

describe.each(testEngines)('Idempotency-Key on inquiry creation on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let customer: CreatedUser;
  let otherCustomer: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createUser(t, { role: 'Staff' });
    customer = await createUser(t, { role: 'Customer' });
    otherCustomer = await createUser(t, { role: 'Customer' });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const newKey = () => crypto.randomUUID();
  /** A create with `key`: signed in with `token`, else on the public route from `ip`. */
  const send = (key: string | undefined, body: object, opts: { token?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: opts.token ? '/api/inquiries/createLoggedIn' : '/api/inquiries/createPublic',
      payload: body,
      remoteAddress: opts.ip ?? '203.0.113.7',
      headers: { ...(opts.token ? bearer(opts.token) : {}), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    });
  /** Inquiries stored for the customer `name` (each test writes its own). */
  const stored = async (name: string) => {
    const res = await sql<{
      n: number | string;
    }>`SELECT count(*) AS n FROM inquiries WHERE customer_name = ${name}`.execute(t.app.db);
    return Number(res.rows[0]!.n);
  };
  const keyRows = async () => {
    const res = await sql<{ n: number | string }>`SELECT count(*) AS n FROM idempotency_keys`.execute(t.app.db);
    return Number(res.rows[0]!.n);
  };

  it('answers a staff repeat with the first answer and makes one inquiry', async () => {
    const key = newKey();
    const body = validBody({ name: 'Repeat Staff', source: 'walk-in' });
    const first = await send(key, body, { token: staff.token });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[replayed]).toBeUndefined();
    const again = await send(key, body, { token: staff.token });
    expect(again.statusCode).toBe(201);
    expect(again.headers[replayed]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.body).toBe(first.body);
    expect(await stored('Repeat Staff')).toBe(1);
    // A create without a key is not affected: the same body twice is two inquiries.
    expect((await send(undefined, body, { token: staff.token })).statusCode).toBe(201);
    expect((await send(undefined, body, { token: staff.token })).statusCode).toBe(201);
    expect(await stored('Repeat Staff')).toBe(3);
  });

  it('answers an anonymous repeat on either create route with the first answer', async () => {
    const key = newKey();
    const body = validBody({ name: 'Repeat Public' });
    const first = await send(key, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(key, body);
    const viaOther = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries/createLoggedIn',
      payload: body,
      remoteAddress: '203.0.113.7',
      headers: { 'idempotency-key': key },
    });
    for (const res of [again, viaOther]) {
      expect(res.statusCode).toBe(201);
      expect(res.headers[replayed]).toBe('true');
      expect(res.json<Inquiry>()._id).toBe(first.json<Inquiry>()._id);
    }
    expect(await stored('Repeat Public')).toBe(1);
  });

  it('makes exactly one inquiry from the same key sent concurrently', async () => {
    const key = newKey();
    const body = validBody({ name: 'Concurrent Staff' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(key, body, { token: staff.token })));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const ids = new Set(answers.map((a) => a.json<Inquiry>()._id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers[replayed] === 'true')).toHaveLength(11);
    expect(await stored('Concurrent Staff')).toBe(1);
  });

  it('refuses the same key with a different body with 422 and makes nothing', async () => {
    const key = newKey();
    expect((await send(key, validBody({ name: 'First Body' }), { token: staff.token })).statusCode).toBe(201);
    const other = await send(key, validBody({ name: 'Second Body' }), { token: staff.token });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.keyReused });
    expect(await stored('Second Body')).toBe(0);
    // The first answer is still the key's.
    const again = await send(key, validBody({ name: 'First Body' }), { token: staff.token });
    expect(again.headers[replayed]).toBe('true');
    expect(await stored('First Body')).toBe(1);
  });

  it("never gives one caller another's answer for their key (attack)", async () => {
    const key = newKey();
    const body = validBody({ name: 'Asha Private', email: 'asha.private@example.com' });
    const victim = await send(key, body, { token: customer.token });
    expect(victim.statusCode).toBe(201);
    const victimId = victim.json<Inquiry>()._id;

    // Another Customer, the back office, an anonymous client elsewhere and one on the victim's own route: each gets
    // a create of their own (never the victim's inquiry), whether they guess the body too or not.
    const guesser = await createUser(t, { role: 'Customer' });
    const attempts = [
      await send(key, body, { token: otherCustomer.token }),
      await send(key, validBody({ name: 'Guessing Body' }), { token: guesser.token }),
      await send(key, body, { token: staff.token }),
      await send(key, body, { ip: '198.51.100.9' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/inquiries/createLoggedIn',
        payload: body,
        remoteAddress: '198.51.100.10',
        headers: { 'idempotency-key': key },
      }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers[replayed]).toBeUndefined();
      expect(res.json<Inquiry>()._id).not.toBe(victimId);
    }
    expect(await stored('Asha Private')).toBe(1 + 4);
    // The victim still gets their own answer.
    const mine = await send(key, body, { token: customer.token });
    expect(mine.json<Inquiry>()._id).toBe(victimId);
  });

  it("answers repeats without spending the e-mail address's budget (D15)", async () => {
    const limited = await createTestApp(engine, { RATE_LIMIT_FACTOR: '1' });
    try {
      const sender = await createUser(limited, { role: 'Customer' });
      const key = newKey();
      const body = validBody({ name: 'Budget Kept', email: 'a.friend@example.com' });
      const sendTo = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/inquiries/createLoggedIn',
          payload: body,
          headers: { ...bearer(sender.token), 'idempotency-key': key },
        });
      const answers = [];
      for (let i = 0; i < INQUIRY_LIMITS.perSenderEmail[0] + 2; i++) answers.push(await sendTo());
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
      // The budget is whole: the sender's next inquiries for the address are still taken.
      const fresh = await limited.app.inject({
        method: 'POST',
        url: '/api/inquiries/createLoggedIn',
        payload: body,
        headers: bearer(sender.token),
      });
      expect(fresh.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('refuses a malformed key with 400 and its message, and makes nothing', async () => {
    const body = validBody({ name: 'Bad Key' });
    for (const key of ['', 'x'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1), 'clé-ä', 'tab\there']) {
      const res = await send(key, body, { token: staff.token });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toEqual({
        message: IDEMPOTENCY_MESSAGES.keyInvalid,
        errors: { 'idempotency-key': IDEMPOTENCY_MESSAGES.keyInvalid },
      });
    }
    expect(await stored('Bad Key')).toBe(0);
    const longest = await send('~'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH), body, { token: staff.token });
    expect(longest.statusCode).toBe(201);
  });

  it('frees the key after an error answer, so the corrected retry is created', async () => {
    const key = newKey();
    const refused = await send(key, validBody({ name: 'Fixed Later', travelDate: '2000-01-01' }), {
      token: staff.token,
    });
    expect(refused.statusCode).toBe(400);
    const fixed = await send(key, validBody({ name: 'Fixed Later' }), { token: staff.token });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.headers[replayed]).toBeUndefined();
    expect(await stored('Fixed Later')).toBe(1);
  });

  /** Puts a pending claim in the table, as a request that claimed `key` and has not answered yet would. */
  const insertPendingClaim = async (key: string, body: object, createdAt: number) => {
    const parsed = (await import('@safarnama/contract')).createInquiryBodySchema.parse(body);
    const call = idempotentCall(`user:${staff.id}`, key, 'inquiries.create', parsed);
    await t.app.db
      .insertInto('idempotency_keys')
      .values({
        key_hash: call.keyHash,
        fingerprint: call.fingerprint,
        claim_id: 'another-request',
        status: 'pending',
        status_code: null,
        response: null,
        created_at: createdAt,
      })
      .execute();
    return call;
  };

  it('waits for the answer of a first request still running, and gives that', async () => {
    const key = newKey();
    const body = validBody({ name: 'Still Running' });
    const call = await insertPendingClaim(key, body, Date.now());
    const repeat = send(key, body, { token: staff.token });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // What the first request answers: an inquiry (made here without a key, under another name).
    const made = await send(undefined, validBody({ name: 'Made Elsewhere' }), { token: staff.token });
    const answer = { ...made.json<Inquiry>(), _id: 'the-first-answer' };
    await t.app.db
      .updateTable('idempotency_keys')
      .set({ status: 'done', status_code: 201, response: JSON.stringify(answer) })
      .where('key_hash', '=', call.keyHash)
      .execute();
    const res = await repeat;
    expect(res.statusCode).toBe(201);
    expect(res.headers[replayed]).toBe('true');
    expect(res.json<Inquiry>()._id).toBe('the-first-answer');
    expect(await stored('Still Running')).toBe(0);
  });

  it('takes over a claim whose request died before answering', async () => {
    const key = newKey();
    const body = validBody({ name: 'Died Midway' });
    await insertPendingClaim(key, body, Date.now() - CLAIM_LEASE_MS);
    const res = await send(key, body, { token: staff.token });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers[replayed]).toBeUndefined();
    expect(await stored('Died Midway')).toBe(1);
    expect((await send(key, body, { token: staff.token })).headers[replayed]).toBe('true');
  });

  it('keeps a key for 24 hours and then frees it (fixed clock), purging the expired rows', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const key = newKey();
    const body = validBody({ name: 'Next Day' });
    const first = await send(key, body, { token: staff.token });
    expect(first.statusCode).toBe(201);
    expect(await keyRows()).toBeGreaterThan(0);

    vi.setSystemTime(start + 24 * HOUR - 1000);
    const token = await t.app.tokens.sign({ id: staff.id, role: 'Staff', name: staff.name, tokensValidAfter: 0 });
    const late = await send(key, body, { token });
    expect(late.headers[replayed]).toBe('true');
    expect(late.json<Inquiry>()._id).toBe(first.json<Inquiry>()._id);
    expect(await stored('Next Day')).toBe(1);

    vi.setSystemTime(start + 24 * HOUR);
    const fresh = await send(key, body, { token });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.headers[replayed]).toBeUndefined();
    expect(fresh.json<Inquiry>()._id).not.toBe(first.json<Inquiry>()._id);
    expect(await stored('Next Day')).toBe(2);
    // Every key of the earlier tests (all older than 24 hours now) was purged on the way; only this one is left.
    expect(await keyRows()).toBe(1);
  });
});
