// D33 what the agency owes its suppliers (decisions §6): staff and the Owner change a booking's cost and record or
// reverse payments to its supplier from the inquiry's bookings panel; only the Owner reads the per-supplier ledger.
// Thin: validate, call the service, answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  bookingCostBodySchema,
  idParamsSchema,
  inquirySupplierPaymentsSchema,
  payablesSchema,
  supplierPaymentActionSchema,
  supplierPaymentBodySchema,
  supplierPayablesSchema,
  supplierReverseBodySchema,
} from '@safarnama/contract';
import { roles } from '../plugins/access';
import { getSupplierPayables, listPayables } from './payables.service';
import {
  changeBookingCost,
  getInquirySupplierPayments,
  recordSupplierPayment,
  reverseSupplierPayment,
} from './supplier-payment.service';

const tags = ['payables'];
const security = [{ bearer: [] }];
const denied = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const acted = { 200: supplierPaymentActionSchema, 400: apiErrorSchema, ...denied, 409: apiErrorSchema };

export const payablesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/inquiries/:id/supplier-payments',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'listInquirySupplierPayments',
        summary: "Each booking's cost, what is owed, paid and due, and the payments made to its supplier",
        security,
        params: idParamsSchema,
        response: { 200: inquirySupplierPaymentsSchema, ...denied },
      },
    },
    async (request) => getInquirySupplierPayments(app.db, request.params.id),
  );

  app.put(
    '/api/bookings/:id/cost',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'changeBookingCost',
        summary: "Changes a booking's cost, with the reason (in the timeline); the inquiry's costs follow",
        description: '400 without a reason or for the same cost; 409 for a declined booking.',
        security,
        params: idParamsSchema,
        body: bookingCostBodySchema,
        response: acted,
      },
    },
    async (request) => changeBookingCost(app.db, request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/bookings/:id/payments',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'recordSupplierPayment',
        summary: "Records a payment made to the booking's supplier (amount, mode, reference, date)",
        description:
          '409 for a declined booking, more than is left of its cost, or a reference a standing payment uses.',
        security,
        params: idParamsSchema,
        body: supplierPaymentBodySchema,
        response: acted,
      },
    },
    async (request) => recordSupplierPayment(app.db, request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/supplier-payments/:id/reverse',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'reverseSupplierPayment',
        summary: 'Reverses a payment to a supplier by an entry of its own, with the reason; nothing is deleted',
        security,
        params: idParamsSchema,
        body: supplierReverseBodySchema,
        response: acted,
      },
    },
    async (request) => reverseSupplierPayment(app.db, request.user!, request.params.id, request.body.reason),
  );

  app.get(
    '/api/payables',
    {
      config: { access: roles.owner },
      schema: {
        tags,
        operationId: 'listPayables',
        summary: 'What we owe: per supplier, what confirmed bookings cost, what was paid and what is due',
        security,
        response: { 200: payablesSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => listPayables(app.db),
  );

  app.get(
    '/api/payables/:id',
    {
      config: { access: roles.owner },
      schema: {
        tags,
        operationId: 'getSupplierPayables',
        summary: "A supplier's figures and the bookings behind them, with the payments made",
        security,
        params: idParamsSchema,
        response: { 200: supplierPayablesSchema, ...denied },
      },
    },
    async (request) => getSupplierPayables(app.db, request.params.id),
  );
};
