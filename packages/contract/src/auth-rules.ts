// The e-mail code's limits (zod-free, so the register page can show them without loading the schemas).

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
/** A verified account's owner is told at most once in this long that someone signed up with their address. */
export const SIGNUP_NOTICE_INTERVAL_MINUTES = 60;
