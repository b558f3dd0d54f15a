// The page frame: nav bar, the routed page (its children), footer and, on public pages, the WhatsApp button.
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ErrorBoundary } from '../error-boundary';
import { Spinner } from '../../components/ui/spinner';
import { Footer } from './footer';
import { NavBar } from './nav-bar';
import { useAfterLoad } from '../../lib/use-after-load';
import { ScrollToTop } from './scroll-to-top';
import { WhatsAppButton } from './whatsapp-button';

// Not for the first paint: it loads after the page (first-load budget).
const AfterLoadParts = lazy(() => import('./after-load-parts').then((m) => ({ default: m.AfterLoadParts })));

export function AppLayout({
  showsChatButton,
  children,
}: {
  showsChatButton: (pathname: string) => boolean;
  children: ReactNode;
}) {
  const [pathname] = useLocation();
  const afterLoad = useAfterLoad();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {afterLoad ? (
        <Suspense fallback={<ScrollToTop />}>
          <AfterLoadParts />
        </Suspense>
      ) : (
        <ScrollToTop />
      )}
      <NavBar />
      {/* At least the screen below the nav bar, so the footer (with its top margin) starts below the fold
          while a page loads: the content that arrives then moves nothing the visitor sees (CLS ≤ 0.05). */}
      <main id="main" className="min-h-[calc(100vh-4rem)] flex-1">
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>{children}</Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      {/* Visitors' way to reach the agency; over the back office it only covered the tables' buttons. */}
      {showsChatButton(pathname) ? <WhatsAppButton /> : null}
    </div>
  );
}
