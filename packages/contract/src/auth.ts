// Registration with e-mail OTP, login, the token's claims and the three account roles (auth-rules.ts holds the
// messages, the limits and the password rule these schemas check).
import { z } from 'zod';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_REQUIREMENTS_MESSAGE, isStrongPassword } from './auth-rules';
import { emailSchema, idSchema, oneLineText, requiredText } from './common';

// The three account roles; anonymous visitors have no role.
export const ROLES = ['Owner', 'Staff', 'Customer'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that work the inquiry pipeline (the back office). */
export const BACK_OFFICE_ROLES = ['Owner', 'Staff'] as const satisfies readonly Role[];
export type BackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];

/** Whether a role is one of the back office's (Staff and the Owner); no role (a visitor) is not. */
export const isBackOfficeRole = (role: string | null | undefined): role is BackOfficeRole =>
  (BACK_OFFICE_ROLES as readonly (string | null | undefined)[]).includes(role);

// D4's password rule as a schema.
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
  .refine(isStrongPassword, { error: PASSWORD_REQUIREMENTS_MESSAGE });

// Registration with e-mail OTP, login and the token's claims.
export const registerBodySchema = z.object({
  name: requiredText(AUTH_MESSAGES.nameRequired, 100),
  email: emailSchema(AUTH_MESSAGES.emailInvalid),
  password: passwordSchema,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** A mailed 6-digit code. */
export const otpSchema = z
  .string({ error: AUTH_MESSAGES.otpRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.otpRequired })
  .regex(/^\d{6}$/, { error: AUTH_MESSAGES.otpFormat });

/** A password as typed, checked against a stored hash (so not against the D4 rule). */
const givenPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired })
  .max(1024);

export const verifyOtpBodySchema = z.object({
  email: emailSchema(AUTH_MESSAGES.emailInvalid),
  otp: otpSchema,
  /** The password of the sign-up being finished: a code finishes only the sign-up it was mailed for (D3). */
  password: givenPasswordSchema,
});

export const resendOtpBodySchema = z.object({ email: emailSchema(AUTH_MESSAGES.emailInvalid) });

export const loginBodySchema = z.object({
  email: oneLineText(AUTH_MESSAGES.emailRequired)
    .min(1, { error: AUTH_MESSAGES.emailRequired })
    .max(254)
    .transform((v) => v.toLowerCase()),
  password: givenPasswordSchema,
  /** D19: the mailed code, needed with the right password once the account's failed-login budget is spent. */
  otp: otpSchema.optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** D22: asks for a password-reset code; the answer is the same for every e-mail. */
export const forgotPasswordBodySchema = z.object({ email: emailSchema(AUTH_MESSAGES.emailInvalid) });

export const resetPasswordBodySchema = z.object({
  email: emailSchema(AUTH_MESSAGES.emailInvalid),
  otp: otpSchema,
  password: passwordSchema,
});

const roleSchema = z.enum(ROLES);

const publicUserSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: publicUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
