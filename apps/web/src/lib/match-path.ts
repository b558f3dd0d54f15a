// Route patterns (`/packages/:id`) matched as the router matches them, for code outside a route: the guard's
// table (config/route-roles.ts) and the first page's preload (app/router.tsx). regexparam is the parser wouter
// itself uses by default; AppRouter hands it to wouter explicitly so both match alike: whole paths, any case,
// a trailing slash allowed, a `:param` standing for one segment.
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';

export const parsePattern = parse;

export type Params = Readonly<Record<string, string | undefined>>;

/** A page's route as its `prefetch` gets it (app/lazy-page.ts), to fetch the data of its first render. */
export interface RouteMatch {
  params: Params;
  search: URLSearchParams;
}

/** The pattern's params when `pathname` matches it, else null. */
export function matchPath(pattern: string, pathname: string): Params | null {
  const [matches, params] = matchRoute(parsePattern, pattern, pathname);
  return matches ? params : null;
}
