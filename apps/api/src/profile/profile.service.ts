// The signed-in user's own profile (spec §3, D17): name, e-mail and password, with a fresh token after a change.
import type { FastifyInstance } from 'fastify';
import { PROFILE_MESSAGES, type Profile, type updateProfileBodySchema } from '@safarnama/contract';
import type { z } from 'zod';
import { badRequest, conflict, unauthorized } from '../errors';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import { revocationCutoff } from '../auth/token.service';
import { signFor } from '../auth/auth.service';
import { now } from '../lib/clock';
import {
  findUserByEmail,
  findUserById,
  isUniqueViolation,
  updateInquiryStaffCopies,
  updateUser,
  type UserRow,
} from '../users/user.repository';

type ProfileDeps = Pick<FastifyInstance, 'db' | 'tokens' | 'log'>;

async function loadUser(deps: ProfileDeps, userId: string): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  // The access check found the account a moment ago; only a concurrent removal gets here.
  if (!user) throw unauthorized(PROFILE_MESSAGES.authRequired);
  return user;
}

export async function getProfile(deps: ProfileDeps, userId: string): Promise<Profile> {
  const user = await loadUser(deps, userId);
  return { name: user.name, email: user.email };
}

const emailTaken = () => conflict(PROFILE_MESSAGES.emailTaken, { email: PROFILE_MESSAGES.emailTaken });

/**
 * Updates name and e-mail, and the password when a new one is given with the current one (D17).
 * A new password or e-mail revokes every earlier token (D18); the answer's token is the one that stays valid.
 */
export async function updateProfile(
  deps: ProfileDeps,
  userId: string,
  body: z.output<typeof updateProfileBodySchema>,
): Promise<Profile & { token: string }> {
  const user = await loadUser(deps, userId);

  const emailChanged = body.email !== user.email;
  if (emailChanged) {
    const other = await findUserByEmail(deps.db, body.email);
    if (other && other.id !== user.id) throw emailTaken();
  }

  let passwordHash: string | undefined;
  if (body.password !== undefined) {
    if (body.currentPassword === undefined) {
      throw badRequest(PROFILE_MESSAGES.currentPasswordRequired, {
        currentPassword: PROFILE_MESSAGES.currentPasswordRequired,
      });
    }
    // 400, not 401: the session is fine, only the form's field is wrong (a 401 would log the user out).
    if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
      throw badRequest(PROFILE_MESSAGES.currentPasswordWrong, {
        currentPassword: PROFILE_MESSAGES.currentPasswordWrong,
      });
    }
    passwordHash = await hashPassword(body.password);
  }

  const at = now();
  const revoke = emailChanged || passwordHash !== undefined;
  const updated: UserRow = {
    ...user,
    name: body.name,
    email: body.email,
    ...(passwordHash ? { password_hash: passwordHash } : {}),
    tokens_valid_after: revoke ? revocationCutoff(at) : user.tokens_valid_after,
    updated_at: at,
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.id, {
        name: updated.name,
        email: updated.email,
        password_hash: updated.password_hash,
        tokens_valid_after: updated.tokens_valid_after,
        updated_at: at,
      });
      // Inquiry lists show the assignee's copied name and e-mail; keep them current.
      if (user.role !== 'Customer' && (updated.name !== user.name || emailChanged)) {
        await updateInquiryStaffCopies(trx, user.id, updated.name, updated.email);
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  if (revoke) {
    deps.log.info(
      { event: 'credentials_changed', userId: user.id, email: emailChanged, password: passwordHash !== undefined },
      'profile credentials changed: earlier tokens revoked',
    );
  }
  return { name: updated.name, email: updated.email, token: await signFor(deps, updated) };
}
