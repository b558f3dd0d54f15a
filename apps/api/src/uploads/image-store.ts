// D11 upload pipeline, the image half: recognise an image by its content, re-encode it to WebP at the
// stored widths under a server-made name, and delete stored images. Packages, backgrounds and the demo
// seed all store images through here.
import crypto from 'node:crypto';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, UPLOAD_LIMITS, UPLOAD_MESSAGES, UPLOADS_PREFIX } from '@safarnama/contract';
import { badRequest } from '../errors';
import type { ImageStorage } from './image-storage';

type ImageKind = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

const WEBP_QUALITY = 80;
const LARGEST_WIDTH = Math.max(...IMAGE_WIDTHS);

/**
 * The box an image is fitted into at a width: never upscaled, and at most four times as tall as wide,
 * which keeps extreme strips within WebP's 16383-pixel side limit.
 */
const boxOf = (width: number) => ({ width, height: width * 4, fit: 'inside', withoutEnlargement: true }) as const;

/** The embedded default's folder of stored images (UPLOADS_DIR when unset on SQLite), served at /uploads/. */
export const uploadsDirOf = (dataDir: string) => path.join(dataDir, 'uploads');

/** The stored name of a key's rendition at a width, served at /uploads/<name>. */
export const renditionNameOf = (key: string, width: number) => `${key}-${width}.webp`;

/** The path the API exposes for a stored image: the middle width, usable as a plain `src`. */
export const imagePathOf = (key: string) => `${UPLOADS_PREFIX}${key}-${DEFAULT_IMAGE_WIDTH}.webp`;

const KEY_IN_PATH = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-\d+\.webp$/i;

/** The stored key inside an image path or link ('/uploads/<key>-960.webp'); undefined if it is not one. */
export function keyOfImagePath(imagePath: string): string | undefined {
  return KEY_IN_PATH.exec(imagePath.trim())?.[1]?.toLowerCase();
}

const ascii = (buf: Buffer, start: number, end: number) => buf.toString('latin1', start, end);

/** ISO-BMFF brands (major and compatible) of an `ftyp` box, for telling AVIF from HEIC. */
function ftypBrands(buf: Buffer): string[] {
  if (buf.length < 16 || ascii(buf, 4, 8) !== 'ftyp') return [];
  const size = Math.min(buf.readUInt32BE(0), buf.length, 256);
  const brands = [ascii(buf, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(buf, at, at + 4));
  return brands;
}

/**
 * The image kind by magic bytes, before any decoder sees the data: SVG, HTML, text, HEIC and the rest
 * never reach sharp's many loaders. The name and the claimed MIME type are not consulted.
 */
function sniffImageKind(buf: Buffer): ImageKind | undefined {
  if (buf.length < 12) return undefined;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'webp';
  const brands = ftypBrands(buf);
  if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  return undefined;
}

/** sharp reports AVIF as HEIF with AV1 compression; HEIC (HEVC) is not accepted. */
function kindOfMetadata(meta: Metadata): ImageKind | undefined {
  if (meta.format === 'heif') return meta.compression === 'av1' ? 'avif' : undefined;
  return (['jpeg', 'png', 'webp', 'gif'] as const).find((k) => k === meta.format);
}

const isPixelLimitError = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/** Decoder errors are the upload's fault (400), never a server error. */
function refusal(err: unknown) {
  return badRequest(isPixelLimitError(err) ? UPLOAD_MESSAGES.tooManyPixels : UPLOAD_MESSAGES.broken);
}

// 'truncated' refuses incomplete files yet accepts the harmless warnings some cameras' JPEGs raise.
const decoderOptions = { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: 'truncated' } as const;

/** Checks that `input` is an accepted image within the limits; throws a 400 AppError otherwise. */
async function verifyImage(input: Buffer): Promise<ImageKind> {
  const kind = sniffImageKind(input);
  if (!kind) throw badRequest(UPLOAD_MESSAGES.notAnImage);
  let meta: Metadata;
  try {
    meta = await sharp(input, decoderOptions).metadata();
  } catch (err) {
    throw refusal(err);
  }
  // The container must agree with its magic bytes (no polyglots slipping through another loader).
  if (kindOfMetadata(meta) !== kind) throw badRequest(UPLOAD_MESSAGES.notAnImage);
  if (!meta.width || !meta.height) throw badRequest(UPLOAD_MESSAGES.broken);
  if (meta.width * meta.height > UPLOAD_LIMITS.maxPixels) throw badRequest(UPLOAD_MESSAGES.tooManyPixels);
  return kind;
}

/**
 * Verifies `input`, re-encodes it (EXIF orientation applied, every metadata block dropped, the first
 * frame of an animation) to WebP at each of IMAGE_WIDTHS without upscaling, and writes
 * `<key>-<width>.webp` into `storage`. Returns the new key. Nothing is left behind on failure.
 */
export async function storeImage(
  storage: ImageStorage,
  input: Buffer,
  { effort = 4 }: { /** WebP effort 0–6: the demo seed trades 10% size for half the time. */ effort?: number } = {},
): Promise<string> {
  await verifyImage(input);
  let encoded: Buffer[];
  try {
    // Decode once (EXIF orientation applied) down to the largest width, then make the smaller widths
    // from those pixels: one decode of a large upload instead of one per width. Encoding fully before
    // writing means a decode failure half-way never leaves files to clean.
    const { data, info } = await sharp(input, decoderOptions)
      .rotate()
      .resize(boxOf(LARGEST_WIDTH))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    encoded = await Promise.all(
      IMAGE_WIDTHS.map((width) =>
        sharp(data, raw).resize(boxOf(width)).webp({ quality: WEBP_QUALITY, effort }).toBuffer(),
      ),
    );
  } catch (err) {
    throw refusal(err);
  }
  const key = crypto.randomUUID();
  const results = await Promise.allSettled(
    IMAGE_WIDTHS.map((width, i) => storage.write(renditionNameOf(key, width), key, encoded[i]!)),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await deleteImages(storage, [key]);
    throw failed.reason;
  }
  return key;
}

/** The stored name of a key's link preview (seo/link-preview.ts), once made; served at /uploads/previews/<key>.jpg. */
export const previewNameOf = (key: string) => `${key}-preview.jpg`;

/**
 * Deletes every stored width of each key, and its link preview. Never throws (a leftover rendition is harmless, a
 * failed request is not); returns the renditions that could not be removed so the caller can log them.
 */
export async function deleteImages(storage: ImageStorage, keys: readonly string[]): Promise<string[]> {
  return storage.remove(
    keys.flatMap((key) => [...IMAGE_WIDTHS.map((width) => renditionNameOf(key, width)), previewNameOf(key)]),
  );
}
