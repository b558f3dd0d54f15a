// The picture a link preview shows (og:image, twitter:image; D28): a 1200 × 630 JPEG cut from a stored image's
// largest width. Previews ask for about 1200 px wide at 1.91:1, and JPEG is the one format every crawler reads
// (WhatsApp's included); the stored renditions are WebP at 480, 960 and 1600 px (D11). Made on its first request
// and kept with the renditions (in their folder or rows, D29), so images stored before it existed get one too
// and no upload pays for a picture nobody may ever share; deleting an image deletes its preview (image-store.ts).
import sharp from 'sharp';
import { IMAGE_WIDTHS, UPLOADS_PREFIX } from '@safarnama/contract';
import { etagOf, type ImageStorage, type StoredRendition } from '../uploads/image-storage';
import { keyOfImagePath, previewNameOf, renditionNameOf } from '../uploads/image-store';

export const LINK_PREVIEW = { width: 1200, height: 630, type: 'image/jpeg' } as const;

const LARGEST_WIDTH = Math.max(...IMAGE_WIDTHS);
const JPEG_QUALITY = 82;

const PREVIEW_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg$/;

/** The preview's path for a stored image path ('/uploads/<key>-960.webp'); undefined for any other link. */
export function previewPathOf(imagePath: string): string | undefined {
  const key = keyOfImagePath(imagePath);
  return key ? `${UPLOADS_PREFIX}previews/${key}.jpg` : undefined;
}

/** Requests for the same preview while it is being made wait for the one making it. */
const making = new Map<string, Promise<StoredRendition | undefined>>();

/**
 * The preview JPEG named `file` ('<key>.jpg'), made and kept on first request; undefined when the name is not a
 * preview's or its image is not stored.
 */
export async function linkPreview(storage: ImageStorage, file: string): Promise<StoredRendition | undefined> {
  const key = PREVIEW_FILE.exec(file)?.[1];
  if (!key) return undefined;
  const kept = await storage.read(previewNameOf(key));
  if (kept) return kept;
  let job = making.get(key);
  if (!job) {
    job = makePreview(storage, key).finally(() => making.delete(key));
    making.set(key, job);
  }
  return job;
}

async function makePreview(storage: ImageStorage, key: string): Promise<StoredRendition | undefined> {
  const source = await storage.read(renditionNameOf(key, LARGEST_WIDTH));
  if (!source) return undefined;
  // Cover the frame, cutting where the picture's interest is (sharp's attention strategy); a small image is
  // enlarged, so the preview always has the size its tags announce.
  const jpeg = await sharp(source.body)
    .resize(LINK_PREVIEW.width, LINK_PREVIEW.height, { fit: 'cover', position: sharp.strategy.attention })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
  try {
    await storage.write(previewNameOf(key), key, jpeg);
  } catch {
    // Another instance made it first (names are never rewritten): serve the one kept.
    return storage.read(previewNameOf(key));
  }
  return { body: jpeg, etag: etagOf(jpeg) };
}
