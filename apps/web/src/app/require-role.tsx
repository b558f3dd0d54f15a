// The route guard (D1): no session → /login; a role not allowed → that user's own dashboard with a toast.
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
  const { user } = useSession();
  const location = useLocation();
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  if (!roles.includes(user.role)) return <WrongRole to={dashboardPathFor(user.role)} />;
  return <>{children}</>;
}
