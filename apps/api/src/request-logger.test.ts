import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';
import { lazyChildLoggerFactory } from './request-logger';

// Fastify with the app's logger settings and factory, and a route that writes at chosen levels.
describe('request logger (made on the first line written)', () => {
  const logs: string[] = [];
  const app = Fastify({
    logger: loggerOptions(
      'warn',
      new Writable({
        write(chunk, _enc, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    ),
    childLoggerFactory: lazyChildLoggerFactory,
  });
  const written = () => logs.map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
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
