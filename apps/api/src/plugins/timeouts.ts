// Request timeouts (D14): a request whose body never arrives, or trickles in a byte every few seconds, must not hold
// a connection and a parser for as long as the client likes. Every request with a body still arriving (any
// method, the not-found handler's too) is cut off with 408 in the one error shape after REQUEST_TIMEOUT; multipart
// uploads get UPLOAD_TIMEOUT, enough for ten 10 MB images on a slow line. An answer sent before its body was read
// (a GET answered at once, a 401 from a hook) closes the connection: Node would otherwise keep reading and
// discarding the body the client announced, for as long as the client takes. Headers that never end meet Node's
// headersTimeout (REQUEST_TIMEOUT too), and Node's requestTimeout, a little past the longer limit, is the backstop.
import type http from 'node:http';
import type { FastifyHttpOptions, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { REQUEST_TIMEOUT_MESSAGE } from './error-handler';

type TimeoutConfig = Pick<Config, 'REQUEST_TIMEOUT' | 'UPLOAD_TIMEOUT'>;

/** The Node server's own limits (server.headersTimeout, server.requestTimeout), as Fastify options. */
export function serverTimeouts(
  config: TimeoutConfig,
): Pick<FastifyHttpOptions<http.Server>, 'requestTimeout' | 'http'> {
  const requestTimeout = (Math.max(config.UPLOAD_TIMEOUT, config.REQUEST_TIMEOUT) + 60) * 1000;
  return {
    requestTimeout,
    http: {
      // Given at creation too: Node refuses a headersTimeout longer than the requestTimeout it was created with.
      requestTimeout,
      headersTimeout: config.REQUEST_TIMEOUT * 1000,
      // How often Node looks for connections past those limits (30 s by default, as long as REQUEST_TIMEOUT's
      // default): a quarter of the limit, so headers are cut off within 1.25 × REQUEST_TIMEOUT.
      connectionsCheckingInterval: Math.min(30_000, config.REQUEST_TIMEOUT * 250),
    },
  };
}

/** Whether the request announced a body (Content-Length above 0, or chunked). */
const announcesBody = (request: FastifyRequest) => {
  const { headers } = request.raw;
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] ?? '0') !== '0';
};

/** The request's body is still arriving (or was never read). */
const bodyPending = (request: FastifyRequest) => !request.raw.complete && announcesBody(request);

const isUpload = (request: FastifyRequest) =>
  ((request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes(
    'multipart/form-data',
  );

export default fp(
  async (app: FastifyInstance) => {
    const { REQUEST_TIMEOUT, UPLOAD_TIMEOUT } = app.config;

    // Callback hooks, not async ones: they run on every request, and a promise per request costs throughput.
    app.addHook('onRequest', (request, reply, done) => {
      if (!bodyPending(request)) return done();
      const limit = 1000 * (isUpload(request) ? UPLOAD_TIMEOUT : REQUEST_TIMEOUT);
      const timer = setTimeout(() => {
        if (request.raw.complete || reply.sent) return;
        request.log.info({ event: 'request_timeout', limitMs: limit }, 'request body too slow; cut off');
        // The answer closes the connection (onSend below), which ends the body's read; what the parser then
        // reports is moot.
        void reply.status(408).send({ message: REQUEST_TIMEOUT_MESSAGE });
      }, limit);
      reply.raw.once('close', () => clearTimeout(timer));
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      if (bodyPending(request)) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'timeouts' },
);
