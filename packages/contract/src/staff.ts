// Staff accounts the Owner manages, and the signed-in user's own profile.
import { z } from 'zod';
import { emailSchema, idSchema, requiredText } from './common';
import { BACK_OFFICE_ROLES, otpSchema, passwordSchema } from './auth';
import { PASSWORD_MAX_LENGTH } from './auth-rules';

// Messages of staff accounts (spec §8 texts verbatim).
export const STAFF_MESSAGES = {
  fetchFailed: 'Failed to fetch staff members',
  added: 'Staff member added successfully',
  reEnabled: 'Staff member re-enabled',
  formerEmpty: 'No former staff',
  addFailed: 'Failed to add staff.',
  removed: 'Staff member removed successfully',
  removeFailed: 'Failed to remove staff member',
  empty: 'No Staff Members',
  notFound: 'Staff member not found',
  cannotRemoveOwner: 'The owner cannot be removed from staff',
  emailTaken: 'An account with this email already exists',
  confirmRemove: (name: string) => `Are you sure you want to remove ${name} from staff?`,
} as const;

// Staff accounts managed by the Owner.
export const staffMemberSchema = z.object({ _id: idSchema, name: z.string(), email: z.string() });
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** Who may handle an inquiry (D8): every active Staff member and the Owner, for the editor's handler dropdown. */
export const inquiryHandlerSchema = staffMemberSchema.extend({ role: z.enum(BACK_OFFICE_ROLES) });
export type InquiryHandler = z.infer<typeof inquiryHandlerSchema>;

export const createStaffBodySchema = z.object({
  name: requiredText('Full name is required', 100),
  email: emailSchema('A valid email is required'),
  password: passwordSchema,
});
export type CreateStaffBody = z.input<typeof createStaffBodySchema>;

// Messages of the profile page (spec §8 texts verbatim).
export const PROFILE_MESSAGES = {
  authRequired: 'Authentication required. Please log in.',
  loadFailed: 'Failed to load user data.',
  fetchFailed: 'Failed to fetch profile data.',
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile.',
  currentPasswordRequired: 'Please enter your current password to set a new one',
  currentPasswordWrong: 'Current password is incorrect',
  emailTaken: 'That e-mail is already in use',
  currentPasswordForEmail: 'Please enter your current password to change your email',
  emailCodeSent: 'We sent a code to your new email. Enter it to start using that address.',
  emailChanged: 'Your email has been changed.',
  emailChangeCancelled: 'The email change was cancelled.',
  noPendingEmail: 'There is no email change waiting for a code.',
} as const;

// The signed-in user's own profile.

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
