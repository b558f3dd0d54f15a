// Signing in for back-office and customer e2e tests: the seeded demo logins (apps/api/src/seed/demo-accounts.ts)
// and a token placed in the browser the way the login page stores it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './env';
import { snap } from './screenshots';

/**
 * A demo account's password, generated for the e2e server's data folder when it seeded (D24) and kept in its
 * demo-logins.txt ("role e-mail password" a line). Read when a test asks: test files load before the server starts.
 */
function demoPassword(email: string): string {
  const file = path.join(E2E_DATA_DIR, 'demo-logins.txt');
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((fields) => fields[1] === email);
  if (!line?.[2]) throw new Error(`${email} is not in ${file}`);
  return line[2];
}

const demoLogin = (email: string, name: string) => ({
  email,
  name,
  get password() {
    return demoPassword(email);
  },
});

export const DEMO = {
  owner: demoLogin('owner@safarnama.example', 'Aarav Mehta'),
  staff: demoLogin('staff@safarnama.example', 'Priya Nair'),
  customer: demoLogin('customer@safarnama.example', 'Ananya Iyer'),
} as const;

export interface Login {
  email: string;
  password: string;
}

export async function apiToken(request: APIRequestContext, login: Login): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: login.email, password: login.password } });
  expect(res.ok(), `login of ${login.email}: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

/** An inquiry the Owner records through the API (to Zanskar unless `location` says otherwise). */
export async function createInquiry(request: APIRequestContext, name: string, location = 'Zanskar') {
  const token = await apiToken(request, DEMO.owner);
  const res = await request.post('/api/inquiries/createLoggedIn', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@e2e.example`,
      whatsappNumber: '+91 98100 12345',
      location,
      travelingFrom: 'Mumbai',
      noOfAdults: 2,
      budget: 90000,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { _id: string };
}

/**
 * Signs the page in: the token goes to localStorage before the app's first script runs (once per tab,
 * so a later logout in the test sticks).
 */
export async function signIn(page: Page, login: Login) {
  const token = await apiToken(page.request, login);
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('token', t);
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, token);
  return token;
}

/** A new Staff account made by the Owner through the API (unique per call). */
export async function createStaffAccount(request: APIRequestContext, label: string) {
  const ownerToken = await apiToken(request, DEMO.owner);
  const unique = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const login = { name: `E2E ${label}`, email: `${unique}@e2e.example`, password: 'E2e!Passw0rd' };
  const res = await request.post('/api/auth/staff', {
    data: login,
    headers: { Authorization: `Bearer ${ownerToken}` },
  });
  expect(res.status()).toBe(201);
  return { ...login, id: ((await res.json()) as { _id: string })._id };
}

/** The toast (react-toastify) with this text. */
export const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

/** Screenshots at both widths (support/screenshots.ts), then checks the page does not scroll sideways on a phone. */
export async function snapPage(page: Page, name: string) {
  await snap(page, name);
  const original = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(390);
  if (original) await page.setViewportSize(original);
}

/**
 * At phone width (390 px), every field of the read-only inquiry view has its value on its label's line (top
 * aligned), not under it; from `sm` up the label sits above the value.
 */
export async function expectLabelsBesideValuesOnPhone(page: Page) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const fields = page.locator('main dl > div');
  expect(await fields.count(), 'fields shown').toBeGreaterThan(10);
  const tops = await fields.evaluateAll((divs) =>
    divs.map((div) => {
      const top = (selector: string) => div.querySelector(selector)!.getBoundingClientRect().top;
      return { label: div.querySelector('dt')!.textContent, dt: top('dt'), dd: top('dd') };
    }),
  );
  for (const { label, dt, dd } of tops) expect(Math.abs(dd - dt), `${label}: value beside its label`).toBeLessThan(6);
  if (original) await page.setViewportSize(original);
}

/**
 * At phone width (390 px), a dashboard's inquiry table fits without scrolling sideways and every row shows its
 * status, in view (the other columns, the status too, fold under the first), and each name on at most two lines.
 */
export async function expectStatusesInViewOnPhone(page: Page, table: Locator) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth), 'the table scrolls sideways').toBe(0);
  const box = await table.boundingBox();
  const rows = await table.locator('tbody tr').count();
  expect(rows, 'rows in the table').toBeGreaterThan(0);
  // The table also holds each status in its own column, hidden on a phone: the shown ones, one a row.
  const statuses = await table.locator('tbody [data-status]:visible').all();
  expect(statuses.length, 'statuses shown').toBe(rows);
  const lines = await table
    .locator('tbody tr td:first-child > span:first-child')
    .evaluateAll((names) =>
      names.map((n) => Math.round(n.getBoundingClientRect().height / parseFloat(getComputedStyle(n).lineHeight))),
    );
  expect(Math.max(...lines), 'lines of the longest name').toBeLessThanOrEqual(2);
  for (const status of statuses) {
    const cell = await status.boundingBox();
    expect(cell, 'a status badge is laid out').not.toBeNull();
    expect(cell!.x + cell!.width, 'a status badge ends inside the table').toBeLessThanOrEqual(box!.x + box!.width);
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Dismisses open toasts (they close on click) and waits until they are gone, so an axe check does not
 * measure a toast half-way through its entry animation.
 */
export async function dismissToasts(page: Page) {
  const toasts = page.locator('.Toastify__toast');
  for (const t of await toasts.all()) await t.click({ timeout: 2000 }).catch(() => undefined);
  await expect(toasts).toHaveCount(0, { timeout: 8000 });
}
