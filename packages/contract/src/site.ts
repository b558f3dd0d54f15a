// D13's agency settings, and the public site's pages as the server writes them: their titles and descriptions
// (D28), the paths search engines are asked to skip, and every path the web routes (D24).
import { z } from 'zod';

// D13: the agency's public settings (name, phone, e-mail, WhatsApp, social links).
export const siteSettingsSchema = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  whatsapp: z.string(),
  social: z.object({
    facebook: z.string().optional(),
    instagram: z.string().optional(),
    twitter: z.string().optional(),
    youtube: z.string().optional(),
  }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

// Page titles as the web and the server write them.

/** A page's title with the site name after it. */
export const pageTitle = (title: string, site: string) => `${title} | ${site}`;

// The public pages' titles and descriptions, which the web sets while a page is shown and the server writes
// into the HTML it sends (D28), and the back-office paths search engines are asked to skip.
export interface PublicPageText {
  path: string;
  /** The page's own part of the title; the site name follows it (`About Us | Safarnama`). */
  title: string;
  description: (site: string) => string;
}

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
export const UNLISTED_PUBLIC_PATHS = /* @__PURE__ */ UNLISTED_PAGES.map((page) => page.path);

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

// Every path the web app routes (apps/web/src/app/router.tsx declares the same, a web test keeps them equal):
// the server answers any other path with the app's 404 page and HTTP 404 (D24).
export const WEB_ROUTE_PATTERNS = [
  '/',
  '/packages',
  '/packages/:id',
  '/about',
  '/contact',
  '/faq',
  '/login',
  '/register',
  '/forgot-password',
  '/unsubscribed',
  '/profile-update',
  '/owner-dashboard',
  '/staff-dashboard',
  '/customer-dashboard',
  '/create-package',
  '/manage-packages',
  '/packages/edit/:id',
  '/reports',
  '/manage-staff',
  '/notifications',
  '/background-images',
  '/create-inquiry',
  '/all-inquiries',
  '/suppliers',
  '/payables',
  '/inquiries/edit/:id',
  '/inquiries/view/:id',
  '/inquiries/view/:id/trip',
  '/trip/:token',
  '/supplier/:token',
] as const;

const segments = (pathname: string) => pathname.split('/').filter(Boolean);
// Pure, so that a web chunk importing site.ts for its settings' schema carries none of this.
const PATTERN_SEGMENTS = /* @__PURE__ */ WEB_ROUTE_PATTERNS.map(segments);

/**
 * Whether the web app has a page at `pathname` (no query), matched as its router matches: case-insensitive,
 * a trailing slash allowed, a `:param` standing for one segment.
 */
export function isWebRoute(pathname: string): boolean {
  const parts = segments(pathname);
  return PATTERN_SEGMENTS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((p, i) => p.startsWith(':') || p.toLowerCase() === parts[i]!.toLowerCase()),
  );
}
