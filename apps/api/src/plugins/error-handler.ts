// The one error handler: every error leaves as D14's `{ message, errors? }`; 5xx details stay in the log.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, UPLOAD_MESSAGES, isWebRoute } from '@safarnama/contract';
import { AppError, RetryLater } from '../errors';
import { isConnectionError } from '../db/dialect';
import { BARE_RESPONSE_HEADERS } from './security';

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long';
const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Friendly messages for Fastify's and its plugins' own 4xx errors (their texts are not for users). */
const KNOWN_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'The request body length does not match its Content-Length',
  },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: 'Invalid Content-Type header' },
  FST_ERR_VALIDATION: { status: 400, message: 'The request is not valid' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: UPLOAD_MESSAGES.tooLarge },
  FST_FILES_LIMIT: { status: 413, message: UPLOAD_MESSAGES.tooManyFiles },
  FST_PARTS_LIMIT: { status: 413, message: 'The request has too many parts' },
  FST_FIELDS_LIMIT: { status: 413, message: 'The request has too many fields' },
  FST_PROTO_VIOLATION: { status: 400, message: 'The request contains a forbidden field name' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: UPLOAD_MESSAGES.notMultipart },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: 'A form field is not valid JSON' },
  FST_ERR_RESPONSE_SERIALIZATION: { status: 500, message: INTERNAL_MESSAGE },
};

const GENERIC_BY_STATUS: Record<number, string> = {
  400: 'The request is not valid',
  401: AUTH_MESSAGES.authRequired,
  403: AUTH_MESSAGES.forbidden,
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  408: REQUEST_TIMEOUT_MESSAGE,
  413: 'The request is too large',
  414: 'The address is too long',
  415: 'Unsupported content type',
  429: AUTH_MESSAGES.tooManyRequests,
  431: 'The request headers are too large',
};

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded or a path parameter past maxParamLength is
 * refused before routing, so no hook (helmet, error handler) runs. Without this, Fastify answers with
 * its own body that echoes the URL and names its error code.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  request.log.info({ code: error.code }, 'request refused before routing');
  return reply
    .status(tooLong ? 414 : 400)
    .headers(BARE_RESPONSE_HEADERS)
    .send({ message: tooLong ? GENERIC_BY_STATUS[414] : 'The address is not valid' });
}

/**
 * Fastify's `clientErrorHandler`: Node refuses some requests before Fastify sees them (the request timeout, headers
 * too large, a malformed request line). Fastify's own answer has its shape ({error, message, statusCode}); this
 * one is D14's, with the API's bare security headers, and closes the connection as Node does.
 */
export function handleClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  this.log.info({ event: 'client_error', code: err.code, status }, 'request refused before routing');
  const body = JSON.stringify({ message: GENERIC_BY_STATUS[status] });
  const headers = Object.entries(BARE_RESPONSE_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n${headers}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** A client that went away mid-body (its connection reset while the body was read): nothing to answer. */
const isClientAbort = (error: FastifyError, request: FastifyRequest) =>
  error.code === 'ECONNRESET' && !request.raw.complete;

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const v of error.validation) {
          const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
          errors[field] ??= v.message ?? 'Invalid value';
        }
        const first = Object.values(errors)[0] ?? 'The request is not valid';
        return reply.status(400).send({ message: first, errors });
      }
      if (error instanceof RetryLater) reply.header('Retry-After', String(error.retryAfterSeconds));
      if (error instanceof AppError) {
        return reply
          .status(error.statusCode)
          .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      }
      if (isClientAbort(error, request)) {
        request.log.info({ event: 'request_aborted' }, 'the client aborted the request');
        return reply.status(400).send({ message: 'The request was aborted' });
      }
      if (isConnectionError(error)) {
        request.log.error({ err: error }, 'database unavailable');
        return reply.status(503).header('Retry-After', '5').send({ message: UNAVAILABLE_MESSAGE });
      }
      const known = error.code ? KNOWN_CODES[error.code] : undefined;
      const status =
        known?.status ??
        (error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500);
      if (status >= 500 || isResponseSerializationError(error)) {
        request.log.error({ err: error, reqId: request.id }, 'request failed');
        return reply
          .status(status === 503 ? 503 : 500)
          .send({ message: status === 503 ? UNAVAILABLE_MESSAGE : INTERNAL_MESSAGE });
      }
      // Rate-limit errors carry our own message (see plugins/rate-limit.ts).
      const message =
        known?.message ??
        (status === 429 && error.message ? error.message : (GENERIC_BY_STATUS[status] ?? 'The request is not valid'));
      return reply.status(status).send({ message });
    });

    // Paths outside /api and /uploads belong to the web app (plugins/web.ts): its routes get the app with 200,
    // any other path the app's 404 page with a real 404 (D24), so crawlers and monitors see what a user sees.
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url.startsWith('/api') || request.url.startsWith('/uploads');
      if (isApi || !app.hasDecorator('serveSpa') || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).send({ message: 'Not found' });
      }
      const pathname = request.url.split('?')[0]!;
      return app.serveSpa(reply, isWebRoute(pathname) ? 200 : 404);
    });
  },
  { name: 'error-handler' },
);
