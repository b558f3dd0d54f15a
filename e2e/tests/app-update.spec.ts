// D34: nobody stays on an old build. A deployment changes the service worker; the next visit finds it, offers
// "New version — reload", and tapping it lets the new worker take over and loads the page again under it. The test
// deploys by rewriting the served copy of the worker (support/env.ts E2E_WEB_DIR), in a project of its own that runs
// after every other test (playwright.config.ts; alone: `npx playwright test --no-deps app-update.spec.ts`).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_WEB_DIR } from '../support/env';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const workerFile = path.join(E2E_WEB_DIR, 'sw.js');

/** The service worker registration's workers, by their state. */
const workers = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      waiting: Boolean(registration?.waiting),
      controlled: Boolean(navigator.serviceWorker.controller),
    };
  });

test('a new build is offered as "New version — reload", and the reload runs it', async ({ page }) => {
  const deployed = fs.readFileSync(workerFile, 'utf8');
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/sw\.js$/);
    // The same build on the next visit: nothing is offered.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => workers(page)).toEqual({ waiting: false, controlled: true });
    await expect(page.getByText('New version — reload')).toHaveCount(0);

    fs.writeFileSync(workerFile, `${deployed}\n// the next build\n`);
    await page.reload();
    const prompt = page.getByText('New version — reload');
    await expect(prompt).toBeVisible();
    expect(await workers(page)).toEqual({ waiting: true, controlled: true });

    // Tapping it: the waiting worker takes over and the page loads again (the mark set in the page goes with it).
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    const reloaded = page.waitForEvent('load');
    await prompt.click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    await expect.poll(() => workers(page)).toEqual({ waiting: false, controlled: true });
    await expect(page.getByText('New version — reload')).toHaveCount(0);
  } finally {
    fs.writeFileSync(workerFile, deployed);
  }
});
