// Account rules: registration (D3), login (D19), logout (D18), and the mapping of user rows to API shapes.
import type { FastifyInstance } from 'fastify';
import {
  AUTH_MESSAGES,
  type LoginResponse,
  type PublicUser,
  type loginBodySchema,
  type registerBodySchema,
} from '@safarnama/contract';
import type { z } from 'zod';
import { conflict, forbidden, unauthorized } from '../errors';
import { now } from '../lib/clock';
import { newId } from '../lib/ids';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password-hash';
import { revocationCutoff } from './token.service';
import { issueOtp } from './otp.service';
import {
  findUserByEmail,
  insertUser,
  newAccountRow,
  isUniqueViolation,
  replacePendingUser,
  updateUser,
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
 * Creates an unverified Customer and mails a code. A pending (unverified) account with the same
 * e-mail is replaced; a verified or disabled one is a 409.
 */
export async function register(deps: AccountDeps, body: z.output<typeof registerBodySchema>): Promise<void> {
  const existing = await findUserByEmail(deps.db, body.email);
  if (existing && (existing.email_verified_at !== null || existing.disabled_at !== null)) throw emailTaken();

  const passwordHash = await hashPassword(body.password);
  const at = now();
  let user: { id: string; email: string; name: string };
  if (existing) {
    // Guarded on "still unverified": a code verified meanwhile must not let this overwrite the account.
    const replaced = await replacePendingUser(deps.db, existing.id, {
      name: body.name,
      password_hash: passwordHash,
      role: 'Customer',
      updated_at: at,
    });
    if (!replaced) throw emailTaken();
    user = { id: existing.id, email: existing.email, name: body.name };
  } else {
    user = { id: newId(), email: body.email, name: body.name };
    try {
      await insertUser(deps.db, newAccountRow({ ...user, passwordHash, role: 'Customer', verified: false, at }));
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }
  await issueOtp(deps, user);
}

/** Thrown for every bad-credentials case so that they cannot be told apart (D19). */
export const invalidCredentials = () => unauthorized(AUTH_MESSAGES.invalidCredentials);

export async function login(deps: AccountDeps, body: z.output<typeof loginBodySchema>): Promise<LoginResponse> {
  const user = await findUserByEmail(deps.db, body.email);
  // An unknown e-mail still costs one argon2 verification, so timing does not tell it from a wrong password.
  const matches = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), body.password);
  if (!user || !matches || user.disabled_at !== null) throw invalidCredentials();
  // Said only to someone who knows the password, so it reveals nothing to a guesser.
  if (user.email_verified_at === null) throw forbidden(AUTH_MESSAGES.emailNotVerified);
  return { token: await signFor(deps, user), user: toPublicUser(user) };
}

/** D18: every token of this user issued up to now stops working. */
export async function revokeTokens(deps: Pick<AccountDeps, 'db'>, userId: string): Promise<void> {
  const at = now();
  await updateUser(deps.db, userId, { tokens_valid_after: revocationCutoff(at), updated_at: at });
}
