// The Owner's inquiry pipeline: dashboard stats, the server-side table (sort, filter, search, paging in the
// URL), editing status, handler and money with live figures, the history, and deleting.
import { expect, test, type Locator } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import {
  DEMO,
  createInquiry,
  createStaffAccount,
  dismissToasts,
  expectLabelsBesideValuesOnPhone,
  expectStatusesInViewOnPhone,
  snapPage,
  signIn,
  toast,
} from '../support/back-office';

test('the Owner dashboard shows the stats, actions and the latest inquiries and packages', async ({ page }) => {
  await signIn(page, DEMO.owner);
  // The figures the page itself was answered: other specs create inquiries meanwhile, so a read of its own could
  // count one more than the page shows.
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/dashboard/stats' && r.ok());
  await page.goto('/owner-dashboard');
  const stats = (await (await answered).json()) as Record<string, number>;
  await expect(page.getByRole('heading', { name: 'Owner Dashboard' })).toBeVisible();
  for (const [label, key] of [
    ['Total packages', 'totalPackages'],
    ['Active inquiries', 'activeInquiries'],
    ['Pending inquiries', 'pendingInquiries'],
    ['Created this month', 'inquiriesThisMonth'],
  ] as const) {
    const card = page.locator('.card').filter({ hasText: label });
    await expect(card).toContainText(new Intl.NumberFormat('en-IN').format(stats[key]!));
  }
  for (const action of [
    'Create Package',
    'Create Inquiry',
    'Manage Staff',
    'Manage Packages',
    'View All Inquiries',
    'Manage Background Images',
  ]) {
    await expect(page.getByRole('link', { name: new RegExp(`^${action}`) })).toBeVisible();
  }
  const latest = page.getByRole('region', { name: 'Latest inquiries table' });
  const rows = latest.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(11);
  // The table fits the screen, so it is no tab stop of its own.
  await expect(latest).not.toHaveAttribute('tabindex');
  await expect(latest.getByRole('link', { name: /^Edit inquiry from/ }).first()).toHaveAttribute(
    'href',
    /^\/inquiries\/edit\//,
  );
  const packages = page.getByRole('link', { name: /^Edit / }).filter({ hasNot: page.locator('table') });
  expect(await packages.count()).toBeGreaterThan(0);
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'owner-dashboard');
});

/**
 * The table's rows come sorted by customer name. The URL changes before the new page arrives (the old rows stay,
 * dimmed, meanwhile), so this waits for the rows.
 */
async function expectCustomersSorted(table: Locator, order: 'asc' | 'desc') {
  const firstColumn = table.locator('tbody tr td:first-child');
  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  await expect
    .poll(async () => {
      const names = await firstColumn.allTextContents();
      const sorted = [...names].sort((a, b) => (order === 'asc' ? byName(a, b) : byName(b, a)));
      return names.length > 1 && names.join('|') === sorted.join('|');
    })
    .toBe(true);
}

