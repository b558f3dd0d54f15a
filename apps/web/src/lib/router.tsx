// The app's router: the part of React Router's declarative API this app uses (BrowserRouter, MemoryRouter,
// Routes/Route with nested layouts, index and splat routes, Outlet, Link, NavLink, Navigate, useLocation,
// useNavigate, useNavigationType, useParams, useSearchParams, matchPath) and useBeforeNavigation of its own,
// over the History API, in about 2 KB gzip instead of React Router's 14 KB — a seventh of the public pages'
// first-load budget (docs/performance.md, "Router").
// Semantics follow React Router 7 where the app relies on them: case-insensitive matching ranked by
// specificity, navigations rendered in a transition, `location.key === 'default'` for the first entry,
// `replace` for a link to the current URL, aria-current on the active NavLink.
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** 'default' for the entry the app started on, a fresh id for every navigation. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
}

export type Params = Readonly<Record<string, string | undefined>>;

/** What a page's `prefetch` is given to fetch its first render's data (app/lazy-page.ts). */
export interface RouteMatch {
  params: Params;
  search: URLSearchParams;
}

/** How the current entry was reached: POP for Back, Forward and the first load, as React Router says. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

interface History {
  location(): Location;
  action(): NavigationType;
  push(to: string, state: unknown, replace: boolean): void;
  go(delta: number): void;
  listen(listener: () => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Splits a path like `/a/b?c=1#d` into location parts. */
function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const hashAt = path.indexOf('#');
  const hash = hashAt >= 0 ? path.slice(hashAt) : '';
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf('?');
  const search = searchAt >= 0 ? rest.slice(searchAt) : '';
  return {
    pathname: (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || '/',
    search: search === '?' ? '' : search,
    hash,
  };
}

const createPath = (l: Pick<Location, 'pathname' | 'search' | 'hash'>) => l.pathname + l.search + l.hash;

/** Resolves `to` against the current location: absolute paths as they are, `?…`/`#…` on the current path. */
function resolve(to: string, from: Location): string {
  if (to.startsWith('/')) return to;
  if (to.startsWith('?')) return from.pathname + (to === '?' ? '' : to);
  if (to.startsWith('#')) return from.pathname + from.search + to;
  const base = from.pathname.endsWith('/') ? from.pathname : from.pathname.replace(/[^/]*$/, '');
  return base + to;
}

function createBrowserHistory(): History {
  const listeners = new Set<() => void>();
  let current: Location | undefined;
  let action: NavigationType = 'POP';
  const read = (): Location => {
    const s = window.history.state as { usr?: unknown; key?: string } | null;
    return { ...parsePath(createPath(window.location)), state: s?.usr ?? null, key: s?.key ?? 'default' };
  };
  const notify = (next: NavigationType) => {
    action = next;
    current = read();
    listeners.forEach((l) => l());
  };
  const onPop = () => notify('POP');
  return {
    location: () => (current ??= read()),
    action: () => action,
    push(to, state, replace) {
      const entry = { usr: state, key: newKey() };
      if (replace) window.history.replaceState(entry, '', to);
      else window.history.pushState(entry, '', to);
      notify(replace ? 'REPLACE' : 'PUSH');
    },
    go: (delta) => window.history.go(delta),
    listen(listener) {
      if (listeners.size === 0) window.addEventListener('popstate', onPop);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('popstate', onPop);
      };
    },
  };
}

function createMemoryHistory(initialEntries: string[]): History {
  const listeners = new Set<() => void>();
  const entries: Location[] = (initialEntries.length ? initialEntries : ['/']).map((path, i) => ({
    ...parsePath(path),
    state: null,
    key: i === 0 ? 'default' : newKey(),
  }));
  let index = entries.length - 1;
  let action: NavigationType = 'POP';
  const notify = (next: NavigationType) => {
    action = next;
    listeners.forEach((l) => l());
  };
  return {
    location: () => entries[index]!,
    action: () => action,
    push(to, state, replace) {
      const entry = { ...parsePath(to), state: state ?? null, key: newKey() };
      if (replace) entries[index] = entry;
      else entries.splice(++index, entries.length, entry);
      notify(replace ? 'REPLACE' : 'PUSH');
    },
    go(delta) {
      index = Math.min(entries.length - 1, Math.max(0, index + delta));
      notify('POP');
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
  history: History;
}

const RouterContext = createContext<RouterValue | null>(null);

interface RouteValue {
  params: Params;
  outlet: ReactNode;
}

const RouteContext = createContext<RouteValue>({ params: {}, outlet: null });

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('Router hooks and links must be rendered inside <BrowserRouter> or <MemoryRouter>');
  return value;
}

function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  // Subscribed in a layout effect, before any child's passive effect can navigate; a navigation is rendered
  // in a transition, so the current page stays up while a lazy page loads (as React Router does).
  useLayoutEffect(() => {
    const update = () => startTransition(() => setLocation(history.location()));
    const unlisten = history.listen(update);
    update();
    return unlisten;
  }, [history]);
  // Resolved against the history's location, which is never behind a transition still rendering.
  const navigate = useCallback(
    (to: string | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') return history.go(to);
      history.push(resolve(to, history.location()), options.state ?? null, options.replace ?? false);
    },
    [history],
  ) as NavigateFunction;
  const value = useMemo(() => ({ location, navigate, history }), [location, navigate, history]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

/** For tests: a router over an in-memory history starting at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

/**
 * Calls `listener` on every navigation (a link, `navigate`, Back or Forward) before the next page renders, so
 * what is on screen is still the page being left. Unlike a popstate listener of one's own, this runs before
 * React renders Back at once (an update made during popstate is rendered in the same task).
 */
export function useBeforeNavigation(listener: () => void) {
  const { history } = useRouter();
  useLayoutEffect(() => history.listen(listener), [history, listener]);
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
/** POP when the current page was reached by Back or Forward (or is the first page loaded). */
// Read with the location it came with: every navigation renders its consumers anew.
export const useNavigationType = (): NavigationType => useRouter().history.action();
export const useParams = <T extends Params = Params>(): T => useContext(RouteContext).params as T;

type SearchParamsInit = URLSearchParams | string | Record<string, string>;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void,
] {
  const { location, navigate, history } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      // `prev` is the latest URL's, so two quick updates compose.
      const init = typeof next === 'function' ? next(new URLSearchParams(history.location().search)) : next;
      const value = new URLSearchParams(init).toString();
      navigate(value ? `?${value}` : '?', options);
    },
    [navigate, history],
  );
  return [params, setParams];
}

