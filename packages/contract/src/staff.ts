// Staff accounts managed by the Owner.
import { z } from 'zod';
import { emailSchema, idSchema, requiredText } from './common';
import { passwordSchema } from './password';

export const staffMemberSchema = z.object({ _id: idSchema, name: z.string(), email: z.string() });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const createStaffBodySchema = z.object({
  name: requiredText('Full name is required', 100),
  email: emailSchema('A valid email is required'),
  password: passwordSchema,
});
export type CreateStaffBody = z.input<typeof createStaffBodySchema>;
