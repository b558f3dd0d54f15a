// The signed-in user's own profile (spec §3, D17, D21): name, password, and an e-mail change verified by a code,
// with a fresh token after a change.
import type { FastifyInstance } from 'fastify';
import { PROFILE_MESSAGES, type Profile, type updateProfileBodySchema } from '@safarnama/contract';
import type { z } from 'zod';
import { badRequest, conflict, unauthorized } from '../errors';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import { CooldownError, cooldownLeft, issueOtp, redeemOtp } from '../auth/otp.service';
import { signFor } from '../auth/auth.service';
import { findAccountByEmail } from '../auth/pending-signup';
import { now } from '../lib/clock';
import { linkInquiriesOfAddress } from '../inquiries/inquiry-links';
import {
  findUserById,
  isUniqueViolation,
  revokeUserTokens,
  updateInquiryStaffCopies,
  updateUser,
  voidOpenOtpChallenges,
  type UserRow,
} from '../users/user.repository';

type ProfileDeps = Pick<FastifyInstance, 'db' | 'tokens' | 'log' | 'mailer' | 'otpKey' | 'config'>;

async function loadUser(deps: Pick<ProfileDeps, 'db'>, userId: string): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  // The access check found the account a moment ago; only a concurrent removal gets here.
  if (!user) throw unauthorized(PROFILE_MESSAGES.authRequired);
  return user;
}

const toProfile = (user: Pick<UserRow, 'name' | 'email' | 'pending_email'>): Profile => ({
  name: user.name,
  email: user.email,
  ...(user.pending_email ? { pendingEmail: user.pending_email } : {}),
});

export async function getProfile(deps: ProfileDeps, userId: string): Promise<Profile> {
  return toProfile(await loadUser(deps, userId));
}

const emailTaken = () => conflict(PROFILE_MESSAGES.emailTaken, { email: PROFILE_MESSAGES.emailTaken });

const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

/**
 * Counts a code about to be mailed to `address`, whichever account asks; throws (429) once the address has had its
 * share. Called before anything changes, so a refusal leaves the account as it was.
 */
export type CountEmailCode = (address: string) => Promise<void>;

/** Mails the code for the pending address (D21); the caller has checked the cool-down and counted the code. */
async function mailEmailCode(deps: ProfileDeps, user: UserRow, pendingEmail: string) {
  await issueOtp(deps, { id: user.id, name: user.name, email: pendingEmail }, 'email');
}

/**
 * Updates the name at once, and the password when a new one is given with the current one (D17). A new e-mail
 * needs the current password too and only becomes pending (D21): a code goes to it, and `verifyEmail` makes it
 * the account's. A new password revokes every earlier token (D18); the answer's token is the one that stays valid.
 */
