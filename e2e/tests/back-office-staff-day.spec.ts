// The staff's day (D26): a visitor books from a package; a Staff member finds the inquiry under "New and
// unassigned", takes it, logs a call, sets a follow-up for tomorrow and, a day on, sees it under "My follow-ups".
import { expect, test } from '@playwright/test';
import { createStaffAccount, dismissToasts, signIn, snapPage, toast } from '../support/back-office';
import { demoPackage } from '../support/demo-packages';

const DAY = 24 * 3600 * 1000;

test('a lead from Book Now to "My follow-ups"', async ({ browser, page, request }) => {
  const pkg = await demoPackage(request);
  const name = `Staffday Visitor ${Date.now()}`;

  // A visitor books from the package's page.
  const visitor = await browser.newPage();
  await visitor.goto(`/packages/${pkg._id}`);
  await visitor.getByRole('link', { name: 'Book Now' }).click();
  await expect(visitor).toHaveURL(/\/contact\?.*packageId=/);
  await expect(visitor.getByLabel('Location')).toHaveValue(pkg.name);
  await visitor.getByLabel('Full name').fill(name);
  await visitor.getByLabel('Email').fill(`staffday.${Date.now()}@e2e.example`);
  await visitor.getByLabel('WhatsApp number').fill('+91 98470 12345');
  await visitor.getByLabel('Number of adults').fill('2');
  await visitor.getByLabel('Budget (₹)').fill('75000');
  const alerted = new Promise<string>((resolve) =>
    visitor.once('dialog', (d) => {
      resolve(d.message());
      void d.accept();
    }),
  );
  await visitor.getByRole('button', { name: 'Send Inquiry' }).click();
  expect(await alerted).toBe('New Inquiry Created!');
  await visitor.close();

  // The Staff member's browser starts a day back, so that "tomorrow" is today on the server's clock.
  const realNow = Date.now();
  await page.clock.install({ time: realNow - DAY });
  const staff = await createStaffAccount(request, 'staffday');
  await signIn(page, staff);
  await page.goto('/staff-dashboard');
  const fresh = page.getByRole('region', { name: 'New and unassigned' });
  await expect(fresh).toBeVisible();
  // Oldest first: the new one may be past the dashboard's ten, so the section leads to the whole filtered list.
  await fresh.getByRole('link', { name: /^(All \d+|Open in the list)$/ }).click();
  await expect(page).toHaveURL(/assignedTo=unassigned/);
  await expect(page.getByLabel('Handler')).toHaveValue('unassigned');
  await page.getByLabel('Search inquiries').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: /Edit/ }).click();

  // The editor: the package as a link, then the Staff member takes the inquiry.
  await expect(page.getByTestId('inquiry-package').getByRole('link', { name: pkg.name })).toHaveAttribute(
    'href',
    `/packages/${pkg._id}`,
  );
  const editUrl = page.url();
  await page.getByLabel('Handled by').selectOption({ label: staff.name });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Inquiry updated successfully!')).toBeVisible();
  await dismissToasts(page);
  await page.goto(editUrl);
  // The quotation and payments panels load after the page and push the workbench down as they appear: a click
  // aimed before they settle lands on whatever moved under it (in CI, "Mark contacted" instead of "Log a call").
  await expect(
    page.getByRole('region', { name: 'Quotation' }).getByRole('button', { name: 'Start quotation' }),
  ).toBeVisible();
  await expect(page.getByText('No payment yet.')).toBeVisible();

  // Log a call: a note that starts "Called: ", in the history with its author.
  await page.getByRole('button', { name: 'Log a call' }).click();
  const note = page.getByLabel(/Internal note/);
  await expect(note).toHaveValue('Called: ');
  await note.pressSequentially('wants a quote by Friday');
  await page.getByRole('button', { name: 'Add note' }).click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(`${staff.name} noted: Called: wants a quote by Friday`)).toBeVisible();

  // Follow up tomorrow at 10:00 (India time), on the browser's clock.
  await page.getByRole('button', { name: 'Follow up tomorrow 10:00' }).click();
  await expect(toast(page, 'Follow-up set')).toBeVisible();
  await expect(history.getByText(/changed follow-up from empty to/)).toBeVisible();
  await snapPage(page, 'staff-day-editor');
  // The day's actions: beside the form on a desktop, and on a phone before it, not after four screens of fields.
  const workbench = page.getByRole('region', { name: 'Work on this inquiry' });
  const form = page.getByRole('region', { name: 'Customer', exact: true });
  const [desk, deskForm] = [await workbench.boundingBox(), await form.boundingBox()];
  expect(desk!.x, 'the actions beside the form').toBeGreaterThan(deskForm!.x + deskForm!.width);
  const desktopSize = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const [phone, phoneForm] = [await workbench.boundingBox(), await form.boundingBox()];
  expect(phone!.y + phone!.height, 'the actions above the form').toBeLessThan(phoneForm!.y);
  await page.setViewportSize(desktopSize);

  // A day on, the follow-up is due: "My follow-ups" lists it.
  await page.clock.setSystemTime(realNow);
  await page.goto('/staff-dashboard');
  const mine = page.getByRole('list', { name: 'My follow-ups' });
  await expect(mine.getByRole('link', { name })).toBeVisible();
  await snapPage(page, 'staff-day-dashboard');
});
