// Security headers: documents (the web app's HTML, the API docs) get helmet's full set — a CSP with no
// inline script, no framing, nosniff, a referrer policy, COOP and the rest; every other answer (JSON,
// scripts, images, errors) gets the short set an API needs, with a CSP that allows nothing at all.
import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * and every header is bytes and work on every small answer, which DESIGN §8's overhead budget for /healthz
 * counts (docs/performance.md, "API throughput").
 */
export const BARE_RESPONSE_HEADERS = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
} as const;

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
 * The headers helmet sets for these options, worked out once. They are the same on every document (no
 * nonces, no per-request directives), and @fastify/helmet rebuilt helmet from its options on every
 * request, the largest cost of the cheapest route (docs/performance.md, "API throughput").
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return [...headers];
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
    // At onSend, the one stage every answer passes (a route's, a 404, an error) and one the server runs anyway
    // (plugins/shutdown.ts): an onRequest hook gave every request a hook stage of its own, which the cheapest
    // route pays for (docs/performance.md, "API throughput"). A document has set its own set already.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!reply.hasHeader('content-security-policy')) {
        reply.headers(isDocsUrl(request.url) ? DOCUMENT_HEADER_SET : BARE_RESPONSE_HEADERS);
      }
      done(null, payload);
    });
  },
  { name: 'security' },
);
