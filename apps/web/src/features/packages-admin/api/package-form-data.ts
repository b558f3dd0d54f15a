// The multipart body of POST and PUT /api/packages: the text fields, the new image files and, on edit,
// the existing images to keep in their new order.
import { IMAGES_FIELD, KEEP_IMAGES_FIELD, type PackageFields } from '@safarnama/contract/packages';
import type { UploadTransfer } from '../../../components/uploads/upload-progress';

export interface PackagePayload {
  fields: PackageFields;
  images: readonly File[];
  /** Edit only: the stored image paths to keep, in order (empty keeps none). */
  keepImages?: readonly string[];
  /** Progress reports and cancelling of the request (components/uploads/upload-progress.tsx). */
  transfer?: UploadTransfer;
}

export function toPackageFormData({ fields, images, keepImages }: PackagePayload): FormData {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('description', fields.description);
  form.append('price', String(fields.price));
  form.append('duration', String(fields.duration));
  form.append('packageOverview', fields.packageOverview);
  form.append('tourItinerary', fields.tourItinerary);
  // Lists travel as text, one item per line (the API splits them).
  form.append('inclusions', fields.inclusions.join('\n'));
  form.append('exclusions', fields.exclusions.join('\n'));
  form.append('importantNotes', fields.importantNotes.join('\n'));
  if (keepImages) {
    if (keepImages.length === 0) form.append(KEEP_IMAGES_FIELD, '');
    for (const path of keepImages) form.append(KEEP_IMAGES_FIELD, path);
  }
  for (const file of images) form.append(IMAGES_FIELD, file, file.name);
  return form;
}
