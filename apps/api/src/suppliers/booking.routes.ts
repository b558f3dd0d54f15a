// D33 booking requests: the back office's calls on an accepted inquiry (decisions §6), and the supplier link's two
// public calls, limited per client address, answered with the token only. Thin: validate, call the service, answer.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BOOKING_MESSAGES,
  SUPPLIER_LINK_LIMITS,
  apiErrorSchema,
  bookingConfirmBodySchema,
  bookingListSchema,
  idParamsSchema,
  supplierLinkAnswerBodySchema,
  supplierLinkAnswerSchema,
  supplierLinkParamsSchema,
  supplierRequestSchema,
} from '@safarnama/contract';
import { roles } from '../plugins/access';
import { limitKey } from '../plugins/rate-limit';
import { emergencyPhoneOf, siteSettings } from '../site/site.routes';
import { createBookingNotifier } from './booking-mails';
import { createVoucherNotifier } from './voucher-mails';
import { createVoucherIssuer } from './voucher.service';
import {
  answerSupplierRequest,
  getSupplierRequest,
  listBookings,
  recordConfirmation,
  requestBookings,
  sendBooking,
  type BookingContext,
} from './booking.service';

const tags = ['bookings'];
const security = [{ bearer: [] }];
const denied = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: BookingContext = {
    db: app.db,
    siteUrl: app.config.SITE_URL,
    agency: siteSettings(app.config),
    notifier: createBookingNotifier({ site: app.config, nudge: () => app.outbox.nudge() }),
    vouchers: createVoucherIssuer(
      createVoucherNotifier({ site: app.config, emergencyPhone: emergencyPhoneOf(app.config) }),
    ),
  };
  const perClient = (name: string, [max, window]: readonly [number, string]) =>
    app.limit(max, window, (request: FastifyRequest) => limitKey(name, request.ip), BOOKING_MESSAGES.tooManyRequests);
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/api/inquiries/:id/bookings',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'listInquiryBookings',
        summary: "The inquiry's bookings with their suppliers, and whether every one is confirmed",
        security,
        params: idParamsSchema,
        response: { 200: bookingListSchema, ...denied },
      },
    },
    async (request) => listBookings(ctx, request.params.id),
  );

  app.post(
    '/api/inquiries/:id/bookings',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'requestInquiryBookings',
        summary: "Makes the accepted quotation's bookings (one per supplier) and sends those not sent yet",
        description:
          'Each request sent gets a link `/supplier/{token}` and a wa.me message, answered once in `sent` (only the ' +
          "token's hash is kept). 409 before an acceptance, or when no accepted line names a supplier.",
        security,
        params: idParamsSchema,
        response: { 200: bookingListSchema, ...denied, 409: apiErrorSchema },
      },
    },
    async (request) => requestBookings(ctx, request.user!, request.params.id),
  );

  app.post(
    '/api/bookings/:id/send',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'sendBooking',
        summary: "Sends one booking's request, or sends it again with a new link (the previous one stops working)",
        description: 'The link and a wa.me message are answered once in `sent`. 409 once the booking is answered.',
        security,
        params: idParamsSchema,
        response: { 200: bookingListSchema, ...denied, 409: apiErrorSchema },
      },
    },
    async (request) => sendBooking(ctx, request.user!, request.params.id),
  );

  app.post(
    '/api/bookings/:id/confirm',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'confirmBooking',
        summary: 'Records a confirmation the supplier gave by phone; 409 once the booking is answered',
        security,
        params: idParamsSchema,
        body: bookingConfirmBodySchema,
        response: { 200: bookingListSchema, 400: apiErrorSchema, ...denied, 409: apiErrorSchema },
      },
    },
    async (request) => recordConfirmation(ctx, request.user!, request.params.id, request.body.confirmationNumber),
  );

  app.get(
    '/api/supplier-links/:token',
    {
      config: { access: 'public', rateLimit: perClient('supplier-link-view', SUPPLIER_LINK_LIMITS.viewPerClient) },
      schema: {
        tags,
        operationId: 'getSupplierRequest',
        summary: 'The booking request as its supplier sees it: what to provide, never a price or another booking',
        description: '404 for a wrong token, 410 once the link has expired (after the trip).',
        params: supplierLinkParamsSchema,
        response: { 200: supplierRequestSchema, 404: apiErrorSchema, 410: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getSupplierRequest(ctx, request.params.token)),
  );

  app.post(
    '/api/supplier-links/:token',
    {
      config: { access: 'public', rateLimit: perClient('supplier-link-answer', SUPPLIER_LINK_LIMITS.answerPerClient) },
      schema: {
        tags,
        operationId: 'answerSupplierRequest',
        summary: 'Confirms (with a confirmation number) or declines (with a reason) the booking request, once',
        description: 'A second answer is 409 and changes nothing; 404 for a wrong token, 410 once expired.',
        params: supplierLinkParamsSchema,
        body: supplierLinkAnswerBodySchema,
        response: {
          200: supplierLinkAnswerSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          410: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await answerSupplierRequest(ctx, request.params.token, request.body)),
  );
};
