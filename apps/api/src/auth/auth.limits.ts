// Rate limits of the account calls (D15, D19): per client on the route; per client and e-mail together, per failed
// login and per code here; per e-mail alone only for the mails an address gets (issue 49: no sender spends another's
// budget for an address).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import { AUTH_MESSAGES, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '@safarnama/contract';
import { tooManyRequests } from '../errors';
import { limitKey } from '../plugins/rate-limit';
import type { CodeTries, MailGate } from './otp.service';

/** Limits before RATE_LIMIT_FACTOR: [max, window]. Per-client limits are route configs (auth.routes.ts). */
export const AUTH_LIMITS = {
  registerPerClient: [10, '10 minutes'],
  /** Requests per client and e-mail together: a stranger's requests for an address spend only the stranger's. */
  registerPerClientEmail: [5, '10 minutes'],
  verifyPerClient: [30, '10 minutes'],
  verifyPerClientEmail: [10, '10 minutes'],
  resendPerClient: [10, '10 minutes'],
  resendPerClientEmail: [5, '1 hour'],
  forgotPerClient: [10, '10 minutes'],
  forgotPerClientEmail: [5, '1 hour'],
  resetPerClient: [30, '10 minutes'],
  resetPerClientEmail: [10, '10 minutes'],
  /**
   * Sign-up codes mailed to one address, whoever asks (a sign-up again, a resend): the flood ceiling. Counted only
   * when a code is about to go; past it a sign-up again is given the open code as within the cool-down, and a resend
   * is a 429.
   */
  signupMailsPerEmail: [6, '1 hour'],
  /** Reset codes mailed to one address, whoever asks; past it forgot-password answers the same and mails nothing. */
  resetMailsPerEmail: [6, '1 hour'],
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

/**
 * Wrong sign-up or reset codes one client may enter at one code, not multiplied by RATE_LIMIT_FACTOR (a rule of
 * the code, as OTP_CODE_MAX_ATTEMPTS is). Keyed by the code, so a new code gives its asker fresh tries.
 */
const CODE_TRIES_PER_CLIENT = [OTP_MAX_ATTEMPTS, `${OTP_TTL_MINUTES} minutes`] as const;

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
  { scaled = true } = {},
) {
  const options: CreateRateLimitOptions & { cache: number } = {
    max: scaled ? Math.max(1, Math.round(max * app.config.RATE_LIMIT_FACTOR)) : max,
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
    /** Counts one use (a mail about to go); answers 0 while the budget lasts, else the seconds until it renews. */
    async spend(request: FastifyRequest): Promise<number> {
      const result = await limiter(request);
      return !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : 0;
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
    /** Counts one event (a failed login, a wrong code) without refusing; answers what is left of the budget. */
    async record(request: FastifyRequest): Promise<number> {
      const result = await limiter(request);
      return result.isAllowed ? Infinity : result.remaining;
    },
  };
}

export function createAuthLimits(app: FastifyInstance) {
  /** A budget per client and e-mail together (issue 49): one sender cannot spend another's for an address. */
  const perClientEmail = (limit: readonly [number, string], name: string) =>
    counter(app, limit, (request) => limitKey(name, request.ip, emailOf(request)));
  const perEmail = (limit: readonly [number, string], name: string) =>
    counter(app, limit, (request) => limitKey(name, emailOf(request)));
  const perClient = (limit: readonly [number, string], name: string) =>
    counter(app, limit, (request) => limitKey(name, request.ip));

  const registerEmail = perClientEmail(AUTH_LIMITS.registerPerClientEmail, 'register');
  const verifyEmail = perClientEmail(AUTH_LIMITS.verifyPerClientEmail, 'verify');
  const resendEmail = perClientEmail(AUTH_LIMITS.resendPerClientEmail, 'resend');
  const forgotEmail = perClientEmail(AUTH_LIMITS.forgotPerClientEmail, 'forgot');
  const resetEmail = perClientEmail(AUTH_LIMITS.resetPerClientEmail, 'reset');
  const signupMails = perEmail(AUTH_LIMITS.signupMailsPerEmail, 'signup-mails');
  const resetMails = perEmail(AUTH_LIMITS.resetMailsPerEmail, 'reset-mails');
  // Names of their own: in Redis every budget shares one key space.
  const failedByEmail = perEmail(AUTH_LIMITS.failedLoginsPerEmail, 'login-fail-email');
  const failedByClient = perClient(AUTH_LIMITS.failedLoginsPerClient, 'login-fail-client');

  /** The code each request is trying, for the per-code key (a request redeems one code). */
  const triedCode = new WeakMap<FastifyRequest, string>();
  const codeTries = counter(
    app,
    CODE_TRIES_PER_CLIENT,
    (request) => limitKey('code-tries', request.ip, triedCode.get(request) ?? ''),
    { scaled: false },
  );

  return {
    /** preHandlers (the body is parsed and its e-mail lower-cased by then). */
    registerPerClientEmail: (request: FastifyRequest, reply: FastifyReply) => registerEmail.hit(request, reply),
    verifyPerClientEmail: (request: FastifyRequest, reply: FastifyReply) => verifyEmail.hit(request, reply),
    resendPerClientEmail: (request: FastifyRequest, reply: FastifyReply) => resendEmail.hit(request, reply),
    forgotPerClientEmail: (request: FastifyRequest, reply: FastifyReply) => forgotEmail.hit(request, reply),
    resetPerClientEmail: (request: FastifyRequest, reply: FastifyReply) => resetEmail.hit(request, reply),
    /** The ceilings on the codes one address is mailed, whoever asks (the request's e-mail). */
    signupMail:
      (request: FastifyRequest): MailGate =>
      () =>
        signupMails.spend(request),
    resetMail:
      (request: FastifyRequest): MailGate =>
      () =>
        resetMails.spend(request),
    /** This client's wrong tries at the code it enters (a sign-up or reset code). */
    codeTries: (request: FastifyRequest): CodeTries => ({
      async reserve(codeId) {
        triedCode.set(request, codeId);
        const held = await codeTries.tryReserve(request);
        return 'release' in held ? held : undefined;
      },
      async failed() {
        return (await codeTries.record(request)) > 0;
      },
    }),
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
