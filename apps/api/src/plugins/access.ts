// Authorization in one place: every /api route declares `config.access` in one line, checked here on
// every request (signature, HS256 only, exp, the user's D18 cut-off, disabled accounts, role).
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, BACK_OFFICE_ROLES, type Role } from '@safarnama/contract';
import { forbidden, unauthorized } from '../errors';
import { findUserForAuth } from '../users/user.repository';

/** 'public': anyone; 'optional': a token is used when sent; a role list: only those roles. */
export type Access = 'public' | 'optional' | readonly Role[];

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Helpers for route declarations: `config: { access: roles.owner }`. */
export const roles = {
  owner: ['Owner'],
  backOffice: BACK_OFFICE_ROLES,
  anyUser: ['Owner', 'Staff', 'Customer'],
} as const satisfies Record<string, readonly Role[]>;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : '';
}

async function authenticate(app: FastifyInstance, request: FastifyRequest, token: string): Promise<AuthUser> {
  let claims;
  try {
    claims = await app.tokens.verify(token);
  } catch {
    throw unauthorized(AUTH_MESSAGES.sessionExpired);
  }
  const user = await findUserForAuth(app.db, claims.sub);
  if (
    !user ||
    user.disabled_at !== null ||
    user.email_verified_at === null ||
    claims.issuedAtMs < user.tokens_valid_after
  ) {
    throw unauthorized(AUTH_MESSAGES.sessionExpired);
  }
  // The role comes from the account, not the token: a role change applies at once.
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);

    app.addHook('onRoute', (route) => {
      const url = route.url ?? route.path;
      if (!url.startsWith('/api') || url.startsWith('/api/docs')) return;
      const access = route.config?.access;
      if (access === undefined) {
        throw new Error(`Route ${String(route.method)} ${url} must declare config.access`);
      }
      if (access === 'public') return;
      const check = async (request: FastifyRequest, reply: FastifyReply) => {
        const token = bearerToken(request);
        if (token === undefined && access === 'optional') return;
        // An answer for one signed-in user is kept by no cache, shared or the browser's (D14).
        if (token !== undefined) reply.header('cache-control', 'no-store');
        try {
          if (!token) throw unauthorized(AUTH_MESSAGES.authRequired);
          request.user = await authenticate(app, request, token);
          if (access !== 'optional' && !access.includes(request.user.role)) throw forbidden(AUTH_MESSAGES.forbidden);
        } catch (err) {
          request.log.warn(
            {
              event: 'authz_denied',
              route: `${request.method} ${url}`,
              userId: request.user?.id ?? null,
              status: (err as { statusCode?: number }).statusCode,
            },
            'authorization failed',
          );
          throw err;
        }
      };
      const existing = route.onRequest;
      route.onRequest = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
    });
  },
  { name: 'access', dependencies: ['db'] },
);
