// E-mail OTPs (D3, D19, D21, D22): drawn with crypto randomness, stored as an HMAC, 10 minutes, single use, 5 tries
// per client (a sign-up or reset code 10 from everyone), the newest code of a purpose voids its older ones, each code
// bound to its user, e-mail and purpose, a sign-up code to its sign-up.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, OtpPurpose } from '../db/database';
import {
  AUTH_MESSAGES,
  OTP_CODE_MAX_ATTEMPTS,
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
  insertOtpChallenge,
  recordOtpAttempt,
  updateUser,
  voidOpenOtpChallenges,
  type UserRow,
} from '../users/user.repository';
import { linkInquiriesOfAddress } from '../inquiries/inquiry-links';
import { verifyPassword } from './password-hash';
import { findAccountByEmail } from './pending-signup';

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
function generateOtp(): string {
  return crypto
    .randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/** The user id and e-mail are part of the MAC, so a code only ever verifies the account it was sent to. */
function hashOtp(key: Buffer, userId: string, email: string, code: string): string {
  return crypto.createHmac('sha256', key).update(`${userId}\n${email}\n${code}`).digest('hex');
}

function otpMatches(key: Buffer, userId: string, email: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashOtp(key, userId, email, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

/** The mail of each purpose. Every one says "verification code is: …", the phrase the tests' mailbox reads. */
function otpMail(siteName: string, name: string, code: string, purpose: OtpMailKind) {
  const intro: Record<OtpMailKind, string[]> = {
    signup: [],
    'signup-again': [
      `Someone just signed up again with this email address. If that was you, verify with this code: the account`,
      `takes the name and password of this latest sign-up, and earlier codes no longer work.`,
      '',
    ],
    email: [`You asked to use this email address for your ${siteName} account.`, ''],
    reset: [`Someone asked to reset the password of your ${siteName} account.`, ''],
    login: [
      `There were many failed attempts to log in to your ${siteName} account, so logging in now also needs a`,
      'code. Someone just entered your correct password.',
      '',
    ],
  };
  const ignore: Record<OtpMailKind, string> = {
    signup: 'If you did not create an account, you can ignore this email.',
    'signup-again': 'If that was not you, ignore this email: nothing changes without the code.',
    email: 'If you did not ask for this, you can ignore this email: nothing changes without the code.',
    reset: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
    login: 'If that was not you, change your password: your account stays closed to anyone without this code.',
  };
  // A sign-up's or an e-mail change's code goes to an address nobody has shown to be theirs yet, with a name anyone
  // may have typed: it greets no one, so the mail carries no stranger's words (docs/accounts.md).
  const toOwnAddress = purpose === 'reset' || purpose === 'login';
  return {
    subject: `Your ${siteName} verification code`,
    text: [
      toOwnAddress ? `Hello ${name},` : 'Hello,',
      '',
      ...intro[purpose],
      `Your ${siteName} verification code is: ${code}`,
      '',
      `It is valid for ${OTP_TTL_MINUTES} minutes and can be used once.`,
      ignore[purpose],
    ].join('\n'),
  };
}

/** Which mail goes with a code: its purpose, or a sign-up again of a pending address (docs/accounts.md). */
export type OtpMailKind = OtpPurpose | 'signup-again';

/** The sign-up a sign-up code finishes: the name and password hash the account takes when it is entered (D3). */
export interface SignupAttempt {
  name: string;
  passwordHash: string;
}

/**
 * Voids the user's older codes of this purpose, stores a new one bound to `email` (the account's, or the pending
 * new address for an e-mail change) and mails it there. A sign-up code carries its sign-up.
 */
export async function issueOtp(
  deps: OtpDeps,
  user: { id: string; email: string; name: string },
  kind: OtpMailKind = 'signup',
  attempt?: SignupAttempt,
): Promise<void> {
  const purpose: OtpPurpose = kind === 'signup-again' ? 'signup' : kind;
  const code = generateOtp();
  const at = now();
  const challengeId = newId();
  await deps.db.transaction().execute(async (trx) => {
    await voidOpenOtpChallenges(trx, user.id, purpose, at);
    await insertOtpChallenge(trx, {
      id: challengeId,
      user_id: user.id,
      purpose,
      code_hash: hashOtp(deps.otpKey, user.id, user.email, code),
      expires_at: at + OTP_TTL_MS,
      created_at: at,
      attempt_name: attempt?.name ?? null,
      attempt_password_hash: attempt?.passwordHash ?? null,
    });
  });
  try {
    await deps.mailer.send({ to: user.email, ...otpMail(deps.config.SITE_NAME, user.name, code, kind) });
  } catch (err) {
    // Only the error's message: the mail (and so the code) must not reach the log here.
    deps.log.error({ event: 'otp_mail_failed', userId: user.id, reason: (err as Error).message }, 'OTP mail not sent');
    // A code nobody received must not start the resend cool-down.
    await deleteOtpChallenge(deps.db, challengeId);
    throw serviceUnavailable(AUTH_MESSAGES.mailFailed);
  }
}

/** Seconds left of the resend cool-down of this purpose's newest code (0 when a new one may be sent). */
export async function cooldownLeft(deps: Pick<OtpDeps, 'db'>, userId: string, purpose: OtpPurpose): Promise<number> {
  const latest = await findLatestOtpChallenge(deps.db, userId, purpose);
  const waitMs = latest ? latest.created_at + COOLDOWN_MS - now() : 0;
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

const otpError = (message: string) => badRequest(message, { otp: message });

/**
 * One client's wrong tries at a code anyone may enter (sign-up, reset; auth.limits.ts): a stranger's guesses spend
 * the stranger's tries, and the code itself takes OTP_CODE_MAX_ATTEMPTS from everyone together, so five wrong
 * guesses from one client no longer void the owner's code (issue 49).
 */
export interface CodeTries {
  /** Holds one of this client's tries at the code until release, or undefined when it has none left. */
  reserve(codeId: string): Promise<{ release: () => void } | undefined>;
  /** Counts a wrong try (before release); false when that was this client's last. */
  failed(): Promise<boolean>;
}

/**
 * The ceiling on the codes one address is mailed, whoever asks: counts a mail about to go and answers 0, or the
 * seconds until another may go.
 */
export type MailGate = () => Promise<number>;

/** No ceiling (the CLI and tests that call the services directly). */
export const anyMail: MailGate = async () => 0;

type OtpChallenge = NonNullable<Awaited<ReturnType<typeof findLatestOtpChallenge>>>;

/** An id no account has (ids are UUIDv7): the code reads of an unknown or closed address look for it. */
export const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Checks a code of `purpose` sent to `email` for this user, then consumes it and runs `apply` in the same
 * transaction. A wrong code is `otpWrong` whatever state the codes are in (none, expired, used up, or the try that
 * used them up): only someone who typed the right one learns why it is refused (expired, used up), since the state
 * of an address's codes tells whether it has an account. `accept`, run once the code is right and before it is
 * consumed, and `apply` may throw to refuse after all.
 */
export async function redeemOtp<T>(
  deps: Pick<OtpDeps, 'db' | 'otpKey'>,
  user: { id: string },
  purpose: OtpPurpose,
  email: string,
  code: string,
  apply: (trx: Transaction<Database>, at: number) => Promise<T>,
  accept?: (challenge: OtpChallenge) => Promise<void>,
  tries?: CodeTries,
): Promise<T> {
  const challenge = await findLatestOtpChallenge(deps.db, user.id, purpose);
  const at = now();
  // A code whose tries are counted per client takes more from everyone together; one without (login, e-mail change:
  // only the account's holder can reach it) keeps the one count.
  const maxAttempts = tries ? OTP_CODE_MAX_ATTEMPTS : OTP_MAX_ATTEMPTS;
  const usedUp = (c: OtpChallenge) => c.attempts >= maxAttempts || c.consumed_at !== null;
  const live = challenge !== undefined && !usedUp(challenge) && at < challenge.expires_at;
  // A client's own tries are counted whatever the address's codes are (none included), so that running out of them
  // tells nothing either: past them, to that client the code is used up and its guesses are no longer checked.
  const held = tries ? await tries.reserve(challenge?.id ?? `none:${purpose}:${email}`) : undefined;
  if (tries && !held) throw otpError(AUTH_MESSAGES.otpUsedUp);
  try {
    if (!challenge || !otpMatches(deps.otpKey, user.id, email, code, challenge.code_hash)) {
      // A wrong try counts against a code that could still be used (then it is void) and against the client's own.
      if (live) await recordOtpAttempt(deps.db, challenge.id, maxAttempts);
      await tries?.failed();
      throw otpError(AUTH_MESSAGES.otpWrong);
    }
    if (usedUp(challenge)) throw otpError(AUTH_MESSAGES.otpUsedUp);
    if (at >= challenge.expires_at) throw otpError(AUTH_MESSAGES.otpExpired);
    await accept?.(challenge);

    return await deps.db.transaction().execute(async (trx) => {
      // Single use even when the same code arrives twice at once: only one request consumes it.
      if (!(await consumeOtpChallenge(trx, challenge.id, at))) throw otpError(AUTH_MESSAGES.otpUsedUp);
      return apply(trx, at);
    });
  } finally {
    held?.release();
  }
}

/** A sign-up code's sign-up; a code from before codes carried theirs finishes the account as it was made. */
const attemptOf = (challenge: OtpChallenge | undefined, user: UserRow): SignupAttempt => ({
  name: challenge?.attempt_name ?? user.name,
  passwordHash: challenge?.attempt_password_hash ?? user.password_hash,
});

/**
 * Checks a sign-up code and the password of the sign-up it was mailed for, then marks the account verified with
 * that sign-up's name and password (D3): whoever signed up first, the one who reads the mailbox decides. An unknown,
 * verified or closed address answers as a wrong code does, after the same read; only the right code of a verified
 * account (which only its mailbox has seen) is told that it is verified already.
 */
export async function verifyOtp(
  deps: OtpDeps,
  email: string,
  code: string,
  password: string,
  tries?: CodeTries,
): Promise<void> {
  const user = await findAccountByEmail(deps.db, email);
  if (!user || user.email_verified_at !== null || user.disabled_at !== null) {
    const latest = await findLatestOtpChallenge(deps.db, user?.id ?? NO_USER_ID, 'signup');
    if (
      user?.email_verified_at != null &&
      latest &&
      otpMatches(deps.otpKey, user.id, user.email, code, latest.code_hash)
    ) {
      throw conflict(AUTH_MESSAGES.alreadyVerified);
    }
    // NO_USER_ID has no codes: refused as a wrong code, the client's tries counted as for a pending address.
    await redeemOtp(deps, { id: NO_USER_ID }, 'signup', email, code, async () => undefined, undefined, tries);
    throw otpError(AUTH_MESSAGES.otpWrong); // not reached: NO_USER_ID has no code to match
  }
  let attempt = attemptOf(undefined, user);
  await redeemOtp(
    deps,
    user,
    'signup',
    user.email,
    code,
    async (trx, at) => {
      const { name, passwordHash } = attempt;
      await updateUser(trx, user.id, { name, password_hash: passwordHash, email_verified_at: at, updated_at: at });
      // D5: the inquiries sent with the address before it had an account are now this account's.
      await linkInquiriesOfAddress(trx, user, user.email);
    },
    async (challenge) => {
      attempt = attemptOf(challenge, user);
      // The code went to the mailbox, but a later sign-up by someone else may have asked for it.
      if (!(await verifyPassword(attempt.passwordHash, password))) throw otpError(AUTH_MESSAGES.otpOtherSignup);
    },
    tries,
  );
}

/**
 * Mails a pending account a fresh code for its latest sign-up, at most once per cool-down and while the address's
 * ceiling (`mayMail`) lasts; past either it sends nothing, as the answer is the same for every address.
 */
export async function resendOtp(deps: OtpDeps, user: UserRow, mayMail: MailGate = anyMail): Promise<void> {
  if ((await cooldownLeft(deps, user.id, 'signup')) > 0) return;
  if ((await mayMail()) > 0) return;
  const attempt = attemptOf(await findLatestOtpChallenge(deps.db, user.id, 'signup'), user);
  await mailAfterAnswer(issueOtp(deps, user, 'signup', attempt));
}

/** A code mailed after the answer: issueOtp has logged a mail failure, and there is no one left to tell. */
export async function mailAfterAnswer(sending: Promise<void>): Promise<void> {
  try {
    await sending;
  } catch (err) {
    if (!(err instanceof AppError && err.statusCode === 503)) throw err;
  }
}

/** 429 for the resend cool-down or the address's ceiling; the route turns `retryAfterSeconds` into Retry-After. */
export class CooldownError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = AUTH_MESSAGES.otpCooldown,
  ) {
    super(429, message);
  }
}