export async function updateProfile(
  deps: ProfileDeps,
  userId: string,
  body: z.output<typeof updateProfileBodySchema>,
  countCode: CountEmailCode,
): Promise<Profile & { token: string; message: string }> {
  const user = await loadUser(deps, userId);

  const emailChanged = body.email !== user.email;
  if (emailChanged || body.password !== undefined) {
    if (body.currentPassword === undefined) {
      const message = emailChanged
        ? PROFILE_MESSAGES.currentPasswordForEmail
        : PROFILE_MESSAGES.currentPasswordRequired;
      throw fieldError('currentPassword', message);
    }
    // 400, not 401: the session is fine, only the form's field is wrong (a 401 would log the user out).
    if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
      throw fieldError('currentPassword', PROFILE_MESSAGES.currentPasswordWrong);
    }
  }
  // A code goes out for a new address, or again for the pending one once the cool-down allows.
  let mailCode = false;
  if (emailChanged) {
    const other = await findAccountByEmail(deps.db, body.email);
    if (other && other.id !== user.id) throw emailTaken();
    const wait = await cooldownLeft(deps, user.id, 'email');
    // Another address waits out the cool-down too, before anything changes: switching between two addresses
    // skipped it, mailing a code on every request (a flood, and fresh codes to guess).
    if (wait > 0 && body.email !== user.pending_email) throw new CooldownError(wait);
    mailCode = wait === 0;
    if (mailCode) await countCode(body.email);
  }
  const passwordHash = body.password !== undefined ? await hashPassword(body.password) : undefined;

  const at = now();
  const changes = {
    name: body.name,
    ...(passwordHash ? { password_hash: passwordHash } : {}),
    ...(emailChanged ? { pending_email: body.email } : {}),
  };
  await deps.db.transaction().execute(async (trx) => {
    if (passwordHash) await revokeUserTokens(trx, user.id, at, changes);
    else await updateUser(trx, user.id, { ...changes, updated_at: at });
    // Inquiry lists show the assignee's copied name and e-mail; keep them current.
    if (user.role !== 'Customer' && body.name !== user.name) {
      await updateInquiryStaffCopies(trx, user.id, body.name, user.email);
    }
  });
  const updated = await loadUser(deps, user.id);
  if (passwordHash) {
    deps.log.info(
      { event: 'credentials_changed', userId: user.id, password: true },
      'profile password changed: earlier tokens revoked',
    );
  }
  if (mailCode) await mailEmailCode(deps, updated, body.email);
  return {
    ...toProfile(updated),
    token: await signFor(deps, updated),
    message: emailChanged ? PROFILE_MESSAGES.emailCodeSent : PROFILE_MESSAGES.updated,
  };
}

async function loadPending(deps: ProfileDeps, userId: string): Promise<UserRow & { pending_email: string }> {
  const user = await loadUser(deps, userId);
  const pending = user.pending_email;
  if (pending === null) throw fieldError('otp', PROFILE_MESSAGES.noPendingEmail);
  return { ...user, pending_email: pending };
}

/**
 * D21: the code mailed to the pending address makes it the account's e-mail (login, inquiry visibility) and revokes
 * earlier tokens; an address another account took meanwhile is a 409.
 */
export async function verifyEmail(
  deps: ProfileDeps,
  userId: string,
  otp: string,
): Promise<Profile & { token: string; message: string }> {
  const user = await loadPending(deps, userId);
  const newEmail = user.pending_email;
  const other = await findAccountByEmail(deps.db, newEmail);
  if (other && other.id !== user.id) throw emailTaken();
  try {
    await redeemOtp(deps, user, 'email', newEmail, otp, async (trx, at) => {
      await revokeUserTokens(trx, user.id, at, { email: newEmail, pending_email: null });
      // D5: the unlinked inquiries sent with the new address become the account's; its linked ones stay with it.
      await linkInquiriesOfAddress(trx, user, newEmail);
      if (user.role !== 'Customer') await updateInquiryStaffCopies(trx, user.id, user.name, newEmail);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  deps.log.info(
    { event: 'credentials_changed', userId: user.id, email: true },
    'e-mail changed: earlier tokens revoked',
  );
  const updated = await loadUser(deps, user.id);
  return { ...toProfile(updated), token: await signFor(deps, updated), message: PROFILE_MESSAGES.emailChanged };
}

/** Mails the pending address a new code, once per cool-down. */
export async function resendEmailCode(deps: ProfileDeps, userId: string, countCode: CountEmailCode): Promise<void> {
  const user = await loadPending(deps, userId);
  const wait = await cooldownLeft(deps, user.id, 'email');
  if (wait > 0) throw new CooldownError(wait);
  await countCode(user.pending_email);
  await mailEmailCode(deps, user, user.pending_email);
}

/** Drops the pending address and its codes; the account keeps its e-mail. */
export async function cancelEmailChange(deps: ProfileDeps, userId: string): Promise<Profile> {
  const user = await loadUser(deps, userId);
  const at = now();
  await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { pending_email: null, updated_at: at });
    await voidOpenOtpChallenges(trx, user.id, 'email', at);
  });
  return toProfile({ ...user, pending_email: null });
}
