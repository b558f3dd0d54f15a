// D30 quotation routes for Staff and the Owner: an inquiry's quotation, its drafts and sending. Thin: validate,
// call the service, answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  idParamsSchema,
  idSchema,
  quoteListSchema,
  quoteSchema,
  quoteVersionBodySchema,
  tripUrlSchema,
} from '@safarnama/contract';
import { quoteGstPercent } from '../invoices/gst-config';
import { roles } from '../plugins/access';
import { createQuote, listQuotes, sendQuote, updateQuote, type QuoteContext } from './quote.service';

const tags = ['quotes'];
const security = [{ bearer: [] }];
const quoteParamsSchema = z.object({ quoteId: idSchema });
const denied = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: QuoteContext = {
    db: app.db,
    siteUrl: app.config.SITE_URL,
    gstPercent: quoteGstPercent(app.config),
    notifier: app.notifier,
  };

  app.get(
    '/api/inquiries/:id/quotes',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'listInquiryQuotes',
        summary: "The inquiry's quotation with every version, newest first (an empty list before one is made)",
        security,
        params: idParamsSchema,
        response: { 200: quoteListSchema, ...denied },
      },
    },
    async (request) => listQuotes(ctx, request.params.id),
  );

  app.post(
    '/api/inquiries/:id/quotes',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'createInquiryQuote',
        summary: "Starts the inquiry's quotation with a draft, prefilled from its package's itinerary and lists",
        description: 'One quotation per inquiry: a second answers 409. The draft is valid for 7 days.',
        security,
        params: idParamsSchema,
        response: { 201: quoteSchema, ...denied, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createQuote(ctx, request.params.id)),
  );

  app.put(
    '/api/quotes/:quoteId',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'updateQuote',
        summary: 'Changes the draft, or starts the next version from the sent one (which never changes)',
        description:
          'Money in rupees. Each line has a unit price or a markup percentage on its unit cost. Absent fields keep ' +
          "the current version's values; totals are computed by the server. 409 once a version is accepted.",
        security,
        params: quoteParamsSchema,
        body: quoteVersionBodySchema,
        response: { 200: quoteSchema, 400: apiErrorSchema, ...denied, 409: apiErrorSchema },
      },
    },
    async (request) => updateQuote(ctx, request.params.quoteId, request.body),
  );

  app.post(
    '/api/quotes/:quoteId/send',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'sendQuote',
        summary: "Sends the draft: it becomes the version the customer's trip link shows",
        description:
          'The version sent before is superseded and the customer is mailed (with the link when this send made it). ' +
          'The answer carries the trip link when this send made it; when ' +
          "the inquiry already had one, `url` is null (the customer's link now shows this version; rotate the " +
          'link for a new one). 409 without a draft or once accepted; 400 without lines.',
        security,
        params: quoteParamsSchema,
        response: { 200: tripUrlSchema, 400: apiErrorSchema, ...denied, 409: apiErrorSchema },
      },
    },
    async (request) => sendQuote(ctx, request.user!, request.params.quoteId),
  );
};
