// D33 from the staff's side: a Staff member adds a supplier in the directory, finds it by search and by the kind
// and city filters, names it on a quotation line, sends the version, and on the next version's new line the
// builder fills in the rate last sent with that supplier.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { DEMO, apiToken, createInquiry, dismissToasts, signIn, snapPage, toast } from '../support/back-office';

test('a supplier from the directory to a quotation line, with its last rate remembered', async ({ page, request }) => {
  const stamp = Date.now();
  const hotel = `Snow Valley Resort ${stamp}`;
  const city = `Manali ${stamp}`;
  // A cab operator in the same city, added through the API, for the kind filter to leave out.
  const owner = await apiToken(request, DEMO.owner);
  const cab = await request.post('/api/suppliers', {
    headers: { Authorization: `Bearer ${owner}` },
    data: { kind: 'cab', name: `Himalayan Wheels ${stamp}`, city, phone: '+91 98160 55555' },
  });
  expect(cab.status()).toBe(201);

  await signIn(page, DEMO.staff);
  await page.goto('/staff-dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Suppliers' }).click();
  await expect(page.getByRole('heading', { name: 'Suppliers', level: 1 })).toBeVisible();

  // Add the hotel; a phone without its country is refused with the contract's message first.
  await page.getByRole('button', { name: 'Add supplier' }).click();
  const form = page.getByRole('form', { name: 'Add supplier' });
  await form.getByLabel('Name').fill(hotel);
  await form.getByLabel('City').fill(city);
  await form.getByLabel('Contact person').fill('Rakesh Thakur');
  await form.getByLabel('Phone / WhatsApp').fill('12345');
  await form.getByLabel('E-mail').fill('desk@snowvalley.example');
  await form.getByRole('button', { name: 'Save supplier' }).click();
  await expect(form.getByText(/Enter the phone\/WhatsApp number with its country code/)).toBeVisible();
  await form.getByLabel('Phone / WhatsApp').fill('98160 12345');
  await form.getByRole('button', { name: 'Save supplier' }).click();
  await expect(toast(page, 'Supplier added')).toBeVisible();
  await expect(form).toHaveCount(0);

  // Found by a word of its name, then by the city with the kind filter.
  const list = page.getByRole('list', { name: 'Suppliers' });
  await page.getByRole('searchbox').fill(`valley ${stamp}`);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText(hotel)).toBeVisible();
  await page.getByRole('searchbox').fill('');
  await page.getByLabel('City', { exact: true }).fill(city.toLowerCase());
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Kind', { exact: true }).selectOption('hotel');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText(hotel)).toBeVisible();
  await page.getByLabel('Kind', { exact: true }).selectOption('');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'back-office-suppliers');

  // A quotation line names it, by typing its name.
  const inquiry = await createInquiry(request, `Supplier Customer ${stamp}`, 'Manali');
  await page.goto(`/inquiries/edit/${inquiry._id}`);
  const panel = page.getByRole('region', { name: 'Quotation' });
  await panel.getByRole('button', { name: 'Start quotation' }).click();
  await expect(panel.getByRole('heading', { name: 'Version 1' })).toBeVisible();
  await panel.getByRole('button', { name: 'Add line' }).click();
  const line1 = panel.getByRole('group', { name: 'Line 1' });
  await line1.getByLabel('Description').fill('Snow Valley Resort, 3 nights');
  await line1.getByLabel('Supplier').fill(hotel);
  // Chosen once its suggestion has come back (the field's hint then goes), before the line is saved with it.
  await expect(line1.getByText('Type a name from the directory')).toHaveCount(0);
  await line1.getByLabel('Quantity').fill('3');
  await line1.getByLabel('Unit cost (₹)').fill('4250');
  await line1.getByLabel('Unit price (₹)').fill('5400');
  await expect(panel.locator('[data-save-state]')).toHaveText('Saved', { timeout: 15_000 });
  await page.reload();
  await expect(line1.getByLabel('Supplier')).toHaveValue(`${hotel}, ${city}`);

  // Sent, then the next version's new line with the same supplier starts from the rate sent.
  await panel.getByRole('button', { name: 'Send to customer' }).click();
  await expect(panel.getByTestId('trip-link-share').getByText('Quotation sent')).toBeVisible();
  await panel.getByRole('button', { name: 'Edit — starts version 2' }).click();
  await expect(panel.getByRole('heading', { name: 'Version 2' })).toBeVisible();
  await panel.getByRole('button', { name: 'Add line' }).click();
  const line2 = panel.getByRole('group', { name: 'Line 2' });
  await line2.getByLabel('Description').fill('Snow Valley Resort, 1 more night');
  await line2.getByLabel('Supplier').fill(hotel);
  await expect(line2.getByLabel('Unit cost (₹)')).toHaveValue('4250');
  await expect(line2.getByText(/^Last rate with this supplier: ₹4,250 \(sent \d+ \w+ \d{4}\)$/)).toBeVisible();
  await line2.getByLabel('Unit price (₹)').fill('5400');
  await expect(panel.locator('[data-save-state]')).toHaveText('Saved', { timeout: 15_000 });
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);
  await line2.scrollIntoViewIfNeeded();
  await snapPage(page, 'back-office-quotation-supplier');
});
