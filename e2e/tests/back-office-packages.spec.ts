// Owner journeys over the catalogue: create a package with a real image, find it, edit it (images kept,
// removed and added), delete it — with the spec's messages, axe and screenshots.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { DEMO, dismissToasts, snapPage, signIn, toast } from '../support/back-office';
import { writeTempPng } from '../support/png';

test('the Owner creates, edits and deletes a package', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.owner);
  const name = `E2E Ladakh Circuit ${Date.now()}`;

  await page.goto('/create-package');
  await expect(page.getByRole('heading', { name: 'Create Package', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Existing packages/ })).toBeVisible();
  // Existing packages show as cards with Edit / Delete.
  await expect(page.getByRole('link', { name: /^Edit / }).first()).toBeVisible();

  // Everything missing: field messages and the image rule, nothing sent.
  await page.getByRole('button', { name: 'Add Package' }).click();
  await expect(page.getByText('Package name is required')).toBeVisible();
  await expect(page.getByText('Please select at least one image')).toBeVisible();
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);

  const form = page.locator('form').first();
  await form.getByLabel('Package name').fill(name);
  await form.getByLabel('Destinations').fill('Leh, Nubra Valley, Pangong Tso');
  await form.getByLabel('Price per person (₹)').fill('48999');
  await form.getByLabel('Duration (days)').fill('7');
  await form.getByLabel('Package overview').fill('A **high-altitude** loop through monasteries and lakes.');
  await form.getByLabel('Tour itinerary').fill('**Day 1:** Arrive in Leh and rest.\n**Day 2:** Monasteries.');
  await form.getByLabel('Inclusions').fill('Hotels\nBreakfast and dinner\nInner-line permits');
  await form.getByLabel('Exclusions').fill('Flights\nLunch');
  await form.getByLabel('Important notes').fill('Acclimatise for a day\nCarry warm clothes');
  // A non-image is refused in the browser; a real PNG gets a preview.
  await page
    .getByTestId('image-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(toast(page, 'Only JPEG, PNG, WebP, AVIF or GIF images are allowed')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose images' }).click();
  await (await chooser).setFiles([writeTempPng('ladakh-1.png', [20, 86, 93], [244, 162, 89])]);
  await expect(page.getByRole('img', { name: 'Preview of ladakh-1.png' })).toBeVisible();
  await snapPage(page, 'create-package');

  await page.getByRole('button', { name: 'Add Package' }).click();
  await expect(toast(page, 'Package added successfully!')).toBeVisible();
  // The form clears and the new package is listed with its uploaded image.
  await expect(form.getByLabel('Package name')).toHaveValue('');
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name })).toHaveAttribute('src', /\/uploads\//);

  // Manage packages: the public search finds it; cards carry Edit and Delete.
  await page.goto('/manage-packages');
  await expect(page.getByRole('heading', { name: 'Manage Packages' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('Nubra');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/search=Nubra/);
  const found = page.getByRole('article').filter({ hasText: name });
  await expect(found).toBeVisible();
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'manage-packages');

  await found.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/packages\/edit\//);
  await expect(page.getByRole('heading', { name: 'Edit Package' })).toBeVisible();
  // Lists come back one item per line.
  await expect(page.getByLabel('Inclusions')).toHaveValue('Hotels\nBreakfast and dinner\nInner-line permits');
  await expect(page.getByRole('list', { name: 'Current images, in order' }).getByRole('listitem')).toHaveCount(1);
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'edit-package');

  // Add two images, drop the old one, and make the second new one the cover.
  await page.getByLabel('Price per person (₹)').fill('51999');
  await page.getByRole('button', { name: 'Remove image 1' }).click();
  await expect(page.getByRole('list', { name: 'Removed images' })).toBeVisible();
  await page
    .getByTestId('image-input')
    .setInputFiles([
      writeTempPng('ladakh-2.png', [11, 52, 64], [114, 194, 195]),
      writeTempPng('ladakh-3.png', [180, 83, 9], [254, 234, 210]),
    ]);
  await expect(page.getByRole('list', { name: 'Selected images' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Update Package' }).click();
  await expect(toast(page, 'Package updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/manage-packages$/);

  // The stored package has the new price and exactly the two new images.
  const edited = await page.request.get('/api/packages/search', { params: { search: 'Nubra' } });
  const pkg = ((await edited.json()) as { name: string; price: number; images: string[]; _id: string }[]).find(
    (p) => p.name === name,
  )!;
  expect(pkg.price).toBe(51999);
  expect(pkg.images).toHaveLength(2);

  // Reorder: the second image becomes the cover.
  await page.goto(`/packages/edit/${pkg._id}`);
  await page.getByRole('button', { name: 'Move image 2 earlier' }).click();
  await page.getByRole('button', { name: 'Update Package' }).click();
  await expect(toast(page, 'Package updated successfully!')).toBeVisible();
  const reordered = (await (await page.request.get(`/api/packages/${pkg._id}`)).json()) as { images: string[] };
  expect(reordered.images).toEqual([pkg.images[1], pkg.images[0]]);

  // Delete, declining first.
  await page.goto('/manage-packages?search=Nubra');
  const target = page.getByRole('article').filter({ hasText: name });
  page.once('dialog', (d) => void d.dismiss());
  await target.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(target).toBeVisible();
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to delete this package?');
    void d.accept();
  });
  await target.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(toast(page, 'Package deleted successfully')).toBeVisible();
  await expect(target).toHaveCount(0);
});

test('an unknown package id shows the details error on the edit page', async ({ page }) => {
  await signIn(page, DEMO.owner);
  await page.goto('/packages/edit/no-such-package');
  await expect(page.getByRole('alert').filter({ hasText: /not found|Failed to fetch package details/ })).toBeVisible();
});

test('a file that only claims to be an image is refused with the spec message', async ({ page }) => {
  await signIn(page, DEMO.owner);
  await page.goto('/create-package');
  const form = page.locator('form').first();
  await form.getByLabel('Package name').fill(`E2E Refused ${Date.now()}`);
  await form.getByLabel('Destinations').fill('Nowhere');
  await form.getByLabel('Price per person (₹)').fill('1000');
  await form.getByLabel('Duration (days)').fill('2');
  for (const label of ['Package overview', 'Tour itinerary', 'Inclusions', 'Exclusions', 'Important notes'])
    await form.getByLabel(label).fill('Something');
  // Named and typed as PNG, but not an image: the server decides by content (D11).
  await page
    .getByTestId('image-input')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await page.getByRole('button', { name: 'Add Package' }).click();
  await expect(toast(page, 'Failed to add package')).toBeVisible();
  await expect(page.locator('main').getByRole('alert').filter({ hasText: /image/i })).toBeVisible();
  // Nothing was lost: the form keeps what was typed.
  await expect(form.getByLabel('Destinations')).toHaveValue('Nowhere');
});
