// D4's password rule as a schema.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_REQUIREMENTS_MESSAGE, isStrongPassword } from './password-rules';

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
  .refine(isStrongPassword, { error: PASSWORD_REQUIREMENTS_MESSAGE });
