// The token service's own rules, beyond the API-level attacks in token-attacks.test.ts: a token verified once is
// answered from memory, but never past its expiry, and a tampered copy is still verified (and refused).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './token.service';

const secret = new TextEncoder().encode('a-test-secret-of-at-least-32-bytes!!');
const subject = { id: 'u1', role: 'Staff' as const, name: 'Asha', tokensValidAfter: 0 };

afterEach(() => {
  vi.useRealTimers();
});

describe('createTokenService', () => {
  it('answers a token verified before with the same claims', async () => {
    const tokens = createTokenService(secret, 3600);
    const token = await tokens.sign(subject);
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ sub: 'u1', role: 'Staff', name: 'Asha' });
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('refuses a token it verified before once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const tokens = createTokenService(secret, 60);
    const token = await tokens.sign(subject);
    await tokens.verify(token);
    vi.setSystemTime(new Date('2026-11-24T10:00:59Z'));
    await expect(tokens.verify(token)).resolves.toMatchObject({ sub: 'u1' });
    // At exp itself, as jose judges it.
    vi.setSystemTime(new Date('2026-11-24T10:01:00Z'));
    await expect(tokens.verify(token)).rejects.toThrow();
  });

  it('still refuses a tampered copy of a token it verified', async () => {
    const tokens = createTokenService(secret, 3600);
    const token = await tokens.sign(subject);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const owner = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'Owner' }),
    ).toString('base64url');
    await expect(tokens.verify(`${header}.${owner}.${signature}`)).rejects.toThrow();
    await expect(tokens.verify(`${token}x`)).rejects.toThrow();
  });

  it('refuses a token signed with another secret', async () => {
    const other = createTokenService(new TextEncoder().encode('another-secret-of-at-least-32-bytes'), 3600);
    const tokens = createTokenService(secret, 3600);
    await expect(tokens.verify(await other.sign(subject))).rejects.toThrow();
  });
});
