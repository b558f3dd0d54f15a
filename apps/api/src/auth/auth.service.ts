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
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../errors';
import { now } from '../lib/clock';
import { newId } from '../lib/ids';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password-hash';
import { findAccountByEmail } from './pending-signup';
import { anyMail, cooldownLeft, issueOtp, redeemOtp, type CodeTries, type MailGate } from './otp.service';
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

export type AccountDeps = Pick<FastifyInstance, 'db' | 'mailer' | 'otpKey' | 'config' | 'log' | 'tokens'>;

export const toPublicUser = (user: Pick<UserRow, 'id' | 'name' | 'email' | 'role'>): PublicUser => ({
  _id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
});

/** A token for the user as stored now (role and name from the row, never from a client). */
export const signFor = (deps: Pick<AccountDeps, 'tokens'>, user: UserRow) =>
  deps.tokens.sign({ id: user.id, role: user.role, name: user.name, tokensValidAfter: user.tokens_valid_after });

const emailTaken = () => conflict(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });

/**
 * Creates an unverified Customer and mails a code. A pending (unverified) account with the same e-mail is a sign-up
 * again (D3): a new code is mailed for this sign-up, voiding the earlier ones, or, within the cool-down, the code
 * already mailed is given this sign-up instead (someone going back to change their details); entering the code
 * with this sign-up's password gives the account this name and password. Nothing changes until then, so neither
 * the first nor a later sign-up can take the address from its mailbox's owner. The answer is the same either way.
 * Past the address's ceiling of mailed codes (`mayMail`) a sign-up again is treated as within the cool-down.
 * A pending sign-up older than PENDING_SIGNUP_TTL_DAYS counts as none: this sign-up replaces it. A verified or
 * disabled account is a 409.
 */
export async function register(
  deps: AccountDeps,
  body: z.output<typeof registerBodySchema>,
  mayMail: MailGate = anyMail,
): Promise<void> {
  const existing = await findAccountByEmail(deps.db, body.email);
  if (existing && (existing.email_verified_at !== null || existing.disabled_at !== null)) throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  if (existing) {
    if ((await cooldownLeft(deps, existing.id, 'signup')) > 0 || (await mayMail()) > 0) {
      await setOpenSignupAttempt(deps.db, existing.id, body.name, passwordHash);
    } else {
      const attempt = { name: body.name, passwordHash };
      await issueOtp(deps, existing, 'signup-again', attempt);
    }
    return;
  }

  const user = { id: newId(), email: body.email, name: body.name };
  try {
    await insertUser(deps.db, newAccountRow({ ...user, passwordHash, role: 'Customer', verified: false, at: now() }));
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  await issueOtp(deps, user, 'signup', { name: body.name, passwordHash });
}

/** Thrown for every bad-credentials case so that they cannot be told apart (D19). */
export const invalidCredentials = () => unauthorized(AUTH_MESSAGES.invalidCredentials);

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

/** An id no account has (ids are UUIDv7). */
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

/** D18: every token of this user issued up to now stops working. */
export async function revokeTokens(deps: Pick<AccountDeps, 'db'>, userId: string): Promise<void> {
  await revokeUserTokens(deps.db, userId, now());
}

/** Whether the account may get a password-reset code: verified and enabled. */
const canReset = (user: UserRow | undefined): user is UserRow =>
  user !== undefined && user.email_verified_at !== null && user.disabled_at === null;

/**
 * D22: mails a reset code to a verified, enabled account, once per cool-down and while the address's ceiling
 * (`mayMail`) lasts. Says nothing about whether the account exists: the caller answers the same in every case.
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
  try {
    await issueOtp(deps, user, 'reset');
  } catch (err) {
    // issueOtp has logged the mail failure; answering 503 here would tell that the account exists.
    if (!(err instanceof AppError && err.statusCode === 503)) throw err;
  }
}

/**
 * D22: sets the password with a reset code, revokes every earlier token (D18) and logs the user in. `tries`: the
 * client's own tries at the code, so a stranger's wrong guesses do not void it.
 */
export async function resetPassword(
  deps: AccountDeps,
  body: z.output<typeof resetPasswordBodySchema>,
  tries?: CodeTries,
): Promise<LoginResponse> {
  const user = await findUserByEmail(deps.db, body.email);
  // An unknown or closed account answers as a wrong code does.
  if (!canReset(user)) throw badRequest(AUTH_MESSAGES.otpWrong, { otp: AUTH_MESSAGES.otpWrong });
  const passwordHash = await hashPassword(body.password);
  await redeemOtp(
    deps,
    user,
    'reset',
    user.email,
    body.otp,
    async (trx, at) => {
      await revokeUserTokens(trx, user.id, at, { password_hash: passwordHash });
    },
    undefined,
    tries,
  );
  deps.log.info({ event: 'password_reset', userId: user.id }, 'password reset: earlier tokens revoked');
  const updated = await findUserById(deps.db, user.id);
  if (!updated) throw invalidCredentials();
  return { token: await signFor(deps, updated), user: toPublicUser(updated) };
}
