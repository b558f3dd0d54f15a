// Scroll resets to the top on navigation (spec §2), except when only the query string changes: the first
// page's stand-in until ScrollRestoration (which also restores positions on Back and Forward) has loaded.
import { useEffect } from 'react';
import { useHistory } from '../../lib/navigation';

/**
 * The path whose scroll was last seen to, shared with ScrollRestoration: it may take over in the middle of a
 * navigation, and must know the page changed.
 */
export const shown: { pathname?: string } = {};

export function ScrollToTop() {
  const { pathname } = useHistory().entry;
  useEffect(() => {
    const last = shown.pathname;
    shown.pathname = pathname;
    // Mounting is not a navigation. A jump, not the smooth scrolling the page uses for in-page links (index.css).
    if (last !== undefined && last !== pathname) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
