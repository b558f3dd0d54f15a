// Absolute addresses on the public site (SITE_URL), for canonical links, previews and the sitemap.
import { IMAGE_WIDTHS, imageAtWidth } from '@safarnama/contract';

/** Preview images at the largest stored width: link previews ask for at least 1200 px. */
const PREVIEW_WIDTH = Math.max(...IMAGE_WIDTHS);

/** An absolute URL on the site for a root-relative path; other links are kept as they are. */
export const absoluteUrl = (siteUrl: string, path: string) => (path.startsWith('/') ? `${siteUrl}${path}` : path);

/** A stored image's absolute URL at the preview width. */
export const previewImageUrl = (siteUrl: string, imagePath: string) =>
  absoluteUrl(siteUrl, imageAtWidth(imagePath, PREVIEW_WIDTH));

/** A package's page. */
export const packageUrl = (siteUrl: string, id: string) => `${siteUrl}/packages/${encodeURIComponent(id)}`;
