// When an inquiry becomes a Customer's (D5): sent by them logged in, sent (or re-addressed by staff) with an address
// their account has verified, or sent with an address before their account verified it (sign-up or e-mail change).
// Once linked it follows the account: a later change of the account's e-mail, or of the inquiry's, moves nothing.
import type { DbOrTx } from '../db/database';
import type { AuthUser } from '../plugins/access';
import { findVerifiedCustomerByEmail, type UserRow } from '../users/user.repository';
import { linkUnlinkedInquiries } from './inquiry.repository';

/** The account a new inquiry is linked to: its logged-in Customer, else the Customer who verified its address. */
export async function ownerOfNewInquiry(db: DbOrTx, sender: AuthUser | null, email: string): Promise<string | null> {
  if (sender?.role === 'Customer') return sender.id;
  return ownerOfAddress(db, email);
}

/** The Customer account that has verified `email` (lower-cased), if any. */
export async function ownerOfAddress(db: DbOrTx, email: string): Promise<string | null> {
  return (await findVerifiedCustomerByEmail(db, email))?.id ?? null;
}

/**
 * An account has just verified `email` (in `trx`, with the verification): the unlinked inquiries sent with it become
 * its own. Back-office accounts see every inquiry anyway and own none.
 */
export async function linkInquiriesOfAddress(
  trx: DbOrTx,
  account: Pick<UserRow, 'id' | 'role'>,
  email: string,
): Promise<void> {
  if (account.role === 'Customer') await linkUnlinkedInquiries(trx, account.id, email);
}
