// Issue 53's voucher PDFs: through the trip link (no login, limited per client address like the trip's other
// papers) and for a signed-in reader of the inquiry (its own Customer, or the back office). Thin: open, find, lay out.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  INQUIRY_MESSAGES,
  PAPER_LIMITS,
  PAPER_MESSAGES,
  apiErrorSchema,
  idParamsSchema,
  tripReceiptParamsSchema,
} from '@safarnama/contract';
import { notFound } from '../errors';
import { findReadableQuotableInquiry } from '../inquiries/inquiry-quotes';
import { roles } from '../plugins/access';
import { limitKey } from '../plugins/rate-limit';
import { emergencyPhoneOf, siteSettings } from '../site/site.routes';
import { openLink } from '../trips/trip.service';
import { voucherPaperOf, type VoucherPaper } from './voucher.service';

const tags = ['trips'];
const pdfBody = z.unknown().describe('application/pdf');
/** `{bookingId}.pdf`, as the receipts' file parameter. */
const fileSchema = tripReceiptParamsSchema.shape.id;

export const voucherRoutes: FastifyPluginAsyncZod = async (app) => {
  const agency = siteSettings(app.config);
  const emergencyPhone = emergencyPhoneOf(app.config);
  const paperOf = (inquiryId: string, file: string) => voucherPaperOf(app.db, agency, emergencyPhone, inquiryId, file);
  const sendPdf = async (reply: FastifyReply, paper: VoucherPaper) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${paper.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(await app.pdf.render('voucher', paper));

  app.get(
    '/api/trips/:token/vouchers/:file',
    {
      config: {
        access: 'public',
        rateLimit: app.limit(
          ...PAPER_LIMITS.tripQuotationPerClient,
          (request: FastifyRequest) => limitKey('trip-paper', request.ip),
          PAPER_MESSAGES.tooManyDownloads,
        ),
      },
      schema: {
        tags,
        operationId: 'getTripVoucherPdf',
        summary: "A confirmed hotel or cab booking's voucher: `/api/trips/{token}/vouchers/{bookingId}.pdf` (no login)",
        description:
          'application/pdf. 404 for a wrong or rotated token, a booking of another trip, one not confirmed, or a ' +
          'kind without a voucher (guide, activity, other).',
        params: z.object({ token: tripReceiptParamsSchema.shape.token, file: fileSchema }),
        response: { 200: pdfBody, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const inquiry = await openLink(app.db, request.params.token);
      return sendPdf(reply, await paperOf(inquiry.id, request.params.file));
    },
  );

  app.get(
    '/api/inquiries/:id/trip/vouchers/:file',
    {
      config: {
        access: roles.anyUser,
        rateLimit: app.limit(
          ...PAPER_LIMITS.quotationPerUser,
          (request: FastifyRequest) => limitKey('inquiry-voucher', request.user?.id ?? request.ip),
          PAPER_MESSAGES.tooManyDownloads,
        ),
      },
      schema: {
        tags,
        operationId: 'getInquiryTripVoucherPdf',
        summary: "A voucher of the signed-in customer's own trip (the back office may read any) as a PDF",
        description: "application/pdf, the same paper as through the trip link. Another customer's inquiry is 404.",
        security: [{ bearer: [] }],
        params: z.object({ id: idParamsSchema.shape.id, file: fileSchema }),
        response: { 200: pdfBody, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const inquiry = await findReadableQuotableInquiry(app.db, request.user!, request.params.id);
      if (!inquiry) throw notFound(INQUIRY_MESSAGES.notFound);
      return sendPdf(reply, await paperOf(inquiry.id, request.params.file));
    },
  );
};
