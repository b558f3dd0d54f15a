// Issue 8, item 8: planted secrets (a password, an OTP, tokens, stored hashes) never reach the captured logs,
// and every login success, login failure and authorization failure leaves a line with its request id.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helper';
import { bearer, createUser, type CreatedUser } from '../factories';
import { checkThenClose, createAccountsTestApp, type AccountsTestApp } from '../accounts-kit';
import { newId } from '../../lib/ids';
import { expectNoStoredSecretsInResponses, recordFigures, registeredRoutes } from './security-kit';

interface LogLine {
  reqId?: string;
  msg?: string;
  event?: string;
  res?: { statusCode?: number };
  [key: string]: unknown;
}

describe.each(testEngines)('log hygiene on %s', (engine) => {
  let t: AccountsTestApp;
  let owner: CreatedUser;
  let customer: CreatedUser;
  const planted = {
    password: `Planted#${newId().slice(-12)}Aa1`,
    newPassword: `Renewed#${newId().slice(-12)}Bb2`,
    otp: '',
    token: '',
  };
  const email = `planted-${newId().slice(-8)}@example.com`;
  let ip = 0;
  const freshIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
  const figures = { loginEventsChecked: 0, authzFailuresChecked: 0, logLines: 0 };

  beforeAll(async () => {
    // Real limits, so the 429 paths of login are reached and logged too.
    t = await createAccountsTestApp(engine, { RATE_LIMIT_FACTOR: '1' });
    owner = await createUser(t, { role: 'Owner' });
    customer = await createUser(t, { role: 'Customer' });
  });
  afterAll(() =>
    checkThenClose(t, async () => {
      await expectNoStoredSecretsInResponses(t);
      recordFigures('log-hygiene', engine, { ...figures, logLines: t.logs.length });
    }),
  );

  /** Sends one request and answers its response, its reqId and the log lines it wrote. */
  async function call(options: InjectOptions) {
    const from = t.logs.length;
    const res = await t.api({ remoteAddress: freshIp(), ...options });
    const lines = t.logs.slice(from).map((l) => JSON.parse(l) as LogLine);
    const completed = lines.find((l) => l.msg === 'request completed');
    expect(completed?.reqId, `no completion line for ${options.url as string}`).toBeTruthy();
    const own = lines.filter((l) => l.reqId === completed!.reqId);
    return { res, reqId: completed!.reqId!, lines: own };
  }

  const expectEvent = (lines: LogLine[], events: string[], what: string) => {
    const hit = lines.find((l) => l.event !== undefined && events.includes(l.event));
    expect(hit, `${what}: expected a ${events.join('/')} line with the request id`).toBeDefined();
    return hit!;
  };

  it('logs every login success and failure with the request id', async () => {
    const reg = await call({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Planted', email, password: planted.password },
    });
    expect(reg.res.statusCode).toBe(201);
    planted.otp = t.smtp.latestOtp(email);

    // Unverified: refused with 403, logged.
    const unverified = await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: planted.password },
    });
    expect(unverified.res.statusCode).toBe(403);
    expectEvent(unverified.lines, ['login_failed'], 'unverified login');

    const wrongOtp = await call({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp: planted.otp === '000000' ? '111111' : '000000', password: planted.password },
    });
    expect(wrongOtp.res.statusCode).toBe(400);
    const verify = await call({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp: planted.otp, password: planted.password },
    });
    expect(verify.res.statusCode).toBe(200);

    const ok = await call({ method: 'POST', url: '/api/auth/login', payload: { email, password: planted.password } });
    expect(ok.res.statusCode).toBe(200);
    planted.token = ok.res.json().token;
    const success = expectEvent(ok.lines, ['login'], 'successful login');
    expect(success.userId).toBe(ok.res.json().user._id);

    for (const payload of [
      { email, password: `${planted.password}x` },
      { email: `nobody-${email}`, password: planted.password },
    ]) {
      const failed = await call({ method: 'POST', url: '/api/auth/login', payload });
      expect(failed.res.statusCode).toBe(401);
      expectEvent(failed.lines, ['login_failed'], 'failed login');
      figures.loginEventsChecked++;
    }
    figures.loginEventsChecked += 2;

    // Past the failed-login budget of one client: 429s, each logged.
    const attacker = '10.77.0.1';
    let refused = 0;
    for (let i = 0; i < 40; i++) {
      const r = await call({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: attacker,
        payload: { email, password: `${planted.password}${i}` },
      });
      expect(r.res.statusCode).toBeOneOf([401, 429]);
      expectEvent(r.lines, ['login_failed', 'rate_limited'], `attempt ${i}`);
      if (r.res.statusCode === 429) refused++;
      figures.loginEventsChecked++;
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('logs every authorization failure (401 and 403) with the request id', async () => {
    // The access rules are not readable from the route table, so every /api route is called by callers
    // who should be refused somewhere; each 401/403 that is an authorization failure must be logged.
    const routes = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    const credentialCalls = new Set(['POST /api/auth/login', 'POST /api/auth/verify-otp']);
    for (const route of routes) {
      if (credentialCalls.has(`${route.method} ${route.url}`)) continue;
      const url = route.url.replace(/:\w+/g, newId());
      const callers: [string, Record<string, string>][] = [
        ['anonymous', {}],
        ['forged token', bearer(`${owner.token.slice(0, -4)}AAAA`)],
        ['planted token in a bad scheme', { authorization: `Token ${planted.token}` }],
        ['Customer', bearer(customer.token)],
      ];
      for (const [who, headers] of callers) {
        const r = await call({ method: route.method, url: `${url}?token=${planted.token}`, headers, payload: {} });
        if (r.res.statusCode !== 401 && r.res.statusCode !== 403) continue;
        const line = expectEvent(r.lines, ['authz_denied'], `${who} ${route.method} ${route.url}`);
        expect(line.status).toBe(r.res.statusCode);
        figures.authzFailuresChecked++;
      }
    }
    expect(figures.authzFailuresChecked).toBeGreaterThan(20);
  });

  it('puts the planted secrets through every other door, then finds none of them in the logs', async () => {
    const login = await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: planted.password },
    });
    const token = login.res.json().token as string;
    // A password change (current and new password in the body), then the new token.
    const change = await call({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { name: 'Planted', email, password: planted.newPassword, currentPassword: planted.password },
    });
    expect(change.res.statusCode).toBe(200);
    // Secrets in query strings, bodies of invalid requests and a staff creation.
    await call({ method: 'GET', url: `/api/packages/search?search=${encodeURIComponent(planted.password)}` });
    await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: `{"email":"${email}","password":"${planted.password}"`,
      headers: { 'content-type': 'application/json' },
    });
    await call({ method: 'POST', url: '/api/auth/login', payload: { email: 42, password: planted.password } });
    await call({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp: planted.otp, password: planted.password },
    });
    await call({
      method: 'POST',
      url: '/api/auth/staff',
      headers: bearer(owner.token),
      payload: { name: 'Staffer', email: `s-${email}`, password: planted.password },
    });
    await call({ method: 'GET', url: `/api/profile?access_token=${planted.token}`, headers: bearer(planted.token) });

    const stored = [
      ...(await t.app.db.selectFrom('users').select('password_hash as h').execute()),
      ...(await t.app.db.selectFrom('otp_challenges').select('code_hash as h').execute()),
    ].map((r) => r.h);
    const all = t.logs.join('\n');
    figures.logLines = t.logs.length;
    expect(all.length).toBeGreaterThan(1000);
    for (const [name, value] of Object.entries(planted)) {
      expect(value.length, name).toBeGreaterThan(5);
      // Digits only for the OTP: bounded, so a timestamp that happens to contain them does not count.
      const found = name === 'otp' ? new RegExp(`(?<![0-9])${value}(?![0-9])`).test(all) : all.includes(value);
      expect(found, `the planted ${name} appears in the logs`).toBe(false);
    }
    // The token's signature alone would be enough to replay it; look for that too.
    expect(all.includes(planted.token.split('.')[2]!), 'a token signature appears in the logs').toBe(false);
    expect(all.includes(owner.token.split('.')[2]!), 'a token signature appears in the logs').toBe(false);
    for (const h of stored) expect(all.includes(h), 'a stored hash appears in the logs').toBe(false);
    expect(all).not.toMatch(/\$argon2/);
  });
});
