// Building blocks shared by the resource schemas: ids, e-mail, numbers that may arrive as form strings.
import { z } from 'zod';
import { ID_MAX_LENGTH } from './ids';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './inquiry-rules';
import { TEXT_MESSAGES } from './text-messages';
import { asOneLine, isMultiLineText, isOneLineText, normaliseLineBreaks } from './text-rules';

/** Opaque ids (UUIDv7 on the server); anything else is simply not found. */
export const idSchema = z.string().min(1).max(ID_MAX_LENGTH);
export const idParamsSchema = z.object({ id: idSchema });

/** D10 paging of a list: `page` from 1, `pageSize` up to MAX_PAGE_SIZE; list queries extend it. */
export const pagingQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE, { error: `pageSize must be at most ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
});

/** The spec's "simple address pattern". */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail addresses are compared case-insensitively everywhere, so they are kept lower-cased. */
export const emailSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, { error: message })
    .regex(EMAIL_PATTERN, { error: message })
    .refine(isOneLineText, { error: message })
    .transform((v) => v.toLowerCase());

/**
 * One line of text (names, places, titles): trimmed, and refused with TEXT_MESSAGES.controlCharacters when it holds
 * a control character, a line break or a text-direction override (text-rules.ts lists them). `message` is for a
 * value that is not a string.
 */
export const oneLineText = (message?: string) =>
  z
    .string(message === undefined ? undefined : { error: message })
    .trim()
    .refine(isOneLineText, { error: TEXT_MESSAGES.controlCharacters });

/** Text of several lines (notes, itineraries): as oneLineText, but line breaks (stored as LF) and tabs are kept. */
export const multiLineText = (message?: string) =>
  z
    .string(message === undefined ? undefined : { error: message })
    .overwrite(normaliseLineBreaks)
    .trim()
    .refine(isMultiLineText, { error: TEXT_MESSAGES.controlCharacters });

/** A search box's words: pasted line breaks and tabs become spaces and other refused characters go, rather than fail. */
export const searchText = (max: number) =>
  z
    .string()
    .overwrite(asOneLine)
    .trim()
    .max(max, { error: `Must be at most ${max} characters` });

/** Whether a text field is one line (the default) or several. */
export interface TextShape {
  multiLine?: boolean;
}
const textOf = (shape: TextShape, message?: string) =>
  shape.multiLine ? multiLineText(message) : oneLineText(message);

/** A required text field; `max` is the server's length limit. */
export const requiredText = (message: string, max = 200, shape: TextShape = {}) =>
  textOf(shape, message)
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

/** An optional text field: missing, null and blank all become ''. */
export const optionalText = (max = 200, shape: TextShape = {}) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    textOf(shape).max(max, { error: `Must be at most ${max} characters` }),
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
const MAX_RUPEES = 1_000_000_000;
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

/** Turns zod issues into D14's `{ field: message }` map, first message per field. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}
