// D20: OpenAPI built from the route schemas, with Swagger UI at /api/docs while API_DOCS is true. What a client
// generator needs and every route already says is filled in here, from the route's own declarations: its
// security from `config.access` (decisions §6), the 4xx answers its validation, access check and rate limit
// can give, and an operationId when the route names none. `npm run lint:openapi` lints the result.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { apiErrorSchema } from '@safarnama/contract';
import type { Access } from './access';

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };
type RouteSchema = FastifySchema & { response?: Record<string, unknown>; operationId?: string; consumes?: string[] };

/** decisions §6 in OpenAPI: none, a bearer token, or either (a token is used when sent). */
function securityFor(access: Access | undefined): Record<string, string[]>[] {
  if (access === undefined || access === 'public') return [];
  if (access === 'optional') return [{}, { bearer: [] }];
  return [{ bearer: [] }];
}

/** The error answers a route can give by what it declares, each in the one error shape (D14). */
function errorAnswers(schema: RouteSchema, route: RouteOptions): number[] {
  const access = route.config?.access;
  const codes: number[] = [];
  if (schema.body || schema.querystring || schema.params || schema.consumes) codes.push(400);
  if (access !== undefined && access !== 'public') codes.push(401);
  // A role list narrower than every signed-in role refuses the others with 403.
  if (Array.isArray(access) && access.length < 3) codes.push(403);
  if (schema.params) codes.push(404);
  if (schema.body || schema.consumes) codes.push(413);
  if (route.config?.rateLimit) codes.push(429);
  return codes;
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET /api/inquiries/{id}/events` → `getInquiriesIdEvents`: unique per method and path. */
function derivedOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/:{}-]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map(capitalise).join('');
}

function transform(args: TransformArgs) {
  const schema = (args.schema ?? {}) as RouteSchema;
  const response: Record<string, unknown> = { ...schema.response };
  for (const code of errorAnswers(schema, args.route)) response[code] ??= apiErrorSchema;
  const result = jsonSchemaTransform({ ...args, schema: { ...schema, response } });
  const out = result.schema as RouteSchema & { security?: unknown; hide?: boolean };
  if (out.hide) return result;
  const method = Array.isArray(args.route.method) ? args.route.method[0]! : args.route.method;
  out.operationId = schema.operationId ?? derivedOperationId(method, args.url);
  out.security = securityFor(args.route.config?.access);
  return result;
}

export default fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Safarnama API', version: '1.0.0', description: 'Tour packages and trip inquiries' },
        // The server that serves these docs; the API is on the same origin as the web app.
        servers: [{ url: '/', description: 'This server' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: transform as typeof jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'docs' },
);