test('the inquiries table sorts, filters, searches and pages through the server, in the URL', async ({ page }) => {
  await signIn(page, DEMO.owner);
  await page.goto('/all-inquiries');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByTestId('inquiry-counts')).toContainText('total');
  await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');

  // Sort by customer, ascending then descending.
  await page.getByRole('button', { name: 'Customer', exact: true }).click();
  await expect(page).toHaveURL(/sort=customer&order=asc/);
  await expect(page.getByRole('columnheader', { name: /Customer/ })).toHaveAttribute('aria-sort', 'ascending');
  await expectCustomersSorted(table, 'asc');

  // Filter by a status button (built from GET /api/inquiries/statuses); clicking again clears it.
  const filters = page.getByRole('group', { name: 'Filter by status' });
  const booked = filters.getByRole('button', { name: /^Booked/ });
  await booked.click();
  await expect(page).toHaveURL(/status=Booked/);
  await expect(booked).toHaveAttribute('aria-pressed', 'true');
  await expect(table.locator('tbody tr')).not.toHaveCount(0);
  await expect(table.locator('tbody [data-status]:not([data-status="booked"])')).toHaveCount(0);

  // The state survives a reload.
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name: /^Booked/ }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page
    .getByRole('group', { name: 'Filter by status' })
    .getByRole('button', { name: /^Booked/ })
    .click();
  await expect(page).not.toHaveURL(/status=/);

  // Debounced search.
  await page.getByLabel('Search inquiries').fill('Kerala');
  await expect(page).toHaveURL(/q=Kerala/);
  await expect(table.locator('tbody tr').first()).toContainText('Kerala');
  await page.getByLabel('Search inquiries').fill('no-such-inquiry-xyz');
  await expect(page.getByText('No Inquiry found')).toBeVisible();
  await page.getByLabel('Search inquiries').fill('');
  await expect(page).not.toHaveURL(/q=/);
  await expect(table.locator('tbody tr').first()).toBeVisible();

  // Fewer rows a page (the demo holds 40 and more), then the default again.
  const rowsPerPage = page.getByRole('navigation', { name: 'Pagination' }).getByLabel('Rows per page');
  await rowsPerPage.selectOption('20');
  await expect(page).toHaveURL(/pageSize=20/);
  await expect(table.locator('tbody tr')).toHaveCount(20);
  await rowsPerPage.selectOption('50');
  await expect(page).not.toHaveURL(/pageSize=/);
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'all-inquiries');

  // On a phone each row is a card with every column in view, and a menu sorts in place of the headers.
  await expectStatusesInViewOnPhone(page, table);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('columnheader', { name: /Customer/ })).toBeHidden();
  await page.getByLabel('Sort by').selectOption({ label: 'Customer, Z to A' });
  await expect(page).toHaveURL(/sort=customer&order=desc/);
  await expectCustomersSorted(table, 'desc');

  // A card of long unbroken words (its address too) still fits, each field in view.
  const long = `Venkatanarasimharajuvaripeta Subrahmanyam ${Date.now()}`;
  await createInquiry(page.request, long, 'Thiruvananthapuram');
  await page.getByLabel('Search inquiries').fill(long);
  const card = table.locator('tbody tr');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Thiruvananthapuram');
  for (const label of ['Email', 'Contact', 'Staff', 'Destination', 'Created', 'Updated']) {
    const field = card.locator(`td[data-label="${label}"]`);
    await expect(field).toBeVisible();
    expect(await field.evaluate((el) => el.scrollWidth - el.clientWidth), `${label} overflows`).toBe(0);
    const fieldBox = await field.boundingBox();
    expect(fieldBox!.x + fieldBox!.width, `${label} ends inside the card`).toBeLessThanOrEqual(390);
  }
  await expectStatusesInViewOnPhone(page, table);
  await expect(card.getByRole('link', { name: /^Edit inquiry from / })).toBeVisible();
  // The cards do not scroll sideways, so the region around them is no tab stop.
  const region = page.getByRole('region', { name: 'Inquiries table' });
  await expect(region).not.toHaveAttribute('tabindex');

  // On a laptop its long words break too, rather than push Created and Updated out of sight.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth), 'the table scrolls sideways').toBe(0);
  await expect(page.getByRole('columnheader', { name: /Updated/ })).toBeInViewport();
  await expect(region).not.toHaveAttribute('tabindex');
  // Where the table is wider than the screen, keyboard users can focus it to scroll it.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(region).toHaveAttribute('tabindex', '0');
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test('past a capped search count the pager says so and pages on while full pages come back', async ({ page }) => {
  await signIn(page, DEMO.owner);
  // The server caps a search's count at 1,000; the demo holds fewer, so the cap is put on its real answers here.
  const rowsOnPage = new Map<string, number>();
  await page.route(/\/api\/inquiries\?/, async (route) => {
    const response = await route.fetch();
    const rows = ((await response.json()) as unknown[]).length;
    rowsOnPage.set(new URL(route.request().url()).searchParams.get('page') ?? '1', rows);
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'x-total-count': '20', 'x-total-count-capped': 'true' },
    });
  });
  await page.goto('/all-inquiries?pageSize=20');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText('Page 1 · 20+ inquiries');
  const next = pager.getByRole('button', { name: 'Next' });
  // Page 1 holds 20 rows: there may be more, though the count said 20.
  await expect(next).toBeEnabled();
  await next.click();
  await expect(pager).toContainText('Page 2 · 20+ inquiries');
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
  // Next stays while the page came back full, and goes once one came back short.
  // Other specs write inquiries meanwhile, so page 2 may be fetched again: Next follows its newest answer.
  await expect.poll(async () => (await next.isEnabled()) === (rowsOnPage.get('2') === 20)).toBe(true);
  await expect(pager).not.toContainText(' of ');
});

