// D32's routes: staff issue invoices and credit notes and list them; their PDFs for the back office and the inquiry's
// own Customer, and through the trip link; the Owner's CSV for the accountant. Thin: validate, call, answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PAPER_LIMITS,
  PAPER_MESSAGES,
  apiErrorSchema,
  creditNoteBodySchema,
  idParamsSchema,
  invoiceExportQuerySchema,
  invoiceListSchema,
  invoicePaperParamsSchema,
  invoiceSchema,
  issueInvoiceBodySchema,
  kolkataDate,
  tripPaperParamsSchema,
} from '@safarnama/contract';
import { now } from '../lib/clock';
import { roles } from '../plugins/access';
import { limitKey } from '../plugins/rate-limit';
import { openLink } from '../trips/trip.service';
import type { InvoicePaper } from './invoice-paper';
import { exportInvoicesCsv } from './invoice-export';
import {
  findInquiryPaper,
  findPaper,
  issueCreditNote,
  issueInvoice,
  listInvoices,
  paperFileName,
  type InvoiceContext,
} from './invoice.service';

const tags = ['invoices'];
const security = [{ bearer: [] }];
const denied = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const pdfBody = z.unknown().describe('application/pdf');

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: InvoiceContext = { db: app.db, config: app.config, notifier: app.notifier };
  const perUser = (name: string, [max, window]: readonly [number, string]) =>
    app.limit(
      max,
      window,
      (request: FastifyRequest) => limitKey(name, request.user?.id ?? request.ip),
      PAPER_MESSAGES.tooManyDownloads,
    );
  const perClient = (name: string, [max, window]: readonly [number, string]) =>
    app.limit(max, window, (request: FastifyRequest) => limitKey(name, request.ip), PAPER_MESSAGES.tooManyDownloads);
  const sendPdf = async (reply: FastifyReply, paper: InvoicePaper) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${paperFileName(paper)}"`)
      .header('cache-control', 'private, no-store')
      .send(await app.pdf.render('invoice', paper));

  app.post(
    '/api/inquiries/:id/invoices',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'issueInvoice',
        summary: "Issues the invoice of the inquiry's accepted quotation and mails the customer (INV/{FY}/{n})",
        description:
          'A tax invoice (CGST + SGST within the agency’s state, else IGST) when GST_NUMBER is set, else a plain ' +
          "invoice. `customerState` is the place of supply's two-digit GST code (by default the GSTIN's state, " +
          "then the inquiry's). 409 without an accepted quotation, or while an invoice is not fully credited.",
        security,
        params: idParamsSchema,
        body: issueInvoiceBodySchema,
        response: { 201: invoiceSchema, 400: apiErrorSchema, ...denied, 409: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await issueInvoice(ctx, request.user!, request.params.id, request.body)),
  );

  app.get(
    '/api/inquiries/:id/invoices',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'listInquiryInvoices',
        summary: "The inquiry's invoices with their credit notes, oldest first",
        security,
        params: idParamsSchema,
        response: { 200: invoiceListSchema, ...denied },
      },
    },
    async (request) => listInvoices(ctx, request.params.id),
  );

  app.post(
    '/api/invoices/:id/credit-notes',
    {
      config: { access: roles.backOffice },
      schema: {
        tags,
        operationId: 'issueCreditNote',
        summary: 'Issues a credit note (CN/{FY}/{n}) against the invoice and mails the customer; answers the invoice',
        description:
          'Rupees, GST included, at most what is not yet credited (400 past it, 409 once fully credited); the ' +
          "tax is taken back in the invoice's own proportion. An invoice fully credited lets the inquiry have another.",
        security,
        params: idParamsSchema,
        body: creditNoteBodySchema,
        response: { 201: invoiceSchema, 400: apiErrorSchema, ...denied, 409: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await issueCreditNote(ctx, request.user!, request.params.id, request.body)),
  );

  app.get(
    '/api/invoices/export.csv',
    {
      config: { access: roles.owner, rateLimit: perUser('invoice-export', PAPER_LIMITS.exportPerUser) },
      schema: {
        tags,
        operationId: 'exportInvoicesCsv',
        summary: 'The invoices and credit notes issued in a period, one row each with the tax split (Owner)',
        description:
          'text/csv, UTF-8 with a BOM. `from` and `to` are Kolkata days, both inclusive, either may be left out. ' +
          "Amounts in rupees with two decimals; a credit note's are negative. Text cells starting with = + - or @ " +
          'get a leading apostrophe.',
        security,
        querystring: invoiceExportQuerySchema,
        response: {
          200: z.unknown().describe('text/csv'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="invoices-${kolkataDate(now())}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(await exportInvoicesCsv(app.db, request.query)),
  );

  for (const [kind, path, operationId, name] of [
    ['invoice', '/api/invoices/:id.pdf', 'getInvoicePdf', 'invoice'],
    ['creditNote', '/api/credit-notes/:id.pdf', 'getCreditNotePdf', 'credit note'],
  ] as const) {
    app.get(
      path,
      {
        config: { access: roles.anyUser, rateLimit: perUser(`${kind}-paper`, PAPER_LIMITS.quotationPerUser) },
        schema: {
          tags,
          operationId,
          summary: `The ${name} as issued, as a PDF (the back office, or the inquiry's own Customer)`,
          description: "application/pdf. Another customer's is 404.",
          security,
          params: invoicePaperParamsSchema,
          response: { 200: pdfBody, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => sendPdf(reply, await findPaper(app.db, request.user!, kind, request.params.id)),
    );
  }

  for (const [kind, path, operationId, name] of [
    ['invoice', '/api/trips/:token/invoices/:id.pdf', 'getTripInvoicePdf', 'invoice'],
    ['creditNote', '/api/trips/:token/credit-notes/:id.pdf', 'getTripCreditNotePdf', 'credit note'],
  ] as const) {
    app.get(
      path,
      {
        config: { access: 'public', rateLimit: perClient('trip-paper', PAPER_LIMITS.tripQuotationPerClient) },
        schema: {
          tags,
          operationId,
          summary: `The trip's ${name} as a PDF, through the trip link (no login)`,
          description: "application/pdf. 404 for a wrong or rotated token, or another inquiry's paper.",
          params: tripPaperParamsSchema,
          response: { 200: pdfBody, 404: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const inquiry = await openLink(app.db, request.params.token);
        return sendPdf(reply, await findInquiryPaper(app.db, inquiry.id, kind, request.params.id));
      },
    );
  }
};
