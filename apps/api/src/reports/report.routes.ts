// GET /api/reports/summary and …/payments (Owner; decisions §6, D27, D31). Thin: validate the period, call the service, answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, paymentReportSchema, reportPeriodQuerySchema, reportSummarySchema } from '@safarnama/contract';
import { getPaymentReport } from '../payments/payment-report';
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

  app.get(
    '/api/reports/payments',
    {
      config: { access: roles.owner },
      schema: {
        tags: ['reports'],
        operationId: 'getPaymentReport',
        summary: 'Money received in a period by month and by mode, and what is outstanding today (from the ledger)',
        description:
          'from and to as for the summary. Received counts verified payments by the day they were received, ' +
          'reversed ones left out; outstanding is every schedule less its verified payments (Only Query aside).',
        security: [{ bearer: [] }],
        querystring: reportPeriodQuerySchema,
        response: { 200: paymentReportSchema, 400: apiErrorSchema },
      },
    },
    async (request) => getPaymentReport(app.db, request.query),
  );
};
