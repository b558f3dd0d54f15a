// @fastify/multipart around the upload routes only (Fastify's encapsulation): registered for the whole app, it adds
// an async onRequest hook (a 'close' listener on every response) and an async onResponse hook to every request.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { UPLOAD_LIMITS } from '@safarnama/contract';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** Declares `routes` in a scope of their own that parses multipart/form-data (readUploadForm). */
export async function withMultipart(app: ZodApp, routes: (uploads: ZodApp) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: UPLOAD_LIMITS.maxFileBytes,
        files: UPLOAD_LIMITS.maxFiles,
        fields: UPLOAD_LIMITS.maxFields,
        fieldSize: UPLOAD_LIMITS.maxFieldBytes,
        parts: UPLOAD_LIMITS.maxFiles + UPLOAD_LIMITS.maxFields,
        headerPairs: 200,
      },
    });
    routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}
