// Who may do what with an inquiry (decisions §6, D5); routes already checked the role, this checks ownership.
import { isBackOfficeRole } from '@safarnama/contract';
import type { AuthUser } from '../plugins/access';
import type { InquiryEventRow, InquiryRow, InquiryScope } from './inquiry.repository';

export type InquiryAction = 'read' | 'readEvents' | 'update' | 'delete';

/** Staff and the Owner: the agency's own people. */
export const isBackOffice = (user: Pick<AuthUser, 'role'> | null | undefined) => isBackOfficeRole(user?.role);

/**
 * D5: a Customer's own inquiries are those linked to their account (inquiry-links.ts says when), never those that
 * merely carry their address: an address can change hands, a link follows the account.
 */
function isOwnInquiry(user: AuthUser, row: Pick<InquiryRow, 'customer_user_id'>) {
  return row.customer_user_id === user.id;
}

export function can(user: AuthUser, action: InquiryAction, row: InquiryRow): boolean {
  if (isBackOffice(user)) return true;
  if (action === 'read' || action === 'readEvents') return isOwnInquiry(user, row);
  return false;
}

/** The rows a user's lists cover. */
export function scopeOf(user: AuthUser): InquiryScope {
  return isBackOffice(user) ? { kind: 'all' } : { kind: 'customer', userId: user.id };
}

/** A Customer sees the status changes of their own inquiry, without the agency's internal who-did-what. */
export function visibleEventTypes(user: AuthUser): InquiryEventRow['type'][] | undefined {
  return isBackOffice(user) ? undefined : ['status'];
}
