// D11: what an upload may be; how stored image paths turn into srcset is image-sizes.ts (re-exported here).
export {
  DEFAULT_IMAGE_WIDTH,
  IMAGE_SIZES,
  IMAGE_WIDTHS,
  UPLOADS_PREFIX,
  imageAtWidth,
  imageSrcSet,
} from './image-sizes';

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
