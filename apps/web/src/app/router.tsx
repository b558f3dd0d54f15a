// Every route of spec §2, declared with the app's small router (lib/router.tsx: React Router's declarative
// API at a seventh of its weight, which matters for the public pages' JavaScript budget). Pages are lazy
// chunks; every signed-in route is guarded by role (D1).
import type { ReactNode } from 'react';
import { matchPath, Route, Routes } from '../lib/router';
import { ROUTE_ROLES, rolesForPath, type GuardedPath } from '../config/route-roles';
import { AppLayout } from './layout/app-layout';
import { RequireRole } from './require-role';
import { lazyPage, type LazyPage } from './lazy-page';
import { prefetchSite } from '../lib/site';
import HomePage, { prefetch as prefetchHome } from '../features/home/home-page';

// Signed-in pages get TanStack Query; it loads with the first of them.
const QueryProvider = lazyPage<{ children: ReactNode }>(() => import('./query-provider'));

const publicRoutes: { path: string; Page: LazyPage }[] = [
  { path: 'packages', Page: lazyPage(() => import('../features/packages/packages-page')) },
  { path: 'packages/:id', Page: lazyPage(() => import('../features/packages/package-details-page')) },
  { path: 'about', Page: lazyPage(() => import('../features/about/about-page')) },
  { path: 'contact', Page: lazyPage(() => import('../features/contact/contact-page')) },
  { path: 'faq', Page: lazyPage(() => import('../features/faq/faq-page')) },
  { path: 'login', Page: lazyPage(() => import('../features/auth/login-page')) },
  { path: 'register', Page: lazyPage(() => import('../features/auth/register-page')) },
  { path: 'forgot-password', Page: lazyPage(() => import('../features/auth/forgot-password-page')) },
  { path: 'unsubscribed', Page: lazyPage(() => import('../features/notifications/unsubscribed-page')) },
];
const NotFoundPage = lazyPage(() => import('./not-found-page'));

/** The page of each guarded path; the roles each admits are in config/route-roles.ts. */
const guardedPages: Record<GuardedPath, LazyPage> = {
  'profile-update': lazyPage(() => import('../features/profile/profile-page')),
  'owner-dashboard': lazyPage(() => import('../features/dashboard/owner-dashboard-page')),
  'staff-dashboard': lazyPage(() => import('../features/dashboard/staff-dashboard-page')),
  'customer-dashboard': lazyPage(() => import('../features/dashboard/customer-dashboard-page')),
  'create-package': lazyPage(() => import('../features/packages-admin/create-package-page')),
  'manage-packages': lazyPage(() => import('../features/packages-admin/manage-packages-page')),
  'packages/edit/:id': lazyPage(() => import('../features/packages-admin/edit-package-page')),
  reports: lazyPage(() => import('../features/reports/reports-page')),
  'manage-staff': lazyPage(() => import('../features/staff/manage-staff-page')),
  notifications: lazyPage(() => import('../features/notifications/notifications-page')),
  'background-images': lazyPage(() => import('../features/backgrounds/background-images-page')),
  'create-inquiry': lazyPage(() => import('../features/inquiries/create-inquiry-page')),
  'all-inquiries': lazyPage(() => import('../features/inquiries/all-inquiries-page')),
  'inquiries/edit/:inquiryId': lazyPage(() => import('../features/inquiries/edit-inquiry-page')),
  'inquiries/view/:id': lazyPage(() => import('../features/inquiries/view-inquiry-page')),
};
const guardedRoutes = Object.entries(guardedPages).map(([path, Page]) => ({
  path,
  roles: ROUTE_ROLES[path as GuardedPath],
  Page,
}));

/** Every route's pattern; the server's list (WEB_ROUTE_PATTERNS in the contract) must name the same (D24). */
export const routePatterns = (): string[] => [
  '/',
  ...publicRoutes.map(({ path }) => `/${path}`),
  ...guardedRoutes.map(({ path }) => `/${path}`),
];

/** A page anyone may open (no guard): the public site and the 404 page. */
const isPublicPath = (pathname: string) => rolesForPath(pathname) === undefined;

/**
 * Fetches the chunk of the page at `pathname`, a public page's first data and the site settings every
 * page's frame shows (main.tsx awaits it before the first render, so the first page renders whole,
 * without a fallback). Home is in the entry chunk.
 */
export function preloadRoute(pathname: string, search: string): Promise<unknown> {
  return Promise.all([prefetchSite(), preloadPage(pathname, new URLSearchParams(search))]);
}

function preloadPage(pathname: string, searchParams: URLSearchParams): Promise<unknown> {
  if (matchPath('/', pathname)) return prefetchHome();
  for (const { path, Page } of publicRoutes) {
    const match = matchPath(`/${path}`, pathname);
    if (match) return Page.preload({ params: match.params, search: searchParams });
  }
  const guarded = guardedRoutes.find(({ path }) => matchPath(`/${path}`, pathname));
  if (guarded) return Promise.all([guarded.Page.preload(), QueryProvider.preload()]);
  return NotFoundPage.preload();
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout isPublicPath={isPublicPath} />}>
        <Route index element={<HomePage />} />
        {publicRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {guardedRoutes.map(({ path, roles, Page }) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireRole roles={roles}>
                <QueryProvider>
                  <Page />
                </QueryProvider>
              </RequireRole>
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
