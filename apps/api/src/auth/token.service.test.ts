// The token service's own rules, beyond the API-level attacks in token-attacks.test.ts: expiry to the second as
// RFC 7519 puts it, tampering, another secret, and tokens that jose (the library before fast-jwt, and an independent
// implementation) signed or must read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT, jwtVerify } from 'jose';
import { createTokenService } from './token.service';

const secret = new TextEncoder().encode('a-test-secret-of-at-least-32-bytes!!');
const subject = { id: 'u1', role: 'Staff' as const, name: 'Asha', tokensValidAfter: 0 };

afterEach(() => {
  vi.useRealTimers();
});

describe('createTokenService', () => {
  it('reads back the claims it signed, with the issue time in milliseconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00.250Z'));
    const tokens = createTokenService(secret, 3600);
    const claims = await tokens.verify(await tokens.sign(subject));
    const iat = Date.parse('2026-11-24T10:00:00Z') / 1000;
    expect(claims).toEqual({
      sub: 'u1',
      role: 'Staff',
      name: 'Asha',
      iat,
      exp: iat + 3600,
      issuedAtMs: iat * 1000 + 250,
    });
  });

  it('refuses a token from the second of its expiry on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const tokens = createTokenService(secret, 60);
    const token = await tokens.sign(subject);
    vi.setSystemTime(new Date('2026-11-24T10:00:59.999Z'));
    await expect(tokens.verify(token)).resolves.toMatchObject({ sub: 'u1' });
    // At exp itself: RFC 7519 wants the time before exp (fast-jwt alone would still accept this millisecond).
    vi.setSystemTime(new Date('2026-11-24T10:01:00Z'));
    await expect(tokens.verify(token)).rejects.toThrow();
  });

  it('refuses a tampered copy of a token', async () => {
    const tokens = createTokenService(secret, 3600);
    const token = await tokens.sign(subject);
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

  it('keeps the sessions jose signed before the switch, and signs tokens jose reads', async () => {
    const tokens = createTokenService(secret, 3600);
    const iat = Math.floor(Date.now() / 1000);
    const before = await new SignJWT({ role: 'Owner', name: 'Meera', iat_ms: iat * 1000 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u2')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(secret);
    await expect(tokens.verify(before)).resolves.toMatchObject({ sub: 'u2', role: 'Owner', name: 'Meera' });
    const { payload, protectedHeader } = await jwtVerify(await tokens.sign(subject), secret, { algorithms: ['HS256'] });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: 'u1', role: 'Staff', name: 'Asha' });
  });

  it('refuses a token whose role is not one of the three', async () => {
    const iat = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ role: 'Admin', name: 'X' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u3')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(secret);
    await expect(createTokenService(secret, 3600).verify(forged)).rejects.toThrow('malformed claims');
  });
});
