// Where a user lands after login (spec §2 redirect by role), or back where the guard stopped them.
import type { Role } from '@safarnama/contract/auth';
import { dashboardPathFor } from '../../config/paths';
import { rolesForPath } from '../../config/route-roles';

/** Where to go after login: back to the page the guard sent us from if this role may open it. */
export function afterLoginPath(role: Role, from: unknown): string {
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) {
    const roles = rolesForPath(from.split(/[?#]/)[0] ?? from);
    if (roles?.includes(role)) return from;
  }
  return dashboardPathFor(role);
}
