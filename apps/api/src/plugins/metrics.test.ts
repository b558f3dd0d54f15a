// D29: GET /metrics in Prometheus' text format for the bearer of METRICS_TOKEN only (off without it), and a trusted
// proxy's X-Request-Id kept as the request id in logs and answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../test/helper';

const TOKEN = 'metrics-test-token-0123456789';

describe.each(testEngines)('/metrics on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('answers only the bearer of METRICS_TOKEN', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toContain('http_requests_total');
    }
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route and status, with latency histograms, the outbox, event-loop lag and memory', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/packages' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    const text = (await scrape()).body;
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/packages",status="200"\} 3$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status="404"\} 1$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/packages",status="200"\} \d+$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/packages",status="200"\} 3$/m,
    );
    expect(text).toMatch(/^outbox_mails\{status="pending"\} \d+$/m);
    expect(text).toMatch(/^outbox_mails\{status="failed"\} \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^rate_limits_shared 0$/m);
    if (engine === 'postgres') {
      expect(text).toMatch(/^db_pool_connections_in_use \d+$/m);
      expect(text).toMatch(/^db_pool_waiting 0$/m);
    }
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('is off: 404', async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('X-Request-Id', () => {
  it('is the request id in logs and answers behind a trusted proxy, and ignored without TRUST_PROXY', async () => {
    const trusted = await createTestApp('sqlite', { TRUST_PROXY: '1' });
    const direct = await createTestApp('sqlite');
    try {
      const headers = { 'x-request-id': 'proxy-7f3a9c.42' };
      const res = await trusted.app.inject({ method: 'GET', url: '/api/nothing-here', headers });
      expect(res.headers['x-request-id']).toBe('proxy-7f3a9c.42');
      expect(trusted.logs.some((l) => l.includes('"reqId":"proxy-7f3a9c.42"'))).toBe(true);
      // Not an id: a fresh one is made (no log injection through the header).
      const odd = await trusted.app.inject({ method: 'GET', url: '/api/x', headers: { 'x-request-id': 'a b\nc' } });
      expect(odd.headers['x-request-id']).toMatch(/^req-/);

      const plain = await direct.app.inject({ method: 'GET', url: '/api/nothing-here', headers });
      expect(plain.headers['x-request-id']).toBeUndefined();
      expect(direct.logs.some((l) => l.includes('proxy-7f3a9c.42'))).toBe(false);
    } finally {
      await Promise.all([trusted.close(), direct.close()]);
    }
  });
});
