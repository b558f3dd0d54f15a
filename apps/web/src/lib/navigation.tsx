// The app's router: wouter (matching, <Switch>, <Route>, links, redirects, params) over the tab's history as
// lib/history.ts keeps it, through wouter's custom location hook. Every navigation is rendered in a transition,
// so the page being left stays on screen while a lazy page's chunk loads, instead of the loading fallback;
// wouter's own browser location (useSyncExternalStore) would render each one at once.
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Router } from 'wouter';
import {
  createBrowserHistory,
  type AppHistory,
  type HistoryEntry,
  type NavigateOptions,
  type NavigationType,
} from './history';
import { parsePattern } from './match-path';

interface HistoryValue {
  entry: HistoryEntry;
  action: NavigationType;
  history: AppHistory;
}

const HistoryContext = createContext<HistoryValue | null>(null);

// Every navigation hook and link is rendered inside <AppRouter> (app/providers.tsx, test/render.tsx).
const useHistoryValue = () => useContext(HistoryContext)!;

// wouter's location hook: the path it matches routes against, and how it navigates.
function useAppLocation(): [string, (to: string, options?: NavigateOptions) => void] {
  const { entry, history } = useHistoryValue();
  return [entry.pathname, history.navigate];
}
const useAppSearch = () => useHistoryValue().entry.search;

/** The router of the browser tab's history (jsdom's in the unit tests). */
export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  const [snapshot, setSnapshot] = useState(() => ({ entry: history.entry(), action: history.action() }));
  // Subscribed in a layout effect, before any child's passive effect can navigate.
  useLayoutEffect(() => {
    const update = () => startTransition(() => setSnapshot({ entry: history.entry(), action: history.action() }));
    const unlisten = history.listen(update);
    update();
    return unlisten;
  }, [history]);
  const value = useMemo(() => ({ ...snapshot, history }), [snapshot, history]);
  return (
    <HistoryContext.Provider value={value}>
      <Router hook={useAppLocation} searchHook={useAppSearch} parser={parsePattern}>
        {children}
      </Router>
    </HistoryContext.Provider>
  );
}

/** The current history entry, how it was reached, and Back/Forward. */
export function useHistory(): { entry: HistoryEntry; action: NavigationType; go: (delta: number) => void } {
  const { entry, action, history } = useHistoryValue();
  return { entry, action, go: history.go };
}

/**
 * Calls `listener` on every navigation (a link, `navigate`, Back or Forward) before the next page renders, so
 * what is on screen is still the page being left. Unlike a popstate listener of one's own, this runs before
 * React renders Back at once (an update made during popstate is rendered in the same task).
 */
export function useBeforeNavigation(listener: () => void) {
  const { history } = useHistoryValue();
  useLayoutEffect(() => history.listen(listener), [history, listener]);
}

type SearchParamsInit = URLSearchParams | string | Record<string, string>;

/**
 * The query string's parameters and a setter that navigates to the same path with new ones. Read from the URL
 * as it is: wouter's own useSearchParams decodes the query once before URLSearchParams does, so a search
 * for `50%25` would come back as `50%`.
 */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void,
] {
  const { entry, history } = useHistoryValue();
  const params = useMemo(() => new URLSearchParams(entry.search), [entry.search]);
  const setParams = useCallback(
    (next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      // `prev` is the latest URL's, so two quick updates compose.
      const latest = history.entry();
      const init = typeof next === 'function' ? next(new URLSearchParams(latest.search)) : next;
      const search = new URLSearchParams(init).toString();
      history.navigate(latest.pathname + (search ? `?${search}` : ''), options);
    },
    [history],
  );
  return [params, setParams];
}
