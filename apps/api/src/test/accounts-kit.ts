// Test kit for the account suites: the app wired to an in-process SMTP server, and a recorder of every
// response body so a suite can prove no password hash or OTP ever left the server.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTestApp, type TestApp, type TestEngine } from './helper';
import { startSmtpServer, type TestSmtpServer } from './smtp-server';

/** Known to the tests so they can forge tokens with the right and wrong secrets. */
export const TEST_JWT_SECRET = 'test-only-jwt-secret-0123456789-abcdefghij';
export const GOOD_PASSWORD = 'Travel#2024x';

export interface AccountsTestApp extends TestApp {
  smtp: TestSmtpServer;
  /**
   * app.inject that records the response body (but a PDF's) for `expectNoSecretsLeaked`, and resolves once the work
   * the answer left for later (a code mailed after it, plugins/after-answer.ts) is done, so the mail can be read.
   */
  api(options: InjectOptions): Promise<LightMyRequestResponse>;
  bodies: string[];
}

export async function createAccountsTestApp(
  engine: TestEngine,
  env: Record<string, string> = {},
): Promise<AccountsTestApp> {
  const smtp = await startSmtpServer();
  const t = await createTestApp(engine, { SMTP_URL: smtp.url, JWT_SECRET: TEST_JWT_SECRET, ...env });
  const bodies: string[] = [];
  return {
    ...t,
    smtp,
    bodies,
    async api(options) {
      const res = await t.app.inject(options);
      await t.app.afterAnswer.idle();
      // Text answers only: a PDF's cross-reference table is rows of ten-digit offsets, where any 6-digit code
      // can turn up by chance.
      if (!String(res.headers['content-type'] ?? '').startsWith('application/pdf')) bodies.push(res.body);
      return res;
    },
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

/** Registers, reads the mailed code, verifies and logs in; answers the login body. */
export async function registerVerifyLogin(
  t: AccountsTestApp,
  account: { name: string; email: string; password: string },
) {
  const reg = await t.api({ method: 'POST', url: '/api/auth/register', payload: account });
  expect(reg.statusCode, reg.body).toBe(201);
  const otp = t.smtp.latestOtp(account.email);
  const verify = await t.api({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { email: account.email, otp, password: account.password },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  const login = await t.api({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  return login.json() as { token: string; user: { _id: string; name: string; email: string; role: string } };
}

/**
 * Moves the newest code mailed to `email` `ms` into the past (its cool-down, its expiry or a pending sign-up's age
 * count from it): time travel for the code rules without waiting.
 */
export async function ageLatestCode(t: Pick<TestApp, 'app'>, email: string, ms: number) {
  const user = await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const code = await t.app.db
    .selectFrom('otp_challenges')
    .select(['id', 'created_at', 'expires_at'])
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  await t.app.db
    .updateTable('otp_challenges')
    .set({ created_at: code.created_at - ms, expires_at: code.expires_at - ms })
    .where('id', '=', code.id)
    .execute();
}

/**
 * A suite's last checks (no secret in a response, its figures recorded), then the app closed whether they pass or
 * not: a check that fails must not leave the suite's test database behind.
 */
export async function checkThenClose(t: Pick<AccountsTestApp, 'close'>, checks: () => unknown): Promise<void> {
  try {
    await checks();
  } finally {
    await t.close();
  }
}

/**
 * No recorded response carries an argon2 hash, a hash column, or any code that was mailed, as a number of its own:
 * six digits inside a longer run of letters and digits (an id's hex, a price, a timestamp) are not that code
 * (counted, they failed a suite now and then by chance, leaving its database behind).
 */
export function expectNoSecretsLeaked(t: Pick<AccountsTestApp, 'smtp' | 'bodies'>) {
  const codes = new Set<string>();
  for (const mail of t.smtp.mails) {
    for (const m of mail.raw.matchAll(/verification code is: (\d{6})/g)) codes.add(m[1]!);
  }
  expect(t.bodies.length).toBeGreaterThan(0);
  for (const body of t.bodies) {
    expect(body).not.toMatch(/\$argon2/);
    expect(body).not.toMatch(/password_hash|passwordHash|code_hash|codeHash/);
    for (const code of codes) expect(body).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`));
  }
}
