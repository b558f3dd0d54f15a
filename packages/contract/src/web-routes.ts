// Every path the web app routes (apps/web/src/app/router.tsx declares the same, a web test keeps them equal):
// the server answers any other path with the app's 404 page and HTTP 404 (D24). Zod-free.

export const WEB_ROUTE_PATTERNS = [
  '/',
  '/packages',
  '/packages/:id',
  '/about',
  '/contact',
  '/faq',
  '/login',
  '/register',
  '/forgot-password',
  '/unsubscribed',
  '/profile-update',
  '/owner-dashboard',
  '/staff-dashboard',
  '/customer-dashboard',
  '/create-package',
  '/manage-packages',
  '/packages/edit/:id',
  '/reports',
  '/manage-staff',
  '/notifications',
  '/background-images',
  '/create-inquiry',
  '/all-inquiries',
  '/suppliers',
  '/payables',
  '/inquiries/edit/:id',
  '/inquiries/view/:id',
  '/inquiries/view/:id/trip',
  '/trip/:token',
  '/supplier/:token',
] as const;

const segments = (pathname: string) => pathname.split('/').filter(Boolean);
const PATTERN_SEGMENTS = WEB_ROUTE_PATTERNS.map(segments);

/**
 * Whether the web app has a page at `pathname` (no query), matched as its router matches: case-insensitive,
 * a trailing slash allowed, a `:param` standing for one segment.
 */
export function isWebRoute(pathname: string): boolean {
  const parts = segments(pathname);
  return PATTERN_SEGMENTS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((p, i) => p.startsWith(':') || p.toLowerCase() === parts[i]!.toLowerCase()),
  );
}
