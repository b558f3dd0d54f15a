// Issue 6 point 7: "every form field has a visible label tied to its input; everything works with the keyboard".
// The main paths of the public site driven by the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows and
// typing; no clicks), and every field of the public forms found by its label.
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../support/back-office';
import { demoPackage } from '../support/demo-packages';
import { tabTo } from '../support/keyboard';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const footer = (page: Page) => page.getByRole('contentinfo');

/** Accepts the next browser alert and returns its text. */
function nextAlert(page: Page) {
  return new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

test('desktop: the nav bar and footer links open their pages with Enter', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const visits = [
    {
      link: nav(page).getByRole('link', { name: 'All Packages' }),
      url: /\/packages$/,
      heading: 'Explore Our Packages',
    },
    { link: nav(page).getByRole('link', { name: 'Login' }), url: /\/login$/, heading: 'Login' },
    { link: nav(page).getByRole('link', { name: 'Register' }), url: /\/register$/, heading: 'Create your account' },
    {
      link: footer(page).getByRole('link', { name: 'About Us' }),
      url: /\/about$/,
      heading: 'We plan journeys the way we love to travel',
    },
    {
      link: footer(page).getByRole('link', { name: 'Terms and Conditions' }),
      url: /\/faq$/,
      heading: 'Terms and Conditions',
    },
    { link: footer(page).getByRole('link', { name: 'Contact' }), url: /\/contact$/, heading: 'Contact Us' },
    { link: nav(page).getByRole('link', { name: 'Safarnama home' }), url: /\/$/, heading: 'Discover India, your way' },
  ];
  for (const { link, url, heading } of visits) {
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('phone (390 px): the menu toggle opens and closes with Enter and Space; its links work with Enter', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menu = page.locator('#mobile-menu');
  const toggle = nav(page).getByRole('button', { name: /menu$/ });
  await expect(nav(page).getByRole('link', { name: 'All Packages' })).toBeHidden();

  await tabTo(page, toggle);
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle).toHaveAccessibleName('Close menu');
  await expect(menu).toBeVisible();
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  for (const { name, url } of [
    { name: 'All Packages', url: /\/packages$/ },
    { name: 'Login', url: /\/login$/ },
    { name: 'Register', url: /\/register$/ },
  ]) {
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    // The menu follows its toggle in the tab order.
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'All Packages' })).toBeFocused();
    await tabTo(page, menu.getByRole('link', { name }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(url);
    // Navigating closes the menu.
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  }
});

test('the package search: type, submit with Enter, and clear, from the keyboard', async ({ page }) => {
  await page.goto('/packages');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toBeVisible();

  await tabTo(page, page.getByLabel('Search', { exact: true }));
  await page.keyboard.type('Kerala');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/packages\?search=Kerala$/);
  await expect(cards.filter({ hasText: 'Kerala Backwaters' })).toBeVisible();
  await expect(cards.filter({ hasText: 'Goa Beach Holiday' })).toHaveCount(0);

  // A number field, then the Search button with Space.
  await tabTo(page, page.getByLabel('Min days'));
  await page.keyboard.type('4');
  await tabTo(page, page.getByRole('button', { name: 'Search', exact: true }));
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/search=Kerala&minDuration=4$/);

  await tabTo(page, page.getByRole('button', { name: 'Clear search' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/packages$/);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
  await expect(cards.filter({ hasText: 'Goa Beach Holiday' })).toBeVisible();
});

