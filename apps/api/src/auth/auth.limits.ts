// Rate limits of the account calls (D15, D19): per client on the route, per e-mail and per failed login here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import { AUTH_MESSAGES } from '@safarnama/contract';
import { tooManyRequests } from '../errors';

/** Limits before RATE_LIMIT_FACTOR: [max, window]. Per-client limits are route configs (auth.routes.ts). */
export const AUTH_LIMITS = {
  registerPerClient: [10, '10 minutes'],
  registerPerEmail: [5, '10 minutes'],
  verifyPerClient: [30, '10 minutes'],
  verifyPerEmail: [10, '10 minutes'],
  resendPerClient: [10, '10 minutes'],
  resendPerEmail: [5, '1 hour'],
  forgotPerClient: [10, '10 minutes'],
  forgotPerEmail: [5, '1 hour'],
  resetPerClient: [30, '10 minutes'],
  resetPerEmail: [10, '10 minutes'],
  /** Every login request from one client (bounds argon2 work too). */
  loginPerClient: [30, '1 minute'],
  /**
   * D19: failed logins per account (by e-mail, known or not, so a 429 reveals nothing). Once spent, the right
   * password still logs in together with a mailed code.
   */
  failedLoginsPerEmail: [100, '1 hour'],
  /** D19: failed logins per client, tighter than per account. */
  failedLoginsPerClient: [20, '15 minutes'],
} as const satisfies Record<string, readonly [number, string]>;

/** Entries kept per limiter; a small LRU would let an attacker evict a victim's counter by spraying e-mails. */
const CACHE_ENTRIES = 100_000;

const emailOf = (request: FastifyRequest): string => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
};

function counter(
  app: FastifyInstance,
  [max, timeWindow]: readonly [number, string],
  keyGenerator: (request: FastifyRequest) => string,
) {
  const options: CreateRateLimitOptions & { cache: number } = {
    max: Math.max(1, Math.round(max * app.config.RATE_LIMIT_FACTOR)),
    timeWindow,
    keyGenerator,
    cache: CACHE_ENTRIES,
  };
  const limiter = app.createRateLimit(options);
  /** Attempts under way per key, counted against the budget so concurrent failures cannot overshoot it. */
  const inFlight = new Map<string, number>();

  const refuse = (reply: FastifyReply, retryAfterSeconds: number, message: string) => {
    reply.header('retry-after', String(Math.max(1, retryAfterSeconds)));
    return tooManyRequests(message);
  };

  return {
    refuse,
    /** Counts this request; 429 once the window's budget is spent. */
    async hit(request: FastifyRequest, reply: FastifyReply, message: string = AUTH_MESSAGES.tooManyRequests) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) throw refuse(reply, result.ttlInSeconds, message);
    },
    /**
     * Holds one unit until the returned release is called, or answers how long to wait when the spent budget plus
     * the attempts under way leave nothing. Record a failure before releasing, so the unit is never uncounted.
     */
    async tryReserve(request: FastifyRequest): Promise<{ release: () => void } | { retryAfterSeconds: number }> {
      const key = keyGenerator(request);
      // Several instances (D29): the units held are counted in Redis too, so a burst on all of them at once cannot
      // pass the budget; while Redis cannot answer, this process counts alone (below).
      const shared = app.sharedLimits;
      if (shared?.isShared()) {
        const held = await shared.reserve(key, options.max as number).catch(() => undefined);
        if (held && 'retryAfterMs' in held) return { retryAfterSeconds: Math.ceil(held.retryAfterMs / 1000) };
        if (held) return { release: () => void held.release() };
      }
      const result = await limiter(request, { increment: false });
      // No await between reading inFlight and raising it: concurrent reservations see each other.
      const held = inFlight.get(key) ?? 0;
      if (!result.isAllowed && result.remaining - held <= 0) return { retryAfterSeconds: result.ttlInSeconds };
      inFlight.set(key, held + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left <= 0) inFlight.delete(key);
        else inFlight.set(key, left);
      };
      return { release };
    },
    /** Counts one event (a failed login) without refusing. */
    async record(request: FastifyRequest) {
      await limiter(request);
    },
  };
}

export function createAuthLimits(app: FastifyInstance) {
  const perEmail = (limit: readonly [number, string], prefix: string) =>
    counter(app, limit, (request) => `${prefix}:${emailOf(request)}`);
  const perClient = (limit: readonly [number, string], prefix: string) =>
    counter(app, limit, (request) => `${prefix}:${request.ip}`);

  const registerEmail = perEmail(AUTH_LIMITS.registerPerEmail, 'register');
  const verifyEmail = perEmail(AUTH_LIMITS.verifyPerEmail, 'verify');
  const resendEmail = perEmail(AUTH_LIMITS.resendPerEmail, 'resend');
  // Prefixes of their own: in Redis every budget shares one key space, and a login's e-mail is any text, so a shared
  // prefix let failed logins "as" 203.0.113.50 spend that client's budget.
  const failedByEmail = perEmail(AUTH_LIMITS.failedLoginsPerEmail, 'login-fail-email');
  const failedByClient = perClient(AUTH_LIMITS.failedLoginsPerClient, 'login-fail-client');
  const forgotEmail = perEmail(AUTH_LIMITS.forgotPerEmail, 'forgot');
  const resetEmail = perEmail(AUTH_LIMITS.resetPerEmail, 'reset');

  return {
    /** preHandlers (the body is parsed and its e-mail lower-cased by then). */
    registerPerEmail: (request: FastifyRequest, reply: FastifyReply) => registerEmail.hit(request, reply),
    verifyPerEmail: (request: FastifyRequest, reply: FastifyReply) => verifyEmail.hit(request, reply),
    resendPerEmail: (request: FastifyRequest, reply: FastifyReply) => resendEmail.hit(request, reply),
    forgotPerEmail: (request: FastifyRequest, reply: FastifyReply) => forgotEmail.hit(request, reply),
    resetPerEmail: (request: FastifyRequest, reply: FastifyReply) => resetEmail.hit(request, reply),
    /**
     * Refuses (429) a client whose failed-login budget is spent or held by attempts under way, whatever the password;
     * otherwise holds a unit of both budgets until the returned release is called. An account whose budget is spent
     * is not refused here: `budgetSpent` says so, and login then asks for a mailed code with the right password (D19).
     */
    async reserveLogin(
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<{ release: () => void; budgetSpent: boolean }> {
      const client = await failedByClient.tryReserve(request);
      if (!('release' in client)) {
        throw failedByClient.refuse(reply, client.retryAfterSeconds, AUTH_MESSAGES.tooManyLogins);
      }
      const account = await failedByEmail.tryReserve(request);
      if (!('release' in account)) return { release: client.release, budgetSpent: true };
      return {
        release: () => {
          account.release();
          client.release();
        },
        budgetSpent: false,
      };
    },
    async loginFailed(request: FastifyRequest) {
      await failedByClient.record(request);
      await failedByEmail.record(request);
    },
  };
}
