// The signed-in user's own profile.
import { z } from 'zod';
import { emailSchema, requiredText } from './common';
import { otpSchema } from './auth';
import { PASSWORD_MAX_LENGTH } from './password-rules';
import { passwordSchema } from './password';

/** `pendingEmail`: a new address waiting for its code (D21), absent when there is none. */
export const profileSchema = z.object({
  name: z.string(),
  email: z.string(),
  pendingEmail: z.string().optional(),
  /** D25, Staff and Owner only: mails about new inquiries and own assignments (default on). */
  notifyNewInquiry: z.boolean().optional(),
  notifyAssignment: z.boolean().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/** An empty or missing password changes nothing (spec §5: an empty password is not sent). */
const optionalNewPassword = z.preprocess((v) => (v === '' || v === null ? undefined : v), passwordSchema.optional());

export const updateProfileBodySchema = z.object({
  name: requiredText('Name is required', 100),
  email: emailSchema('A valid email is required'),
  password: optionalNewPassword,
  currentPassword: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().max(PASSWORD_MAX_LENGTH).optional(),
  ),
  /** Absent keeps the stored choice; a Customer's are ignored. */
  notifyNewInquiry: z.boolean({ error: 'notifyNewInquiry must be true or false' }).optional(),
  notifyAssignment: z.boolean({ error: 'notifyAssignment must be true or false' }).optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const updateProfileResponseSchema = profileSchema.extend({ token: z.string(), message: z.string() });
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/** D21: the code mailed to the pending address. */
export const verifyEmailBodySchema = z.object({ otp: otpSchema });
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;
