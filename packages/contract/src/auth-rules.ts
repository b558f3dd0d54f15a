// Sign-up, login and the e-mail code without zod, for the first load of /login, /register and /forgot-password:
// their messages (spec §8 texts verbatim), the code's limits and D4's password rule with its checklist.
import { SESSION_MESSAGES } from './site-rules';

// The e-mail code's limits.
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

// Messages of sign-up, OTP, login and the session (spec §8 texts verbatim).
export const AUTH_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'A valid email is required',
  passwordRequired: 'Password is required',
  otpRequired: 'OTP is required',
  otpFormat: 'OTP must be 6 digits',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Your email is not verified yet. Please enter the code we sent you, or request a new one.',
  accountDisabled: 'Invalid email or password',
  otpWrong: 'The code is incorrect. Please check it and try again.',
  otpExpired: 'This code has expired. Please request a new one.',
  otpUsedUp: 'Too many wrong attempts. Please request a new code.',
  otpOtherSignup:
    'This code was sent for another sign-up with this email and a different password. Sign up again to get a code for yours.',
  otpVerified: 'Email verified successfully. You can now log in.',
  otpSent: 'A verification code has been sent to your email.',
  // The register page's code step: a verified address is answered as a new one and mailed a notice instead.
  signupMailHasAccount: 'If this address already has an account, the email tells you how to log in instead.',
  otpCooldown: 'Please wait a minute before requesting another code.',
  alreadyVerified: 'This email is already verified. Please log in.',
  mailFailed: 'We could not send the verification email. Please try again in a moment.',
  loggedOut: 'Logged out',
  authRequired: 'Authentication required. Please log in.',
  sessionExpired: SESSION_MESSAGES.sessionExpired,
  forbidden: 'You do not have permission to do this.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  tooManyLogins: 'Too many failed login attempts. Please try again later.',
  loginCodeRequired:
    'There were many failed login attempts on this account. If the password is right, we have sent a code to its email: enter it to log in.',
  loginCodeWrong: 'The code or the password is incorrect. Check the password, and use the newest code we sent.',
  resetCodeSent: 'If an account with this email exists, we have sent it a code to reset the password.',
  passwordReset: 'Your password has been reset.',
  // Spec §8: the web's fallbacks when the server gives no message, and the registration toast.
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  otpVerificationFailed: 'OTP verification failed',
  registrationSuccess: 'Registration successful, please Login to continue',
} as const;

// D4: the one password rule for register, staff and profile, with the checklist the forms show.
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'One number', test: (p: string) => /\d/.test(p) },
  {
    id: 'special',
    label: `One special character (${PASSWORD_SPECIALS})`,
    test: (p: string) => [...p].some((c) => PASSWORD_SPECIALS.includes(c)),
  },
] as const;

export const PASSWORD_REQUIREMENTS_MESSAGE = 'Please meet all password requirements';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';

export const isStrongPassword = (p: string) => PASSWORD_RULES.every((r) => r.test(p));
