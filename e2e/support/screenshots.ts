// Saves a page at desktop (1280) and phone (390) width to .tmp/screenshots/ (not committed); `npm run screenshots`
// copies the main pages from there into docs/screenshots/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/screenshots');

export async function snap(page: Page, name: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const [suffix, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Lazy images load only near the viewport; a visitor scrolling down would see them all. Load them at once
    // and wait until each has loaded or failed: scrolling and awaiting animation frames hung for two minutes
    // in CI once, as headless Chromium may draw no frames for a while. Each poll loads the lazy images again,
    // as a list may render new cards meanwhile.
    const loading = () =>
      page.evaluate(() => {
        for (const img of Array.from(document.images)) if (img.loading === 'lazy') img.loading = 'eager';
        return Array.from(document.images)
          .filter((img) => !img.complete)
          .map((img) => img.currentSrc || img.src);
      });
    // A picture, not an assertion: an image still loading after that is drawn as it is, and named.
    await expect
      .poll(loading, { timeout: 15_000 })
      .toEqual([])
      .catch(async () => console.warn(`${name}-${suffix}: images still loading`, await loading()));
    await page.waitForLoadState('networkidle').catch(() => undefined);
    // A scrolled page would draw the sticky nav bar part-way down the full-page picture.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.screenshot({ path: path.join(dir, `${name}-${suffix}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(original);
}
