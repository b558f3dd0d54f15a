// What each role may reach (issue point 1, D1): Staff work every inquiry but not the Owner's pages; a
// Customer sees their own inquiries, read-only; nobody signed out gets past the guard.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import {
  DEMO,
  dismissToasts,
  expectStatusesInViewOnPhone,
  snapPage,
  apiToken,
  createInquiry,
  signIn,
  toast,
} from '../support/back-office';

const OWNER_ONLY = [
  '/owner-dashboard',
  '/manage-packages',
  '/create-package',
  '/manage-staff',
  '/background-images',
  '/reports',
];

test('a visitor without a session is sent to login', async ({ page }) => {
  for (const path of ['/owner-dashboard', '/all-inquiries', '/profile-update', '/customer-dashboard']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('Staff see every inquiry and their dashboard, but not the Owner pages', async ({ page }) => {
  // The newest inquiry has a name and a place without a break in them: the dashboard must still fit a phone.
  await createInquiry(page.request, 'Venkatanarasimharajuvaripeta Subrahmanyam', 'Thiruvananthapuram');
  const ownerToken = await apiToken(page.request, DEMO.owner);
  const ownerTotal = async () => {
    const all = await page.request.get('/api/inquiries', {
      params: { pageSize: 1 },
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    return Number(all.headers()['x-unfiltered-count']);
  };

  await signIn(page, DEMO.staff);
  await page.goto('/staff-dashboard');
  await expect(page.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();
  for (const action of ['Create Inquiry', 'View All Inquiries', 'View All Packages'])
    await expect(page.getByRole('link', { name: new RegExp(`^${action}`) })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recently updated inquiries' }).getByRole('row').nth(1)).toBeVisible();
  // Spec §2: the ten newest packages, each with its price and days, linking to its details.
  const latestPackages = page.getByRole('region', { name: 'Latest packages' });
  await expect(latestPackages.getByRole('listitem')).toHaveCount(10);
  await expect(latestPackages.getByRole('listitem').first()).toContainText(/₹[\d,]+ · \d+ Days?/);
  await expect(latestPackages.getByRole('link', { name: /^View details of / }).first()).toHaveAttribute(
    'href',
    /^\/packages\/[^/]+$/,
  );
  // On a phone the demo packages' names show whole, over two lines where needed (one line cut them short).
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const cut = await latestPackages.locator('li p:first-child').evaluateAll((titles) =>
    titles
      .filter((t) => !t.textContent!.startsWith('E2E '))
      .filter((t) => t.scrollHeight > t.clientHeight + 1 || t.scrollWidth > t.clientWidth + 1)
      .map((t) => t.textContent),
  );
  expect(cut, 'package names cut short at 390 px').toEqual([]);
  await page.setViewportSize(desktop);
  // The back office is the agency's own: no floating WhatsApp button over its tables.
  await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveCount(0);
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'staff-dashboard');
  await expectStatusesInViewOnPhone(
    page,
    page.locator('div[role="region"][aria-label="Recently updated inquiries table"]'),
  );

  await page.getByRole('link', { name: /^View All Inquiries/ }).click();
  await expect(page).toHaveURL(/\/all-inquiries$/);
  // The Staff count every inquiry, as the Owner does. Other test files write inquiries meanwhile, so a count
  // that moved between the page and the API's answer is read again.
  const counts = page.getByTestId('inquiry-counts');
  await expect(async () => {
    const shown = await counts.textContent();
    const expected = `${new Intl.NumberFormat('en-IN').format(await ownerTotal())} total`;
    if (!shown?.startsWith(expected)) await page.reload();
    expect(shown).toContain(expected);
  }).toPass({ timeout: 15_000 });

  // Staff may edit an inquiry, and browse the public package pages.
  await page
    .getByRole('link', { name: /^Edit inquiry from/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Inquiry' })).toBeVisible();
  await page.goto('/packages');
  await expect(page).toHaveURL(/\/packages$/);

  for (const path of OWNER_ONLY) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/staff-dashboard$/);
    await expect(toast(page, 'You do not have access to that page.')).toBeVisible();
  }
});

test('a Customer sees only their own inquiries, read-only, and can send a new one', async ({ page }) => {
  const token = await signIn(page, DEMO.customer);
  const own = (await (
    await page.request.get('/api/inquiries', {
      headers: { Authorization: `Bearer ${token}` },
      params: { pageSize: 200 },
    })
  ).json()) as { _id: string; customer: { email: string } }[];
  expect(own.length).toBeGreaterThan(0);
  expect(own.every((i) => i.customer.email === DEMO.customer.email)).toBe(true);
  // Their side only (D24): the agency's costs, revenue, profit and the staff member's e-mail never reach them.
  for (const answer of own) {
    for (const field of ['hotelCost', 'cabCost', 'totalRevenue', 'profit']) expect(answer).not.toHaveProperty(field);
    expect(JSON.stringify((answer as { staff?: unknown }).staff ?? null)).not.toContain('@');
  }

  await page.goto('/customer-dashboard');
  await expect(page.getByRole('heading', { name: 'My Inquiries' })).toBeVisible();
  const table = page.getByRole('region', { name: 'My inquiries' });
  await expect(table.getByRole('row')).toHaveCount(Math.min(own.length, 10) + 1);
  // No Edit anywhere, only View.
  await expect(table.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'customer-dashboard');
  await expectStatusesInViewOnPhone(page, table);

  await table
    .getByRole('link', { name: /^View inquiry/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/inquiries\/view\//);
  await expect(page.getByRole('heading', { name: 'Inquiry Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Status history' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByText('Profit')).toHaveCount(0);
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'view-inquiry-customer');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);

  // Someone else's inquiry is simply not found (D5).
  const ownerToken = await apiToken(page.request, DEMO.owner);
  const others = (await (
    await page.request.get('/api/inquiries', {
      headers: { Authorization: `Bearer ${ownerToken}` },
      params: { pageSize: 200 },
    })
  ).json()) as { _id: string; customer: { email: string } }[];
  const foreign = others.find((i) => i.customer.email !== DEMO.customer.email)!;
  await page.goto(`/inquiries/view/${foreign._id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch inquiry details' })).toBeVisible();

  for (const path of ['/all-inquiries', `/inquiries/edit/${own[0]!._id}`, '/staff-dashboard', ...OWNER_ONLY]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/customer-dashboard$/);
  }
  await expect(toast(page, 'You do not have access to that page.')).toBeVisible();

  // The logged-in inquiry form comes prefilled with the profile.
  await page.goto('/create-inquiry');
  await expect(page.getByLabel(/^Full name/)).toHaveValue(DEMO.customer.name);
  await expect(page.getByLabel(/^Email/)).toHaveValue(DEMO.customer.email);
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'create-inquiry');
  await page.getByRole('button', { name: 'Create Inquiry' }).click();
  await expect(page.getByText('Whatsapp number is required')).toBeVisible();
  await page.getByLabel(/^WhatsApp number/).fill('+91 98200 55555');
  // A destination of this run only, so a repeated run (or a retry) finds exactly its own inquiry.
  const destination = `Hampi ${Date.now()}`;
  await page.getByLabel(/^Location/).fill(destination);
  await page.getByLabel(/^Number of adults/).fill('2');
  await page.getByLabel(/^Budget/).fill('40000');
  const alerts: string[] = [];
  page.once('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  await page.getByRole('button', { name: 'Create Inquiry' }).click();
  await expect.poll(() => alerts).toEqual(['New Inquiry Created!']);
  // The form resets to the prefilled profile.
  await expect(page.getByLabel(/^Location/)).toHaveValue('');
  await expect(page.getByLabel(/^Full name/)).toHaveValue(DEMO.customer.name);
  await page.goto('/customer-dashboard');
  await expect(page.getByRole('region', { name: 'My inquiries' }).getByText(destination)).toBeVisible();
});
