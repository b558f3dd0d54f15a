// The picture a link preview shows (og:image, twitter:image; D28): a 1200 × 630 JPEG cut from a stored image's
// largest width. Previews ask for about 1200 px wide at 1.91:1, and JPEG is the one format every crawler reads
// (WhatsApp's included); the stored renditions are WebP at 480, 960 and 1600 px (D11). Made on its first request
// and kept beside the renditions (`uploads/previews/<key>.jpg`), so images stored before it existed get one too
// and no upload pays for a picture nobody may ever share; deleting an image deletes its preview (image-store.ts).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS, UPLOADS_PREFIX } from '@safarnama/contract';
import { PREVIEWS_FOLDER, keyOfImagePath, previewFileOf } from '../uploads/image-store';

export const LINK_PREVIEW = { width: 1200, height: 630, type: 'image/jpeg' } as const;

const LARGEST_WIDTH = Math.max(...IMAGE_WIDTHS);
const JPEG_QUALITY = 82;

const PREVIEW_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg$/;

/** The preview's path for a stored image path ('/uploads/<key>-960.webp'); undefined for any other link. */
export function previewPathOf(imagePath: string): string | undefined {
  const key = keyOfImagePath(imagePath);
  return key ? `${UPLOADS_PREFIX}${PREVIEWS_FOLDER}/${key}.jpg` : undefined;
}

/** Requests for the same preview while it is being made wait for the one making it. */
const making = new Map<string, Promise<Buffer | undefined>>();

/**
 * The preview JPEG named `file` ('<key>.jpg'), made and kept on first request; undefined when the name is not a
 * preview's or its image is not stored.
 */
export async function linkPreview(uploadsDir: string, file: string): Promise<Buffer | undefined> {
  const key = PREVIEW_FILE.exec(file)?.[1];
  if (!key) return undefined;
  try {
    return await fs.readFile(previewFileOf(uploadsDir, key));
  } catch {
    // Not made yet.
  }
  let job = making.get(key);
  if (!job) {
    job = makePreview(uploadsDir, key).finally(() => making.delete(key));
    making.set(key, job);
  }
  return job;
}

async function makePreview(uploadsDir: string, key: string): Promise<Buffer | undefined> {
  let source: Buffer;
  try {
    source = await fs.readFile(path.join(uploadsDir, `${key}-${LARGEST_WIDTH}.webp`));
  } catch {
    return undefined;
  }
  // Cover the frame, cutting where the picture's interest is (sharp's attention strategy); a small image is
  // enlarged, so the preview always has the size its tags announce.
  const jpeg = await sharp(source)
    .resize(LINK_PREVIEW.width, LINK_PREVIEW.height, { fit: 'cover', position: sharp.strategy.attention })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
  const file = previewFileOf(uploadsDir, key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Written whole under another name, then renamed: a request never reads half a file.
  const partial = `${file}.${crypto.randomUUID()}.partial`;
  await fs.writeFile(partial, jpeg);
  await fs.rename(partial, file);
  return jpeg;
}
