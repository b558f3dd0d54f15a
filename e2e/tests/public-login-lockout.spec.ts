// D19 in the browser: once strangers have spent an account's failed-login budget, its owner still logs in with the
// right password and a code mailed to the account, on the login page. The shared e2e server's limits are raised for
// the other specs (RATE_LIMIT_FACTOR 50: 5,000 failures an account), so this spec starts a server of its own with
// the real figures scaled down (10 an account, 2 a client: the code's request must follow the password's, which past
// the budget counts as failed too) and trusting X-Forwarded-For, so the attacker's requests come from
// addresses other than the browser's. It listens on a port the system picks, so parallel runs cannot collide.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { E2E_DIR, E2E_SMTP_PORT } from '../support/env';
import { mailCount, waitForOtp } from '../support/mailbox';
import { expectNoSeriousA11yViolations } from '../support/a11y';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: ChildProcess | undefined;
let base = '';

test.beforeAll(async () => {
  const dataDir = path.join(E2E_DIR, `lockout-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      RATE_LIMIT_FACTOR: '0.1',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the lockout server did not start')), 60_000);
    server!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    server!.once('exit', (code) => reject(new Error(`the lockout server exited (${code})`)));
  });
  // Keep reading its log so the pipe never fills up.
  server.stdout!.resume();
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((r) => server!.once('exit', r));
});

test('strangers spending the failed-login budget cannot lock the owner out: a mailed code lets them in', async ({
  page,
  request,
}) => {
  const email = `lockout-${Date.now()}@example.com`;
  const password = 'Journey@2025';
  let before = mailCount(email);
  const reg = await request.post(`${base}/api/auth/register`, { data: { name: 'Locked Owner', email, password } });
  expect(reg.status()).toBe(201);
  const signup = await waitForOtp(email, before);
  expect((await request.post(`${base}/api/auth/verify-otp`, { data: { email, otp: signup, password } })).status()).toBe(
    200,
  );

  // The attacker: wrong passwords from many addresses until the account's budget is spent.
  let refused = 0;
  for (let i = 1; refused === 0 && i <= 20; i++) {
    const res = await request.post(`${base}/api/auth/login`, {
      data: { email, password: `Wrong#Guess${i}` },
      headers: { 'X-Forwarded-For': `198.51.100.${i}` },
    });
    // Past the budget every password is asked for a code, so the attacker cannot tell the right one (D19).
    if (res.status() === 403) refused++;
    else expect(res.status()).toBe(401);
  }
  expect(refused, 'the budget was spent').toBe(1);

  // The owner, in the browser, from their own address.
  before = mailCount(email);
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your login code' })).toBeVisible();
  await expect(page.getByText('There were many failed login attempts on this account')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  const code = await waitForOtp(email, before);

  await page.getByLabel('Verification code (OTP)').fill(code);
  await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Inquiries' })).toBeVisible();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
});
