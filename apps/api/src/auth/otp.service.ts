// E-mail OTPs (D3): drawn with crypto randomness, stored as an HMAC, 10 minutes, single use, 5 tries,
// the newest code voids older ones, each code bound to its user and e-mail.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  AUTH_MESSAGES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_MINUTES,
} from '@safarnama/contract';
import { AppError, badRequest, conflict, serviceUnavailable } from '../errors';
import { newId } from '../lib/ids';
import { now } from '../lib/clock';
import {
  consumeOtpChallenge,
  deleteOtpChallenge,
  findLatestOtpChallenge,
  findUserByEmail,
  insertOtpChallenge,
  recordOtpAttempt,
  updateUser,
  voidOpenOtpChallenges,
} from '../users/user.repository';

export type OtpDeps = Pick<FastifyInstance, 'db' | 'mailer' | 'otpKey' | 'config' | 'log'>;

const OTP_TTL_MS = OTP_TTL_MINUTES * 60_000;
const COOLDOWN_MS = OTP_RESEND_COOLDOWN_SECONDS * 1000;

/**
 * The OTP key is derived from the JWT secret, so it lives outside the database: a leaked database
 * alone cannot turn the stored hashes back into codes (a plain hash of a 6-digit code falls to a
 * million guesses). The derivation keeps the two uses of the secret apart.
 */
export function deriveOtpKey(jwtSecret: Uint8Array): Buffer {
  return crypto.createHmac('sha256', jwtSecret).update('safarnama/otp-hash/v1').digest();
}

/** 6 digits, uniformly drawn, leading zeros kept. */
export function generateOtp(): string {
  return crypto
    .randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/** The user id and e-mail are part of the MAC, so a code only ever verifies the account it was sent to. */
export function hashOtp(key: Buffer, userId: string, email: string, code: string): string {
  return crypto.createHmac('sha256', key).update(`${userId}\n${email}\n${code}`).digest('hex');
}

function otpMatches(key: Buffer, userId: string, email: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashOtp(key, userId, email, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

function otpMail(siteName: string, name: string, code: string) {
  return {
    subject: `Your ${siteName} verification code`,
    text: [
      `Hello ${name},`,
      '',
      `Your ${siteName} verification code is: ${code}`,
      '',
      `It is valid for ${OTP_TTL_MINUTES} minutes and can be used once.`,
      'If you did not create an account, you can ignore this email.',
    ].join('\n'),
  };
}

/** Voids the user's older codes, stores a new one and mails it. */
export async function issueOtp(deps: OtpDeps, user: { id: string; email: string; name: string }): Promise<void> {
  const code = generateOtp();
  const at = now();
  const challengeId = newId();
  await deps.db.transaction().execute(async (trx) => {
    await voidOpenOtpChallenges(trx, user.id, at);
    await insertOtpChallenge(trx, {
      id: challengeId,
      user_id: user.id,
      code_hash: hashOtp(deps.otpKey, user.id, user.email, code),
      expires_at: at + OTP_TTL_MS,
      created_at: at,
    });
  });
  try {
    await deps.mailer.send({ to: user.email, ...otpMail(deps.config.SITE_NAME, user.name, code) });
  } catch (err) {
    // Only the error's message: the mail (and so the code) must not reach the log here.
    deps.log.error({ event: 'otp_mail_failed', userId: user.id, reason: (err as Error).message }, 'OTP mail not sent');
    // A code nobody received must not start the resend cool-down.
    await deleteOtpChallenge(deps.db, challengeId);
    throw serviceUnavailable(AUTH_MESSAGES.mailFailed);
  }
}

const otpError = (message: string) => badRequest(message, { otp: message });

/** Checks a code and marks the account verified; each refusal says why (wrong, expired, used up). */
export async function verifyOtp(deps: OtpDeps, email: string, code: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw badRequest(AUTH_MESSAGES.otpNoPending, { email: AUTH_MESSAGES.otpNoPending });
  if (user.email_verified_at !== null) throw conflict(AUTH_MESSAGES.alreadyVerified);

  const challenge = await findLatestOtpChallenge(deps.db, user.id);
  if (!challenge) throw badRequest(AUTH_MESSAGES.otpNoPending, { email: AUTH_MESSAGES.otpNoPending });
  if (challenge.attempts >= OTP_MAX_ATTEMPTS || challenge.consumed_at !== null) {
    throw otpError(AUTH_MESSAGES.otpUsedUp);
  }
  const at = now();
  if (at >= challenge.expires_at) throw otpError(AUTH_MESSAGES.otpExpired);

  if (!otpMatches(deps.otpKey, user.id, user.email, code, challenge.code_hash)) {
    const attempts = await recordOtpAttempt(deps.db, challenge.id, OTP_MAX_ATTEMPTS);
    if (attempts === undefined || attempts >= OTP_MAX_ATTEMPTS) throw otpError(AUTH_MESSAGES.otpUsedUp);
    throw otpError(AUTH_MESSAGES.otpWrong);
  }

  await deps.db.transaction().execute(async (trx) => {
    // Single use even when the same code arrives twice at once: only one request consumes it.
    if (!(await consumeOtpChallenge(trx, challenge.id, at))) throw otpError(AUTH_MESSAGES.otpUsedUp);
    await updateUser(trx, user.id, { email_verified_at: at, updated_at: at });
  });
}

/** Mails a fresh code to a pending account, at most once per cool-down. */
export async function resendOtp(deps: OtpDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw badRequest(AUTH_MESSAGES.otpNoPending, { email: AUTH_MESSAGES.otpNoPending });
  if (user.email_verified_at !== null) throw conflict(AUTH_MESSAGES.alreadyVerified);
  const latest = await findLatestOtpChallenge(deps.db, user.id);
  const waitMs = latest ? latest.created_at + COOLDOWN_MS - now() : 0;
  if (waitMs > 0) throw new CooldownError(Math.ceil(waitMs / 1000));
  await issueOtp(deps, user);
}

/** 429 for the resend cool-down; the route turns `retryAfterSeconds` into a Retry-After header. */
export class CooldownError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, AUTH_MESSAGES.otpCooldown);
  }
}
