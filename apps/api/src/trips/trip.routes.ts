// D30's trip link: staff rotate it; the customer opens it without an account, accepts a version or asks for
// changes. The public calls are limited per client address (TRIP_LIMITS) and never answer a cost or a margin.
// A signed-in customer reaches the same trip through their inquiry (the token is stored only as a hash, so their
// account cannot give it back): the same answers, limited per account.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PAPER_LIMITS,
  PAPER_MESSAGES,
  PAYMENT_MESSAGES,
  PAYMENT_TRIP_LIMITS,
  QUOTE_MESSAGES,
  TRIP_LIMITS,
  apiErrorSchema,
  claimAnswerSchema,
  claimBodySchema,
  idParamsSchema,
  inquiryInstalmentParamsSchema,
  tripInstalmentParamsSchema,
  tripReceiptParamsSchema,
  tripAcceptBodySchema,
  tripActionSchema,
  tripChangesBodySchema,
  tripSchema,
  tripTokenParamsSchema,
  tripUrlSchema,
} from '@safarnama/contract';
import { roles } from '../plugins/access';
import { limitKey } from '../plugins/rate-limit';
import { emergencyPhoneOf, siteSettings } from '../site/site.routes';
import { paymentContextOf } from '../payments/payment-context';
import type { ReceiptPaper } from '../payments/receipt-paper';
import {
  acceptInquiryTrip,
  acceptTrip,
  claimInquiryInstalment,
  claimTripInstalment,
  getInquiryTripReceipt,
  getTripReceipt,
  getInquiryTrip,
  getTrip,
  getTripPaper,
  requestInquiryTripChanges,
  requestTripChanges,
  rotateTripLink,
  type TripContext,
} from './trip.service';

const tags = ['trips'];

