// The public pages' titles and descriptions, which the web sets while a page is shown and the server
// writes into the HTML it sends (D28), and the back-office paths search engines are asked to skip.
// Zod-free, so the web's first load can import it.

/** The name the web shows for the agency (the server uses SITE_NAME in its place). */
export const BRAND = 'Safarnama';

export interface PublicPageText {
  path: string;
  /** The page's own part of the title; the site name follows it (`About Us | Safarnama`). */
  title: string;
  description: (site: string) => string;
}

export const PUBLIC_PAGES = {
  home: {
    path: '/',
    title: 'Customizable Tour Packages',
    description: (site: string) =>
      `${site} — customizable tour packages across India. Handpicked destinations, best price guarantee and 24/7 support.`,
  },
  packages: {
    path: '/packages',
    title: 'Explore Our Packages',
    description: (site: string) =>
      `Search ${site}’s customizable tour packages across India by destination, price per person and number of days.`,
  },
  about: {
    path: '/about',
    title: 'About Us',
    description: (site: string) => `${site}’s mission, vision and the eight core values behind every trip we plan.`,
  },
  contact: {
    path: '/contact',
    title: 'Contact Us',
    description: (site: string) => `Tell ${site} about your trip: we reply within a day with a plan and a price.`,
  },
  faq: {
    path: '/faq',
    title: 'Terms and Conditions',
    description: (site: string) =>
      `Booking, payment, cancellation, hotel and transport terms of ${site}’s tour packages.`,
  },
  login: {
    path: '/login',
    title: 'Login',
    description: (site: string) => `Sign in to ${site} to follow your trip inquiries.`,
  },
  register: {
    path: '/register',
    title: 'Register',
    description: (site: string) => `Create a ${site} account to send and follow your trip inquiries.`,
  },
} as const satisfies Record<string, PublicPageText>;

/** The home page's title: the site name first. */
export const homeTitle = (site: string) => `${site} — ${PUBLIC_PAGES.home.title}`;

/** A page's title with the site name after it. */
export const pageTitle = (title: string, site: string) => `${title} | ${site}`;

/**
 * Path prefixes of the back office and the customer area (apps/web/src/config/paths.ts), which
 * robots.txt disallows; the server marks every page outside PUBLIC_PAGES and package details noindex.
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
  '/background-images',
  '/create-inquiry',
  '/all-inquiries',
  '/inquiries/',
] as const;
