// Fastify's own logging, configured: pino lines without bodies or headers, secrets redacted wherever they appear,
// and the request ids every line of a request carries (Fastify's request and response lines included).
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  'currentPassword',
  'otp',
  'token',
  '*.password',
  '*.currentPassword',
  '*.otp',
  '*.token',
  '*.code',
  'body',
  '*.body',
];

function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        // Query strings may carry search text; the path is enough to follow a request.
        url: req.url.split('?')[0],
        remoteAddress: req.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  } as FastifyServerOptions['logger'];
}

/** A proxy's id is kept when it looks like one (no spaces or control characters, at most 128 characters). */
const PROXY_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/** Request ids: `req-<n>` as Fastify makes them, or the trusted proxy's X-Request-Id. */
function requestIdGenerator(trustProxy: boolean) {
  let next = 0;
  return (req: { headers: Record<string, string | string[] | undefined> }) => {
    const given = trustProxy ? req.headers['x-request-id'] : undefined;
    if (typeof given === 'string' && PROXY_REQUEST_ID.test(given)) return given;
    next = (next + 1) % Number.MAX_SAFE_INTEGER;
    return `req-${next.toString(36)}`;
  };
}

/** The server options that make the logs: Fastify's logger with ours, and its request ids (D29). */
export function loggingOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'TRUST_PROXY'>,
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'requestIdHeader' | 'genReqId'> {
  return {
    logger: loggerOptions(config.LOG_LEVEL, stream),
    // Ids we make, unless our own proxy (TRUST_PROXY) sends one: then its X-Request-Id follows the request. Fastify's
    // requestIdHeader would take any client's header, so the header is read by genReqId, and only behind the proxy.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.TRUST_PROXY > 0),
  };
}
