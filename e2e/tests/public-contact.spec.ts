// /contact: the public inquiry form with every spec §5 message, errors clearing on edit, the alerts.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { snap } from '../support/screenshots';

const MESSAGES = [
  'Name is required',
  'Whatsapp number is required',
  'A valid email is required',
  'Location is required',
  'Number of adults is required',
  'Budget is required and must be a number',
];

const send = (page: Page) => page.getByRole('button', { name: 'Send Inquiry' }).click();

/** Accepts the next browser alert and returns its text. */
function nextAlert(page: Page) {
  return new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

async function fillRequired(page: Page, email: string) {
  await page.getByLabel('Full name').fill('Meera Nair');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('WhatsApp number').fill('+91 98470 12345');
  await page.getByLabel('Location').fill('Andaman Islands');
  await page.getByLabel('Number of adults').fill('2');
  await page.getByLabel('Budget (₹)').fill('90000');
}

test('shows the support phone and e-mail', async ({ page }) => {
  const site = (await (await page.request.get('/api/site')).json()) as { phone: string; email: string };
  await page.goto('/contact');
  const details = page.getByRole('complementary', { name: 'Contact details' });
  await expect(details.getByRole('link', { name: site.phone })).toHaveAttribute('href', /^tel:\+?\d+$/);
  await expect(details.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'contact');
});

test('on a phone the WhatsApp button steps aside while a field is being filled, and comes back after', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contact');
  const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
  await expect(chat).toBeVisible();
  await page.getByLabel('WhatsApp number').fill('+91 98470 12345');
  await expect(chat).toBeHidden();
  await page.getByLabel('Hotel type').focus();
  await expect(chat).toBeHidden();
  await page.getByRole('heading', { name: 'Contact Us' }).click();
  await expect(chat).toBeVisible();
  await expect(page.getByLabel('WhatsApp number')).toHaveValue('+91 98470 12345');
});

test('every validation message, each clearing as its field is edited', async ({ page }) => {
  await page.goto('/contact');
  await send(page);
  for (const message of MESSAGES) await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Full name').pressSequentially('M');
  await expect(page.getByText('Name is required')).toBeHidden();
  await page.getByLabel('WhatsApp number').pressSequentially('9');
  await expect(page.getByText('Whatsapp number is required')).toBeHidden();
  await page.getByLabel('Email').pressSequentially('m');
  await expect(page.getByText('A valid email is required')).toBeHidden();
  await page.getByLabel('Location').pressSequentially('G');
  await expect(page.getByText('Location is required')).toBeHidden();
  await page.getByLabel('Number of adults').pressSequentially('x');
  await expect(page.getByText('Number of adults is required')).toBeHidden();
  await page.getByLabel('Budget (₹)').pressSequentially('y');
  await expect(page.getByText('Budget is required and must be a number')).toBeHidden();

  // A malformed address and non-numbers get the same messages on the next submit.
  await send(page);
  await expect(page.getByText('A valid email is required')).toBeVisible();
  await expect(page.getByText('Number of adults is required')).toBeVisible();
  await expect(page.getByText('Budget is required and must be a number')).toBeVisible();
  await expect(page.getByText('Name is required')).toBeHidden();
});

test("a valid inquiry alerts 'New Inquiry Created!' and resets the form", async ({ page }) => {
  await page.goto('/contact');
  await fillRequired(page, `contact-${Date.now()}@example.com`);
  await page.getByLabel('Hotel type').selectOption('standard');
  const [message] = await Promise.all([nextAlert(page), send(page)]);
  expect(message).toBe('New Inquiry Created!');
  await expect(page.getByLabel('Full name')).toHaveValue('');
  await expect(page.getByLabel('Budget (₹)')).toHaveValue('');
  await expect(page.getByLabel('Hotel type')).toHaveValue('');
});

test("a failed submit alerts 'An error occurred. Please try again.' and keeps the form", async ({ page }) => {
  await page.route('**/api/inquiries/createPublic', (route) =>
    route.fulfill({ status: 500, json: { message: 'Internal error' } }),
  );
  await page.goto('/contact');
  await fillRequired(page, 'fail@example.com');
  const [message] = await Promise.all([nextAlert(page), send(page)]);
  expect(message).toBe('An error occurred. Please try again.');
  await expect(page.getByLabel('Full name')).toHaveValue('Meera Nair');
});

test('the public call carries no token, and the honeypot is out of reach', async ({ page }) => {
  await page.goto('/contact');
  await page.evaluate(() =>
    localStorage.setItem('token', 'x.eyJzdWIiOiJ1Iiwicm9sZSI6IkN1c3RvbWVyIiwiZXhwIjo5OTk5OTk5OTk5fQ.y'),
  );
  await page.reload();
  await fillRequired(page, `anon-${Date.now()}@example.com`);
  const requestPromise = page.waitForRequest('**/api/inquiries/createPublic');
  const [message] = await Promise.all([nextAlert(page), send(page)]);
  expect(message).toBe('New Inquiry Created!');
  expect((await requestPromise).headers()['authorization']).toBeUndefined();
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(page.locator('[aria-hidden="true"]').filter({ has: honeypot })).toHaveCount(1);
});

test('what was typed survives a reload, and Discard empties the form', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Full name').fill('Kabir Sethi');
  await page.getByLabel('Location').fill('Spiti Valley');
  await page.getByLabel('Anything else we should know?').fill('Two of us, in June, with a photographer.');
  await page.reload();
  await expect(page.getByText('We kept what you had entered here and not yet sent.')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Kabir Sethi');
  await expect(page.getByLabel('Location')).toHaveValue('Spiti Valley');
  await expect(page.getByLabel('Anything else we should know?')).toHaveValue(
    'Two of us, in June, with a photographer.',
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('');
  await expect(page.getByText('We kept what you had entered here and not yet sent.')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Location')).toHaveValue('');
});
