// Tour packages: the catalogue entity, its form payload and the search query.
import { z } from 'zod';
import { idSchema, multiLineText, optionalNumber, requiredNumber, requiredText, searchText } from './common';

/** Images a package may hold (keeps the edit form's `keepImages` fields within the multipart limits). */
export const MAX_PACKAGE_IMAGES = 20;

/**
 * Multipart field of PUT /api/packages/{id}, repeated: the paths of existing images to keep, in the
 * wanted order. Absent keeps every image; one empty value keeps none. New files are appended.
 */
export const KEEP_IMAGES_FIELD = 'keepImages';
/** Multipart field that carries image files (packages and backgrounds). */
export const IMAGES_FIELD = 'images';

const MAX_PRICE = 100_000_000;
const MAX_DURATION = 365;

export const packageSchema = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string(),
  price: z.number(),
  duration: z.number(),
  images: z.array(z.string()),
  packageOverview: z.string(),
  tourItinerary: z.string(),
  inclusions: z.array(z.string()),
  exclusions: z.array(z.string()),
  importantNotes: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TourPackage = z.infer<typeof packageSchema>;

/** Text with one item per line becomes a list; blank lines are dropped. */
export const linesToList = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);

const listField = (message: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: message })
    // Repeated parts are lines of one text, so an item's refused character is reported under the field's name.
    .transform((v) => (Array.isArray(v) ? v.join('\n') : v))
    .pipe(multiLineText())
    .transform(linesToList)
    .pipe(z.array(z.string().max(1000)).min(1, { error: message }).max(200));

/** The text fields of the package form (images travel as files beside them). */
export const packageFieldsSchema = z.object({
  name: requiredText('Package name is required', 150),
  description: requiredText('Destinations are required', 300),
  price: requiredNumber('Price is required and must be a number').pipe(
    z.number().min(0, { error: 'Price cannot be negative' }).max(MAX_PRICE, { error: 'Price is too large' }),
  ),
  duration: requiredNumber('Duration is required and must be a number').pipe(
    z
      .number()
      .int({ error: 'Duration must be a whole number of days' })
      .min(1, { error: 'Duration must be at least 1 day' })
      .max(MAX_DURATION, { error: `Duration must be at most ${MAX_DURATION} days` }),
  ),
  packageOverview: requiredText('Package overview is required', 20_000, { multiLine: true }),
  tourItinerary: requiredText('Tour itinerary is required', 50_000, { multiLine: true }),
  inclusions: listField('Inclusions are required'),
  exclusions: listField('Exclusions are required'),
  importantNotes: listField('Important notes are required'),
});
export type PackageFields = z.output<typeof packageFieldsSchema>;
export type PackageFieldsInput = z.input<typeof packageFieldsSchema>;

export const packageSearchQuerySchema = z.object({
  search: searchText(200).optional().default(''),
  minPrice: optionalNumber('minPrice must be a number'),
  maxPrice: optionalNumber('maxPrice must be a number'),
  minDuration: optionalNumber('minDuration must be a number'),
  maxDuration: optionalNumber('maxDuration must be a number'),
});
export type PackageSearchParams = z.output<typeof packageSearchQuerySchema>;

export const packageListSchema = z.array(packageSchema);
