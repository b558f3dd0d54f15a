// The route guard (D1): no session → /login (home right after a Logout); a role not allowed → that user's own dashboard with a toast.
import { useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useHistory } from '../lib/navigation';
import type { Role } from '@safarnama/contract/auth';
import { DASHBOARD_MESSAGES } from '@safarnama/contract/inquiries-rules';
import { useSession } from '../lib/session';
import { notify } from '../lib/notify';
import { dashboardPathFor, paths } from '../config/paths';

function WrongRole({ to }: { to: string }) {
  useEffect(() => {
    notify.error(DASHBOARD_MESSAGES.wrongRole, { toastId: 'wrong-role' });
  }, []);
  return <Redirect to={to} replace />;
}

export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user, loggedOutByChoice } = useSession();
  const { entry } = useHistory();
  // Logging out on a guarded page is not being stopped by the guard: no way back to it for the next login,
  // whoever that is (the nav's Logout goes home).
  if (!user && loggedOutByChoice) return <Redirect to={paths.home} replace />;
  if (!user) return <Redirect to={paths.login} replace state={{ from: entry.pathname + entry.search }} />;
  if (!roles.includes(user.role)) return <WrongRole to={dashboardPathFor(user.role)} />;
  return <>{children}</>;
}