// Matching.

export interface PathMatch {
  params: Params;
  pathname: string;
  pattern: string;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * Matches a whole pathname against a pattern of static segments, `:param` segments and a trailing `*`,
 * ignoring case and trailing slashes (React Router's matchPath with its defaults).
 */
export function matchPath(pattern: string, pathname: string): PathMatch | null {
  const want = segmentsOf(pattern);
  const have = segmentsOf(pathname);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    if (segment === '*' && i === want.length - 1) {
      params['*'] = have.slice(i).map(safeDecode).join('/');
      return { params, pathname, pattern };
    }
    const value = have[i];
    if (value === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = safeDecode(value);
    else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return have.length === want.length ? { params, pathname, pattern } : null;
}

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route; only ever rendered by <Routes>, which reads its props. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

interface Branch {
  /** The routes from the outermost layout down to the matched one. */
  routes: RouteProps[];
  pattern: string;
  score: number;
  order: number;
}

const joinPaths = (parent: string, path = '') => (path.startsWith('/') ? path : `${parent}/${path}`);

function collectBranches(children: ReactNode, parents: RouteProps[], parentPath: string, out: Branch[]) {
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    const route = child.props;
    const pattern = route.index ? parentPath : joinPaths(parentPath, route.path);
    const routes = [...parents, route];
    if (route.index || route.path !== undefined) {
      out.push({ routes, pattern, score: scoreOf(pattern, route.index === true), order: out.length });
    }
    if (route.children) collectBranches(route.children, routes, pattern, out);
  });
}

/** React Router's ranking: more segments first, static over dynamic over splat, an index route over its layout. */
function scoreOf(pattern: string, isIndex: boolean) {
  const segments = segmentsOf(pattern);
  let score = segments.length + (isIndex ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') score -= 2;
    else score += segment.startsWith(':') ? 3 : 10;
  }
  return score;
}

/** Renders the best-matching route inside its layouts; each layout renders the next level with <Outlet />. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useRouter().location;
  const branches = useMemo(() => {
    const out: Branch[] = [];
    collectBranches(children, [], '', out);
    return out.sort((a, b) => b.score - a.score || a.order - b.order);
  }, [children]);
  for (const branch of branches) {
    const match = matchPath(branch.pattern, pathname);
    if (!match) continue;
    return branch.routes.reduceRight<ReactNode>(
      (outlet, route) => (
        <RouteContext.Provider value={{ params: match.params, outlet }}>
          {route.element === undefined ? outlet : route.element}
        </RouteContext.Provider>
      ),
      null,
    );
  }
  return null;
}

export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
};

const isPlainLeftClick = (event: MouseEvent<HTMLAnchorElement>, target?: string) =>
  event.button === 0 &&
  (!target || target === '_self') &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = resolve(to, location);
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event, target)) return;
        event.preventDefault();
        // A link to where we are replaces the entry rather than stacking a duplicate.
        navigate(href, { replace: replace ?? createPath(location) === createPath(parsePath(href)), state });
      }}
    />
  );
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  className?: string | ((state: { isActive: boolean }) => string);
  /** Active only on the exact path, not on paths below it. */
  end?: boolean;
};

export function NavLink({ className, end = false, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = parsePath(rest.to)
    .pathname.toLowerCase()
    .replace(/(.)\/$/, '$1');
  const current = pathname.toLowerCase();
  const isActive = current === target || (!end && current.startsWith(target.endsWith('/') ? target : `${target}/`));
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
