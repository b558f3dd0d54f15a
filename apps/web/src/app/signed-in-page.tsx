// The signed-in pages (spec §2), each behind the role guard (D1) and inside TanStack Query. A lazy chunk of its
// own, loaded with the first signed-in page: app/router.tsx declares their paths, this module their pages.
import type { ReactNode } from 'react';
import { ROUTE_ROLES, type GuardedPath } from '../config/route-roles';
import { lazyPage, type LazyPage } from './lazy-page';
import { RequireRole } from './require-role';
import { loadPaymentsPanel } from './payments-slot';
import { loadQuotationPanel } from './quotation-slot';

const QueryProvider = lazyPage<{ children: ReactNode }>(() => import('./query-provider'));

/** The page of each guarded path; the roles each admits are in config/route-roles.ts. */
const pages: Record<GuardedPath, LazyPage> = {
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
  suppliers: lazyPage(() => import('../features/suppliers/suppliers-page')),
  payables: lazyPage(() => import('../features/payables/payables-page')),
  // The editor always shows the quotation and the payments: their chunks load beside the page's.
  'inquiries/edit/:inquiryId': lazyPage(() => {
    void loadQuotationPanel();
    void loadPaymentsPanel();
    return import('./edit-inquiry-route');
  }),
  'inquiries/view/:id': lazyPage(() => import('./view-inquiry-route')),
  'inquiries/view/:id/trip': lazyPage(() => import('../features/trip/customer-trip-page')),
};

/** Fetches the chunks the page at `path` renders with, so it renders whole (app/router.tsx, preloadRoute). */
export const preloadPage = (path: GuardedPath) => Promise.all([pages[path].preload(), QueryProvider.preload()]);

export default function SignedInPage({ path }: { path: GuardedPath }) {
  const Page = pages[path];
  return (
    <RequireRole roles={ROUTE_ROLES[path]}>
      <QueryProvider>
        <Page />
      </QueryProvider>
    </RequireRole>
  );
}
