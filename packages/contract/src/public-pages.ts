// The public pages' titles and descriptions, which the web sets while a page is shown and the server
// writes into the HTML it sends (D28), and the back-office paths search engines are asked to skip.
// Zod-free, so the web's first load can import it.

export interface PublicPageText {
  path: string;
  /** The page's own part of the title; the site name follows it (`About Us | Safarnama`). */
  title: string;
  description: (site: string) => string;
}

// One constant per page, so a page's chunk carries its own text only (the web's first-load budget).

export const HOME_PAGE = {
  path: '/',
  title: 'Customizable Tour Packages',
  description: (site: string) =>
    `${site} — customizable tour packages across India. Handpicked destinations, best price guarantee and 24/7 support.`,
} as const satisfies PublicPageText;

export const PACKAGES_PAGE = {
  path: '/packages',
  title: 'Explore Our Packages',
  description: (site: string) =>
    `Search ${site}’s customizable tour packages across India by destination, price per person and number of days.`,
} as const satisfies PublicPageText;

export const ABOUT_PAGE = {
  path: '/about',
  title: 'About Us',
  description: (site: string) => `${site}’s mission, vision and the eight core values behind every trip we plan.`,
} as const satisfies PublicPageText;

export const CONTACT_PAGE = {
  path: '/contact',
  title: 'Contact Us',
  description: (site: string) => `Tell ${site} about your trip: we reply within a day with a plan and a price.`,
} as const satisfies PublicPageText;

export const FAQ_PAGE = {
  path: '/faq',
  title: 'Terms and Conditions',
  description: (site: string) =>
    `Booking, payment, cancellation, hotel and transport terms of ${site}’s tour packages.`,
} as const satisfies PublicPageText;

export const LOGIN_PAGE = {
  path: '/login',
  title: 'Login',
  description: (site: string) => `Sign in to ${site} to follow your trip inquiries.`,
} as const satisfies PublicPageText;

export const REGISTER_PAGE = {
  path: '/register',
  title: 'Register',
  description: (site: string) => `Create a ${site} account to send and follow your trip inquiries.`,
} as const satisfies PublicPageText;

/** The home page's title: the site name first. */
export const homeTitle = (site: string) => `${site} — ${HOME_PAGE.title}`;

export const FORGOT_PASSWORD_PAGE = {
  path: '/forgot-password',
  title: 'Forgot password',
  description: (site: string) => `Set a new ${site} password with a code sent to your e-mail address.`,
} as const satisfies PublicPageText;

export const UNSUBSCRIBED_PAGE = {
  path: '/unsubscribed',
  title: 'Unsubscribed',
  description: (site: string) => `Which ${site} e-mails you no longer receive, and how to have them again.`,
} as const satisfies PublicPageText;

/**
 * Public pages with nothing for a search engine: a password reset and an unsubscribe link's landing page. The
 * server writes their title and description, and `noindex`.
 */
export const UNLISTED_PAGES = [FORGOT_PASSWORD_PAGE, UNSUBSCRIBED_PAGE] as const;
export const UNLISTED_PUBLIC_PATHS = UNLISTED_PAGES.map((page) => page.path);

/**
 * Path prefixes of the back office and the customer area (apps/web/src/config/paths.ts), which
 * robots.txt disallows; the server marks every page but the public ones and package details noindex.
 */
export const PRIVATE_PATH_PREFIXES = [
  '/profile-update',
  '/owner-dashboard',
  '/staff-dashboard',
  '/customer-dashboard',
  '/create-package',
  '/manage-packages',
  '/packages/edit/',
  '/manage-staff',
  '/reports',
  '/notifications',
  '/background-images',
  '/create-inquiry',
  '/all-inquiries',
  '/suppliers',
  '/payables',
  '/inquiries/',
  // Public, but nothing to find.
  ...UNLISTED_PUBLIC_PATHS,
  // D30: a customer's trip link, a capability (its token is in the path).
  '/trip/',
  // D33: a supplier's booking-request link, a capability too.
  '/supplier/',
] as const;
