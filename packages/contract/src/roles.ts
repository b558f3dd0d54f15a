// The three account roles (zod-free); anonymous visitors have no role.

export const ROLES = ['Owner', 'Staff', 'Customer'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that work the inquiry pipeline (the back office). */
export const BACK_OFFICE_ROLES = ['Owner', 'Staff'] as const satisfies readonly Role[];
export type BackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];

/** Whether a role is one of the back office's (Staff and the Owner); no role (a visitor) is not. */
export const isBackOfficeRole = (role: string | null | undefined): role is BackOfficeRole =>
  (BACK_OFFICE_ROLES as readonly (string | null | undefined)[]).includes(role);
