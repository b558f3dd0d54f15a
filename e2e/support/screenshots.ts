// Saves a page at desktop (1280) and phone (390) width to docs/screenshots/ so anyone can see the site.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

export async function snap(page: Page, name: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const [suffix, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Lazy images load only near the viewport; a visitor scrolling down would see them all. Load them at once
    // and wait until each has loaded or failed: scrolling and awaiting animation frames hung for two minutes
    // in CI once, as headless Chromium may draw no frames for a while.
    await page.evaluate(() => {
      document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => {
        img.loading = 'eager';
      });
    });
    await expect.poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete))).toBe(true);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    // A scrolled page would draw the sticky nav bar part-way down the full-page picture.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.screenshot({ path: path.join(dir, `${name}-${suffix}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(original);
}