test('the carousel of a package: arrows and indicators with Enter and Space', async ({ page }) => {
  const pkg = await demoPackage(page.request);
  // No auto-advance (the carousel keeps still under reduced motion), so every move below is the keyboard's.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/packages/${pkg._id}`);
  const carousel = page.getByRole('region', { name: /^Photos of / });
  await expect(carousel).toHaveAttribute('data-active-index', '0');
  const next = carousel.getByRole('button', { name: 'Next image' });
  const previous = carousel.getByRole('button', { name: 'Previous image' });

  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(carousel).toHaveAttribute('data-active-index', '1');
  await page.keyboard.press('Space');
  await expect(carousel).toHaveAttribute('data-active-index', '2');
  await page.keyboard.press('Shift+Tab');
  await expect(previous).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(carousel).toHaveAttribute('data-active-index', '1');
  await page.keyboard.press('Space');
  await expect(carousel).toHaveAttribute('data-active-index', '0');
  // Wraps round to the last photo.
  await page.keyboard.press('Enter');
  await expect(carousel).toHaveAttribute('data-active-index', String(pkg.images.length - 1));

  const third = carousel.getByRole('button', { name: `Show image 3 of ${pkg.images.length}` });
  await tabTo(page, third);
  await page.keyboard.press('Space');
  await expect(carousel).toHaveAttribute('data-active-index', '2');
  await expect(third).toHaveAttribute('aria-current', 'true');

  // Book Now, after the carousel, goes to the contact form about this package.
  await tabTo(page, page.getByRole('link', { name: 'Book Now' }).filter({ visible: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contact\?package=.+&duration=\d+\+Days?&packageId=[0-9a-f-]{36}$/);
});

test('the contact form: submitted empty with Enter it shows every message, then filled and sent by keyboard', async ({
  page,
}) => {
  await page.goto('/contact');
  const fullName = page.getByLabel('Full name');
  await tabTo(page, fullName);
  // Enter in a field submits the form.
  await page.keyboard.press('Enter');
  for (const message of [
    'Name is required',
    'Whatsapp number is required',
    'A valid email is required',
    'Location is required',
    'Number of adults is required',
    'Budget is required and must be a number',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // Focus moves to the first field in error, which names its message.
  await expect(fullName).toBeFocused();
  await expect(fullName).toHaveAttribute('aria-invalid', 'true');
  await expect(fullName).toHaveAccessibleDescription('Name is required');

  // Field by field with Tab, in the order they are shown.
  const typed: [string, string][] = [
    ['Full name', 'Meera Nair'],
    ['Email', `keyboard-${Date.now()}@example.com`],
    ['WhatsApp number', '+91 98470 12345'],
    ['Location', 'Andaman Islands'],
    ['Traveling from', 'Kochi'],
    ['Drop city', 'Port Blair'],
    ['Tour duration', '5 nights / 6 days'],
    ['Number of adults', '2'],
    ['Number of kids', '1'],
  ];
  for (const [i, [label, value]] of typed.entries()) {
    if (i > 0) await page.keyboard.press('Tab');
    await expect(page.getByLabel(label, { exact: false }).first()).toBeFocused();
    await page.keyboard.type(value);
  }
  await expect(page.getByText('Name is required')).toBeHidden();
  await page.keyboard.press('Tab');
  const hotel = page.getByLabel('Hotel type');
  await expect(hotel).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(hotel).toHaveValue('standard');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Budget (₹)')).toBeFocused();
  await page.keyboard.type('90000');
  await page.keyboard.press('Tab');
  // The travel date is typed field by field (month, day, year in the browser's en-US), as a keyboard user does.
  const travelDate = page.getByLabel('Travel date');
  await expect(travelDate).toBeFocused();
  const year = new Date().getFullYear() + 1;
  await page.keyboard.type(`0115${year}`);
  await expect(travelDate).toHaveValue(`${year}-01-15`);
  // Chromium's date field may hold Tab once more (its picker) before the next field.
  await tabTo(page, page.getByLabel('Anything else we should know?'), { max: 3 });
  await page.keyboard.type('Vegetarian meals, please.');
  // The honeypot is out of the tab order: the next stop is the button.
  await page.keyboard.press('Tab');
  const send = page.getByRole('button', { name: 'Send Inquiry' });
  await expect(send).toBeFocused();

  const alert = nextAlert(page);
  await page.keyboard.press('Enter');
  expect(await alert).toBe('New Inquiry Created!');
  await expect(fullName).toHaveValue('');
  await expect(hotel).toHaveValue('');
});

test('login: the messages on an empty Enter, then signed in with Enter', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  const password = page.getByLabel(/^Password/);
  await tabTo(page, email);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(email).toBeFocused();

  await page.keyboard.type(DEMO.customer.email);
  await page.keyboard.press('Tab');
  await expect(password).toBeFocused();
  await page.keyboard.type(DEMO.customer.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
});

/** Each visible input, select and textarea on the page, by the text of the label tied to it. */
async function expectEveryFieldLabelled(page: Page, minimum: number) {
  // The honeypot is hidden from everyone (aria-hidden, out of the tab order) and is not a field to fill.
  const fields = page
    .locator('input:not([type="hidden"]), select, textarea')
    .filter({ visible: true })
    .and(page.locator(':not([aria-hidden="true"] *)'));
  const count = await fields.count();
  expect(count).toBeGreaterThanOrEqual(minimum);
  for (let i = 0; i < count; i++) {
    const field = fields.nth(i);
    const label = await field.evaluate((el) => {
      const labels = Array.from((el as HTMLInputElement).labels ?? []);
      if (labels.length !== 1) return { text: `${labels.length} labels`, shown: false };
      const rect = labels[0]!.getBoundingClientRect();
      // Shown: neither hidden nor shrunk to the 1 px of a screen-reader-only text.
      const shown = labels[0]!.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && rect.width > 1;
      return { text: labels[0]!.textContent!.replace(/\s+/g, ' ').trim(), shown };
    });
    expect(label.shown, `the label "${label.text}" is shown`).toBe(true);
    const byLabel = page.getByLabel(label.text, { exact: true });
    await expect(byLabel, `one field labelled "${label.text}"`).toHaveCount(1);
    expect(await byLabel.evaluate((el, other) => el === other, await field.elementHandle())).toBe(true);
  }
}

test('every field of the public forms has a visible label tied to it', async ({ page }) => {
  await page.goto('/packages');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expectEveryFieldLabelled(page, 5);

  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Send Inquiry' })).toBeVisible();
  await expectEveryFieldLabelled(page, 12);

  await page.goto('/login');
  await expect(page.getByRole('main').getByRole('button', { name: 'Login' })).toBeVisible();
  await expectEveryFieldLabelled(page, 2);

  await page.goto('/register');
  await expect(page.getByRole('main').getByRole('button', { name: 'Register' })).toBeVisible();
  await expectEveryFieldLabelled(page, 3);
  // The second step, the e-mailed code.
  await page.getByLabel('Full name').fill('Label Checker');
  await page.getByLabel('Email').fill(`labels-${Date.now()}@example.com`);
  await page.getByLabel(/^Password(?! requirements)/).fill('Journey@2025');
  await page.getByRole('main').getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  // The code step loads after the page (lazy-otp-form.tsx): count once its field is shown.
  await expect(page.getByLabel(/^Verification code/)).toBeVisible();
  await expectEveryFieldLabelled(page, 1);
});
