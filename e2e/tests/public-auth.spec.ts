// /login and /register (spec §2, spec §4, spec §5, spec §8): validation, server messages and fallbacks, redirect by role,
// register → OTP from the mail → toast → login; the session and nav of each state; toasts.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { DEMO as demo, createStaffAccount } from '../support/back-office';
import { mailCount, waitForMail, waitForOtp } from '../support/mailbox';
import { snap } from '../support/screenshots';

const DEMO = { Owner: demo.owner, Staff: demo.staff, Customer: demo.customer } as const;
const DASHBOARD = { Owner: '/owner-dashboard', Staff: '/staff-dashboard', Customer: '/customer-dashboard' } as const;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password(?! requirements)/).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
}

test('login requires email and password, and shows the server message or Login failed', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await login(page, DEMO.Customer.email, 'Wrong@12345');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

  await page.route('**/api/auth/login', (route) => route.abort());
  await login(page, DEMO.Customer.email, DEMO.Customer.password);
  await expect(page.getByRole('alert')).toHaveText('Login failed');
  await page.unroute('**/api/auth/login');
  await page.reload();
  await snap(page, 'login');
});

for (const role of ['Owner', 'Staff', 'Customer'] as const) {
  test(`a ${role} lands on the ${role} dashboard, with the signed-in nav`, async ({ page }) => {
    await page.goto('/login');
    await login(page, DEMO[role].email, DEMO[role].password);
    await expect(page).toHaveURL(new RegExp(`${DASHBOARD[role]}$`));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await expect(nav(page).getByRole('link', { name: 'All Packages' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Update Profile' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', DASHBOARD[role]);
    await expect(nav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Register' })).toHaveCount(0);
    // The session survives a reload. (Logout is tested on an account of its own below: it revokes every token
    // of the account, and the back-office tests in the other worker hold tokens of these demo accounts.)
    await page.reload();
    await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  });
}

test('logout ends the session in this browser and on the server', async ({ page }) => {
  const staff = await createStaffAccount(page.request, 'logout');
  await page.goto('/login');
  await login(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/staff-dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await nav(page).getByRole('button', { name: 'Logout' }).click();
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Logout' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const refused = await page.request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
});

test('after login a user returns to the guarded page that sent them, when their role may open it', async ({ page }) => {
  const staff = await createStaffAccount(page.request, 'return-to');
  await page.goto('/all-inquiries');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('main').getByText('Authentication required. Please log in.')).toBeVisible();
  await login(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/all-inquiries$/);

  await nav(page).getByRole('button', { name: 'Logout' }).click();
  // Logout first asks the device's offline queue whether anything waits (D34): the session ends a moment later.
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/all-inquiries');
  await login(page, DEMO.Customer.email, DEMO.Customer.password);
  await expect(page).toHaveURL(/\/customer-dashboard$/);
});

test('after Logout on a guarded page the next login, by anyone, lands on their own dashboard', async ({ page }) => {
  const staff = await createStaffAccount(page.request, 'logout-lands');
  const other = await createStaffAccount(page.request, 'logout-next');
  await page.goto('/all-inquiries');
  await login(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/all-inquiries$/);

  // Logging out on the guarded page is not being stopped by the guard: home, and no way back for the next user.
  await nav(page).getByRole('button', { name: 'Logout' }).click();
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await nav(page).getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(page.getByText('Authentication required. Please log in.')).toHaveCount(0);
  await login(page, DEMO.Customer.email, DEMO.Customer.password);
  await expect(page.getByRole('heading', { level: 1, name: 'My Inquiries' })).toBeVisible();
  await expect(page).toHaveURL(/\/customer-dashboard$/);

  // The same for another Staff member after a Logout on their dashboard's inquiry list.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/all-inquiries');
  await login(page, other.email, other.password);
  await expect(page).toHaveURL(/\/all-inquiries$/);
  await nav(page).getByRole('button', { name: 'Logout' }).click();
  await nav(page).getByRole('link', { name: 'Login' }).click();
  await login(page, staff.email, staff.password);
  await expect(page.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/staff-dashboard$/);
});

test('an unverified account finishes its sign-up on the login page and lands on its dashboard', async ({ page }) => {
  const email = `late-verify-${Date.now()}@example.com`;
  const password = 'Journey@2025';
  const before = mailCount(email);
  const reg = await page.request.post('/api/auth/register', { data: { name: 'Late Verifier', email, password } });
  expect(reg.status()).toBe(201);
  const code = await waitForOtp(email, before);

  await page.goto('/login');
  await login(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  const otp = page.getByLabel('Verification code (OTP)');
  await expect(otp).toHaveAttribute('autocomplete', 'one-time-code');
  // No code was sent by this page, so Resend is ready at once.
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'login-verify');

  await otp.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is incorrect. Please check it and try again.');
  await otp.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Inquiries' })).toBeVisible();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('forgot password: a code by mail, a new password with the checklist, then logged in (D22)', async ({ page }) => {
  const staff = await createStaffAccount(page.request, 'forgot');
  const oldToken = await page.request.post('/api/auth/login', {
    data: { email: staff.email, password: staff.password },
  });
  const { token } = (await oldToken.json()) as { token: string };

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'forgot-password');

  const before = mailCount(staff.email);
  await page.getByLabel('Email').fill(staff.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`If ${staff.email} belongs to an account, we sent it a code.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  const code = await waitForOtp(staff.email, before);

  await page.getByLabel('Verification code (OTP)').fill(code);
  const newPassword = page.getByLabel(/^New password/);
  await newPassword.fill('short');
  const rules = page.getByRole('list', { name: 'Password requirements' });
  await expect(rules.locator('[data-met="false"]')).not.toHaveCount(0);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Please meet all password requirements')).toBeVisible();
  await newPassword.fill('Reset#Pass2026');
  await expect(rules.locator('[data-met="false"]')).toHaveCount(0);
  await page.getByLabel(/^Confirm new password/).fill('Reset#Pass2026');
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'forgot-password-code');
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/staff-dashboard$/);
  // Earlier tokens are revoked, the old password is gone, the new one works.
  const refused = await page.request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
  const oldLogin = await page.request.post('/api/auth/login', {
    data: { email: staff.email, password: staff.password },
  });
  expect(oldLogin.status()).toBe(401);
  const newLogin = await page.request.post('/api/auth/login', {
    data: { email: staff.email, password: 'Reset#Pass2026' },
  });
  expect(newLogin.status()).toBe(200);
});

test('an undecodable token logs out; a token the server refuses logs out with a message (toast top-right, 5 s)', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('token', 'garbage'));
  await page.reload();
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Well-formed, unexpired, but not signed by the server.
  const forged = await page.evaluate(() => {
    const enc = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const now = Math.floor(Date.now() / 1000);
    return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub: 'x', role: 'Customer', name: 'X', iat: now, exp: now + 3600 })}.c2ln`;
  });
  await page.evaluate((t) => localStorage.setItem('token', t), forged);
  // The toast's life is timed in the page, from when it enters the document to when it leaves: timed by the test,
  // its start is whenever a busy machine lets the test look, seconds late (CI saw 1 s and 2 s of the 5).
  await page.addInitScript(() => {
    const life: { shown?: number; gone?: number } = {};
    Object.assign(window, { toastLife: life });
    new MutationObserver(() => {
      const present = document.querySelector('.Toastify__toast') !== null;
      if (present) life.shown ??= performance.now();
      else if (life.shown !== undefined) life.gone ??= performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/customer-dashboard');
  const toast = page.locator('.Toastify__toast-container--top-right .Toastify__toast');
  await expect(toast).toContainText('Your session has expired. Please log in again.');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(toast).toHaveCount(0, { timeout: 10_000 });
  const life = await page.evaluate(
    () => (window as unknown as { toastLife: { shown: number; gone: number } }).toastLife,
  );
  expect(life.gone - life.shown).toBeGreaterThanOrEqual(5000);
});

test('register → OTP from the mail → toast → login → customer dashboard', async ({ page }) => {
  const email = `traveller-${Date.now()}@example.com`;
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('A valid email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Full name').fill('Kabir Sethi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password(?! requirements)/).fill('weakpass');
  const rules = page.getByRole('list', { name: 'Password requirements' });
  await expect(rules.locator('[data-met="true"]')).toHaveCount(2);
  await page.getByRole('main').getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Please meet all password requirements')).toBeVisible();
  await page.getByLabel(/^Password(?! requirements)/).fill('Journey@2025');
  await expect(rules.locator('[data-met="false"]')).toHaveCount(0);
  await snap(page, 'register');
  const before = mailCount(email);
  await page.getByRole('main').getByRole('button', { name: 'Register' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  const otp = page.getByLabel('Verification code (OTP)');
  await expect(otp).toHaveAttribute('maxlength', '6');
  await expect(otp).toHaveAttribute('inputmode', 'numeric');
  await expect(otp).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'register-otp');

  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('OTP is required')).toBeVisible();
  await otp.fill('1234567');
  await expect(otp).toHaveValue('123456');
  const code = await waitForOtp(email, before);
  await otp.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is incorrect. Please check it and try again.');

  await otp.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  const toast = page.locator('.Toastify__toast-container--top-right .Toastify__toast');
  await expect(toast).toContainText('Registration successful, please Login to continue');
  await expect(page).toHaveURL(/\/$/);
  // Set to close after 3 s, not the container's 5 s: the countdown bar runs for exactly that long. (Timing the
  // close with a wall clock failed CI by 120 ms on a loaded machine.)
  await expect(toast.locator('.Toastify__progress-bar')).toHaveCSS('animation-duration', '3s');
  await expect(toast).toHaveCount(0, { timeout: 8000 });

  await nav(page).getByRole('link', { name: 'Login' }).click();
  await login(page, email, 'Journey@2025');
  await expect(page).toHaveURL(/\/customer-dashboard$/);
});

test('register and OTP fall back to their own messages when the server cannot be reached; resend has a cool-down', async ({
  page,
}) => {
  await page.clock.install();
  const email = `resend-${Date.now()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Isha Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password(?! requirements)/).fill('Journey@2025');
  await page.route('**/api/auth/register', (route) => route.abort());
  await page.getByRole('main').getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('Registration failed');
  await page.unroute('**/api/auth/register');
  await page.getByRole('main').getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();

  await page.route('**/api/auth/verify-otp', (route) => route.abort());
  await page.getByLabel('Verification code (OTP)').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('OTP verification failed');

  // The button waits out the cool-down. The server keeps its own: within it, it sends no second code, and answers as
  // it answers any address (an unknown one has no cool-down to tell of).
  const resend = page.getByRole('button', { name: /^Resend code/ });
  await expect(resend).toBeDisabled();
  await page.clock.fastForward(61_000);
  await expect(resend).toHaveText('Resend code');
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(page.getByRole('status')).toHaveText('A verification code has been sent to your email.');
  await expect(resend).toBeDisabled();
});

test('someone who has an account and registers again is told to check their inbox, where a mail says to log in', async ({
  page,
}) => {
  const staff = await createStaffAccount(page.request, 'registers-again');
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Second Try');
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel(/^Password(?! requirements)/).fill('Journey@2025');
  await page.getByRole('main').getByRole('button', { name: 'Register' }).click();

  // The page reads as for any sign-up, and says what the mail holds when the address has an account.
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(`Check your inbox at ${staff.email}`)).toBeVisible();
  await expect(
    page.getByText('If this address already has an account, the email tells you how to log in instead.'),
  ).toBeVisible();
  const notice = await waitForMail(staff.email, 'already has one');
  expect(notice).toContain('/login');
  expect(notice).toContain('/forgot-password');
  expect(notice).not.toContain('verification code is');

  // The account is as it was: its own password logs in.
  await page.goto('/login');
  await login(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/staff-dashboard$/);
});
