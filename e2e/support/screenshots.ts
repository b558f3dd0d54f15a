// Saves a page at desktop (1280) and phone (390) width to docs/screenshots/ so anyone can see the site.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

export async function snap(page: Page, name: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const [suffix, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Lazy images load only near the viewport: pass over the page as a visitor scrolling would, then let
    // them and the layout settle at the new width.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    // A scrolled page would draw the sticky nav bar part-way down the full-page picture.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.screenshot({ path: path.join(dir, `${name}-${suffix}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(original);
}
