// Issue 8, item 7: login, register, verify-otp, resend-otp, the public inquiry and (issue 49) the public brochure answer
// 429 past their per-client limits at real size; a client rotating X-Forwarded-For does not get a fresh budget unless
// TRUST_PROXY is set, and even then only the entry our own proxy appended counts.
// (auth/rate-limits.test.ts covers the per-e-mail and failed-login budgets in depth.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAPER_LIMITS } from '@safarnama/contract';
import { ConfigError, loadConfig } from '../../config';
import { testEngines } from '../helper';
import { GOOD_PASSWORD, checkThenClose, createAccountsTestApp, type AccountsTestApp } from '../accounts-kit';
import { expectNoStoredSecretsInResponses, recordFigures } from './security-kit';

interface LimitedCall {
  name: string;
  url: string;
  /** POST unless said. */
  method?: 'GET';
  /** A fresh, valid body for the n-th call (distinct e-mails keep per-e-mail limits out of the way). */
  body: (n: number) => object | undefined;
  /** Requests a client may make before the 429, at RATE_LIMIT_FACTOR=1. */
  max: number;
}

const unique = (prefix: string, n: number) => `${prefix}-${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const CALLS: LimitedCall[] = [
  // The failed-login budget per client (20 / 15 min) is met before the 30 / min request budget.
  { name: 'login', url: '/api/auth/login', body: (n) => ({ email: unique('l', n), password: 'Wrong#Pass1' }), max: 20 },
  {
    name: 'register',
    url: '/api/auth/register',
    body: (n) => ({ name: 'R', email: unique('r', n), password: GOOD_PASSWORD }),
    max: 10,
  },
  {
    name: 'verify-otp',
    url: '/api/auth/verify-otp',
    body: (n) => ({ email: unique('v', n), otp: '123456', password: 'x' }),
    max: 30,
  },
  { name: 'resend-otp', url: '/api/auth/resend-otp', body: (n) => ({ email: unique('s', n) }), max: 10 },
  {
    name: 'createPublic',
    url: '/api/inquiries/createPublic',
    body: (n) => ({
      name: 'Visitor',
      email: unique('i', n),
      whatsappNumber: '+91 98765 43210',
      location: 'Goa',
      noOfAdults: 2,
      budget: 30000,
    }),
    max: 5,
  },
  {
    name: 'createLoggedIn (anonymous)',
    url: '/api/inquiries/createLoggedIn',
    body: (n) => ({
      name: 'Visitor',
      email: unique('j', n),
      whatsappNumber: '+91 98765 43210',
      location: 'Goa',
      noOfAdults: 2,
      budget: 30000,
    }),
    // Without a token it is held to the public budget (D15).
    max: 5,
  },
  {
    // Counted before the package is looked up: a missing one (404) spends the budget as a real one does.
    name: 'brochure.pdf',
    method: 'GET',
    url: '/api/packages/00000000-0000-7000-8000-000000000000/brochure.pdf',
    body: () => undefined,
    max: PAPER_LIMITS.brochurePerClient[0],
  },
];

/** The request of a call's n-th attempt. */
const requestOf = (call: LimitedCall, n: number) => {
  const payload = call.body(n);
  return { method: call.method ?? 'POST', url: call.url, ...(payload ? { payload } : {}) } as const;
};

describe.each(testEngines)('rate limits and X-Forwarded-For on %s', (engine) => {
  let ipCounter = 0;
  const freshIp = () => `10.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}.7`;
  const figures: Record<string, number> = {};

  describe('TRUST_PROXY off', () => {
    let t: AccountsTestApp;
    beforeAll(async () => {
      t = await createAccountsTestApp(engine, { RATE_LIMIT_FACTOR: '1' });
    });
    afterAll(() =>
      checkThenClose(t, async () => {
        await expectNoStoredSecretsInResponses(t);
      }),
    );

    for (const call of CALLS) {
      it(`${call.name}: 429 past the limit, whatever X-Forwarded-For claims`, async () => {
        const client = freshIp();
        let first429 = -1;
        for (let n = 1; n <= 120 && first429 < 0; n++) {
          const res = await t.api({
            ...requestOf(call, n),
            remoteAddress: client,
            // A new spoofed address on every request, plain and in a list.
            headers: { 'x-forwarded-for': n % 2 ? `203.0.113.${n}` : `198.51.100.${n}, 203.0.113.${n}` },
          });
          expect(res.statusCode, `${call.name} #${n}: ${res.body}`).toBeLessThan(500);
          if (res.statusCode === 429) {
            first429 = n;
            expect(res.json().message).toBeTruthy();
          }
        }
        expect(first429, `${call.name} never answered 429`).toBeGreaterThan(1);
        if (call.max > 0) expect(first429).toBe(call.max + 1);
        figures[`per-client limit: ${call.name}`] = first429 - 1;
        // Still refused with yet another spoofed address; another real client is not affected.
        const again = await t.api({
          ...requestOf(call, 999),
          remoteAddress: client,
          headers: { 'x-forwarded-for': '192.0.2.200' },
        });
        expect(again.statusCode).toBe(429);
        const other = await t.api({
          ...requestOf(call, 1000),
          remoteAddress: freshIp(),
        });
        expect(other.statusCode).not.toBe(429);
      });
    }
  });

  describe('TRUST_PROXY=true (one proxy of ours in front)', () => {
    let t: AccountsTestApp;
    const proxy = '172.16.0.10';
    beforeAll(async () => {
      t = await createAccountsTestApp(engine, { RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'true' });
    });
    afterAll(() =>
      checkThenClose(t, async () => {
        recordFigures('rate-limits', engine, { ...figures, endpointsLimited: CALLS.length });
      }),
    );

    for (const call of CALLS) {
      it(`${call.name}: keyed by the address our proxy appended, not by what the client wrote`, async () => {
        const realClient = `203.0.113.${(++ipCounter % 200) + 1}`;
        let first429 = -1;
        for (let n = 1; n <= 120 && first429 < 0; n++) {
          const res = await t.api({
            ...requestOf(call, n),
            remoteAddress: proxy,
            // The client wrote the left entry; our proxy appended the real address on the right.
            headers: { 'x-forwarded-for': `198.51.100.${n}, ${realClient}` },
          });
          if (res.statusCode === 429) first429 = n;
        }
        expect(first429, `${call.name}: rotating the client-written entry escaped the limit`).toBeGreaterThan(1);
        // Behind the proxy, another real client has its own budget.
        const other = await t.api({
          ...requestOf(call, 5000),
          remoteAddress: proxy,
          headers: { 'x-forwarded-for': `203.0.113.250` },
        });
        expect(other.statusCode).not.toBe(429);
      });
    }
  });
});

describe('TRUST_PROXY parsing', () => {
  it('is a hop count: false → 0, true → 1, a digit → that many; anything else stops the start', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1' })).toThrow(/TRUST_PROXY/);
  });
});
