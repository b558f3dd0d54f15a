// /api/profile: read and update the signed-in user's own profile, and verify a changed e-mail (D21).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  PROFILE_MESSAGES,
  messageResponseSchema,
  profileSchema,
  updateProfileBodySchema,
  updateProfileResponseSchema,
  verifyEmailBodySchema,
} from '@safarnama/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { roles } from '../plugins/access';
import { notificationPreferencesOf } from '../notifications/notification.service';
import { CooldownError } from '../auth/otp.service';
import {
  cancelEmailChange,
  getProfile,
  resendEmailCode,
  updateProfile,
  verifyEmail,
  type CountEmailCode,
} from './profile.service';

const secured = { tags: ['profile'], security: [{ bearer: [] }] };

/** Limits before RATE_LIMIT_FACTOR: [max, window]. */
export const PROFILE_LIMITS = {
  /** Codes mailed to one address to make it an account's new e-mail (D21), for all accounts together. */
  emailCodesPerAddress: [10, '1 hour'],
} as const satisfies Record<string, readonly [number, string]>;

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Bounds guessing of currentPassword or a code with a stolen token; keyed by user, not address.
  const perUser = (name: string) =>
    app.limit(10, '1 minute', (request: FastifyRequest) => `${name}:${request.user?.id ?? request.ip}`);

  // Codes mailed to one new address, whichever accounts ask (a change or a resend): bounds the mail a stranger's
  // address gets and the codes there are to guess, which the per-user limits alone leave to the number of accounts.
  // Counted only when a code is about to go, so requests that fail their checks spend nobody's budget.
  const codeAddress = new WeakMap<FastifyRequest, string>();
  const emailCodeBudget = app.budget(
    ...PROFILE_LIMITS.emailCodesPerAddress,
    (request) => `email-code:${codeAddress.get(request) ?? ''}`,
  );
  const countCode =
    (request: FastifyRequest, reply: FastifyReply): CountEmailCode =>
    async (address) => {
      codeAddress.set(request, address);
      await emailCodeBudget.hit(request, reply);
    };

  app.get(
    '/api/profile',
    {
      config: { access: roles.anyUser },
      schema: {
        operationId: 'getProfile',
        summary: "The signed-in user's name, e-mail and role",
        ...secured,
        response: { 200: profileSchema },
      },
    },
    async (request) => ({
      ...(await getProfile(app, request.user!.id)),
      ...(await notificationPreferencesOf(app.db, request.user!)),
    }),
  );

  app.put(
    '/api/profile',
    {
      config: { access: roles.anyUser, rateLimit: perUser('profile') },
      schema: {
        operationId: 'updateProfile',
        summary: 'Change name, e-mail or password (a new password or e-mail needs the current password)',
        ...secured,
        body: updateProfileBodySchema,
        response: { 200: updateProfileResponseSchema },
      },
    },
    async (request, reply) => {
      let profile;
      try {
        profile = await updateProfile(app, request.user!.id, request.body, countCode(request, reply));
      } catch (err) {
        if (err instanceof CooldownError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
      const preferences = await notificationPreferencesOf(app.db, request.user!, request.body);
      return { ...profile, ...preferences };
    },
  );

  app.post(
    '/api/profile/verify-email',
    {
      config: { access: roles.anyUser, rateLimit: perUser('verify-email') },
      schema: {
        ...secured,
        operationId: 'verifyEmailChange',
        summary: 'Make the pending e-mail the account e-mail with the code mailed to it',
        body: verifyEmailBodySchema,
        response: { 200: updateProfileResponseSchema },
      },
    },
    async (request) => verifyEmail(app, request.user!.id, request.body.otp),
  );

  app.post(
    '/api/profile/resend-email-code',
    {
      config: { access: roles.anyUser, rateLimit: perUser('resend-email-code') },
      schema: {
        ...secured,
        operationId: 'resendEmailChangeCode',
        summary: 'Mail the pending e-mail a new code (60 s cool-down)',
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await resendEmailCode(app, request.user!.id, countCode(request, reply));
      } catch (err) {
        if (err instanceof CooldownError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
      return { message: AUTH_MESSAGES.otpSent };
    },
  );

  app.delete(
    '/api/profile/pending-email',
    {
      config: { access: roles.anyUser },
      schema: {
        ...secured,
        operationId: 'cancelEmailChange',
        summary: 'Drop the pending e-mail; the account keeps its e-mail',
        response: { 200: profileSchema.extend({ message: messageResponseSchema.shape.message }) },
      },
    },
    async (request) => ({
      ...(await cancelEmailChange(app, request.user!.id)),
      message: PROFILE_MESSAGES.emailChangeCancelled,
    }),
  );
};
