// Building blocks every resource's schemas use: ids, e-mail, numbers that may arrive as form strings, the
// characters typed text may hold, and paging; and D34's Idempotency-Key, the header of a create a client may retry.
import { z } from 'zod';
import { ID_MAX_LENGTH } from './site-rules';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './common-rules';

/** The message of a text field holding a character it refuses (the sets below list them). */
export const TEXT_MESSAGES = {
  controlCharacters:
    'Contains a character that is not allowed here (a control character, line break or text-direction override)',
} as const;

// Which characters typed text may hold. Names and places are one line; notes, itineraries and lists may have
// several. The API neutralises text stored before these rules with the same sets.

/*
 * Refused in every text field:
 * - the C0 controls U+0000–U+001F but tab and line feed (NUL, which PostgreSQL cannot store; BEL; ESC; …),
 *   DEL U+007F and the C1 controls U+0080–U+009F: invisible, and some readers act on them;
 * - the bidirectional embeddings and overrides U+202A–U+202E and isolates U+2066–U+2069: they reorder the text
 *   after them (U+202E shows "gpj.exe" as "exe.jpg"), in a staff member's inbox, a CSV cell or a PDF.
 * One-line fields refuse tab and every line break as well (LF, CR, NEL U+0085, U+2028, U+2029): a name with a line
 * break fakes lines ("Bcc: …") in a mail's text. Multi-line fields keep line breaks (all stored as LF) and tabs
 * (pasted tables; every output shows a tab as white space).
 * Allowed: the direction marks U+200E, U+200F and U+061C, which Urdu and Arabic keyboards type and which only set
 * the direction of the neutral characters beside them; the zero-width (non-)joiners U+200C and U+200D, which
 * Devanagari conjuncts and emoji sequences need; every letter, mark, digit, symbol and emoji.
 */
/* eslint-disable no-control-regex -- finding control characters is what these are for */
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;
const EVERY_MULTI_LINE_REFUSED = new RegExp(MULTI_LINE_REFUSED.source, 'gu');
const ONE_LINE_REFUSED = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
/* eslint-enable no-control-regex */
const LINE_BREAKS = /\r\n?|\u0085|\u2028|\u2029/g;

/** True when `text` may be stored in a one-line field. */
export const isOneLineText = (text: string) => !ONE_LINE_REFUSED.test(text);

/** True when `text` (its line breaks normalised) may be stored in a multi-line field. */
export const isMultiLineText = (text: string) => !MULTI_LINE_REFUSED.test(normaliseLineBreaks(text));

/** CR LF, a lone CR, NEL and the Unicode line and paragraph separators all become LF. */
export const normaliseLineBreaks = (text: string) => text.replace(LINE_BREAKS, '\n');

/** Text as a paper prints it: line breaks as LF, tabs kept, every other refused character removed. */
export const withoutControlCharacters = (text: string) =>
  normaliseLineBreaks(text).replace(EVERY_MULTI_LINE_REFUSED, '');

/** Text on one line: as withoutControlCharacters, with line breaks and tabs as spaces (a search box's words). */
export const asOneLine = (text: string) => withoutControlCharacters(text).replace(/[\n\t]/g, ' ');

// The schemas' building blocks: ids, e-mail, numbers that may arrive as form strings, typed text, paging.

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
 * a control character, a line break or a text-direction override (the sets above list them). `message` is for a
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

// D34: the Idempotency-Key a client sends with a create it may retry (the staff's offline inquiries).

/** The request header that names one create; a retry sends the same value. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to `true` on an answer that repeats the first one given for the key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** A key is 1 to this many printable ASCII characters (a UUID is 36). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** How long a key answers with its first answer; after that it is free for a new create. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** Printable ASCII, space included: what an HTTP header carries unchanged. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]*$/;

export const IDEMPOTENCY_MESSAGES = {
  keyInvalid: `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable characters`,
  keyReused:
    `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request in the last ` +
    `${IDEMPOTENCY_KEY_TTL_HOURS} hours; send a new key for a new inquiry`,
  inProgress: `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being handled; try again in a moment`,
} as const;

// D34: the request headers of a create that honours an Idempotency-Key (inquiry creation).
const idempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_MESSAGES.keyInvalid })
  .min(1, { error: IDEMPOTENCY_MESSAGES.keyInvalid })
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, { error: IDEMPOTENCY_MESSAGES.keyInvalid })
  .regex(IDEMPOTENCY_KEY_PATTERN, { error: IDEMPOTENCY_MESSAGES.keyInvalid })
  .meta({
    description:
      `Optional. Names this create so a retry cannot make a second one: for ${IDEMPOTENCY_KEY_TTL_HOURS} hours ` +
      `a repeat from the same caller gets the first answer (with ${IDEMPOTENT_REPLAYED_HEADER}: true), the same ` +
      `key with a different body 422. 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable characters; a random UUID is ` +
      'best.',
  });

/**
 * Fastify's header schema: the key, when sent. Loose, because Fastify puts the parsed headers back on the request
 * and every other header (authorization) must stay.
 */
export const idempotentCreateHeadersSchema = z.looseObject({
  // IDEMPOTENCY_KEY_HEADER as Node gives it: lower-cased.
  'idempotency-key': idempotencyKeySchema.optional(),
});
