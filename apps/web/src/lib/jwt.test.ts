import { describe, expect, it } from 'vitest';
import { decodeToken, isExpired } from './jwt';
import { fakeToken } from '../test/render';

describe('decodeToken', () => {
  it('reads id, name, role and expiry', () => {
    const claims = decodeToken(fakeToken('Owner'));
    expect(claims).toMatchObject({ id: 'u1', name: 'Test User', role: 'Owner' });
    expect(claims && isExpired(claims)).toBe(false);
  });

  it.each(['', 'abc', 'a.b.c', 'x.eyJmb28iOjF9.y'])('returns null for %j', (token) => {
    expect(decodeToken(token)).toBeNull();
  });

  it('knows an expired token', () => {
    const claims = decodeToken(fakeToken('Customer', -10));
    expect(claims && isExpired(claims)).toBe(true);
  });
});
