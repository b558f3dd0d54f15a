// Unverified sign-ups expire (issue 49): one whose newest code is older than PENDING_SIGNUP_TTL_DAYS is no
// account, so a squatted address frees itself for its owner's sign-up and the Owner's new staff account.
import { PENDING_SIGNUP_TTL_DAYS } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { now } from '../lib/clock';
import { deletePendingSignup, findUserByEmail, type UserRow } from '../users/user.repository';

const PENDING_SIGNUP_TTL_MS = PENDING_SIGNUP_TTL_DAYS * 24 * 60 * 60_000;

/** An unverified, enabled Customer: a sign-up nobody has finished with its mailed code (D3). */
export const isPendingSignup = (user: UserRow): boolean =>
  user.role === 'Customer' && user.email_verified_at === null && user.disabled_at === null;

/**
 * The account using `email`, an expired pending sign-up counting as none: it is deleted on the way (the cleanup
 * of expired sign-ups), so a new sign-up can take the address. A sign-up again or a resend keeps one alive.
 */
export async function findAccountByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user || !isPendingSignup(user)) return user;
  const staleBefore = now() - PENDING_SIGNUP_TTL_MS;
  // Most pending sign-ups are young: only an old row is worth the delete (which checks its codes' age too).
  if (user.created_at >= staleBefore) return user;
  return (await deletePendingSignup(db, user.id, staleBefore)) ? undefined : user;
}
