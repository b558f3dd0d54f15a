// Account rules: registration (D3), login (D19), logout (D18), password reset (D22), and the mapping of user rows
// to API shapes.
import type { FastifyInstance } from 'fastify';
import {
  AUTH_MESSAGES,
  type LoginResponse,
  type PublicUser,
  type loginBodySchema,
  type registerBodySchema,
  type resetPasswordBodySchema,
} from '@safarnama/contract';
import type { z } from 'zod';
import { AppError, forbidden, unauthorized } from '../errors';
import { now } from '../lib/clock';
import { newId } from '../lib/ids';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password-hash';
import { findAccountByEmail } from './pending-signup';
import {
  NO_USER_ID,
  anyMail,
  cooldownLeft,
  issueOtp,
  mailAfterAnswer,
  redeemOtp,
  resendOtp,
  type CodeTries,
  type MailGate,
  type SignupAttempt,
} from './otp.service';
import { queueSignupNotice } from '../notifications/notification.service';
import {
  findLatestOtpChallenge,
  findUserByEmail,
  findUserById,
  insertUser,
  newAccountRow,
  isUniqueViolation,
  revokeUserTokens,
  setOpenSignupAttempt,
  type UserRow,
} from '../users/user.repository';

export type AccountDeps = Pick<FastifyInstance, 'db' | 'mailer' | 'otpKey' | 'config' | 'log' | 'tokens' | 'outbox'>;

const toPublicUser = (user: Pick<UserRow, 'id' | 'name' | 'email' | 'role'>): PublicUser => ({
  _id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
});

/** A token for the user as stored now (role and name from the row, never from a client). */
export const signFor = (deps: Pick<AccountDeps, 'tokens'>, user: UserRow) =>
  deps.tokens.sign({ id: user.id, role: user.role, name: user.name, tokensValidAfter: user.tokens_valid_after });

/**
 * Register, before the answer: the sign-up's password is hashed for every address alike (the argon2 work a new
 * sign-up costs), and `completeRegistration` does the rest once the answer has gone, so that neither the answer (201
 * and `otpSent`) nor its time tells whether the address has an account.
 */
export async function prepareRegistration(body: z.output<typeof registerBodySchema>): Promise<SignupAttempt> {
  return { name: body.name, passwordHash: await hashPassword(body.password) };
}

/**
 * Register, after the answer. A new address gets an unverified Customer and a code. A pending (unverified) account
 * with the same e-mail is a sign-up again (D3): a new code is mailed for this sign-up, voiding the earlier ones, or,
 * within the cool-down, the code already mailed is given this sign-up instead (someone going back to change their
 * details); entering the code with this sign-up's password gives the account this name and password. Nothing
 * changes until then, so neither the first nor a later sign-up can take the address from its mailbox's owner. A
 * verified account's owner is sent the notice instead (they may have forgotten they have an account); a disabled
 * account gets nothing. Past the address's ceiling of mailed codes (`mayMail`) a sign-up again is treated as within
 * the cool-down. A pending sign-up older than PENDING_SIGNUP_TTL_DAYS counts as none: this sign-up replaces it.
 */
export async function completeRegistration(
  deps: AccountDeps,
  email: string,
  attempt: SignupAttempt,
  mayMail: MailGate = anyMail,
  raced = false,
): Promise<void> {
  const existing = await findAccountByEmail(deps.db, email);
  if (existing && existing.disabled_at !== null) return;
  if (existing && existing.email_verified_at !== null) return notifySignupOwner(deps, existing);
  if (existing) {
    if ((await cooldownLeft(deps, existing.id, 'signup')) > 0 || (await mayMail()) > 0) {
      await setOpenSignupAttempt(deps.db, existing.id, attempt.name, attempt.passwordHash);
    } else {
      await mailAfterAnswer(issueOtp(deps, existing, 'signup-again', attempt));
    }
    return;
  }

  const user = { id: newId(), email, name: attempt.name };
  const row = { ...user, passwordHash: attempt.passwordHash, role: 'Customer' as const, verified: false, at: now() };
  try {
    await insertUser(deps.db, newAccountRow(row));
  } catch (err) {
    // Another process made the account a moment ago: this is a sign-up again.
    if (isUniqueViolation(err) && !raced) return completeRegistration(deps, email, attempt, mayMail, true);
    throw err;
  }
  await mailAfterAnswer(issueOtp(deps, user, 'signup', attempt));
}

/**
 * Resend, after the answer (the same for every address, with no cool-down to tell: see the route): a pending
 * account's fresh code (while the address's ceiling `mayMail` lasts), a verified account's notice, nothing for an
 * unknown, expired or closed address.
 */
export async function resendSignupCode(deps: AccountDeps, email: string, mayMail: MailGate = anyMail): Promise<void> {
  const user = await findAccountByEmail(deps.db, email);
  if (!user || user.disabled_at !== null) return;
  if (user.email_verified_at !== null) return notifySignupOwner(deps, user);
  await resendOtp(deps, user, mayMail);
}

/** Tells a verified account's owner, through the outbox (D25), that someone signed up with their address. */
async function notifySignupOwner(deps: AccountDeps, user: UserRow): Promise<void> {
  await queueSignupNotice(deps.db, deps.config, user, now());
  deps.outbox.nudge();
}

/** Thrown for every bad-credentials case so that they cannot be told apart (D19). */
const invalidCredentials = () => unauthorized(AUTH_MESSAGES.invalidCredentials);

/**
 * `budgetSpent`: the account's failed-login budget is used up (D19); `loginWithCode` answers then.
 */
