// Phone habits (issue 29 point 4): the hero and the package photos swiped with a finger (real touch
// events through Chromium's input pipeline), and Back returning to where the list was left while a new
// navigation starts at the top. Also what a link preview reads: the server's head of a package page.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoPackage } from '../support/demo-packages';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A finger drawn sideways across the middle of `target` (`dx` < 0: to the left). */
async function swipe(page: Page, target: Locator, dx: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe');
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 5, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('the hero slideshow follows a finger', async ({ page }) => {
  // Still under reduced motion, so only the swipes move it.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const hero = page.locator('[data-active-slide]');
  await expect(hero).toHaveAttribute('data-slide-count', /^[2-9]|\d{2,}$/);
  const count = Number(await hero.getAttribute('data-slide-count'));
  await expect(hero).toHaveAttribute('data-active-slide', '0');
  await swipe(page, hero, -200);
  await expect(hero).toHaveAttribute('data-active-slide', '1');
  await expect(page.locator('img[data-slide="1"]')).toHaveAttribute('data-active', 'true');
  await swipe(page, hero, 200);
  await expect(hero).toHaveAttribute('data-active-slide', '0');
  await swipe(page, hero, 200);
  await expect(hero).toHaveAttribute('data-active-slide', String(count - 1));
});

test("a package's photos follow a finger", async ({ page }) => {
  const pkg = await demoPackage(page.request);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/packages/${pkg._id}`);
  const carousel = page.getByRole('region', { name: `Photos of ${pkg.name}` });
  await expect(carousel).toHaveAttribute('data-active-index', '0');
  await swipe(page, carousel, -150);
  await expect(carousel).toHaveAttribute('data-active-index', '1');
  await expect(carousel.getByRole('button', { name: `Show image 2 of ${pkg.images.length}` })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await swipe(page, carousel, 150);
  await expect(carousel).toHaveAttribute('data-active-index', '0');
});

test('Back returns to where the list was left; a new navigation starts at the top', async ({ page }) => {
  await page.goto('/packages');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.nth(5)).toBeVisible();
  const card = cards.nth(5);
  await card.scrollIntoViewIfNeeded();
  const scrollBy = (dy: number) => page.evaluate((y) => window.scrollBy({ top: y, behavior: 'instant' }), dy);
  await scrollBy(120);
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(1000);
  const name = (await card.getByRole('heading').textContent())!.trim();

  await card.getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The details are taller than the screen once their sections are in; scrolled before, the page may not move.
  await expect(page.getByRole('region', { name: 'Tour Itinerary' })).toBeAttached();
  await scrollBy(400);
  const read = await page.evaluate(() => window.scrollY);
  expect(read).toBeGreaterThan(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore Our Packages' })).toBeAttached();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  await expect(card).toBeInViewport();

  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(read);

  // A link followed anew starts at the top, even to the list that was scrolled.
  await page.getByRole('link', { name: 'All packages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore Our Packages' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("a link preview reads the package's own head from the server", async ({ page }) => {
  const pkg = await demoPackage(page.request);
  // As WhatsApp's crawler reads it: the HTML alone, no JavaScript.
  await page.route('**/*', (route) =>
    route.request().resourceType() === 'document' ? route.continue() : route.abort(),
  );
  await page.goto(`/packages/${pkg._id}`);
  await expect(page).toHaveTitle(`${pkg.name} | Safarnama`);
  const og = (property: string) => page.locator(`meta[property="og:${property}"]`);
  await expect(og('title')).toHaveAttribute('content', `${pkg.name} | Safarnama`);
  // A 1200 × 630 JPEG made from the package's first image (apps/api/src/seo/link-preview.ts).
  await expect(og('image')).toHaveAttribute('content', /^https?:\/\/[^/]+\/uploads\/previews\/[0-9a-f-]{36}\.jpg$/);
  await expect(og('image:width')).toHaveAttribute('content', '1200');
  await expect(og('image:height')).toHaveAttribute('content', '630');
  await expect(og('url')).toHaveAttribute('content', new RegExp(`/packages/${pkg._id}$`));
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description!.length).toBeGreaterThanOrEqual(150);
  expect(description!.length).toBeLessThanOrEqual(160);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as {
    '@type': string;
    offers: { priceCurrency: string };
  };
  expect(jsonLd['@type']).toBe('TouristTrip');
  expect(jsonLd.offers.priceCurrency).toBe('INR');
  const image = await page.request.get(new URL((await og('image').getAttribute('content'))!).pathname);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
});

test('a package offers its brochure and a WhatsApp share of its link', async ({ page }) => {
  const pkg = await demoPackage(page.request);
  await page.goto(`/packages/${pkg._id}`);
  await expect(page.getByRole('heading', { level: 1, name: pkg.name })).toBeVisible();
  const download = page.getByRole('link', { name: 'Download brochure' }).filter({ visible: true });
  await expect(download).toHaveAttribute('href', `/api/packages/${pkg._id}/brochure.pdf`);
  await expect(download).toHaveAttribute('download', '');
  const pdf = await page.request.get(`/api/packages/${pkg._id}/brochure.pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  const share = page.getByRole('link', { name: 'Share on WhatsApp' }).filter({ visible: true });
  const href = new URL((await share.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://wa.me/');
  expect(href.searchParams.get('text')).toBe(`${pkg.name}: ${new URL(page.url()).origin}/packages/${pkg._id}`);
});
