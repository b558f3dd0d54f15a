// The server-side password reset (D22) behind `npm run reset-password`: for an Owner locked out of the web.
import { PASSWORD_REQUIREMENTS_MESSAGE, isStrongPassword } from '@safarnama/contract';
import type { DbOrTx } from '../db/database';
import { now } from '../lib/clock';
import { findUserByEmail, revokeUserTokens } from '../users/user.repository';
import { hashPassword } from './password-hash';

/** A refusal the command prints as it is. */
export class ResetPasswordError extends Error {}

/**
 * Sets the password of the account with this e-mail and revokes every earlier token (D18). A disabled account stays
 * disabled and an unverified one unverified: this only replaces a forgotten password.
 */
export async function resetPasswordByEmail(db: DbOrTx, email: string, password: string): Promise<{ id: string }> {
  const user = await findUserByEmail(db, email.trim().toLowerCase());
  if (!user) throw new ResetPasswordError(`No account has the e-mail ${email}`);
  if (!isStrongPassword(password)) {
    throw new ResetPasswordError(`${PASSWORD_REQUIREMENTS_MESSAGE} (8+ characters, upper, lower, digit, special)`);
  }
  await revokeUserTokens(db, user.id, now(), { password_hash: await hashPassword(password) });
  return { id: user.id };
}
