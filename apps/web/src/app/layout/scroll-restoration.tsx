// Where a page is scrolled: a new navigation starts at the top (spec §2; a change of the query string
// alone, such as a search on /packages, stays put), while Back and Forward return to where the page
// was left, as on a site of separate documents. Positions are kept per history entry for the tab's
// life (sessionStorage), so a reload or a return from another site restores them too.
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useBeforeNavigation, useHistory } from '../../lib/navigation';
import { shown } from './scroll-to-top';

const STORAGE_KEY = 'scroll-positions';
/** Entries remembered; the oldest go first. */
const MAX_ENTRIES = 50;
/**
 * How long a restore waits for the page to grow tall enough (its code and data arriving). Generous: on a slow
 * phone or network a page can take seconds to come back, and a shorter wait left it at the top (seen in the
 * e2e run on a busy machine); the wait ends at once when the visitor scrolls, taps, presses a key or navigates.
 */
const RESTORE_WAIT_MS = 10_000;
/** Input that means the visitor has taken over the scrolling. */
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/** A jump, not the smooth scrolling the page uses for in-page links (index.css). */
const jumpTo = (y: number) => window.scrollTo({ top: y, left: 0, behavior: 'instant' });

/** Whether this document was loaded afresh (a link from elsewhere, a typed URL), not reloaded or returned to. */
const loadedAfresh = () =>
  (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'navigate';

function readPositions(): Map<string, number> {
  let positions: Map<string, number>;
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
    positions = new Map(saved.filter(([key, y]) => typeof key === 'string' && Number.isFinite(y)));
  } catch {
    positions = new Map();
  }
  // Every document's first entry has the key 'default' (lib/history.ts): after a fresh load, the position kept
  // under it is the tab's previous document's, which would scroll this page to where that one was left.
  if (loadedAfresh()) positions.delete('default');
  return positions;
}

function savePositions(positions: Map<string, number>) {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Storage full or blocked: positions still work within this page's life.
  }
}

/**
 * Scrolls to `y` once the page is tall enough, checking each frame for a while; gives up early when the
 * visitor scrolls, taps or presses a key meanwhile. Returns a cancel function.
 */
function restoreWhenReachable(y: number): () => void {
  const until = performance.now() + RESTORE_WAIT_MS;
  let frame = 0;
  const stop = () => {
    window.cancelAnimationFrame(frame);
    for (const type of USER_INPUT) window.removeEventListener(type, stop);
  };
  for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true });
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= y;
    jumpTo(y);
    if (reachable || performance.now() > until) stop();
    else frame = window.requestAnimationFrame(attempt);
  };
  attempt();
  return stop;
}

/**
 * Loaded after the page (app-layout.tsx), taking over from ScrollToTop: on mount it leaves the page where it
 * is, except on a reload or a return from another site, where it restores the entry's position.
 */
export function ScrollRestoration() {
  const { entry: location, action: navigationType } = useHistory();
  const positions = useRef<Map<string, number>>(undefined);
  const currentKey = useRef(location.key);

  // The page's position as it is left. Scroll events come a frame late, so Back or a link right after a
  // scroll would miss the last one; the router says when a navigation starts, while this page is still on
  // screen. (A popstate listener of this component's own came after the router's, which React answers by
  // rendering the next page at once: Back right after a scroll returned to the top 1 time in 6 in the e2e run.)
  const remember = useCallback(() => {
    (positions.current ??= readPositions()).set(currentKey.current, window.scrollY);
  }, []);
  useBeforeNavigation(remember);

  useEffect(() => {
    const saved = (positions.current ??= readPositions());
    const { scrollRestoration } = window.history;
    window.history.scrollRestoration = 'manual';
    const onPageHide = () => savePositions(saved);
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.history.scrollRestoration = scrollRestoration;
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [remember]);

  // Before paint, so the new page never shows at the old page's position.
  useLayoutEffect(() => {
    const saved = (positions.current ??= readPositions());
    currentKey.current = location.key;
    // Compared with the page ScrollToTop last saw, which this may replace in the middle of a navigation.
    const samePage = shown.pathname === undefined || shown.pathname === location.pathname;
    shown.pathname = location.pathname;
    if (navigationType === 'POP') {
      const y = saved.get(location.key);
      if (y !== undefined) return restoreWhenReachable(y);
      if (!samePage) jumpTo(0);
      return;
    }
    if (!samePage) jumpTo(0);
  }, [location.key, location.pathname, navigationType]);

  return null;
}