export async function login(
  deps: AccountDeps,
  body: z.output<typeof loginBodySchema>,
  budgetSpent = false,
): Promise<LoginResponse> {
  const user = await findAccountByEmail(deps.db, body.email);
  // An unknown e-mail still costs one argon2 verification, so timing does not tell it from a wrong password. A
  // pending account's password is its latest sign-up's (D3: someone who went back to change their details).
  const hash = user ? await loginPasswordHash(deps, user) : await dummyPasswordHash();
  const matches = await verifyPassword(hash, body.password);
  const found = user && matches && user.disabled_at === null ? user : undefined;
  // An unverified account is no account yet: past the budget it answers as a wrong password does.
  if (budgetSpent) return loginWithCode(deps, found?.email_verified_at === null ? undefined : found, body.otp);
  if (!found) throw invalidCredentials();
  // Said only to someone who knows the password, so it reveals nothing to a guesser.
  if (found.email_verified_at === null) throw forbidden(AUTH_MESSAGES.emailNotVerified);
  return { token: await signFor(deps, found), user: toPublicUser(found) };
}

/** The hash a login is checked against: a pending account's latest sign-up's, else the account's. */
async function loginPasswordHash(deps: AccountDeps, user: UserRow): Promise<string> {
  if (user.email_verified_at !== null) return user.password_hash;
  const latest = await findLatestOtpChallenge(deps.db, user.id, 'signup');
  return latest?.attempt_password_hash ?? user.password_hash;
}

/**
 * D19 once the account's budget is spent: every password, right or wrong, gets the same answers, or guessing could
 * go on past the budget and read the right password off a different one. Without `otp`: 403 `loginCodeRequired`,
 * and for the right password a code is mailed (once per cool-down) after the answer, so its time tells nothing
 * either. With `otp`: only the right password with its newest code logs in; anything else is 400 `loginCodeWrong`.
 */
async function loginWithCode(deps: AccountDeps, user: UserRow | undefined, otp: string | undefined) {
  if (otp === undefined) {
    const refusal = new LoginCodeError(403, AUTH_MESSAGES.loginCodeRequired);
    // Once the answer has gone (the route sees to it): a code's database writes and mail would otherwise lengthen
    // the right password's answer.
    if (user) refusal.afterAnswer = () => mailLoginCode(deps, user);
    throw refusal;
  }
  if (!user) {
    // The read a right password's code check makes, so the wrong one does not answer sooner.
    await findLatestOtpChallenge(deps.db, NO_USER_ID, 'login');
    throw new LoginCodeError(400, AUTH_MESSAGES.loginCodeWrong);
  }
  try {
    await redeemOtp(deps, user, 'login', user.email, otp, async () => undefined);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 400) throw new LoginCodeError(400, AUTH_MESSAGES.loginCodeWrong);
    throw err;
  }
  return { token: await signFor(deps, user), user: toPublicUser(user) };
}

/** Mails a login code unless one went out within the cool-down; a failure is logged by issueOtp and goes no further. */
async function mailLoginCode(deps: AccountDeps, user: UserRow) {
  try {
    if ((await cooldownLeft(deps, user.id, 'login')) === 0) await issueOtp(deps, user, 'login');
  } catch (err) {
    if (!(err instanceof AppError)) deps.log.error({ err, event: 'login_code_failed' }, 'login code not sent');
  }
}

/** A refusal of a login once the account's failed-login budget is spent (D19); the route counts it as failed. */
export class LoginCodeError extends AppError {
  /** Work for after the answer has been sent (a code to mail). */
  afterAnswer?: () => Promise<void>;
}

/** D18: every token of this user issued up to now stops working. */
export async function revokeTokens(deps: Pick<AccountDeps, 'db'>, userId: string): Promise<void> {
  await revokeUserTokens(deps.db, userId, now());
}

/** Whether the account may get a password-reset code: verified and enabled. */
const canReset = (user: UserRow | undefined): user is UserRow =>
  user !== undefined && user.email_verified_at !== null && user.disabled_at === null;

/**
 * D22, after the answer (the caller answers the same in every case): mails a reset code to a verified, enabled
 * account, once per cool-down and while the address's ceiling (`mayMail`) lasts.
 */
export async function requestPasswordReset(
  deps: AccountDeps,
  email: string,
  mayMail: MailGate = anyMail,
): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!canReset(user)) return;
  if ((await cooldownLeft(deps, user.id, 'reset')) > 0) return;
  if ((await mayMail()) > 0) return;
  await mailAfterAnswer(issueOtp(deps, user, 'reset'));
}

/**
 * D22: sets the password with a reset code, revokes every earlier token (D18) and logs the user in. An unknown or
 * closed account answers as a wrong code does, after the same read; the new password is hashed only once the code
 * is right, so that a wrong code answers as soon for an account as for none. `tries`: the client's own tries at the
 * code, so a stranger's wrong guesses do not void it.
 */
export async function resetPassword(
  deps: AccountDeps,
  body: z.output<typeof resetPasswordBodySchema>,
  tries?: CodeTries,
): Promise<LoginResponse> {
  const found = await findUserByEmail(deps.db, body.email);
  const user = canReset(found) ? found : undefined;
  // NO_USER_ID has no codes, so redeemOtp refuses every code of an unknown or closed account.
  const target = { id: user?.id ?? NO_USER_ID };
  let passwordHash = '';
  await redeemOtp(
    deps,
    target,
    'reset',
    user?.email ?? body.email,
    body.otp,
    async (trx, at) => {
      await revokeUserTokens(trx, target.id, at, { password_hash: passwordHash });
    },
    async () => {
      passwordHash = await hashPassword(body.password);
    },
    tries,
  );
  deps.log.info({ event: 'password_reset', userId: target.id }, 'password reset: earlier tokens revoked');
  const updated = await findUserById(deps.db, target.id);
  if (!updated) throw invalidCredentials();
  return { token: await signFor(deps, updated), user: toPublicUser(updated) };
}
