// Rate limits (D15, D19): off by default, switched on per route with `config: { rateLimit: app.limit(...) }`.
import fp from 'fastify-plugin';
import rateLimit, { type CreateRateLimitOptions, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@safarnama/contract';
import { tooManyRequests } from '../errors';
import { connectSharedLimits, type SharedLimits } from './shared-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis behind the limits when REDIS_URL is set (D29); undefined keeps them in this process. */
    sharedLimits: SharedLimits | undefined;
    /** A per-route limit: `max` requests per `timeWindow`, keyed by client address unless `keyGenerator` says otherwise. */
    limit: (
      max: number,
      timeWindow: string,
      keyGenerator?: (request: FastifyRequest) => string,
      message?: string,
    ) => RateLimitOptions;
    /**
     * A budget counted where the route's limit cannot see the key (a body's e-mail) or shared by several
     * routes: `hit` counts the request and answers 429 once `max` per `timeWindow` is spent for its key.
     */
    budget: (
      max: number,
      timeWindow: string,
      keyGenerator: (request: FastifyRequest) => string,
      message?: string,
    ) => { hit: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };
  }
}

/**
 * A limiter key made of several parts (a budget's name, a client, an address): each part is escaped, so no e-mail
 * or address can be written to look like another pair's key (in Redis every budget shares one key space).
 */
export const limitKey = (...parts: string[]): string => parts.map(encodeURIComponent).join(':');

/** Entries kept per budget; a small LRU would let an attacker evict a victim's counter by spraying keys. */
const BUDGET_CACHE_ENTRIES = 100_000;

export default fp(
  async (app: FastifyInstance) => {
    const shared = app.config.REDIS_URL
      ? connectSharedLimits(app.config.REDIS_URL, `${app.config.REDIS_KEY_PREFIX}rate-limit:`, app.log)
      : undefined;
    app.decorate('sharedLimits', shared);
    if (shared) app.addHook('onClose', () => shared.close());
    await app.register(rateLimit, {
      global: false,
      // The plugin's typings give a store's child() Fastify's route options; its README (and its code) hand it the
      // limit's options with `routeInfo`, which is what the store reads.
      ...(shared ? { store: shared.storeClass as unknown as CreateRateLimitOptions['store'] } : {}),
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
    app.decorate('budget', (max, timeWindow, keyGenerator, message = AUTH_MESSAGES.tooManyRequests) => {
      const options: CreateRateLimitOptions & { cache: number } = {
        max: Math.max(1, Math.round(max * factor)),
        timeWindow,
        keyGenerator,
        cache: BUDGET_CACHE_ENTRIES,
      };
      const limiter = app.createRateLimit(options);
      return {
        async hit(request, reply) {
          const result = await limiter(request);
          if (result.isAllowed || !result.isExceeded) return;
          request.log.warn({ event: 'rate_limited', route: request.routeOptions.url }, 'rate limit reached');
          reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
          throw tooManyRequests(message);
        },
      };
    });
  },
  { name: 'rate-limit' },
);
