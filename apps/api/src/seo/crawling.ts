// What crawlers read first (D28): /sitemap.xml lists every public page with absolute URLs, and
// /robots.txt admits the public site, keeps crawlers out of the API and the back office, and names
// the sitemap.
import {
  ABOUT_PAGE,
  CONTACT_PAGE,
  FAQ_PAGE,
  HOME_PAGE,
  PACKAGES_PAGE,
  PRIVATE_PATH_PREFIXES,
  type TourPackage,
} from '@safarnama/contract';
import { escapeXml } from './markup';
import { packageUrl } from './site-url';

/** The public pages a sitemap lists besides packages (login and register are not worth a search result). */
const LISTED_PAGES = [HOME_PAGE, PACKAGES_PAGE, ABOUT_PAGE, CONTACT_PAGE, FAQ_PAGE];

const latest = (dates: string[]) => dates.reduce<string | undefined>((a, b) => (a && a > b ? a : b), undefined);

/** The sitemap: the pages, then each package with the time it last changed. */
export function renderSitemap(siteUrl: string, packages: readonly TourPackage[]): string {
  const newest = latest(packages.map((p) => p.updatedAt));
  const entries: { loc: string; lastmod?: string }[] = LISTED_PAGES.map((page) => ({
    loc: `${siteUrl}${page.path}`,
    // The home and list pages show packages, so they change when one does.
    lastmod: page === HOME_PAGE || page === PACKAGES_PAGE ? newest : undefined,
  }));
  for (const pkg of packages) entries.push({ loc: packageUrl(siteUrl, pkg._id), lastmod: pkg.updatedAt });
  const urls = entries.map(
    ({ loc, lastmod }) =>
      `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt for every crawler. */
export function renderRobots(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
