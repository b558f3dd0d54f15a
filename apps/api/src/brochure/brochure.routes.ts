// GET /api/packages/{id}/brochure.pdf (D28), public: the package as an A4 PDF to download or share; held to a few a
// minute per client address (PAPER_LIMITS).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAPER_LIMITS, PAPER_MESSAGES, idParamsSchema } from '@safarnama/contract';
import { getBrochure } from './brochure.service';

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
      },
    },
    async (request, reply) => {
      const brochure = await getBrochure({ db: app.db, config: app.config, images: app.images }, request.params.id);
      // Revalidated on every use: a changed package gets a new brochure at once.
      reply.header('cache-control', 'public, no-cache').header('etag', brochure.etag);
      if (request.headers['if-none-match'] === brochure.etag) return reply.status(304).send();
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${brochure.filename}"`)
        .send(brochure.pdf);
    },
  );
};
