// Absolute addresses on the public site (SITE_URL), for canonical links, previews and the sitemap.
import { IMAGE_WIDTHS, imageAtWidth } from '@safarnama/contract';
import { LINK_PREVIEW, previewPathOf } from './link-preview';

const LARGEST_WIDTH = Math.max(...IMAGE_WIDTHS);

/** An absolute URL on the site for a root-relative path; other links are kept as they are. */
const absoluteUrl = (siteUrl: string, path: string) => (path.startsWith('/') ? `${siteUrl}${path}` : path);

/** A stored image's absolute URL at the largest stored width (JSON-LD's images). */
export const largestImageUrl = (siteUrl: string, imagePath: string) =>
  absoluteUrl(siteUrl, imageAtWidth(imagePath, LARGEST_WIDTH));

export interface PreviewImage {
  url: string;
  width?: number;
  height?: number;
  type?: string;
}

/**
 * A link preview's picture (og:image): a stored image's 1200 × 630 JPEG (link-preview.ts), absolute, with its
 * size and type; a link that is not a stored image is named as it is, with nothing known of it.
 */
export function previewImage(siteUrl: string, imagePath: string): PreviewImage {
  const preview = previewPathOf(imagePath);
  return preview ? { url: absoluteUrl(siteUrl, preview), ...LINK_PREVIEW } : { url: absoluteUrl(siteUrl, imagePath) };
}

/** A package's page. */
export const packageUrl = (siteUrl: string, id: string) => `${siteUrl}/packages/${encodeURIComponent(id)}`;
