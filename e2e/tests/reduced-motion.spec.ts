// A reader who asks the system for less motion gets pages without animation, yet a toast still stays its 5 s:
// its countdown bar's end is what closes it, so that bar keeps its length while everything else is instant.
import { expect, test } from '@playwright/test';
import { DEMO, signIn, toast } from '../support/back-office';

test.use({ reducedMotion: 'reduce' });

test('with reduced motion a toast stays to be read, and the page does not animate', async ({ page }) => {
  await signIn(page, DEMO.owner);
  await page.goto('/background-images');
  await page.getByRole('button', { name: 'Upload Images' }).click();
  const message = toast(page, 'Please select at least one image');
  await expect(message).toBeVisible();
  const bar = page.locator('.Toastify__progress-bar');
  await expect(bar).toHaveCSS('animation-duration', '5s');
  // The toast's own entrance is the kind of motion the reader asked to be spared.
  await expect(page.locator('.Toastify__toast')).toHaveCSS('animation-duration', '1e-05s');
  await expect(message).toBeVisible();
});
