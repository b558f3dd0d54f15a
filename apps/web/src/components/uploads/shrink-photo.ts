// Phone photos shrunk in the browser before upload: a photo whose longest side is over
// UPLOAD_MAX_SIDE_PX is redrawn at that size, upright (its EXIF orientation applied to the pixels), as
// JPEG for JPEGs and WebP otherwise. Anything the browser cannot decode or encode goes as it is: the
// server checks every file the same way either way (D11).
import { UPLOAD_MAX_SIDE_PX } from '@safarnama/contract/uploads';

const QUALITY = 0.9;

const renamed = (name: string, type: string) =>
  type === 'image/webp' ? `${name.replace(/\.[^.]*$/, '') || 'photo'}.webp` : name;

/** `file`, or a smaller copy of it when its longest side is over `maxSide` pixels. */
async function shrinkPhoto(file: File, maxSide: number = UPLOAD_MAX_SIDE_PX): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const longest = Math.max(bitmap.width, bitmap.height);
    if (longest <= maxSide) return file;
    const scale = maxSide / longest;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, QUALITY));
    // A browser that cannot write the type gives PNG instead, often larger than the original.
    if (!blob || blob.type !== type) return file;
    return new File([blob], renamed(file.name, type), { type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

/** Every file through shrinkPhoto, one at a time (each decoded photo holds tens of megabytes). */
export async function shrinkPhotos(files: readonly File[], signal?: AbortSignal): Promise<File[]> {
  const out: File[] = [];
  for (const file of files) {
    signal?.throwIfAborted();
    out.push(await shrinkPhoto(file));
  }
  signal?.throwIfAborted();
  return out;
}
