// D11: stored image widths and how stored image paths turn into srcset; zod-free and apart from uploads.ts so
// that the public pages' first load, which draws the hero and the cards, carries no upload rules or messages.

/** Widths each upload is stored in; the middle one is the plain `src`. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export const DEFAULT_IMAGE_WIDTH = 960;

/** Where stored images are served; the API's image paths start with it. */
export const UPLOADS_PREFIX = '/uploads/';

const SIZED = /-(\d+)\.webp$/;

/** `srcset` for a stored image path ('/uploads/x-960.webp'); undefined for foreign links. */
export function imageSrcSet(path: string, base = ''): string | undefined {
  if (!SIZED.test(path)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${base}${path.replace(SIZED, `-${w}.webp`)} ${w}w`).join(', ');
}

/**
 * `sizes` of the images that can be a public page's largest paint. The web's <img> elements and the
 * server's <link rel="preload"> hints (apps/api/src/plugins/page-hints.ts) must name the same ones, or
 * the browser would fetch the image twice.
 */
export const IMAGE_SIZES = {
  /** The home hero: the full width. */
  hero: '100vw',
  /** A package card in a grid of minmax(300px, 1fr) inside the 1200 px page. */
  card: '(min-width: 1200px) 384px, (min-width: 680px) 50vw, 100vw',
  /** The package details photo carousel, beside the booking card on wide screens. */
  gallery: '(min-width: 1200px) 768px, (min-width: 1024px) 65vw, 100vw',
} as const;

/** A path at a given width ('/uploads/x-960.webp' → '/uploads/x-480.webp'). */
export const imageAtWidth = (path: string, width: number) =>
  SIZED.test(path) ? path.replace(SIZED, `-${width}.webp`) : path;
