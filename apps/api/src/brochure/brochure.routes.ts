// GET /api/packages/{id}/brochure.pdf (D28), public: the package as an A4 PDF to download or share; held to a few a
// minute per client address (PAPER_LIMITS), as each is a read of a few hundred KB or, once per version, a layout.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAPER_LIMITS, PAPER_MESSAGES, apiErrorSchema, idParamsSchema } from '@safarnama/contract';
import { brochurePdf, findBrochure } from './brochure.service';

export const brochureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/packages/:id/brochure.pdf',
    {
      config: {
        access: 'public',
        rateLimit: app.limit(...PAPER_LIMITS.brochurePerClient, undefined, PAPER_MESSAGES.tooManyDownloads),
      },
      schema: {
        tags: ['packages'],
        summary: "The package's brochure as an A4 PDF",
        params: idParamsSchema,
        response: {
          // The file's bytes, sent as they are (no serialiser), and the empty answer to a matching If-None-Match.
          200: z.unknown().describe('application/pdf'),
          304: z.unknown().describe('not modified'),
          404: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const ctx = { db: app.db, config: app.config, images: app.images, pdf: app.pdf, log: request.log };
      const brochure = await findBrochure(ctx, request.params.id);
      // Revalidated on every use: a changed package gets a new brochure at once.
      reply.header('cache-control', 'public, no-cache').header('etag', brochure.etag);
      if (request.headers['if-none-match'] === brochure.etag) return reply.status(304).send();
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${brochure.filename}"`)
        .send(await brochurePdf(ctx, brochure));
    },
  );
};
