// What the inquiry form starts from when Book Now on a package led here (paths.bookPackage): the package as the
// place to go and its duration, so the agency knows which package the visitor looked at.

/** The form's Location and Tour duration limits (the contract's inquiry schema): a crafted link cannot pass them. */
const MAX_LOCATION = 150;
const MAX_DURATION = 50;

const text = (value: string | null, max: number) => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);

export function packagePrefill(params: URLSearchParams): { location?: string; tourDuration?: string } {
  const location = text(params.get('package'), MAX_LOCATION);
  if (!location) return {};
  const tourDuration = text(params.get('duration'), MAX_DURATION);
  return tourDuration ? { location, tourDuration } : { location };
}
