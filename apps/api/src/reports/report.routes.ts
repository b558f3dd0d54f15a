// GET /api/reports/summary (Owner; decisions §6, D27). Thin: validate the period, call the service, answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, reportPeriodQuerySchema, reportSummarySchema } from '@safarnama/contract';
import { roles } from '../plugins/access';
import { getReportSummary } from './report.service';

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports/summary',
    {
      config: { access: roles.owner },
      schema: {
        tags: ['reports'],
        operationId: 'getReportSummary',
        summary: 'Inquiries, conversions and money for a period, by month, staff, destination, source and status',
        description:
          'from and to are days (YYYY-MM-DD) in Asia/Kolkata, both inclusive, at most 3 years apart. Counts ' +
          'inquiries received (created) in the period, deleted ones left out; converted means Advance Received, ' +
          'Booking Pending, Booked or Completed. Money is in rupees.',
        security: [{ bearer: [] }],
        querystring: reportPeriodQuerySchema,
        response: { 200: reportSummarySchema, 400: apiErrorSchema },
      },
    },
    async (request) => getReportSummary(app.db, app.dbEngine, request.query),
  );
};
