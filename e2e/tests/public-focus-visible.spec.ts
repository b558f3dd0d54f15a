// Issue 6 point 7, "focus is visible": Tab through every public page at desktop and phone width; every element
// that takes focus shows an indicator (the site's :focus-visible outline, or an input's ring) that is drawn,
// not clipped by its container and not covered by the sticky nav bar or the WhatsApp button.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoPackage } from '../support/demo-packages';
import { tabTo, walkTabOrder, type FocusReport } from '../support/keyboard';

interface PublicPage {
  path: string;
  /** Shows once the page, and what it loads after the first paint, is in. */
  ready: (page: Page) => Locator;
  /** Names of elements that must be in the tab order (a check that the walk went through the page). */
  reaches: string[];
}

const main = (page: Page) => page.getByRole('main');

const PAGES: PublicPage[] = [
  {
    path: '/',
    ready: (page) => page.getByRole('region', { name: 'Our most-loved packages' }).getByRole('article').first(),
    reaches: ['Skip to content', 'Explore Packages', 'Pause slideshow', 'Book Now', 'Explore'],
  },
  {
    path: '/packages',
    ready: (page) => main(page).getByRole('article').first(),
    reaches: ['Search', 'Min days', 'Book Now', 'Explore'],
  },
  {
    path: '/packages/{id}',
    ready: (page) => page.getByRole('button', { name: 'Next image' }),
    reaches: ['Like this package', 'Previous image', 'Next image', 'Show image 1 of', 'Book Now', 'Call Now'],
  },
  {
    path: '/about',
    ready: (page) => page.getByRole('heading', { name: 'Our Mission' }),
    reaches: ['Skip to content'],
  },
  {
    path: '/faq',
    ready: (page) => main(page).locator('button[aria-expanded]').nth(10),
    reaches: ['Payment Terms', 'Governing Law'],
  },
  {
    path: '/contact',
    ready: (page) => page.getByRole('button', { name: 'Send Inquiry' }),
    reaches: ['Full name', 'Hotel type', 'Anything else', 'Send Inquiry'],
  },
  {
    path: '/login',
    ready: (page) => main(page).getByRole('button', { name: 'Login' }),
    reaches: ['Email', 'Password', 'Login', 'Create an account'],
  },
  {
    path: '/register',
    ready: (page) => main(page).getByRole('button', { name: 'Register' }),
    reaches: ['Full name', 'Email', 'Password', 'Register'],
  },
];

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800, nav: 'All Packages' },
  { name: 'phone', width: 390, height: 844, nav: 'Open menu' },
] as const;

const problemsOf = (reports: FocusReport[]) => reports.flatMap((r) => r.problems.map((p) => `${r.description} ${p}`));

function expectReached(reports: FocusReport[], names: string[]) {
  const descriptions = reports.map((r) => r.description);
  for (const name of names) {
    expect(
      descriptions.some((d) => d.includes(name)),
      `${name} is in the tab order`,
    ).toBe(true);
  }
}

for (const { name: widthName, width, height, nav } of WIDTHS) {
  for (const publicPage of PAGES) {
    test(`${publicPage.path} at ${widthName} width: every element that takes focus shows it`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      const { path } = publicPage;
      await page.goto(path.includes('{id}') ? path.replace('{id}', (await demoPackage(page.request))._id) : path);
      await expect(publicPage.ready(page)).toBeVisible();

      const reports = await walkTabOrder(page);
      expectReached(reports, ['Skip to content', nav, 'Chat with us on WhatsApp', ...publicPage.reaches]);
      expect(problemsOf(reports)).toEqual([]);
    });
  }
}

test('the phone menu: the toggle and every link in it show focus', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Open menu' }));
  await page.keyboard.press('Enter');
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();

  const reports = await walkTabOrder(page);
  expectReached(reports, ['All Packages', 'Login', 'Register']);
  expect(reports[0]?.description).toContain('All Packages');
  expect(problemsOf(reports)).toEqual([]);
});

test('the 404 page: its links show focus', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: /404/ })).toBeVisible();
  const reports = await walkTabOrder(page);
  expectReached(reports, ['Skip to content', 'Back to home']);
  expect(problemsOf(reports)).toEqual([]);
});