test('the Owner edits an inquiry: status, handler and money, with the history recorded', async ({ page }) => {
  const name = `E2E Edit ${Date.now()}`;
  const { _id: id } = await createInquiry(page.request, name);
  await signIn(page, DEMO.owner);
  await page.goto(`/inquiries/edit/${id}`);
  await expect(page.getByRole('heading', { name: 'Edit Inquiry' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);

  // The handler list: staff and the signed-in Owner.
  const handler = page.getByLabel('Handled by');
  await expect(handler.getByRole('option', { name: `${DEMO.owner.name} (Owner)` })).toHaveCount(1);
  await expect(handler.getByRole('option', { name: DEMO.staff.name })).toHaveCount(1);
  await handler.selectOption({ label: DEMO.staff.name });
  await expect(page.getByLabel('Inquiry status').getByRole('option')).toHaveCount(8);
  await page.getByLabel('Inquiry status').selectOption('Advance Received');

  // Pending amount and profit follow the figures as they are typed.
  await page.getByLabel('Total package cost (₹)').fill('80000');
  await page.getByLabel('Advance received (₹)').fill('32000');
  await expect(page.getByTestId('pending-amount')).toHaveText('₹48,000');
  await page.getByLabel('Total revenue (₹)').fill('80000');
  await page.getByLabel('Hotel cost (₹)').fill('50000');
  await page.getByLabel('Cab cost (₹)').fill('35000');
  await expect(page.getByTestId('profit')).toHaveText('-₹5,000');
  await expect(page.locator('[data-testid="profit"] [data-sign]')).toHaveAttribute('data-sign', 'negative');
  await page.getByLabel('Cab cost (₹)').fill('10000');
  await expect(page.getByTestId('profit')).toHaveText('₹20,000');
  await expect(page.locator('[data-testid="profit"] [data-sign]')).toHaveAttribute('data-sign', 'positive');
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'edit-inquiry');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Inquiry updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/all-inquiries$/);

  // The read-only view shows the saved values and who changed what.
  await page.goto(`/inquiries/view/${id}`);
  await expect(page.getByRole('heading', { name: 'Inquiry Details' })).toBeVisible();
  await expect(page.locator('[data-status="advance-received"]')).toBeVisible();
  await expect(page.getByText(DEMO.staff.name).first()).toBeVisible();
  const history = page
    .getByRole('region', { name: 'History' })
    .or(page.locator('section', { has: page.getByRole('heading', { name: 'History' }) }));
  await expect(history.getByText(`${DEMO.owner.name} changed the status from New to Advance Received`)).toBeVisible();
  await expect(history.getByText(`${DEMO.owner.name} assigned it to ${DEMO.staff.name}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'view-inquiry');
  await expectLabelsBesideValuesOnPhone(page);

  // Cancel returns to the list without saving.
  await page.goto(`/inquiries/edit/${id}`);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/all-inquiries$/);
});

test('changes not saved when the session ended are back after signing in again, and forgotten once saved', async ({
  page,
}) => {
  // A Staff account of its own: signing out revokes every token of the account, other tests' too.
  const staff = await createStaffAccount(page.request, 'draft');
  const { _id: id } = await createInquiry(page.request, `E2E Draft ${Date.now()}`);
  const token = await signIn(page, staff);
  await page.goto(`/inquiries/edit/${id}`);
  await page.getByLabel('Inquiry status').selectOption('Follow Up');
  await page.getByLabel('Total package cost (₹)').fill('64000');
  await page.getByLabel('Extra information').fill('Wants a houseboat night; call after 6 pm.');

  // The page's panels have read what they show: a read still in flight at the sign-out would be refused and end
  // the session before Save does, on a busy machine.
  await expect(page.getByRole('button', { name: 'Start quotation' })).toBeVisible();
  await expect(page.getByText('There is no payment schedule yet')).toBeVisible();
  // And the rest of its reads (the workbench, the history, lazy parts): none may be refused before Save is.
  await page.waitForLoadState('networkidle');

  // The session ends elsewhere (signed out on another device): Save is refused and the login page opens.
  const out = await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(out.ok()).toBeTruthy();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Your session has expired. Please log in again.')).toBeVisible();
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Login' }).click();

  // Back on the same inquiry with the changes, said so, and saved this time.
  await expect(page).toHaveURL(new RegExp(`/inquiries/edit/${id}$`));
  await expect(page.getByText('We kept what you had entered here and not yet sent.')).toBeVisible();
  await expect(page.getByLabel('Inquiry status')).toHaveValue('Follow Up');
  await expect(page.getByLabel('Total package cost (₹)')).toHaveValue('64000');
  await expect(page.getByLabel('Extra information')).toHaveValue('Wants a houseboat night; call after 6 pm.');
  await dismissToasts(page);
  await snapPage(page, 'edit-inquiry-restored');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Inquiry updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/all-inquiries$/);

  await page.goto(`/inquiries/edit/${id}`);
  await expect(page.getByLabel('Inquiry status')).toHaveValue('Follow Up');
  await expect(page.getByText('We kept what you had entered here and not yet sent.')).toHaveCount(0);
});

test('an unknown inquiry id goes back to the list with the spec message', async ({ page }) => {
  await signIn(page, DEMO.owner);
  await page.goto('/inquiries/edit/00000000-0000-7000-8000-000000000000');
  await expect(page).toHaveURL(/\/all-inquiries$/);
  await expect(toast(page, 'Inquiry ID is invalid or failed to fetch data.')).toBeVisible();
  await page.goto('/inquiries/view/00000000-0000-7000-8000-000000000000');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch inquiry details' })).toContainText(
    'Inquiry not found',
  );
});

test('the Owner deletes an inquiry with the browser confirm and alert', async ({ page }) => {
  const name = `E2E Delete ${Date.now()}`;
  await createInquiry(page.request, name);
  await signIn(page, DEMO.owner);
  await page.goto(`/all-inquiries?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.accept();
  });
  await row.getByRole('button', { name: `Delete inquiry from ${name}` }).click();
  await expect(page.getByText('No Inquiry found')).toBeVisible();
  // The alert comes once the refreshed list is in, so it may follow the empty table by a moment.
  await expect
    .poll(() => dialogs)
    .toEqual(['confirm: Are you sure you want to delete this inquiry?', 'alert: Inquiry deleted successfully']);
});