export const tripRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: TripContext = {
    db: app.db,
    siteUrl: app.config.SITE_URL,
    agency: siteSettings(app.config),
    notifier: app.notifier,
    payments: paymentContextOf(app),
    emergencyPhone: emergencyPhoneOf(app.config),
  };
  const perClient = (
    name: string,
    [max, window]: readonly [number, string],
    message: string = QUOTE_MESSAGES.tooManyRequests,
  ) => app.limit(max, window, (request: FastifyRequest) => limitKey(name, request.ip), message);
  // The access check runs first (plugins/access.ts), so a signed-in route has request.user.
  const perAccount = (name: string, [max, window]: readonly [number, string]) =>
    app.limit(
      max,
      window,
      (request: FastifyRequest) => limitKey(name, request.user?.id ?? request.ip),
      QUOTE_MESSAGES.tooManyRequests,
    );
  const noStore = { 'cache-control': 'private, no-store' };
  const clientOf = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    accountId: request.user?.id ?? null,
  });
  const signedIn = [{ bearer: [] }];

  app.post(
    '/api/inquiries/:id/trip-link',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'rotateTripLink',
        summary: "Makes the inquiry's trip link, or gives it a new token (the old one stops working at once)",
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: tripUrlSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => rotateTripLink(ctx, request.params.id),
  );

  app.get(
    '/api/trips/:token',
    {
      config: { access: 'public', rateLimit: perClient('trip-view', TRIP_LIMITS.viewPerClient) },
      schema: {
        tags,
        operationId: 'getTrip',
        summary: 'The trip page: the agency, the trip, the sent quotation with prices and its terms (no login)',
        description:
          'Never a cost, margin or staff e-mail; of suppliers only the confirmed bookings (name, city, what is ' +
          'booked, confirmation number). `current` is the accepted version, else the newest sent ' +
          'one (with status expired once past validUntil); `earlier` the versions sent before. Views are counted.',
        params: tripTokenParamsSchema,
        response: { 200: tripSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getTrip(ctx, request.params.token)),
  );

  app.get(
    '/api/trips/:token/quotation.pdf',
    {
      config: {
        access: 'public',
        // A rendering, like the signed-in paper: held to PAPER_LIMITS' pace, by address as the trip calls are.
        rateLimit: perClient('trip-paper', PAPER_LIMITS.tripQuotationPerClient, PAPER_MESSAGES.tooManyDownloads),
      },
      schema: {
        tags,
        operationId: 'getTripQuotationPdf',
        summary: "The trip's quotation as a PDF: the version the trip page shows (no login)",
        description:
          'application/pdf, the same paper as GET /api/inquiries/{id}/quotation.pdf once a version was sent: ' +
          'prices only, never a cost, margin, supplier or staff e-mail. 404 for a wrong or rotated token, and ' +
          'before any version was sent. Not counted as a view.',
        params: tripTokenParamsSchema,
        response: {
          200: z.unknown().describe('application/pdf'),
          404: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const paper = await getTripPaper(ctx, request.params.token);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${paper.fileName}"`)
        .headers(noStore)
        .send(await app.pdf.render('quote-paper', paper));
    },
  );

  app.post(
    '/api/trips/:token/accept',
    {
      config: { access: 'public', rateLimit: perClient('trip-accept', TRIP_LIMITS.acceptPerClient) },
      schema: {
        tags,
        operationId: 'acceptTrip',
        summary: 'Accepts the current quotation version with the name the customer types (no login)',
        description:
          "Sets the inquiry to Booking Pending with the version's amounts. `version` names the version the customer " +
          'read: 409 when it was superseded, 410 when it expired. Accepting again answers the same acceptance.',
        params: tripTokenParamsSchema,
        body: tripAcceptBodySchema,
        response: {
          200: tripActionSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          410: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    // A public call: no token is read, so the acceptance names no account even when the customer has one.
    async (request) => acceptTrip(ctx, request.params.token, request.body, { ...clientOf(request), accountId: null }),
  );

  app.post(
    '/api/trips/:token/changes',
    {
      config: { access: 'public', rateLimit: perClient('trip-changes', TRIP_LIMITS.changesPerClient) },
      schema: {
        tags,
        operationId: 'requestTripChanges',
        summary: 'Tells the agency what the customer would like changed (no login)',
        params: tripTokenParamsSchema,
        body: tripChangesBodySchema,
        response: { 200: tripActionSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => ({
      ...(await requestTripChanges(ctx, request.params.token, request.body.message)),
      version: null,
    }),
  );

  app.get(
    '/api/inquiries/:id/trip',
    {
      config: { access: roles.anyUser, rateLimit: perAccount('inquiry-trip-view', TRIP_LIMITS.viewPerClient) },
      schema: {
        tags,
        operationId: 'getInquiryTrip',
        summary: "The trip page of a signed-in customer's own inquiry (the back office may read any)",
        description:
          'The same answer as `GET /api/trips/{token}`, without the token. Another customer’s inquiry is 404. A ' +
          "Customer's reading counts as a view of the trip.",
        security: signedIn,
        params: idParamsSchema,
        response: { 200: tripSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => getInquiryTrip(ctx, request.user!, request.params.id),
  );

  app.post(
    '/api/inquiries/:id/trip/accept',
    {
      config: { access: ['Customer'], rateLimit: perAccount('inquiry-trip-accept', TRIP_LIMITS.acceptPerClient) },
      schema: {
        tags,
        operationId: 'acceptInquiryTrip',
        summary: 'Accepts the current quotation version of the customer’s own inquiry, signed in',
        description:
          'The same rules and answers as `POST /api/trips/{token}/accept` (409 superseded, 410 expired, once only). ' +
          'Only the inquiry’s Customer: the back office is 403, another customer 404.',
        security: signedIn,
        params: idParamsSchema,
        body: tripAcceptBodySchema,
        response: {
          200: tripActionSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          410: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => acceptInquiryTrip(ctx, request.user!, request.params.id, request.body, clientOf(request)),
  );

  app.post(
    '/api/inquiries/:id/trip/changes',
    {
      config: { access: ['Customer'], rateLimit: perAccount('inquiry-trip-changes', TRIP_LIMITS.changesPerClient) },
      schema: {
        tags,
        operationId: 'requestInquiryTripChanges',
        summary: 'Tells the agency what the customer would like changed, signed in on their own inquiry',
        security: signedIn,
        params: idParamsSchema,
        body: tripChangesBodySchema,
        response: {
          200: tripActionSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      ...(await requestInquiryTripChanges(ctx, request.user!, request.params.id, request.body.message)),
      version: null,
    }),
  );

  // --- D31: claims and receipts -----------------------------------------------------------------------------------

  const sendReceipt = async (reply: FastifyReply, paper: ReceiptPaper) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${paper.fileName}"`)
      .headers(noStore)
      .send(await app.pdf.render('receipt', paper));
  const paymentIdOf = (file: string) => file.replace(/\.pdf$/, '');

  app.post(
    '/api/trips/:token/instalments/:id/claim',
    {
      config: {
        access: 'public',
        rateLimit: perClient('trip-claim', PAYMENT_TRIP_LIMITS.claimPerClient, PAYMENT_MESSAGES.tooManyRequests),
      },
      schema: {
        tags,
        operationId: 'claimTripInstalment',
        summary: 'Reports an instalment paid by UPI with its 12-digit UTR (no login); the handler is mailed',
        description:
          'The instalment becomes claimed until staff verify it. 404 for a wrong token or an instalment of another ' +
          'trip; 409 when it is paid, already claimed, or the UTR was used before.',
        params: tripInstalmentParamsSchema,
        body: claimBodySchema,
        response: {
          200: claimAnswerSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => claimTripInstalment(ctx, request.params.token, request.params.id, request.body.utr),
  );

  app.post(
    '/api/inquiries/:id/trip/instalments/:instalmentId/claim',
    {
      config: { access: ['Customer'], rateLimit: perAccount('inquiry-trip-claim', PAYMENT_TRIP_LIMITS.claimPerClient) },
      schema: {
        tags,
        operationId: 'claimInquiryInstalment',
        summary: 'Reports an instalment of the customer’s own inquiry paid by UPI, signed in',
        description: 'The same rules and answers as `POST /api/trips/{token}/instalments/{id}/claim`.',
        security: signedIn,
        params: inquiryInstalmentParamsSchema,
        body: claimBodySchema,
        response: {
          200: claimAnswerSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) =>
      claimInquiryInstalment(ctx, request.user!, request.params.id, request.params.instalmentId, request.body.utr),
  );

  app.get(
    '/api/trips/:token/receipts/:id',
    {
      config: {
        access: 'public',
        rateLimit: perClient('trip-receipt', PAYMENT_TRIP_LIMITS.receiptPerClient, PAPER_MESSAGES.tooManyDownloads),
      },
      schema: {
        tags,
        operationId: 'getTripReceiptPdf',
        summary: 'A receipt of the trip as a PDF: `/api/trips/{token}/receipts/{paymentId}.pdf` (no login)',
        description: 'application/pdf. 404 for a wrong token or a payment of another trip.',
        params: tripReceiptParamsSchema,
        response: {
          200: z.unknown().describe('application/pdf'),
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      sendReceipt(reply, await getTripReceipt(ctx, request.params.token, paymentIdOf(request.params.id))),
  );

  app.get(
    '/api/inquiries/:id/trip/receipts/:file',
    {
      config: {
        access: roles.anyUser,
        rateLimit: perAccount('inquiry-trip-receipt', PAYMENT_TRIP_LIMITS.receiptPerClient),
      },
      schema: {
        tags,
        operationId: 'getInquiryTripReceiptPdf',
        summary: 'A receipt of the signed-in customer’s own trip as a PDF: `…/trip/receipts/{paymentId}.pdf`',
        description: 'application/pdf. Another customer’s inquiry is 404.',
        security: signedIn,
        params: z.object({ id: idParamsSchema.shape.id, file: tripReceiptParamsSchema.shape.id }),
        response: {
          200: z.unknown().describe('application/pdf'),
          401: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      sendReceipt(
        reply,
        await getInquiryTripReceipt(ctx, request.user!, request.params.id, paymentIdOf(request.params.file)),
      ),
  );
};
