// Page titles as the web and the server write them (zod-free, in the web's first load).

/** The name the web shows for the agency (the server uses SITE_NAME in its place). */
export const BRAND = 'Safarnama';

/** A page's title with the site name after it. */
export const pageTitle = (title: string, site: string) => `${title} | ${site}`;
