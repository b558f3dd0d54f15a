// Home (spec §2): hero slideshow (2 s, preloaded first slide, fixed size, reduced motion), featured
// packages, Why Choose Us, the empty and error states.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { pausePageClock } from '../support/page-clock';
import { snap } from '../support/screenshots';

/** Times (page ms) of the next `count` changes of `attribute` on the first element matching `selector`. */
function changeTimes(page: Page, selector: string, attribute: string, count: number) {
  return page.evaluate(
    ([sel, attr, n]) =>
      new Promise<number[]>((resolve) => {
        const el = document.querySelector(sel)!;
        const stamps: number[] = [];
        new MutationObserver(() => {
          stamps.push(performance.now());
          if (stamps.length === n) resolve(stamps);
        }).observe(el, { attributes: true, attributeFilter: [attr] });
      }),
    [selector, attribute, count] as const,
  );
}

test('the hero slideshow changes every 2 s; the first slide is preloaded eagerly, the rest lazily', async ({
  page,
}) => {
  await pausePageClock(page);
  await page.goto('/');
  const hero = page.locator('[data-active-slide]');
  await expect(hero).toHaveAttribute('data-slide-count', /^[2-9]|\d{2,}$/);
  const first = page.locator('img[data-slide="0"]');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  const box = await hero.boundingBox();

  let seen = false;
  const changes = changeTimes(page, '[data-active-slide]', 'data-active-slide', 3).finally(() => (seen = true));
  for (let ms = 0; !seen && ms < 10_000; ms += 100) await page.clock.runFor(100);
  expect(seen, 'three changes in 10 s of page time').toBe(true);
  const times = await changes;
  for (const gap of times.slice(1).map((t, i) => t - times[i]!)) {
    expect(gap).toBeGreaterThanOrEqual(1900);
    expect(gap).toBeLessThanOrEqual(2100);
  }
  // Later slides are lazy; the hero keeps its size while slides come and go (no layout shift).
  await expect(page.locator('img[data-slide="1"]')).toHaveAttribute('loading', 'lazy');
  expect(await hero.boundingBox()).toEqual(box);
  await expect(page.getByRole('heading', { level: 1, name: 'Discover India, your way' })).toBeVisible();
});

test('the slideshow has a pause button, and stays still under prefers-reduced-motion', async ({ page }) => {
  await pausePageClock(page);
  await page.goto('/');
  const hero = page.locator('[data-active-slide]');
  await expect(hero).toHaveAttribute('data-slide-count', /^[2-9]|\d{2,}$/);
  await page.getByRole('button', { name: 'Pause slideshow' }).click();
  const paused = await hero.getAttribute('data-active-slide');
  await page.clock.runFor(6000);
  await expect(hero).toHaveAttribute('data-active-slide', paused!);
  await page.getByRole('button', { name: 'Play slideshow' }).click();
  await page.clock.runFor(2100);
  await expect(hero).not.toHaveAttribute('data-active-slide', paused!);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(hero).toHaveAttribute('data-slide-count', /^[2-9]|\d{2,}$/);
  await page.clock.runFor(6000);
  await expect(hero).toHaveAttribute('data-active-slide', '0');
  await expect(page.getByRole('button', { name: 'Pause slideshow' })).toHaveCount(0);
});

test('featured packages and Why Choose Us', async ({ page }) => {
  await page.goto('/');
  const featured = page.getByRole('region', { name: 'Our most-loved packages' });
  const cards = featured.getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(0);
  expect(await cards.count()).toBeLessThanOrEqual(6);
  await expect(cards.first().getByText('Customizable')).toBeVisible();
  await expect(cards.first().getByText(/^₹[\d,]+$/)).toBeVisible();
  await expect(cards.first().getByText('per person')).toBeVisible();

  const why = page.getByRole('region', { name: 'Why Choose Us' });
  for (const item of ['Handpicked Destinations', 'Best Price Guarantee', '24/7 Support']) {
    await expect(why.getByRole('heading', { name: item })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  // Settle the hero on its first slide for a stable picture.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(cards.first()).toBeVisible();
  await snap(page, 'home');
});

test("an empty catalogue shows 'No packages available at the moment.'", async ({ page }) => {
  await page.route('**/api/packages', (route) => route.fulfill({ json: [] }));
  await page.goto('/');
  await expect(page.getByText('No packages available at the moment.')).toBeVisible();
});

test('a load error shows its message', async ({ page }) => {
  await page.route('**/api/packages', (route) =>
    route.fulfill({ status: 503, json: { message: 'The database is unavailable. Please try again shortly.' } }),
  );
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('The database is unavailable. Please try again shortly.');
});
