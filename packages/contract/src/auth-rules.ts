// The e-mail code's limits (zod-free, so the register page can show them without loading the schemas).

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
/** Wrong tries one client may make at one code (and every try at a login or e-mail-change code). */
export const OTP_MAX_ATTEMPTS = 5;
/**
 * Wrong tries a sign-up or reset code takes from everyone together before it is void: anyone may try those, so a
 * stranger's five spend their own tries, not the code's (docs/accounts.md).
 */
export const OTP_CODE_MAX_ATTEMPTS = 10;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
/**
 * Days an unverified sign-up lasts after its newest code: older, it counts as no account (a new sign-up or the
 * Owner's new staff account replaces it).
 */
export const PENDING_SIGNUP_TTL_DAYS = 7;

/** A verified account's owner is told at most once in this long that someone signed up with their address. */
export const SIGNUP_NOTICE_INTERVAL_MINUTES = 60;
