// D31 routes for the back office (the ledger, the schedule, receipts) and the reading of an inquiry's payments by
// its Customer. Thin: validate, call the service, answer. The trip link's claim and receipts are in trip.routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PAPER_LIMITS,
  PAPER_MESSAGES,
  apiErrorSchema,
  idParamsSchema,
  inquiryPaymentsSchema,
  paymentActionSchema,
  paymentIdParamsSchema,
  recordPaymentBodySchema,
  reverseBodySchema,
  scheduleBodySchema,
  verifyBodySchema,
} from '@safarnama/contract';
import { roles } from '../plugins/access';
import { limitKey } from '../plugins/rate-limit';
import { paymentContextOf } from './payment-context';
import {
  findStaffReceipt,
  getInquiryPayments,
  recordPayment,
  reshapeSchedule,
  reversePayment,
  verifyPayment,
} from './payment.service';

const tags = ['payments'];
const security = [{ bearer: [] }];
const denied = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = paymentContextOf(app);

  app.get(
    '/api/inquiries/:id/payments',
    {
      config: { access: roles.anyUser },
      schema: {
        tags,
        operationId: 'getInquiryPayments',
        summary: "The inquiry's payment schedule and ledger, with what is paid and what is pending",
        description:
          'Each instalment with its amount, due date, reference and status (due, claimed, paid, overdue); verified ' +
          'money fills the instalments in order. A Customer may read their own inquiry (no ledger: `payments` is ' +
          'null); another customer’s is 404.',
        security,
        params: idParamsSchema,
        response: { 200: inquiryPaymentsSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getInquiryPayments(ctx, request.user!, request.params.id),
  );

  app.put(
    '/api/inquiries/:id/instalments',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'reshapeInquiryInstalments',
        summary: "Replaces the inquiry's payment schedule: split, move dates, change amounts that sum to the total",
        description:
          'The instalments are kept in due order; their amounts must add up to the total package cost (400 with ' +
          'the sum otherwise). Positions keep their reference.',
        security,
        params: idParamsSchema,
        body: scheduleBodySchema,
        response: { 200: inquiryPaymentsSchema, 400: apiErrorSchema, ...denied },
      },
    },
    async (request) => reshapeSchedule(ctx, request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/inquiries/:id/payments',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'recordInquiryPayment',
        summary: 'Records money received (UPI seen in the bank, cash, bank transfer, card, cheque), verified at once',
        description:
          'Issues the next receipt number (RCT/{FY}/{n}) and mails the receipt. A reference (UTR, cheque number) ' +
          'already used on any inquiry is 409. The first verified payment moves a status before Advance Received ' +
          'to it.',
        security,
        params: idParamsSchema,
        body: recordPaymentBodySchema,
        response: { 201: paymentActionSchema, 400: apiErrorSchema, ...denied, 409: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recordPayment(ctx, request.user!, request.params.id, request.body)),
  );

  app.post(
    '/api/payments/:id/verify',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'verifyPayment',
        summary: "Verifies a customer's reported payment, with the amount that arrived when it differs",
        description: 'Issues its receipt and mails it. Only a waiting claim: a verified or reversed entry is 409.',
        security,
        params: paymentIdParamsSchema,
        body: verifyBodySchema,
        response: { 200: paymentActionSchema, 400: apiErrorSchema, ...denied, 409: apiErrorSchema },
      },
    },
    async (request) => verifyPayment(ctx, request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/payments/:id/reverse',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'reversePayment',
        summary: 'Reverses a payment (or refuses a claim) with a reason, as a new ledger entry',
        description:
          'The payment and its receipt stay; the reversal is answered. Reversing twice, or a reversal, is 409.',
        security,
        params: paymentIdParamsSchema,
        body: reverseBodySchema,
        response: { 201: paymentActionSchema, 400: apiErrorSchema, ...denied, 409: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await reversePayment(ctx, request.user!, request.params.id, request.body.reason)),
  );

  app.get(
    '/api/payments/:id/receipt.pdf',
    {
      config: {
        access: roles.backOffice,
        rateLimit: app.limit(
          PAPER_LIMITS.quotationPerUser[0],
          PAPER_LIMITS.quotationPerUser[1],
          (request) => limitKey('receipt-pdf', request.user?.id ?? request.ip),
          PAPER_MESSAGES.tooManyDownloads,
        ),
      },
      schema: {
        tags,
        operationId: 'getPaymentReceiptPdf',
        summary: "A verified payment's receipt as a PDF",
        description:
          'application/pdf; the paper as it was issued, every time (an edit of the inquiry or a reversal does not ' +
          'change it). 404 without one.',
        security,
        params: paymentIdParamsSchema,
        response: { 200: z.unknown().describe('application/pdf'), ...denied, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const paper = await findStaffReceipt(ctx, request.user!, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${paper.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(await app.pdf.render('receipt', paper));
    },
  );
};
