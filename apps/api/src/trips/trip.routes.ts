// D30's trip link: staff rotate it; the customer opens it without an account, accepts a version or asks for
// changes. The public calls are limited per client address (TRIP_LIMITS) and never answer a cost or a margin.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PAPER_LIMITS,
  PAPER_MESSAGES,
  QUOTE_MESSAGES,
  TRIP_LIMITS,
  apiErrorSchema,
  idParamsSchema,
  tripAcceptBodySchema,
  tripActionSchema,
  tripChangesBodySchema,
  tripSchema,
  tripTokenParamsSchema,
  tripUrlSchema,
} from '@safarnama/contract';
import { roles } from '../plugins/access';
import { limitKey } from '../plugins/rate-limit';
import { siteSettings } from '../site/site.routes';
import { renderQuotePaperPdf } from '../quotes/quote-paper.pdf';
import {
  acceptTrip,
  getTrip,
  getTripPaper,
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
  };
  const perClient = (
    name: string,
    [max, window]: readonly [number, string],
    message: string = QUOTE_MESSAGES.tooManyRequests,
  ) => app.limit(max, window, (request: FastifyRequest) => limitKey(name, request.ip), message);
  const noStore = { 'cache-control': 'private, no-store' };

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
          'Never a cost, margin, supplier or staff e-mail. `current` is the accepted version, else the newest sent ' +
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
        response: { 200: z.unknown().describe('application/pdf'), 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const paper = await getTripPaper(ctx, request.params.token);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${paper.fileName}"`)
        .headers(noStore)
        .send(await renderQuotePaperPdf(paper));
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
    async (request) =>
      acceptTrip(ctx, request.params.token, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
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
};
