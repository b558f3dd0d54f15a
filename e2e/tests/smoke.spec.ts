import { expect, test } from '@playwright/test';
import { snap } from '../support/screenshots';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { E2E_METRICS_TOKEN } from '../support/env';

test('home renders with nav and footer', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'All Packages' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Register' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toBeVisible();
  // Contact details come from /api/site.
  await expect(footer.getByRole('link', { name: /@/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d+\?text=/,
  );
});

test('unknown paths answer HTTP 404 and show the 404 page', async ({ page }) => {
  const response = await page.goto('/no/such/place');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  // /metrics is the server's own, for its bearer token only (D29); robots.txt and the sitemap too (D28).
  expect((await page.request.get('/metrics')).status()).toBe(401);
  const metrics = await page.request.get('/metrics', { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(metrics.status()).toBe(200);
  expect(await metrics.text()).toContain('http_requests_total{');
  for (const path of ['/robots.txt', '/sitemap.xml']) expect((await page.request.get(path)).status(), path).toBe(200);
  expect((await page.request.get('/packages')).status()).toBe(200);
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'not-found');
});

test('the mobile menu opens', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'All Packages' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
});
