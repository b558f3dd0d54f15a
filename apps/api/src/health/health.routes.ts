// Liveness (/healthz: the process answers) and readiness (/readyz: the database answers; degraded parts as warnings).
import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@safarnama/contract';
import { UNAVAILABLE_MESSAGE } from '../plugins/error-handler';

const okSchema = z.object({
  status: z.literal('ok'),
  /** What works in a degraded way: the instance still serves (a proxy keeps sending it requests). */
  warnings: z.array(z.string()).optional(),
});

/** /readyz's warning while Redis is down (D29). */
export const PER_PROCESS_LIMITS_WARNING = 'Redis unavailable: rate limits are counted per process';
// A string, not a Buffer: Node writes a short string body in one piece with the headers.
const HEALTHZ_BODY = '{"status":"ok"}';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // A fixed answer, sent as it is: this is the API's cheapest route and the overhead benchmark's subject
  // (decisions §8: a floor against a plain Fastify app). Its 15 bytes are never worth compressing, so the route
  // skips the compression hook, and the handler is synchronous (no promise per request).
  app.get(
    '/healthz',
    { config: { access: 'public' }, schema: { hide: true }, compress: false, decompress: false },
    (_request, reply) => reply.type('application/json').send(HEALTHZ_BODY),
  );

  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: okSchema, 503: apiErrorSchema } } },
    async (request, reply) => {
      try {
        await Promise.race([
          sql`select 1`.execute(app.db),
          new Promise((_, reject) => setTimeout(() => reject(new Error('readiness timeout')), 2000).unref()),
        ]);
        if (app.sharedLimits && !app.sharedLimits.isShared()) {
          return { status: 'ok' as const, warnings: [PER_PROCESS_LIMITS_WARNING] };
        }
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return reply.status(503).send({ message: UNAVAILABLE_MESSAGE });
      }
    },
  );
};
