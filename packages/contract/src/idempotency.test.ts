// D34: which Idempotency-Key values the create routes take, and that the other headers pass through untouched.
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_MESSAGES, idempotentCreateHeadersSchema } from './idempotency';

const parse = (headers: Record<string, unknown>) => idempotentCreateHeadersSchema.safeParse(headers);

describe('idempotentCreateHeadersSchema', () => {
  it.each([
    ['a UUID', crypto.randomUUID()],
    ['one character', 'k'],
    ['the longest', '~'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH)],
    ['printable punctuation and spaces', 'offline: Asha Rao #2 (fair)'],
  ])('takes %s', (_name, key) => {
    expect(parse({ 'idempotency-key': key }).success).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['one past the longest', 'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1)],
    ['a letter outside ASCII', 'clé'],
    ['a tab', 'a\tb'],
    ['a line break', 'a\nb'],
  ])('refuses %s with the message', (_name, key) => {
    const result = parse({ 'idempotency-key': key });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([IDEMPOTENCY_MESSAGES.keyInvalid]);
  });

  it('takes no key at all and keeps every other header', () => {
    const headers = { authorization: 'Bearer x', 'content-type': 'application/json' };
    expect(parse(headers)).toEqual({ success: true, data: headers });
  });
});
