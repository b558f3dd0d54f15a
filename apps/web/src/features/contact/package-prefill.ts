// What the inquiry form starts from when Book Now on a package led here (paths.bookPackage): the package as the
// place to go and its duration, so the agency knows which package the visitor looked at. A crafted link is held to
// the server's limits.
import { INQUIRY_TEXT_LIMITS } from '@safarnama/contract/inquiries-rules';
import { ID_MAX_LENGTH } from '@safarnama/contract/site-rules';

const text = (value: string | null, max: number) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);

export function packagePrefill(params: URLSearchParams): {
  location?: string;
  tourDuration?: string;
  packageId?: string;
} {
  const location = text(params.get('package'), INQUIRY_TEXT_LIMITS.location);
  if (!location) return {};
  const tourDuration = text(params.get('duration'), INQUIRY_TEXT_LIMITS.tourDuration);
  // D26: the package's id links the inquiry to it (the server drops the link if the package is gone). One that is
  // not an id is left out: the form would refuse it in a field the visitor cannot see.
  const given = params.get('packageId');
  const packageId = given && given.length <= ID_MAX_LENGTH ? given : undefined;
  return { location, ...(tourDuration && { tourDuration }), ...(packageId && { packageId }) };
}
