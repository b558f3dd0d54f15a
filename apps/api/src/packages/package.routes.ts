// Package routes (spec §7): public reads and search, Owner-only multipart writes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PACKAGE_MESSAGES,
  type TourPackage,
  apiErrorSchema,
  idParamsSchema,
  messageResponseSchema,
  packageListSchema,
  packageSchema,
  packageSearchQuerySchema,
} from '@safarnama/contract';
import { roles } from '../plugins/access';
import { readUploadForm } from '../uploads/upload-form';
import { withMultipart } from '../uploads/multipart';
import {
  assertPackageExists,
  createPackage,
  deletePackage,
  getPackageJson,
  listPackagesJson,
  compressedAnswer,
  searchPackagesJson,
  updatePackage,
  type CatalogueContext,
} from './package.service';

const tags = ['packages'];
const notModifiedSchema = z.null().describe('Not modified: the answer for If-None-Match is unchanged');
/** Answers shorter than this go uncompressed, as @fastify/compress's threshold in app.ts. */
const COMPRESS_FROM = 1024;

/** The encoding to answer in from Accept-Encoding: br before gzip; one with q=0 is refused. */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((x) => x.trim());
    if (!params.some((p) => /^q=0(?:\.0*)?$/.test(p))) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') || accepted.has('*') ? 'gzip' : null;
}
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends JSON the service already serialised (package.service.ts says why). Fastify sends bytes as they
 * are; the cast only satisfies the reply type the response schema declares.
 */
const asPreSerialised = <T>(json: Buffer) => json as unknown as T;
const MULTIPART_NOTE =
  'multipart/form-data: name, description, price, duration, packageOverview, tourItinerary, inclusions, exclusions, ' +
  'importantNotes (one item per line), images (files, repeated).';

export const packageRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (log: CatalogueContext['log']): CatalogueContext => ({ db: app.db, images: app.images, log });

  app.get(
    '/api/packages',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'listPackages',
        tags,
        summary: 'Every package, newest first',
        response: { 200: packageListSchema },
      },
    },
    async (request, reply) =>
      reply.type(JSON_TYPE).send(asPreSerialised<TourPackage[]>(await listPackagesJson(ctx(request.log)))),
  );

  // Static segments win over `/:id` in Fastify's router whatever the order; listed first for readers.
  app.get(
    '/api/packages/search',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'searchPackages',
        tags,
        summary: 'Packages matching every word of `search` and the inclusive price and duration ranges',
        querystring: packageSearchQuerySchema,
        response: { 200: packageListSchema, 304: notModifiedSchema, 400: apiErrorSchema },
      },
      compress: false,
    },
    async (request, reply) => {
      const answer = await searchPackagesJson(ctx(request.log), request.query);
      // The same catalogue gives the same bytes and ETag: a browser revalidates and gets 304, and a compressed
      // answer is made once per distinct answer rather than per request (so @fastify/compress stays out).
      reply.header('etag', answer.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send(null);
      const encoding =
        answer.json.length >= COMPRESS_FROM ? acceptedEncoding(request.headers['accept-encoding']) : null;
      if (encoding) reply.header('content-encoding', encoding);
      const body = encoding ? compressedAnswer(answer, encoding) : answer.json;
      return reply.type(JSON_TYPE).send(asPreSerialised<TourPackage[]>(body));
    },
  );

  app.get(
    '/api/packages/:id',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getPackage',
        summary: 'One package',
        tags,
        params: idParamsSchema,
        response: { 200: packageSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .type(JSON_TYPE)
        .send(asPreSerialised<TourPackage>(await getPackageJson(ctx(request.log), request.params.id))),
  );

  await withMultipart(app, (uploads) => {
    uploads.post(
      '/api/packages',
      {
        config: { access: roles.owner },
        schema: {
          operationId: 'createPackage',
          tags,
          summary: 'Create a package (Owner)',
          description: `${MULTIPART_NOTE} At least one image.`,
          consumes: ['multipart/form-data'],
          response: { 201: packageSchema },
        },
      },
      async (request, reply) => {
        const form = await readUploadForm(request, app.images);
        const created = await createPackage(ctx(request.log), form);
        return reply.status(201).send(created);
      },
    );

    uploads.put(
      '/api/packages/:id',
      {
        config: { access: roles.owner },
        schema: {
          operationId: 'updatePackage',
          tags,
          summary: 'Replace a package (Owner)',
          description:
            `${MULTIPART_NOTE} Images are optional: new files are appended. keepImages (repeated) lists the ` +
            'paths of existing images to keep, in order; absent keeps all, one empty value keeps none.',
          consumes: ['multipart/form-data'],
          params: idParamsSchema,
          response: { 200: packageSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        await assertPackageExists(ctx(request.log), request.params.id);
        const form = await readUploadForm(request, app.images);
        return updatePackage(ctx(request.log), request.params.id, form);
      },
    );
  });

  app.delete(
    '/api/packages/:id',
    {
      config: { access: roles.owner },
      schema: {
        operationId: 'deletePackage',
        summary: 'Delete a package and its images (Owner)',
        tags,
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      await deletePackage(ctx(request.log), request.params.id);
      return { message: PACKAGE_MESSAGES.deleted };
    },
  );
};
