// The inquiry documents (D27's "papers"): the quotation PDF of one inquiry and, below it, the CSV export of the
// list. Their own plugin, apart from the list and edit routes, so each stays small. Each is a layout or a scan of
// many rows, so each is held to a few per signed-in user (PAPER_LIMITS), whichever address they come from.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import {
  PAPER_LIMITS,
  PAPER_MESSAGES,
  apiErrorSchema,
  idParamsSchema,
  inquiryCsvFileName,
  inquiryListQuerySchema,
  kolkataDate,
} from '@safarnama/contract';
import { now } from '../lib/clock';
import { roles } from '../plugins/access';
import { siteSettings } from '../site/site.routes';
import { createInquiryContext } from './inquiry.service';
import { getQuotation } from './inquiry-quotation.service';
import { exportInquiriesCsv } from './inquiry-export.service';
import { exportLines } from './inquiry-export.repository';
import { createExportPool } from './inquiry-export-pool';

const tags = ['inquiries'];
/** The export's compressed chunks, in bytes. */
const EXPORT_CHUNK = 256 * 1024;
/** A file body: Fastify sends Buffers and streams as they are, past the response serialiser. */
const fileBody = (type: string) => z.unknown().describe(type);

export const inquiryDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = createInquiryContext(app.db, app.dbEngine);
  const agency = siteSettings(app.config);
  const exportPool = app.dbHandle.file ? createExportPool() : undefined;
  if (exportPool) app.addHook('onClose', () => exportPool.close());
  const exportedLines = exportLines(app.db, app.dbHandle, exportPool);
  // The access check runs first (plugins/access.ts), so request.user is set; a request without one was refused.
  const perUser = (name: string, [max, window]: readonly [number, string]) =>
    app.limit(
      max,
      window,
      (request: FastifyRequest) => `${name}:${request.user?.id ?? request.ip}`,
      PAPER_MESSAGES.tooManyDownloads,
    );

  app.get(
    '/api/inquiries/:id/quotation.pdf',
    {
      config: { access: roles.anyUser, rateLimit: perUser('quotation', PAPER_LIMITS.quotationPerUser) },
      schema: {
        tags,
        operationId: 'getInquiryQuotationPdf',
        summary: "An A4 quotation of the inquiry as a PDF (a Customer's own, once it is priced or sent)",
        description:
          'application/pdf. Once a quotation version was sent: that version (the accepted one, else the newest ' +
          'sent), as the trip page shows it: days, priced lines, totals, validity, notes, inclusions, exclusions ' +
          'and terms, never a cost or margin. Before: the agency, the customer, the trip, the total package cost ' +
          'with the 40% advance and the balance due at least 24 hours before the trip, and the terms. 409 for a ' +
          "Customer before either; other people's inquiries are 404.",
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: {
          200: fileBody('application/pdf'),
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const paper = await getQuotation(ctx, request.user!, request.params.id, agency);
      const [pdf, fileName] =
        'version' in paper
          ? [await app.pdf.render('quote-paper', paper.version), paper.version.fileName]
          : [await app.pdf.render('inquiry-quotation', paper.priced), `quotation-${paper.priced.number}.pdf`];
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/inquiries/export.csv',
    {
      config: { access: roles.backOffice, rateLimit: perUser('export', PAPER_LIMITS.exportPerUser) },
      // The fastest levels: at a million rows (300 MB) the app's brotli 4 took 11 s of the one core and gzip 6 took 7;
      // these take 2–3 s and still make the file a third of its size. Large chunks: each one is a trip to a
      // libuv thread and back, which on a busy core waits for its turn (docs/performance.md).
      compress: {
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 }, chunkSize: EXPORT_CHUNK },
        zlibOptions: { level: 1, chunkSize: EXPORT_CHUNK },
      },
      schema: {
        tags,
        operationId: 'exportInquiriesCsv',
        summary: 'Every inquiry the list would show for these filters, as a CSV file (Staff, Owner)',
        description:
          'text/csv, UTF-8 with a BOM. Takes the filters and order of GET /api/inquiries (page and pageSize are ' +
          'ignored: every matching row is sent, streamed). Dates are YYYY-MM-DD HH:mm in Asia/Kolkata, amounts ' +
          'rupees with two decimals; text cells starting with = + - or @ get a leading apostrophe.',
        security: [{ bearer: [] }],
        querystring: inquiryListQuerySchema,
        response: { 200: fileBody('text/csv'), 400: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${inquiryCsvFileName(kolkataDate(now()))}"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(await exportInquiriesCsv(ctx, exportedLines, request.user!, request.query))),
  );
};
