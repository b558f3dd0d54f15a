// /api/auth: register, verify-otp, resend-otp, login, logout, forgot-password, reset-password.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  loginBodySchema,
  loginResponseSchema,
  forgotPasswordBodySchema,
  messageResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  resendOtpBodySchema,
  verifyOtpBodySchema,
} from '@safarnama/contract';
import { AppError } from '../errors';
import { roles } from '../plugins/access';
import {
  LoginCodeError,
  completeRegistration,
  login,
  prepareRegistration,
  requestPasswordReset,
  resendSignupCode,
  resetPassword,
  revokeTokens,
} from './auth.service';
import { AUTH_LIMITS, createAuthLimits } from './auth.limits';
import { verifyOtp } from './otp.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = createAuthLimits(app);
  const perClient = ([max, window]: readonly [number, string]) => app.limit(max, window);
  // Register, resend-otp and forgot-password answer the same for every address, and what differs (rows, a code, a
  // notice) is done once the answer has gone, in the address's order, so its time tells nothing either.
  const afterAnswer = (reply: FastifyReply, email: string, job: () => Promise<void>) =>
    app.afterAnswer.run(reply, `account:${email}`, job);

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public', rateLimit: perClient(AUTH_LIMITS.registerPerClient) },
      schema: {
        operationId: 'register',
        summary: 'Register a Customer and mail a code to verify the e-mail',
        tags: ['auth'],
        body: registerBodySchema,
        response: { 201: messageResponseSchema },
      },
      preHandler: limits.registerPerClientEmail,
    },
    async (request, reply) => {
      const { email } = request.body;
      const attempt = await prepareRegistration(request.body);
      afterAnswer(reply, email, () => completeRegistration(app, email, attempt, limits.signupMail(request)));
      return reply.status(201).send({ message: AUTH_MESSAGES.otpSent });
    },
  );

  app.post(
    '/api/auth/verify-otp',
    {
      config: { access: 'public', rateLimit: perClient(AUTH_LIMITS.verifyPerClient) },
      schema: {
        operationId: 'verifyOtp',
        summary: 'Verify an e-mail with the code mailed to it',
        tags: ['auth'],
        body: verifyOtpBodySchema,
        response: { 200: messageResponseSchema },
      },
      preHandler: limits.verifyPerClientEmail,
    },
    async (request) => {
      const { email, otp, password } = request.body;
      await verifyOtp(app, email, otp, password, limits.codeTries(request));
      return { message: AUTH_MESSAGES.otpVerified };
    },
  );

  app.post(
    '/api/auth/resend-otp',
    {
      config: { access: 'public', rateLimit: perClient(AUTH_LIMITS.resendPerClient) },
      schema: {
        operationId: 'resendOtp',
        summary: 'Mail a new verification code',
        tags: ['auth'],
        body: resendOtpBodySchema,
        response: { 200: messageResponseSchema },
      },
      preHandler: limits.resendPerClientEmail,
    },
    async (request, reply) => {
      const { email } = request.body;
      // No 429 within the cool-down: an unknown address has no cool-down to answer with. The code mailed less than
      // a minute ago is still good, and the per-client-and-e-mail budget bounds the requests; past the address's ceiling
      // of mailed codes nothing is sent either.
      afterAnswer(reply, email, () => resendSignupCode(app, email, limits.signupMail(request)));
      return { message: AUTH_MESSAGES.otpSent };
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: perClient(AUTH_LIMITS.loginPerClient) },
      schema: {
        operationId: 'login',
        summary: 'Log in with e-mail and password; answers a token',
        tags: ['auth'],
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      let reservation: Awaited<ReturnType<typeof limits.reserveLogin>>;
      try {
        reservation = await limits.reserveLogin(request, reply);
      } catch (err) {
        request.log.warn({ event: 'login_failed', reason: 'rate_limited' }, 'login refused');
        throw err;
      }
      // Success and every refusal are logged on the request's logger, so each line carries its reqId.
      try {
        const result = await login(app, request.body, reservation.budgetSpent);
        request.log.info({ event: 'login', userId: result.user._id, role: result.user.role }, 'logged in');
        return result;
      } catch (err) {
        if (err instanceof LoginCodeError) {
          const { afterAnswer: later } = err;
          if (later) afterAnswer(reply, request.body.email, later);
          // Every refusal past the account's budget counts, the right password's too: the client's budget must not
          // tell which guess was right by lasting longer.
          await limits.loginFailed(request);
          request.log.warn({ event: 'login_failed', reason: 'code_needed' }, 'login refused');
        } else if (err instanceof AppError && err.statusCode === 401) {
          await limits.loginFailed(request);
          request.log.info({ event: 'login_failed', reason: 'invalid_credentials' }, 'login refused');
        } else if (err instanceof AppError && err.statusCode === 403) {
          request.log.info({ event: 'login_failed', reason: 'unverified_or_code_needed' }, 'login refused');
        }
        throw err;
      } finally {
        // After loginFailed has counted a failure, so the budget never shows it as neither held nor spent.
        reservation.release();
      }
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: roles.anyUser },
      schema: {
        operationId: 'logout',
        summary: 'Log out: every token issued to the user so far stops working',
        tags: ['auth'],
        security: [{ bearer: [] }],
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      // access guarantees a user for role-restricted routes.
      await revokeTokens(app, request.user!.id);
      request.log.info({ event: 'logout', userId: request.user!.id }, 'logged out: earlier tokens revoked');
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: perClient(AUTH_LIMITS.forgotPerClient) },
      schema: {
        tags: ['auth'],
        operationId: 'forgotPassword',
        summary: 'Mail a password-reset code (same answer whether or not the account exists)',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema },
      },
      preHandler: limits.forgotPerClientEmail,
    },
    async (request, reply) => {
      const { email } = request.body;
      afterAnswer(reply, email, () => requestPasswordReset(app, email, limits.resetMail(request)));
      return { message: AUTH_MESSAGES.resetCodeSent };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public', rateLimit: perClient(AUTH_LIMITS.resetPerClient) },
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Set a new password with a mailed code, revoke earlier tokens and log in',
        body: resetPasswordBodySchema,
        response: { 200: loginResponseSchema },
      },
      preHandler: limits.resetPerClientEmail,
    },
    async (request) => {
      const result = await resetPassword(app, request.body, limits.codeTries(request));
      request.log.info({ event: 'login', userId: result.user._id, role: result.user.role }, 'logged in after reset');
      return result;
    },
  );
};
