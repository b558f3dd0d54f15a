// Messages of sign-up, OTP, login and the session (spec §8 texts verbatim).
import { SESSION_MESSAGES } from './site-rules';

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
