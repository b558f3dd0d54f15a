// /api/notifications (D25, decisions §6): the Owner's view of mail delivery and retry, and the customers'
// unsubscribe link. Thin: validate, call the service, answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TOTAL_COUNT_HEADER,
  apiErrorSchema,
  idParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  notificationSummarySchema,
  unsubscribeQuerySchema,
} from '@safarnama/contract';
import { roles } from '../plugins/access';
import { listNotifications, retryNotification, summarizeNotifications, unsubscribe } from './notification.service';

const tags = ['notifications'];
const secured = { tags, security: [{ bearer: [] }] };
/** Where the unsubscribe link lands: the web page that says how it went. */
const UNSUBSCRIBED_PAGE = '/unsubscribed';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      config: { access: roles.owner },
      schema: {
        ...secured,
        operationId: 'listNotifications',
        summary: 'Recent mails with their delivery status, newest first (Owner)',
        description: `Paged like the inquiry list; the header ${TOTAL_COUNT_HEADER} gives the number that match.`,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await listNotifications(app.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return page.items;
    },
  );

  app.get(
    '/api/notifications/summary',
    {
      config: { access: roles.owner },
      schema: {
        ...secured,
        operationId: 'getNotificationSummary',
        summary: 'How many mails could not be delivered in the last 24 hours (Owner)',
        response: { 200: notificationSummarySchema },
      },
    },
    async () => summarizeNotifications(app.db),
  );

  app.post(
    '/api/notifications/:id/retry',
    {
      config: { access: roles.owner },
      schema: {
        ...secured,
        operationId: 'retryNotification',
        summary: 'Send a failed mail again (Owner)',
        params: idParamsSchema,
        response: { 200: notificationSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const notification = await retryNotification(app.db, request.params.id);
      app.outbox.nudge();
      return notification;
    },
  );

  app.get(
    '/api/notifications/unsubscribe',
    {
      config: { access: 'public', rateLimit: app.limit(30, '1 minute') },
      schema: {
        tags,
        operationId: 'unsubscribeFromStatusMails',
        summary: "Stop the status mails of an address (the link in a customer's mail)",
        description: `Redirects to ${UNSUBSCRIBED_PAGE}, with ?invalid=1 when the token is not valid.`,
        security: [],
        querystring: unsubscribeQuerySchema,
        response: { 303: z.null() },
      },
    },
    async (request, reply) => {
      const ok = await unsubscribe(app.db, app.unsubscribeKey, request.query.token);
      if (!ok) request.log.info({ event: 'unsubscribe_invalid' }, 'unsubscribe link not valid');
      return reply.redirect(ok ? UNSUBSCRIBED_PAGE : `${UNSUBSCRIBED_PAGE}?invalid=1`, 303);
    },
  );
};
