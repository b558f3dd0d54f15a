// /api/profile: read and update the signed-in user's own profile.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROFILE_MESSAGES,
  profileSchema,
  updateProfileBodySchema,
  updateProfileResponseSchema,
} from '@safarnama/contract';
import { roles } from '../plugins/access';
import { getProfile, updateProfile } from './profile.service';
import { notificationPreferencesOf } from '../notifications/notification.service';

const secured = { tags: ['profile'], security: [{ bearer: [] }] };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
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
      // Bounds guessing of currentPassword with a stolen token; keyed by user, not address.
      config: {
        access: roles.anyUser,
        rateLimit: app.limit(10, '1 minute', (request) => `profile:${request.user?.id ?? request.ip}`),
      },
      schema: {
        operationId: 'updateProfile',
        summary: 'Change name, e-mail or password (a new password needs the current one)',
        ...secured,
        body: updateProfileBodySchema,
        response: { 200: updateProfileResponseSchema },
      },
    },
    async (request) => {
      const profile = await updateProfile(app, request.user!.id, request.body);
      const preferences = await notificationPreferencesOf(app.db, request.user!, request.body);
      return { ...profile, ...preferences, message: PROFILE_MESSAGES.updated };
    },
  );
};
