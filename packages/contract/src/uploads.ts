// D11: what an upload may be and what the back office's upload forms show while photos go up (how stored image
// paths turn into srcset is uploads-rules.ts); the home page's background images.
import { z } from 'zod';
import { idSchema } from './common';

export const UPLOAD_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  /** A photo may be picked up to this size: the browser shrinks it before sending, then maxFileBytes applies. */
  maxPickedBytes: 50 * 1024 * 1024,
  maxFiles: 10,
  maxPixels: 40_000_000,
  maxFields: 30,
  maxFieldBytes: 64 * 1024,
} as const;

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
/** For <input accept>; the server decides by content, not by this. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

export const UPLOAD_MESSAGES = {
  notAnImage: 'Only JPEG, PNG, WebP, AVIF or GIF images are allowed',
  tooLarge: 'Each image must be at most 10 MB',
  tooManyFiles: 'At most 10 images can be uploaded at once',
  tooManyPixels: 'Image dimensions are too large (at most 40 megapixels)',
  broken: 'The image file is damaged or incomplete',
  notMultipart: 'The request must be sent as multipart/form-data',
  selectAtLeastOne: 'Please select at least one image',
  fieldTooLong: 'A form field is too long',
  malformed: 'The upload was incomplete or malformed. Please try again.',
} as const;

// What the back office's upload forms show while photos go up.

/**
 * The web shrinks photos whose longest side is larger than this before sending them (a phone's 4000 px
 * photo is several megabytes the server would shrink anyway); the server's checks stay the same.
 */
export const UPLOAD_MAX_SIDE_PX = 2400;

export const UPLOAD_PROGRESS_MESSAGES = {
  preparing: 'Preparing photos…',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  processing: 'Saving on the server…',
  cancelled: 'Upload cancelled',
} as const;

// Messages of the home page's background images (spec §8 texts verbatim).
export const BACKGROUND_MESSAGES = {
  fetchFailed: 'Failed to fetch background images',
  uploaded: 'Background images uploaded successfully',
  uploadFailed: 'Failed to upload images',
  deleted: 'Image deleted successfully',
  deleteFailed: 'Failed to delete image',
  selectAtLeastOne: 'Please select at least one image',
  notFound: 'Image not found',
  /** Not in the spec: asked before a delete (docs/ARCHITECTURE.md, "Departures from the spec"). */
  confirmDelete: 'Delete this background image? It will no longer appear on the home page.',
} as const;

// Home-page hero background images.
const backgroundSchema = z.object({ _id: idSchema, imageUrl: z.string() });
export type BackgroundImage = z.infer<typeof backgroundSchema>;

export const backgroundListSchema = z.array(backgroundSchema);
