// The page's own clock, paused before the page loads: a test then moves time itself, so a slideshow's or
// carousel's interval is measured in the page's time, however slow or busy the machine.
import type { Page } from '@playwright/test';

export async function pausePageClock(page: Page) {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
}
