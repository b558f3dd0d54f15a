// GET /metrics in Prometheus' text format (D29), on only when METRICS_TOKEN is set and only for that bearer token:
// requests by route and status with latency histograms, the PostgreSQL pool, the mail outbox, event-loop lag and
// memory (prom-client's process metrics). Each app has its own registry, so tests may build several in one process.
import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../errors';

/** Routes no handler matched (404s of any path) share one label, so scanners cannot grow the series without end. */
const UNMATCHED = 'unmatched';

const tokenMatches = (request: FastifyRequest, token: string) => {
  const given = Buffer.from(request.headers.authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
};

export default fp(
  async (app: FastifyInstance) => {
    const token = app.config.METRICS_TOKEN;
    if (!token) return;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route and status',
      labelNames,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to answer, by route and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED,
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    });

    const pool = app.dbHandle.pool;
    if (pool) {
      new Gauge({
        name: 'db_pool_connections_in_use',
        help: 'PostgreSQL connections checked out of the pool',
        registers: [registry],
        collect() {
          this.set(pool.totalCount - pool.idleCount);
        },
      });
      new Gauge({
        name: 'db_pool_waiting',
        help: 'Queries waiting for a PostgreSQL connection',
        registers: [registry],
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }
    new Gauge({
      name: 'outbox_mails',
      help: 'Notification mails in the outbox by status: pending (the backlog) and failed (given up)',
      labelNames: ['status'],
      registers: [registry],
      async collect() {
        const rows = await sql<{ status: string; n: number | string }>`
          SELECT status, count(*) AS n FROM notification_outbox WHERE status IN ('pending', 'failed') GROUP BY status`
          .execute(app.db)
          .then((r) => r.rows)
          .catch(() => []);
        this.reset();
        for (const status of ['pending', 'failed']) {
          const row = rows.find((r) => r.status === status);
          this.set({ status }, Number(row?.n ?? 0));
        }
      },
    });
    new Gauge({
      name: 'rate_limits_shared',
      help: '1 while rate limits are kept in Redis, 0 while this process counts alone',
      registers: [registry],
      collect() {
        this.set(app.sharedLimits?.isShared() ? 1 : 0);
      },
    });

    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      if (!tokenMatches(request, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError(401, 'A valid metrics token is required');
      }
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
