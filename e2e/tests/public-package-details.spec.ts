// /packages/{id} (spec §2): title, like, carousel (5 s, arrows, indicators, pause), price, duration,
// destination, the five sections with bold and line breaks, Book Now, Call Now, errors, title and meta.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { demoPackage } from '../support/demo-packages';
import { pausePageClock } from '../support/page-clock';
import { snap } from '../support/screenshots';

test('the details of a package, its sections and actions', async ({ page }) => {
  const pkg = await demoPackage(page.request);
  await page.goto(`/packages/${pkg._id}`);
  await expect(page.getByRole('heading', { level: 1, name: pkg.name })).toBeVisible();
  await expect(page).toHaveTitle(`${pkg.name} | Safarnama`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    new RegExp(`^${pkg.name}: \\d+ Days? from ₹`),
  );

  const booking = page.getByRole('main').locator('dl').filter({ visible: true });
  await expect(booking.getByText(/^\d+ Days?$/)).toBeVisible();
  await expect(booking.getByText(pkg.description)).toBeVisible();
  await expect(page.getByText(/^₹\d{1,2}(,\d\d)*,\d{3}$/).filter({ visible: true })).toBeVisible();
  await expect(page.getByText('per person').filter({ visible: true })).toBeVisible();

  for (const title of ['Overview', 'Tour Itinerary', 'Inclusions', 'Exclusions', 'Important Notes']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  // Bold markers become <strong>, line breaks <br>, and no marker is left in the text.
  const itinerary = page.getByRole('region', { name: 'Tour Itinerary' });
  await expect(itinerary.locator('strong').first()).toHaveText(/^Day 1: /);
  expect(await itinerary.locator('br').count()).toBeGreaterThan(0);
  await expect(page.getByRole('main')).not.toContainText('**');

  const site = (await (await page.request.get('/api/site')).json()) as { phone: string };
  await expect(page.getByRole('link', { name: 'Call Now' }).filter({ visible: true })).toHaveAttribute(
    'href',
    `tel:${site.phone.replace(/[^\d+]/g, '')}`,
  );

  const like = page.getByRole('button', { name: 'Like this package' });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');

  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await snap(page, 'package-details');

  // Book Now opens the inquiry form about this package.
  await page.getByRole('link', { name: 'Book Now' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/contact\?package=.+&duration=\d+\+Days?&packageId=[\w-]+$/);
  await expect(page.getByLabel('Location')).toHaveValue(pkg.name);
});

test('the carousel advances every 5 s, with arrows and indicators, and pauses on hover and focus', async ({ page }) => {
  const pkg = await demoPackage(page.request);
  await pausePageClock(page);
  await page.goto(`/packages/${pkg._id}`);
  const carousel = page.getByRole('region', { name: `Photos of ${pkg.name}` });
  await expect(carousel).toHaveAttribute('data-active-index', '0');
  await expect(carousel.getByRole('img').first()).toHaveAttribute('fetchpriority', 'high');
  await page.mouse.move(0, 0);

  await page.clock.runFor(4900);
  await expect(carousel).toHaveAttribute('data-active-index', '0');
  await page.clock.runFor(200);
  await expect(carousel).toHaveAttribute('data-active-index', '1');
  await expect(carousel.getByRole('button', { name: `Show image 2 of ${pkg.images.length}` })).toHaveAttribute(
    'aria-current',
    'true',
  );

  await carousel.getByRole('button', { name: 'Next image' }).click();
  await expect(carousel).toHaveAttribute('data-active-index', '2');
  await carousel.getByRole('button', { name: 'Previous image' }).click();
  await expect(carousel).toHaveAttribute('data-active-index', '1');
  await carousel.getByRole('button', { name: `Show image 1 of ${pkg.images.length}` }).click();
  await expect(carousel).toHaveAttribute('data-active-index', '0');
  // Hovered (the pointer is over it after the clicks) and focused: it stays.
  await page.clock.runFor(6000);
  await expect(carousel).toHaveAttribute('data-active-index', '0');
  // Pointer away but focus inside: still paused.
  await page.mouse.move(0, 0);
  await page.clock.runFor(6000);
  await expect(carousel).toHaveAttribute('data-active-index', '0');
  // Focus and pointer away: it moves on, 5 s later.
  await page.getByRole('heading', { level: 1 }).click();
  await page.clock.runFor(4900);
  await expect(carousel).toHaveAttribute('data-active-index', '0');
  await page.clock.runFor(200);
  await expect(carousel).toHaveAttribute('data-active-index', '1');
});

test("an empty description shows 'Not specified'; a package without images 'Image Not Available'", async ({ page }) => {
  const pkg = await demoPackage(page.request);
  await page.route(`**/api/packages/${pkg._id}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), description: '', images: [] } });
  });
  await page.goto(`/packages/${pkg._id}`);
  await expect(page.getByText('Not specified').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText('Image Not Available')).toBeVisible();
});

test("an unknown package shows the server's message; a network failure 'Failed to fetch package details'", async ({
  page,
}) => {
  await page.goto('/packages/no-such-package');
  await expect(page.getByRole('alert')).toContainText('Package not found');
  await expectNoSeriousA11yViolations(page);

  await page.route('**/api/packages/another-id', (route) => route.abort());
  await page.goto('/packages/another-id');
  await expect(page.getByRole('alert')).toContainText('Failed to fetch package details');
});
