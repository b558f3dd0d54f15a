// GET /api/dashboard/stats (Staff, Owner; decisions §6).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatsSchema } from '@safarnama/contract';
import { roles } from '../plugins/access';
import { getDashboardStats } from './dashboard.service';

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
};
