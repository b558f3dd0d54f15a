// Scroll resets to the top on navigation (spec §2), except when only the query string changes: the first
// page's stand-in until ScrollRestoration (which also restores positions on Back and Forward) has loaded.
import { useEffect, useRef } from 'react';
import { useLocation } from '../../lib/router';

export function ScrollToTop() {
  const { pathname } = useLocation();
  // Mounting is not a navigation (this stands in while ScrollRestoration loads).
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    // A jump, not the smooth scrolling the page uses for in-page links (index.css).
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
