// /about (mission, vision, eight core values) and /faq (Terms and Conditions accordion).
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { snap } from '../support/screenshots';

test('about shows the mission, the vision and eight core values', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();
  const values = page.getByRole('region', { name: 'Our Core Values' }).getByRole('listitem');
  await expect(values).toHaveCount(8);
  await expect(page).toHaveTitle('About Us | Safarnama');
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'about');
});

test('terms: eleven items, one open at a time, toggled by buttons with aria-expanded', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  const toggles = page.getByRole('main').locator('button[aria-expanded]');
  await expect(toggles).toHaveCount(11);
  const open = page.getByRole('main').locator('button[aria-expanded="true"]');

  const payment = page.getByRole('button', { name: /Payment Terms/ });
  const hotel = page.getByRole('button', { name: /Hotel Check-in/ });
  await payment.click();
  await expect(open).toHaveCount(1);
  await expect(payment).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/remaining 60% .* at least 24 hours before/)).toBeVisible();
  // Keyboard works too: Enter on a focused toggle opens it and closes the other.
  await hotel.focus();
  await page.keyboard.press('Enter');
  await expect(open).toHaveCount(1);
  await expect(hotel).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/remaining 60%/)).toBeHidden();
  await expect(page.getByText(/check-in time is 1 PM and checkout time is 11 AM/)).toBeVisible();

  // The spec §9 terms are all there.
  const expectations: [RegExp, RegExp][] = [
    [/Booking and Confirmation/, /advance payment of 40%/],
    [/Transportation/, /up to 10 hours per day/],
    [/Governing Law/, /Uttar Pradesh, India/],
  ];
  for (const [button, text] of expectations) {
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('region', { name: button })).toContainText(text);
    await expect(open).toHaveCount(1);
  }
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await snap(page, 'terms');
});
