// Rate limits (D15, D19): off by default, switched on per route with `config: { rateLimit: app.limit(...) }`.
import fp from 'fastify-plugin';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@safarnama/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /** A per-route limit: `max` requests per `timeWindow`, keyed by client address unless `keyGenerator` says otherwise. */
    limit: (
      max: number,
      timeWindow: string,
      keyGenerator?: (request: FastifyRequest) => string,
      message?: string,
    ) => RateLimitOptions;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      // request.ip honours X-Forwarded-For only when TRUST_PROXY is set (Fastify's trustProxy).
      keyGenerator: (request) => request.ip,
    });
    const factor = app.config.RATE_LIMIT_FACTOR;
    app.decorate('limit', (max, timeWindow, keyGenerator, message = AUTH_MESSAGES.tooManyRequests) => ({
      max: Math.max(1, Math.round(max * factor)),
      timeWindow,
      ...(keyGenerator ? { keyGenerator } : {}),
      // One line per refused request, with its reqId (log hygiene: the key may be an address, never a secret).
      onExceeded: (request: FastifyRequest) =>
        request.log.warn({ event: 'rate_limited', route: request.routeOptions.url }, 'rate limit reached'),
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(message), { statusCode: context.statusCode }),
    }));
  },
  { name: 'rate-limit' },
);
