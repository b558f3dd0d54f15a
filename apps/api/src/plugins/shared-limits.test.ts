// D29: with REDIS_URL, limits are counted once for all instances; without Redis each process counts alone, says so
// in its log and /readyz, and goes back to Redis when it returns.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';
import { startRedisRelay, type RedisRelay } from '../test/scale/redis-relay';
import { waitFor } from '../test/reliability/reliability-kit';
import { PER_PROCESS_LIMITS_WARNING } from '../health/health.routes';
import { PAPER_LIMITS, PAPER_MESSAGES } from '@safarnama/contract';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('\n!!! TEST_REDIS_URL is not set: the shared rate-limit tests are SKIPPED !!!\n');

describe.runIf(Boolean(redisUrl))('rate limits kept in Redis', () => {
  let relay: RedisRelay;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    relay = await startRedisRelay(redisUrl!);
    const env = {
      REDIS_URL: relay.url,
      REDIS_KEY_PREFIX: `safarnama-test-${crypto.randomBytes(6).toString('hex')}:`,
      RATE_LIMIT_FACTOR: '1',
    };
    // Two apps, as two instances: their own databases, one Redis.
    [one, two] = await Promise.all([createTestApp('sqlite', env), createTestApp('sqlite', env)]);
    await waitFor(() => one.app.sharedLimits!.isShared() && two.app.sharedLimits!.isShared(), 5000);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await relay?.close();
  });

  const failLogin = (t: TestApp, client: string, email = 'nobody@example.com') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: client,
      payload: { email, password: 'Wrong#pass1' },
    });

  it('counts a client over both apps once: 20 failed logins spread over two, then 429 on either', async () => {
    const client = '203.0.113.7';
    for (let i = 0; i < 20; i++) expect((await failLogin(i % 2 ? one : two, client)).statusCode).toBe(401);
    expect((await failLogin(one, client)).statusCode).toBe(429);
    expect((await failLogin(two, client)).statusCode).toBe(429);
    expect((await one.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });

  it("answers a route's remaining count and a budget's wait from the shared window", async () => {
    const client = '203.0.113.11';
    const answers = [];
    for (let i = 0; i < 22; i++) answers.push(await failLogin(i % 2 ? one : two, client));
    // The login route's own limit (30 a minute a client) counted every request on either app.
    expect(answers.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(
      Array.from({ length: 22 }, (_, i) => String(29 - i)),
    );
    // The 21st is past the client's failed-login budget (20 in 15 minutes): the wait is what is left of its window.
    const refused = answers[20]!;
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(800);
    expect(wait).toBeLessThanOrEqual(900);
  });

  it("keeps an account's and a client's failed logins apart: an e-mail written as an address spends no client's", async () => {
    const office = '203.0.113.50';
    // 20 failed logins for the "e-mail" 203.0.113.50, from other clients: the client budget's size.
    for (let i = 0; i < 20; i++)
      expect((await failLogin(i % 2 ? one : two, `192.0.2.${i + 1}`, office)).statusCode).toBe(401);
    // The office itself still logs in; a shared counter had answered it 429 for 15 minutes.
    expect((await failLogin(one, office)).statusCode).toBe(401);
  });

  it('counts a budget per client and e-mail once over both apps, and keeps other clients for that e-mail apart', async () => {
    const forgot = (t: TestApp, client: string, email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: client, payload: { email } });
    const email = 'owner-shared@example.com';
    // Five a client and address an hour (auth.limits.ts), spread over the two apps, then 429 on either.
    for (let i = 0; i < 5; i++) expect((await forgot(i % 2 ? one : two, '203.0.113.60', email)).statusCode).toBe(200);
    expect((await forgot(one, '203.0.113.60', email)).statusCode).toBe(429);
    expect((await forgot(two, '203.0.113.60', email)).statusCode).toBe(429);
    // The address's owner, from another client, and the same client for another address are not refused.
    expect((await forgot(two, '203.0.113.61', email)).statusCode).toBe(200);
    expect((await forgot(one, '203.0.113.60', 'someone-else@example.com')).statusCode).toBe(200);
  });

  it('holds an account to 100 failed logins in total when they arrive all at once on both apps (D19)', async () => {
    const email = 'victim@example.com';
    // 160 at once, each from its own address (only the per-account budget can stop them), half on each app; past the
    // budget they are asked for a code (D19).
    const answers = await Promise.all(
      Array.from({ length: 160 }, (_, i) => failLogin(i % 2 ? one : two, `198.51.${i >> 8}.${i & 255}`, email)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.filter((s) => s === 403)).toHaveLength(60);
  }, 60_000);

  it("counts a client's brochures over both apps once, then answers 429 with Retry-After on either", async () => {
    const [max] = PAPER_LIMITS.brochurePerClient;
    const client = '203.0.113.60';
    // Counted before the package is looked up, so a missing one (404) spends the budget too.
    const brochure = (t: TestApp) =>
      t.app.inject({
        method: 'GET',
        url: '/api/packages/00000000-0000-7000-8000-000000000000/brochure.pdf',
        remoteAddress: client,
      });
    for (let i = 0; i < max; i++) expect((await brochure(i % 2 ? one : two)).statusCode).toBe(404);
    for (const t of [one, two]) {
      const refused = await brochure(t);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: PAPER_MESSAGES.tooManyDownloads });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('keeps answering with per-process limits while Redis is away, says so, and shares again when it is back', async () => {
    await relay.cut();
    // The first request may be the one that finds Redis gone; it is still answered, never a 500.
    const during = await failLogin(one, '203.0.113.8');
    expect(during.statusCode).toBe(401);
    expect(await waitFor(() => !one.app.sharedLimits!.isShared(), 5000)).toBe(true);
    const ready = await one.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', warnings: [PER_PROCESS_LIMITS_WARNING] });
    expect(one.logs.join('')).toContain('"event":"rate_limits_per_process"');

    // Per process now: a client's budget of 20 holds within this app.
    const client = '203.0.113.9';
    for (let i = 0; i < 19; i++) expect((await failLogin(one, client)).statusCode).toBe(401);
    expect((await failLogin(one, client)).statusCode).toBe(401);
    expect((await failLogin(one, client)).statusCode).toBe(429);

    await relay.restore();
    expect(await waitFor(() => one.app.sharedLimits!.isShared(), 10_000)).toBe(true);
    expect((await one.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ok' });
    expect(one.logs.join('')).toContain('"event":"rate_limits_shared"');
    // Shared again: a fresh client spread over both apps is limited once in total.
    const fresh = '203.0.113.10';
    for (let i = 0; i < 20; i++) expect((await failLogin(i % 2 ? one : two, fresh)).statusCode).toBe(401);
    expect((await failLogin(two, fresh)).statusCode).toBe(429);
  }, 30_000);
});
