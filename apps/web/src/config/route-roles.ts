// Which roles each signed-in route admits (D1, spec §2): the router guards its routes with it and login sends a
// user back to where the guard stopped them with it. Here, not in the router, so login needs no router import.
import type { Role } from '@safarnama/contract/auth';
import { matchPath } from '../lib/match-path';

const OWNER: readonly Role[] = ['Owner'];
// BACK_OFFICE_ROLES spelled out: importing it from the contract adds 80 bytes to every public page's first load.
const BACK_OFFICE: readonly Role[] = ['Owner', 'Staff'];
const ANY_USER: readonly Role[] = ['Owner', 'Staff', 'Customer'];

export const ROUTE_ROLES = {
  'profile-update': ANY_USER,
  'owner-dashboard': OWNER,
  'staff-dashboard': BACK_OFFICE,
  'customer-dashboard': ['Customer'],
  'create-package': OWNER,
  'manage-packages': OWNER,
  'packages/edit/:id': OWNER,
  reports: OWNER,
  'manage-staff': OWNER,
  notifications: OWNER,
  'background-images': OWNER,
  'create-inquiry': ANY_USER,
  'all-inquiries': BACK_OFFICE,
  suppliers: BACK_OFFICE,
  // D33: what we owe the suppliers (the supplier ledger of decisions §6).
  payables: OWNER,
  'inquiries/edit/:inquiryId': BACK_OFFICE,
  'inquiries/view/:id': ANY_USER,
  // D30: the trip page through the inquiry (its Customer answers there; the back office looks).
  'inquiries/view/:id/trip': ANY_USER,
} as const satisfies Record<string, readonly Role[]>;

export type GuardedPath = keyof typeof ROUTE_ROLES;

/** The roles a guarded path admits (undefined for public paths). */
export function rolesForPath(pathname: string): readonly Role[] | undefined {
  const found = Object.entries(ROUTE_ROLES).find(([path]) => matchPath(`/${path}`, pathname));
  return found?.[1];
}
