// The three account roles (zod-free); anonymous visitors have no role.
export const ROLES = ['Owner', 'Staff', 'Customer'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that work the inquiry pipeline (the back office). */
export const BACK_OFFICE_ROLES: readonly Role[] = ['Owner', 'Staff'];
