// Staff accounts managed by the Owner.
import { z } from 'zod';
import { emailSchema, idSchema, requiredText } from './common';
import { passwordSchema } from './password';
import { BACK_OFFICE_ROLES } from './roles';

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
