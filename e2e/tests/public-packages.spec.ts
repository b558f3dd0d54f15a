// /packages (spec §2): title, labelled search fields kept in the URL, cards, grid sizes, errors.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { snap } from '../support/screenshots';

const cards = (page: Page) => page.getByRole('main').getByRole('article');

/** Prices (rupees) and durations (days) of the cards shown. */
async function shown(page: Page) {
  const texts = await cards(page).allInnerTexts();
  return texts.map((t) => ({
    price: Number(t.match(/₹([\d,]+)/)?.[1]?.replace(/,/g, '')),
    days: Number(t.match(/(\d+) Days?/)?.[1]),
    text: t,
  }));
}

test('the page, its labelled search fields and the cards', async ({ page }) => {
  await page.goto('/packages');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore Our Packages' })).toBeVisible();
  for (const label of ['Search', 'Min price (₹)', 'Max price (₹)', 'Min days', 'Max days']) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  // A demo package by name: the back-office specs running alongside add and edit packages of their own.
  const card = cards(page).filter({ has: page.getByRole('heading', { name: 'Kerala Backwaters' }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Customizable')).toBeVisible();
  await expect(card.getByText('Starting from')).toBeVisible();
  await expect(card.getByText(/^₹\d{1,2}(,\d\d)*,\d{3}$/)).toBeVisible();
  await expect(card.getByText('per person')).toBeVisible();
  await expect(card.getByText(/^\d+ Days?$/)).toBeVisible();
  const img = card.getByRole('img');
  await expect(img).toHaveAttribute('srcset', /480w.*960w.*1600w/);
  await expect(img).toHaveAttribute('sizes', /.+/);
  await expect(card.getByRole('link', { name: 'Book Now' })).toHaveAttribute(
    'href',
    /^\/contact\?package=.+&duration=\d+\+Days?&packageId=[0-9a-f-]{36}$/,
  );
  await expect(card.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', /^\/packages\/[^/]+$/);

  await expectNoSeriousA11yViolations(page);
  await snap(page, 'packages');
});

test('the grid keeps cards at least 300 px wide inside a page of at most 1200 px', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/packages');
  await expect(cards(page).first()).toBeVisible();
  const grid = cards(page).first().locator('..');
  const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').map(parseFloat));
  expect(columns.length).toBeGreaterThan(1);
  for (const width of columns) expect(width).toBeGreaterThanOrEqual(300);
  expect((await grid.boundingBox())!.width).toBeLessThanOrEqual(1200);

  await page.setViewportSize({ width: 390, height: 844 });
  const phoneColumns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(phoneColumns).toBe(1);
  // Nothing scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the search filters change the results and the URL; the back button restores the previous search', async ({
  page,
}) => {
  await page.goto('/packages');
  await expect(cards(page).first()).toBeVisible();
  const all = (await shown(page)).length;

  await page.getByLabel('Search', { exact: true }).fill('Kerala');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/packages\?search=Kerala$/);
  await expect(cards(page).filter({ hasText: 'Kerala Backwaters' })).toBeVisible();
  await expect(cards(page).filter({ hasText: 'Goa Beach Holiday' })).toHaveCount(0);
  expect((await shown(page)).length).toBeLessThan(all);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/packages$/);
  await page.getByLabel('Max price (₹)').fill('20000');
  await page.getByLabel('Min days').fill('4');
  await page.getByLabel('Min days').press('Enter');
  await expect(page).toHaveURL(/maxPrice=20000/);
  await expect(page).toHaveURL(/minDuration=4/);
  await expect(page.getByText(/match(es)? your search/)).toBeVisible();
  // The previous cards stay, dimmed, under 'Updating…' until the new results arrive.
  await expect(page.getByText('Updating…')).toBeHidden();
  const filtered = await shown(page);
  expect(filtered.length).toBeGreaterThan(0);
  expect(filtered.length).toBeLessThan(all);
  for (const p of filtered) {
    expect(p.price).toBeLessThanOrEqual(20000);
    expect(p.days).toBeGreaterThanOrEqual(4);
  }

  // A shared link opens the same search; the back button returns to the previous one.
  await page.goBack();
  await expect(page).toHaveURL(/\/packages$/);
  await expect(page.getByLabel('Max price (₹)')).toHaveValue('');
  await page.goForward();
  await expect(page.getByLabel('Max price (₹)')).toHaveValue('20000');
  await page.goto('/packages?minPrice=40000');
  await expect(page.getByLabel('Min price (₹)')).toHaveValue('40000');
  await expect(cards(page).first()).toBeVisible();
  for (const p of await shown(page)) expect(p.price).toBeGreaterThanOrEqual(40000);

  await page.goto('/packages?search=zzzz-no-such-place');
  await expect(page.getByText('No packages match your search.')).toBeVisible();
});

test("a package without images shows 'Image Not Available'", async ({ page }) => {
  await page.route('**/api/packages/search*', async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as { images: string[] }[];
    list[0]!.images = [];
    await route.fulfill({ response, json: list });
  });
  await page.goto('/packages');
  await expect(cards(page).first().getByText('Image Not Available')).toBeVisible();
});

test("a failed search shows 'Failed to fetch packages. Please try again.' inline", async ({ page }) => {
  await page.route('**/api/packages/search*', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
  await page.goto('/packages');
  await expect(page.getByRole('alert')).toContainText('Failed to fetch packages. Please try again.');
  await page.unroute('**/api/packages/search*');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(cards(page).first()).toBeVisible();
});

test('Book Now goes to /contact with the inquiry about that package, and Explore to the package', async ({ page }) => {
  await page.goto('/packages');
  // A demo package by name: the back-office specs running alongside add and remove packages of their own.
  const name = 'Kerala Backwaters';
  const card = cards(page).filter({ has: page.getByRole('heading', { name }) });
  await card.getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  const title = (await card.getByRole('heading', { name }).textContent()) ?? '';
  const days = (await card.getByText(/^\d+ Days?$/).textContent()) ?? '';
  await card.getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/contact\?package=Kerala\+Backwaters.*&duration=\d+\+Days?&packageId=[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Location')).toHaveValue(title);
  await expect(page.getByLabel('Tour duration')).toHaveValue(days);
  await expect(page.getByLabel('Full name')).toHaveValue('');
});
