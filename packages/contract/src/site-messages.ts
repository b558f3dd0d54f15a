/** Texts of the site's frame (spec §2). */
export const SITE_MESSAGES = {
  notFound: '404 - Page Not Found',
} as const;
