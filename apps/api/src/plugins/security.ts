// Security headers: documents (the web app's HTML, the API docs) get helmet's full set — a CSP with no
// inline script, no framing, nosniff, a referrer policy, COOP and the rest; every other answer (JSON,
// scripts, images, errors) gets the short set an API needs, with a CSP that allows nothing at all.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The headers of every answer that is not a document (OWASP's REST security headers): nothing it holds may
 * run, load, be framed or be sniffed into something else. The answers Fastify writes before any hook runs
 * (a malformed URL, an over-long id) carry them too.
 *
 * Why not helmet's full set everywhere: its other six headers (COOP, Origin-Agent-Cluster, the DNS
 * prefetch, download, cross-domain-policy and XSS-filter switches) only mean something on a document,
 * and every header is bytes and work on every small answer (a search, a page of a list).
 */
export const BARE_RESPONSE_HEADERS = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/**
 * The service worker's CSP (D34): a worker runs under its own script's policy, so the API set's `default-src 'none'`
 * would stop it importing Workbox and fetching the app's files to keep; it may reach its own origin, nothing else.
 */
export const SERVICE_WORKER_CSP = "default-src 'self'; base-uri 'none'";

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React and the toast library set styles at run time; styles cannot run code.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Matches frame-ancestors 'none' for browsers that only read X-Frame-Options.
  frameguard: { action: 'deny' },
  // Served over plain http on localhost too; HSTS belongs to the TLS proxy (docs/deployment.md).
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets for these options, worked out once by running helmet's middleware on a response that is
 * never sent (Node's own ServerResponse, so helmet sets headers the way it does on any response). They are the same on
 * every document (no nonces, no per-request directives), so they need not be made per request.
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): [string, string][] {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (err?: unknown) => {
    if (err) throw err;
  });
  const headers = Object.entries(response.getHeaders()).map(([name, value]): [string, string] => [name, String(value)]);
  request.destroy();
  return headers;
}

const DOCUMENT_HEADER_SET = Object.fromEntries(helmetHeaders());

/** Marks an answer as a document (the web app's index.html): helmet's full set replaces the API set. */
export function setDocumentHeaders(reply: FastifyReply) {
  reply.headers(DOCUMENT_HEADER_SET);
}

/** Swagger UI's pages and files (D20), which are documents too. */
const isDocsUrl = (url: string) => /^\/api\/docs(?:[/?]|$)/.test(url);

export default fp(
  async (app: FastifyInstance) => {
    // At onSend, the one stage every answer passes (a route's, a 404, an error), once its route has had its say:
    // a document has set its own set already.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!reply.hasHeader('content-security-policy')) {
        reply.headers(isDocsUrl(request.url) ? DOCUMENT_HEADER_SET : BARE_RESPONSE_HEADERS);
      }
      done(null, payload);
    });
  },
  { name: 'security' },
);
