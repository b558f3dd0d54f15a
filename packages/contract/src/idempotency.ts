// D34: the request headers of a create that honours an Idempotency-Key (inquiry creation).
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
} from './idempotency-rules';

export * from './idempotency-rules';

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
