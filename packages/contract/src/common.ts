// Building blocks shared by the resource schemas: ids, e-mail, numbers that may arrive as form strings.
import { z } from 'zod';
import { ID_MAX_LENGTH } from './ids';

/** Opaque ids (UUIDv7 on the server); anything else is simply not found. */
export const idSchema = z.string().min(1).max(ID_MAX_LENGTH);
export const idParamsSchema = z.object({ id: idSchema });

/** The spec's "simple address pattern". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail addresses are compared case-insensitively everywhere, so they are kept lower-cased. */
export const emailSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, { error: message })
    .regex(EMAIL_PATTERN, { error: message })
    .transform((v) => v.toLowerCase());

/** A required text field; `max` is the server's length limit. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

/** An optional text field: missing, null and blank all become ''. */
export const optionalText = (max = 200) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string()
      .trim()
      .max(max, { error: `Must be at most ${max} characters` }),
  );

/**
 * Forms send numbers as strings; JSON clients send numbers. Both become a finite number. Commas between digits are
 * grouping, as rupees are written ("1,50,000", "50,000").
 */
const toNumber = (v: unknown): unknown => {
  if (typeof v === 'string') {
    const t = v.trim().replace(/(?<=\d),(?=\d)/g, '');
    return t === '' ? undefined : Number(t);
  }
  return v;
};

/** A required number with one message for missing and non-numeric input. */
export const requiredNumber = (message: string) =>
  z.preprocess(toNumber, z.number({ error: message }).finite({ error: message }));

/** An optional number: blank becomes undefined. */
export const optionalNumber = (message: string) =>
  z.preprocess(toNumber, z.number({ error: message }).finite({ error: message }).optional());

/** Rupee amounts: non-negative, at most two decimals (stored as paise). */
export const MAX_RUPEES = 1_000_000_000;
export const moneySchema = (label: string) =>
  requiredNumber(`${label} must be a number`)
    .pipe(
      z
        .number()
        .min(0, { error: `${label} cannot be negative` })
        .max(MAX_RUPEES, { error: `${label} is too large` }),
    )
    .transform((v) => Math.round(v * 100) / 100);

/** The D14 error body. */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Turns zod issues into D14's `{ field: message }` map, first message per field. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}
