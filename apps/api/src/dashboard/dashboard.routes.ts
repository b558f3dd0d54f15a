// GET /api/dashboard/stats, …/quote-follow-ups and …/payments (Staff, Owner; decisions §6).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardPaymentsSchema, dashboardStatsSchema, quoteFollowUpListSchema } from '@safarnama/contract';
import { findDuePayments } from '../payments/payment-dashboard';
import { roles } from '../plugins/access';
import { getDashboardStats } from './dashboard.service';
import { findQuoteFollowUps } from './quote-follow-ups';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/stats',
    {
      config: { access: roles.backOffice },
      schema: {
        operationId: 'getDashboardStats',
        tags: ['dashboard'],
        summary: 'Total packages, active, pending and this month’s inquiries, and the 10 latest by update',
        response: { 200: dashboardStatsSchema },
      },
    },
    async () => getDashboardStats(app.db),
  );

  app.get(
    '/api/dashboard/quote-follow-ups',
    {
      config: { access: roles.backOffice },
      schema: {
        operationId: 'getQuoteFollowUps',
        tags: ['dashboard'],
        summary: "The caller's sent quotations waiting on the customer: unopened for two days, or expiring tomorrow",
        description:
          'Of the inquiries the caller handles; an Owner also gets those nobody handles (unassigned, or whose ' +
          'handler was removed). At most 50, those expiring tomorrow (in Asia/Kolkata) first, then the oldest sent.',
        security: [{ bearer: [] }],
        response: { 200: quoteFollowUpListSchema },
      },
    },
    async (request) => findQuoteFollowUps(app.db, request.user!),
  );

  app.get(
    '/api/dashboard/payments',
    {
      config: { access: roles.backOffice },
      schema: {
        operationId: 'getDuePayments',
        tags: ['dashboard'],
        summary: 'Unpaid instalments due within 7 days and those overdue, with what is left and the inquiry',
        description:
          'Staff get the inquiries they handle; the Owner every inquiry. Completed and Only Query inquiries are ' +
          'left out. At most 50 in each list, the earliest due first; the totals count them all.',
        security: [{ bearer: [] }],
        response: { 200: dashboardPaymentsSchema },
      },
    },
    async (request) => findDuePayments(app.db, request.user!),
  );
};
