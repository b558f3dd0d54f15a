// D34: the Idempotency-Key a client sends with a create it may retry (the staff's offline inquiries), zod-free so
// the web's queue can import it without the schema library.

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
