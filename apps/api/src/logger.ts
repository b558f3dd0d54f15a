// pino settings: request lines without bodies or headers, and secrets redacted wherever they appear.
import type { FastifyServerOptions } from 'fastify';

export const REDACTED_PATHS = [
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

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
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
