// The route guard (D1): no session → /login (home right after a Logout); a role not allowed → that user's own dashboard with a toast.
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router';
import type { Role } from '@safarnama/contract/roles';
import { DASHBOARD_MESSAGES } from '@safarnama/contract/messages';
import { useSession } from '../lib/session';
import { notify } from '../lib/notify';
import { dashboardPathFor, paths } from '../config/paths';

function WrongRole({ to }: { to: string }) {
  useEffect(() => {
    notify.error(DASHBOARD_MESSAGES.wrongRole, { toastId: 'wrong-role' });
  }, []);
  return <Navigate to={to} replace />;
}

export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user, loggedOutByChoice } = useSession();
  const location = useLocation();
  // Logging out on a guarded page is not being stopped by the guard: no way back to it for the next login,
  // whoever that is (the nav's Logout goes home).
  if (!user && loggedOutByChoice) return <Navigate to={paths.home} replace />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  if (!roles.includes(user.role)) return <WrongRole to={dashboardPathFor(user.role)} />;
  return <>{children}</>;
}
