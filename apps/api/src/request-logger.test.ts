import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggingOptions } from './logger';

// Fastify with the app's logging options (logger.ts), and routes that write at chosen levels.
function loggedApp(level: 'warn' | 'info', trustProxy = 0) {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = Fastify(loggingOptions({ LOG_LEVEL: level, TRUST_PROXY: trustProxy }, stream));
  app.get('/probe', (request) => {
    request.log.info({ password: 'Secret#123' }, 'below the level');
    request.log.warn({ password: 'Secret#123', step: 1 }, 'first warning');
    request.log.child({ part: 'inner' }).error('from a child');
    return { level: request.log.level };
  });
  app.get('/quiet', (request) => {
    request.log.info('below the level');
    return {};
  });
  const written = () => logs.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { app, logs, written };
}

describe('request logger', () => {
  const { app, logs, written } = loggedApp('warn');

  beforeAll(async () => {
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('writes only enabled levels, each line with its reqId and redacted, and children keep the bindings', async () => {
    logs.length = 0;
    const res = await app.inject({ method: 'GET', url: '/probe' });
    expect(res.json()).toEqual({ level: 'warn' });
    const lines = written();
    expect(lines.map((l) => l.msg)).toEqual(['first warning', 'from a child']);
    expect(lines[0]!.reqId).toMatch(/^req-/);
    expect(lines[0]).toMatchObject({ level: 40, step: 1, password: '[redacted]' });
    expect(lines[1]).toMatchObject({ level: 50, reqId: lines[0]!.reqId, part: 'inner' });
  });

  it('follows the level when it is raised or lowered at run time', async () => {
    logs.length = 0;
    app.log.level = 'info';
    await app.inject({ method: 'GET', url: '/quiet' });
    app.log.level = 'warn';
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(written().filter((l) => l.msg === 'below the level')).toHaveLength(1);
  });
});

// What docs/deployment.md promises the reader of the logs: each request's method, path, status and time, under
// one reqId, the proxy's X-Request-Id when TRUST_PROXY is on (D29).
describe('request and response lines', () => {
  const behindProxy = loggedApp('info', 1);
  const direct = loggedApp('info');

  beforeAll(async () => {
    await Promise.all([behindProxy.app.ready(), direct.app.ready()]);
  });
  afterAll(async () => {
    await Promise.all([behindProxy.app.close(), direct.app.close()]);
  });

  const lineOf = (lines: Record<string, unknown>[], msg: string) => lines.find((l) => l.msg === msg)!;

  it("carries method, path without the query, status and time under the proxy's request id", async () => {
    const headers = { 'x-request-id': 'proxy-7f3a9c.42' };
    await behindProxy.app.inject({ method: 'GET', url: '/quiet?q=sharma', headers });
    const lines = behindProxy.written();
    expect(lineOf(lines, 'incoming request')).toMatchObject({
      level: 30,
      reqId: 'proxy-7f3a9c.42',
      req: { method: 'GET', url: '/quiet' },
    });
    const done = lineOf(lines, 'request completed');
    expect(done).toMatchObject({ level: 30, reqId: 'proxy-7f3a9c.42', res: { statusCode: 200 } });
    expect(done.responseTime).toEqual(expect.any(Number));
    expect(behindProxy.logs.join('')).not.toContain('sharma');
  });

  it('makes its own id without a trusted proxy, and for a header that is not an id', async () => {
    await direct.app.inject({ method: 'GET', url: '/quiet', headers: { 'x-request-id': 'proxy-7f3a9c.42' } });
    await behindProxy.app.inject({ method: 'GET', url: '/nowhere', headers: { 'x-request-id': 'a b\nc' } });
    expect(direct.logs.join('')).not.toContain('proxy-7f3a9c.42');
    expect(lineOf(direct.written(), 'request completed').reqId).toMatch(/^req-/);
    const notFound = behindProxy
      .written()
      .filter((l) => l.msg === 'request completed')
      .at(-1)!;
    expect(notFound).toMatchObject({ reqId: expect.stringMatching(/^req-/), res: { statusCode: 404 } });
  });
});
