// The rate-limit plugin's store when REDIS_URL is set (D29): counters in Redis, shared by every instance,
// each step one atomic Lua script (the plugin's own RedisStore); while Redis cannot answer, each instance counts
// in its own memory (the plugin's LocalStore) and says so, and Redis takes over again when it is back.
import { createRequire } from 'node:module';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

// The plugin's two stores (CommonJS, untyped files of the package; it exports no entry for them).
const require = createRequire(import.meta.url);

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res: Result | null) => void;

/** The shape the plugin expects of a store (@fastify/rate-limit's `store` option). */
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteParams): Store;
}

interface RouteParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo?: { method?: string | string[]; url?: string };
}

const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;

/** The part of a key that marks a budget made in code (app.createRateLimit) rather than a route's limit. */
const BUDGET_SCOPE = 'budget-';

/** Entries each per-process fallback keeps (as many as the in-memory limits keep). */
const FALLBACK_CACHE_ENTRIES = 100_000;

/**
 * Holds one unit of a budget while an attempt is under way, across instances: the budget's count plus the units held
 * by every instance never pass `max` (a burst on two instances at once cannot overshoot). Held units expire after
 * `holdMs`, so an instance that dies holding some frees them.
 */
const RESERVE = `
  local used = tonumber(redis.call('GET', KEYS[1]) or '0')
  local held = tonumber(redis.call('GET', KEYS[2]) or '0')
  if used + held >= tonumber(ARGV[1]) then
    local ttl = redis.call('PTTL', KEYS[1])
    if ttl < 0 then ttl = 0 end
    return {0, ttl}
  end
  redis.call('INCR', KEYS[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
  return {1, 0}
`;
const RELEASE = `
  local left = redis.call('DECR', KEYS[1])
  if left <= 0 then redis.call('DEL', KEYS[1]) end
  return left
`;

/** Longest an attempt may hold a unit of a budget (a login takes well under a second). */
const HOLD_MS = 60_000;

type RedisWithScripts = Redis & {
  budgetReserve(counter: string, held: string, max: number, holdMs: number): Promise<[number, number]>;
  budgetRelease(held: string): Promise<number>;
};

/** The Redis connection behind the limits and whether it answers now. */
export interface SharedLimits {
  redis: Redis;
  /** True while counters are in Redis; false while each instance counts alone. */
  isShared(): boolean;
  /**
   * For budgets made in code (app.createRateLimit): holds one unit of `key`'s budget of `max` until release, or
   * answers how long until the window ends. Rejects when Redis cannot answer (the caller then counts alone).
   */
  reserve(key: string, max: number): Promise<{ release: () => Promise<void> } | { retryAfterMs: number }>;
  /** The plugin's `store` option. */
  storeClass: new (globalParams: RouteParams) => Store;
  close(): Promise<void>;
}

export function connectSharedLimits(url: string, prefix: string, log: FastifyBaseLogger): SharedLimits {
  const redis = new Redis(url, {
    // Commands fail at once while disconnected (no queue that would hold requests), and a slow Redis costs a
    // request at most this long before the instance counts alone.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
    connectTimeout: 2000,
    // Reconnect forever, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let shared = false;
  let warned = false;
  const fallBack = (err: unknown) => {
    shared = false;
    if (warned) return;
    warned = true;
    log.warn(
      { err, event: 'rate_limits_per_process' },
      'Redis unavailable: rate limits and login budgets are counted per process until it returns',
    );
  };
  redis.on('ready', () => {
    shared = true;
    if (warned) log.info({ event: 'rate_limits_shared' }, 'Redis is back: rate limits are shared again');
    warned = false;
  });
  redis.on('error', fallBack);
  redis.on('close', () => fallBack(new Error('connection closed')));

  class SharedStore implements Store {
    private readonly remote: Store;
    private readonly local: Store;

    constructor(
      private readonly params: RouteParams,
      private readonly key: string = prefix,
    ) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      this.remote = new RedisStore(continueExceeding, exponentialBackoff, redis, key);
      this.local = new LocalStore(continueExceeding, exponentialBackoff, FALLBACK_CACHE_ENTRIES);
    }

    private run(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      if (!shared) return this.local[method](key, cb, timeWindow, max);
      this.remote[method](
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          fallBack(err);
          this.local[method](key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.run('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.run('read', key, cb, timeWindow, max);
    }

    child(routeOptions: RouteParams): Store {
      // A route's limit is named by its route; limiters made in code (budgets) put their own prefix in their keys.
      const route = routeOptions.routeInfo?.url
        ? `${String(routeOptions.routeInfo.method)}${routeOptions.routeInfo.url}-`
        : BUDGET_SCOPE;
      return new SharedStore({ ...this.params, ...routeOptions }, `${this.key}${route}`);
    }
  }

  const scripts = redis as RedisWithScripts;
  redis.defineCommand('budgetReserve', { numberOfKeys: 2, lua: RESERVE });
  redis.defineCommand('budgetRelease', { numberOfKeys: 1, lua: RELEASE });
  // The names SharedStore gives a budget's counter (see child()) and its held units.
  const counterKey = (key: string) => `${prefix}${BUDGET_SCOPE}${key}`;
  const heldKey = (key: string) => `${prefix}held-${key}`;

  return {
    redis,
    isShared: () => shared,
    async reserve(key, max) {
      const [ok, ttl] = await scripts.budgetReserve(counterKey(key), heldKey(key), max, HOLD_MS);
      if (!ok) return { retryAfterMs: ttl };
      return {
        release: async () => {
          await scripts.budgetRelease(heldKey(key)).catch(() => undefined);
        },
      };
    },
    storeClass: SharedStore,
    async close() {
      redis.disconnect();
    },
  };
}
