// Page titles as the web and the server write them (zod-free, in the web's first load).

/** A page's title with the site name after it. */
export const pageTitle = (title: string, site: string) => `${title} | ${site}`;
