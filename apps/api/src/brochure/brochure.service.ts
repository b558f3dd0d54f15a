// A package's brochure (D28): made once per version of the package and kept in memory until the package
// changes (its updatedAt is part of the key), so a link shared in a group chat and opened by many costs
// one rendering. Photos are read from the stored images and turned into JPEG for the PDF.
import sharp from 'sharp';
import type { TourPackage } from '@safarnama/contract';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { getPackage } from '../packages/package.service';
import { siteSettings } from '../site/site.routes';
import { packageUrl } from '../seo/site-url';
import { keyOfImagePath, renditionNameOf } from '../uploads/image-store';
import type { ImageStorage } from '../uploads/image-storage';
import { renderBrochurePdf } from './brochure.pdf';

/** Photos a brochure shows: a cover and a row of three. */
const MAX_PHOTOS = 4;
/** The stored width drawn into the brochure (sharp at print size for a 495-pt-wide page). */
const PHOTO_WIDTH = 960;
/** Brochures kept: a catalogue is tens to hundreds of packages, each brochure a few hundred KB. */
const MAX_CACHED = 32;

export interface Brochure {
  pdf: Buffer;
  /** Changes whenever the package does. */
  etag: string;
  filename: string;
}

export interface BrochureContext {
  db: Db;
  config: Config;
  images: ImageStorage;
}

const cache = new Map<string, Promise<Brochure>>();

async function photoOf(images: ImageStorage, imagePath: string): Promise<Buffer | undefined> {
  const key = keyOfImagePath(imagePath);
  if (!key) return undefined;
  try {
    const webp = await images.read(renditionNameOf(key, PHOTO_WIDTH));
    if (!webp) return undefined;
    return await sharp(webp.body).jpeg({ quality: 82 }).toBuffer();
  } catch {
    // A missing or unreadable photo leaves its place to the next; the brochure still has its text.
    return undefined;
  }
}

const fileNameOf = (name: string) =>
  `${
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase()
      .slice(0, 60) || 'package'
  }-brochure.pdf`;

async function makeBrochure(config: Config, images: ImageStorage, pkg: TourPackage, etag: string): Promise<Brochure> {
  const photos = (await Promise.all(pkg.images.slice(0, MAX_PHOTOS).map((p) => photoOf(images, p)))).filter(
    (photo): photo is Buffer => photo !== undefined,
  );
  const pdf = await renderBrochurePdf({
    pkg,
    site: siteSettings(config),
    url: packageUrl(config.SITE_URL, pkg._id),
    photos,
  });
  return { pdf, etag, filename: fileNameOf(pkg.name) };
}

/** The brochure of a package (404 for an unknown id), from the cache while the package is unchanged. */
export async function getBrochure({ db, config, images }: BrochureContext, id: string): Promise<Brochure> {
  const pkg = await getPackage({ db }, id);
  const etag = `"${pkg._id}-${Date.parse(pkg.updatedAt).toString(36)}"`;
  const key = `${pkg._id}:${pkg.updatedAt}`;
  let brochure = cache.get(key);
  if (!brochure) {
    brochure = makeBrochure(config, images, pkg, etag);
    cache.set(key, brochure);
    // A failed rendering is not kept: the next request tries again.
    brochure.catch(() => cache.delete(key));
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  }
  return brochure;
}
