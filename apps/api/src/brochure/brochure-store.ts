// Where made brochures are kept (D28): with the image renditions (uploads/image-storage.ts: the uploads folder, or
// rows of PostgreSQL), so every instance and every restart reads the one made first instead of laying it out again.
// One object per version of a package, under the package's key, so a package's old versions can go without
// knowing their names.
import type { ImageStorage } from '../uploads/image-storage';

/** The storage key of a package's brochures; never a stored image's key (those are bare UUIDs). */
const keyOf = (packageId: string) => `brochure-${packageId}`;

/** The stored name of one version of a package's brochure. */
export const brochureNameOf = (packageId: string, version: string) => `${keyOf(packageId)}-${version}.pdf`;

/** Kept brochures are served by their route, with its limit, never as files under /uploads. */
export const isBrochureName = (name: string) => /^brochure-.+\.pdf$/.test(name);

/** Writes a version of a package's brochure; fails when that version is kept already. */
export const writeBrochure = (storage: ImageStorage, packageId: string, version: string, pdf: Buffer) =>
  storage.write(brochureNameOf(packageId, version), keyOf(packageId), pdf);

/** Removes a package's brochures but the version `keep`; never throws, answers false when some may be left. */
export const removeBrochures = (storage: ImageStorage, packageId: string, keep?: string) =>
  storage.removeKey(keyOf(packageId), keep === undefined ? undefined : brochureNameOf(packageId, keep));
