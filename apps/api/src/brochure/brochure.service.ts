// A package's brochure (D28): made once per version of the package and kept with the image renditions
// (brochure-store.ts), so a link shared in a group chat and opened by many, on any instance and after any restart,
// costs one rendering and then a read. Photos are read from the stored images and turned into JPEG for the PDF.
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import type { SiteSettings, TourPackage } from '@safarnama/contract';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { getPackage } from '../packages/package.service';
import { siteSettings } from '../site/site.routes';
import { packageUrl } from '../seo/site-url';
import { keyOfImagePath, renditionNameOf } from '../uploads/image-store';
import type { ImageStorage } from '../uploads/image-storage';
import { BROCHURE_LAYOUT } from './brochure.pdf';
import type { PdfPool } from '../papers/pdf-pool';
import { brochureNameOf, removeBrochures, writeBrochure } from './brochure-store';

/** Photos a brochure shows: a cover and a row of three. */
const MAX_PHOTOS = 4;
/** The stored width drawn into the brochure (sharp at print size for a 495-pt-wide page). */
const PHOTO_WIDTH = 960;

/** One version of a package's brochure, before its bytes are read or made. */
export interface Brochure {
  pkg: TourPackage;
  site: SiteSettings;
  url: string;
  /** Changes whenever anything the brochure shows does: the package, the agency's details, the layout. */
  version: string;
  etag: string;
  filename: string;
}

export interface BrochureContext {
  db: Db;
  config: Config;
  images: ImageStorage;
  /** Lays the brochure out off the event loop. */
  pdf: PdfPool;
  log: FastifyBaseLogger;
}

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

/**
 * Which brochure a package has now (404 for an unknown id). Its version is a digest of everything drawn, not only
 * `updatedAt`: two edits in one millisecond share it, and the agency's details come from the configuration.
 */
export async function findBrochure(
  { db, config }: Pick<BrochureContext, 'db' | 'config'>,
  id: string,
): Promise<Brochure> {
  const pkg = await getPackage({ db }, id);
  const site = siteSettings(config);
  const url = packageUrl(config.SITE_URL, pkg._id);
  const version = crypto
    .createHash('sha256')
    .update(JSON.stringify({ layout: BROCHURE_LAYOUT, pkg, site, url }))
    .digest('hex')
    .slice(0, 20);
  return { pkg, site, url, version, etag: `"${pkg._id}-${version}"`, filename: fileNameOf(pkg.name) };
}

/** Requests for a brochure while it is being made wait for the one making it (in this process). */
const making = new Map<string, Promise<Buffer>>();

/** The brochure's PDF: the kept one, or made, kept, and the package's older versions removed. */
export async function brochurePdf(ctx: BrochureContext, brochure: Brochure): Promise<Buffer> {
  const name = brochureNameOf(brochure.pkg._id, brochure.version);
  const kept = await ctx.images.read(name);
  if (kept) return kept.body;
  let job = making.get(name);
  if (!job) {
    job = makeBrochure(ctx, brochure).finally(() => making.delete(name));
    making.set(name, job);
  }
  return job;
}

async function makeBrochure({ images, log, pdf: papers }: BrochureContext, brochure: Brochure): Promise<Buffer> {
  const { pkg, site, url, version } = brochure;
  const started = performance.now();
  const photos = (await Promise.all(pkg.images.slice(0, MAX_PHOTOS).map((p) => photoOf(images, p)))).filter(
    (photo): photo is Buffer => photo !== undefined,
  );
  const pdf = await papers.render('brochure', { pkg, site, url, photos });
  log.info(
    { event: 'brochure_rendered', packageId: pkg._id, version, ms: Math.round(performance.now() - started) },
    'brochure rendered',
  );
  try {
    await writeBrochure(images, pkg._id, version, pdf);
  } catch (err) {
    // Another instance kept it first (names are never rewritten): serve that one, so every copy is the same file.
    // Otherwise (a full disk) this answer still has its brochure; the next request tries to keep one again.
    const other = await images.read(brochureNameOf(pkg._id, version));
    if (other) return other.body;
    log.warn({ err, packageId: pkg._id }, 'could not keep the brochure');
    return pdf;
  }
  if (!(await removeBrochures(images, pkg._id, version))) {
    log.warn({ packageId: pkg._id }, "could not remove a package's older brochures");
  }
  return pdf;
}
