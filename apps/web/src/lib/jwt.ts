// Reads the claims of our JWT in the browser (no verification: the server verifies every call).
import type { Role } from '@safarnama/contract/auth';

export interface SessionClaims {
  id: string;
  name: string;
  role: Role;
  /** Expiry, epoch seconds. */
  exp: number;
}

const ROLES: readonly string[] = ['Owner', 'Staff', 'Customer'];

function base64UrlDecode(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Claims of a well-formed token, or null for anything undecodable (spec §4: that logs out). */
export function decodeToken(token: string): SessionClaims | null {
  try {
    const [, payload] = token.split('.');
    if (!payload) return null;
    const claims = JSON.parse(base64UrlDecode(payload)) as Record<string, unknown>;
    const { sub, name, role, exp } = claims;
    if (typeof sub !== 'string' || typeof role !== 'string' || !ROLES.includes(role) || typeof exp !== 'number')
      return null;
    return { id: sub, name: typeof name === 'string' ? name : '', role: role as Role, exp };
  } catch {
    return null;
  }
}

export const isExpired = (claims: SessionClaims, nowMs = Date.now()) => claims.exp * 1000 <= nowMs;
