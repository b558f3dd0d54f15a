// Signs and verifies the JWTs (HS256 only) whose claims the web reads: sub, role, name, iat, exp, plus `iat_ms`,
// the issue time in milliseconds that the D18 cut-off is compared with. fast-jwt checks the HMAC with node:crypto
// on the request's own thread, where jose's WebCrypto sent every check through libuv's thread pool and back
// (docs/performance.md, "JWTs checked on the request's thread").
import { createSigner, createVerifier } from 'fast-jwt';
import type { Role } from '@safarnama/contract';

export interface TokenSubject {
  id: string;
  role: Role;
  name: string;
  /** D18 cut-off (ms); a new token is never dated before it. */
  tokensValidAfter: number;
}

export interface VerifiedClaims {
  sub: string;
  role: Role;
  name: string;
  iat: number;
  exp: number;
  /** Issue time in ms; tokens signed before it existed fall back to `iat` seconds (earlier, so never kept longer). */
  issuedAtMs: number;
}

const ROLES = new Set<string>(['Owner', 'Staff', 'Customer']);

export function createTokenService(secret: Uint8Array, ttlSeconds: number) {
  const key = Buffer.from(secret);
  // The payload carries its own iat and exp (fast-jwt keeps them), so a token lives ttlSeconds from its iat.
  const signToken = createSigner({ key, algorithm: 'HS256' });
  const verifyToken = createVerifier({ key, algorithms: ['HS256'], requiredClaims: ['sub', 'iat', 'exp'] });
  return {
    async sign(subject: TokenSubject): Promise<string> {
      // Dating the token at the cut-off (when that is later than the clock) keeps a token issued right after a
      // revocation valid, while every earlier token stays revoked; the cut-off is exact to the millisecond.
      const issuedAtMs = Math.max(Date.now(), subject.tokensValidAfter);
      const iat = Math.floor(issuedAtMs / 1000);
      const { id: sub, role, name } = subject;
      return signToken({ sub, role, name, iat, exp: iat + ttlSeconds, iat_ms: issuedAtMs });
    },

    /** Throws on a bad signature, another algorithm, expiry, nbf in the future or malformed claims. */
    async verify(token: string): Promise<VerifiedClaims> {
      return claimsOf(verifyToken(token) as Record<string, unknown>);
    },
  };
}

function claimsOf(payload: Record<string, unknown>): VerifiedClaims {
  const { sub, role, name, iat, exp, iat_ms: ms } = payload;
  if (
    typeof sub !== 'string' ||
    typeof role !== 'string' ||
    !ROLES.has(role) ||
    typeof iat !== 'number' ||
    typeof exp !== 'number'
  ) {
    throw new Error('malformed claims');
  }
  // RFC 7519 §4.1.4: the time must be before exp; fast-jwt still accepts the exact millisecond of exp.
  if (Date.now() >= exp * 1000) throw new Error('expired');
  const issuedAtMs = typeof ms === 'number' && Number.isSafeInteger(ms) ? ms : iat * 1000;
  return { sub, role: role as Role, name: typeof name === 'string' ? name : '', iat, exp, issuedAtMs };
}

export type TokenService = ReturnType<typeof createTokenService>;
