// The rate-limit plugin's store when REDIS_URL is set (D29), written to @fastify/rate-limit's documented store
// interface (`incr`, `read`, `child`): counters in Redis, shared by every instance, each step one atomic Lua script;
// while Redis cannot answer, each instance counts in its own memory (local-limit-counters.ts) and says so, and Redis
// takes over again when it is back.
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { LocalLimitCounters, type LimitCount } from './local-limit-counters';

type Callback = (err: Error | null, res: LimitCount | null) => void;

/** The store the plugin's `store` option takes (its README, "Custom store"). */
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteParams): Store;
}

/** What the plugin hands a store: its options merged with a route's, and the route (`routeInfo`). */
interface RouteParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A fixed window per key: the first request opens it for `timeWindow` ms. Answers the count and the ms left, as the
 * plugin's own Redis store does for the options used here. A counter found without an expiry gets the window.
 */
const INCR = `
  local current = redis.call('INCR', KEYS[1])
  local ttl = tonumber(ARGV[1])
  if current == 1 then
    redis.call('PEXPIRE', KEYS[1], ttl)
  else
    local left = redis.call('PTTL', KEYS[1])
    if left < 0 then redis.call('PEXPIRE', KEYS[1], ttl) else ttl = left end
  end
  return {current, ttl}
`;
/** The count and the ms left without counting (`{ increment: false }`); a key never counted is 0 with no window. */
const READ = `
  local current = redis.call('GET', KEYS[1])
  if not current then return {0, 0} end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = 0 end
  return {tonumber(current), ttl}
`;

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
  limitIncr(key: string, timeWindow: number): Promise<[number, number]>;
  limitRead(key: string): Promise<[number, number]>;
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

  const scripts = redis as RedisWithScripts;
  redis.defineCommand('limitIncr', { numberOfKeys: 1, lua: INCR });
  redis.defineCommand('limitRead', { numberOfKeys: 1, lua: READ });
  redis.defineCommand('budgetReserve', { numberOfKeys: 2, lua: RESERVE });
  redis.defineCommand('budgetRelease', { numberOfKeys: 1, lua: RELEASE });

  class SharedStore implements Store {
    private readonly local = new LocalLimitCounters(FALLBACK_CACHE_ENTRIES);

    constructor(
      params: RouteParams,
      private readonly key: string = prefix,
    ) {
      // The scripts count fixed windows only; a limit asking for more must not be silently counted otherwise.
      if (params.continueExceeding || params.exponentialBackoff) {
        throw new Error(
          'shared rate limits count fixed windows: continueExceeding and exponentialBackoff are unsupported',
        );
      }
    }

    private run(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number) {
      const counted = () => cb(null, this.local[method](key, timeWindow));
      if (!shared) return counted();
      const name = this.key + key;
      const answer = method === 'incr' ? scripts.limitIncr(name, timeWindow) : scripts.limitRead(name);
      answer.then(
        ([current, ttl]) => cb(null, { current, ttl }),
        (err: unknown) => {
          fallBack(err);
          counted();
        },
      );
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      this.run('incr', key, cb, timeWindow);
    }

    read(key: string, cb: Callback, timeWindow: number) {
      this.run('read', key, cb, timeWindow);
    }

    child(routeOptions: RouteParams): Store {
      // A route's limit is named by its route; limiters made in code (budgets) put their own prefix in their keys.
      const route = routeOptions.routeInfo?.url
        ? `${String(routeOptions.routeInfo.method)}${routeOptions.routeInfo.url}-`
        : BUDGET_SCOPE;
      return new SharedStore(routeOptions, `${this.key}${route}`);
    }
  }

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
