// Request timeouts (D14): a body that trickles in (a byte every few seconds holds a connection and a parser
// open for as long as the client likes) is cut off with 408 in the one error shape. JSON bodies get
// REQUEST_TIMEOUT; multipart uploads get UPLOAD_TIMEOUT, enough for ten 10 MB images on a slow line. Node's own
// requestTimeout (set in app.ts a little past UPLOAD_TIMEOUT) is the backstop for anything else.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { REQUEST_TIMEOUT_MESSAGE } from './error-handler';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
const isUpload = (route: RouteOptions) =>
  ((route.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data');

export default fp(
  async (app: FastifyInstance) => {
    const timeoutOf = (route: RouteOptions) =>
      1000 * (isUpload(route) ? app.config.UPLOAD_TIMEOUT : app.config.REQUEST_TIMEOUT);

    app.addHook('onRoute', (route) => {
      if (!methodsOf(route).some((m) => BODY_METHODS.has(m))) return;
      const limit = timeoutOf(route);
      const startTimer = async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.raw.complete) return;
        const timer = setTimeout(() => {
          if (request.raw.complete || reply.sent) return;
          request.log.info({ event: 'request_timeout', limitMs: limit }, 'request body too slow; cut off');
          // The answer closes the connection, which ends the body's read; what the parser then reports is moot.
          void reply.status(408).header('connection', 'close').send({ message: REQUEST_TIMEOUT_MESSAGE });
        }, limit);
        reply.raw.once('close', () => clearTimeout(timer));
      };
      const existing = route.onRequest;
      route.onRequest = existing ? [...(Array.isArray(existing) ? existing : [existing]), startTimer] : [startTimer];
    });
  },
  { name: 'timeouts' },
);
