// D14 at the edges of HTTP, against a listening server: a body trickled a byte at a time is cut off with 408
// (uploads get their longer time), Node's own refusals (headers too large, a malformed request) answer in the
// one error shape, a client that aborts mid-body is logged as such, and signed-in answers are never cached.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { REQUEST_TIMEOUT_MESSAGE } from './error-handler';

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** Milliseconds from the first byte sent to the connection's end. */
  ms: number;
}

describe.each(testEngines)('timeouts and edge answers on %s', (engine) => {
  let t: TestApp;
  let owner: CreatedUser;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { REQUEST_TIMEOUT: '1', UPLOAD_TIMEOUT: '3' });
    owner = await createUser(t, { role: 'Owner' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Sends `head`, then `body` one byte every `everyMs`, and reads the answer until the server closes. */
  function trickle(head: string, body: string, everyMs: number): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < body.length && socket.writable) socket.write(body[sent++]!);
      }, everyMs);
      socket.on('connect', () => socket.write(head));
      socket.on('data', (chunk) => (received += chunk.toString('utf8')));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        const [headers = '', answer = ''] = received.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
        if (status === 0) reject(new Error(`no answer: ${received}`));
        else resolve({ status, headers, body: answer, ms: Date.now() - started });
      });
    });
  }

  const requestHead = (method: string, path: string, length: number, extra = '') =>
    `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${length}\r\n${extra}\r\n`;

  it('cuts off a JSON body sent a byte at a time with 408 in the one error shape', async () => {
    const body = JSON.stringify({ name: 'Slow Loris', email: 'slow@example.com', location: 'Goa' }).padEnd(400);
    const answer = await trickle(requestHead('POST', '/api/inquiries/createPublic', body.length), body, 200);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ message: REQUEST_TIMEOUT_MESSAGE });
    expect(answer.headers.toLowerCase()).toContain('connection: close');
    expect(answer.ms).toBeLessThan(4000);
    expect(await t.app.db.selectFrom('inquiries').select('id').execute()).toEqual([]);
  });

  it('gives an upload its longer time before the 408', async () => {
    const boundary = 'slowboundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\n${'x'.repeat(200)}`;
    const head =
      `POST /api/backgrounds HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${owner.token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length + 100}\r\n\r\n`;
    const answer = await trickle(head, body, 100);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ message: REQUEST_TIMEOUT_MESSAGE });
    // Past the JSON limit (1 s here), within the upload's (3 s).
    expect(answer.ms).toBeGreaterThanOrEqual(2900);
  });

  interface HeldSocket {
    status: number;
    /** The answer's Connection header, lower-cased ('' when none). */
    connection: string;
    /** Milliseconds from connecting to the server closing the socket; undefined if it was still open at `deadline`. */
    closedMs?: number;
  }

  /** Sends `head` and a part of the body it announces, never the rest, and waits for the server to close. */
  function holdPartial(head: string, deadline: number): Promise<HeldSocket> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
      let received = '';
      const settle = (closedMs: number | undefined) => {
        clearTimeout(giveUp);
        resolve({
          status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0),
          connection: /\r\nconnection: ([^\r]*)/i.exec(received)?.[1]?.toLowerCase() ?? '',
          closedMs,
        });
      };
      // A deadline, not a wait: the test goes on as soon as every socket has closed.
      const giveUp = setTimeout(() => {
        settle(undefined);
        socket.destroy();
      }, deadline - started);
      socket.on('data', (chunk) => (received += chunk.toString('utf8')));
      socket.on('error', () => undefined);
      socket.on('close', () => settle(Date.now() - started));
    });
  }

  it('closes every socket whose body never arrives within REQUEST_TIMEOUT, answered or not (200 at once)', async () => {
    const timeoutMs = t.config.REQUEST_TIMEOUT * 1000;
    // Generous: a loaded machine, 200 connections, and Node checking its own header limit on an interval.
    const deadline = Date.now() + timeoutMs * 10;
    const partial = (method: string, path: string) => requestHead(method, path, 1000) + '{"a":';
    const kinds = [
      // No route: the not-found handler waits for the body, so only a timeout ends it (408).
      { name: 'POST to no route', request: partial('POST', '/api/no-such-path'), status: 408 },
      // Answered before the body is read: the answer must also end the connection.
      { name: 'GET /api/site', request: partial('GET', '/api/site'), status: 200 },
      { name: 'logout unsigned', request: partial('POST', '/api/auth/logout'), status: 401 },
      // Headers that never end: Node's own header limit, answered in the one error shape.
      { name: 'unended headers', request: 'GET /api/site HTTP/1.1\r\nHost: localhost\r\nX-Slow: a', status: 408 },
    ];
    const held = await Promise.all(
      Array.from({ length: 200 }, (_, i) => kinds[i % kinds.length]!).map(async (kind) => ({
        kind,
        ...(await holdPartial(kind.request, deadline)),
      })),
    );
    const stillOpen: Record<string, number> = {};
    for (const h of held) if (h.closedMs === undefined) stillOpen[h.kind.name] = (stillOpen[h.kind.name] ?? 0) + 1;
    expect(stillOpen, `sockets still open ${timeoutMs * 10} ms after they were opened`).toEqual({});
    for (const h of held) {
      expect(h.status, h.kind.name).toBe(h.kind.status);
      expect(h.connection, h.kind.name).toBe('close');
    }
  }, 60_000);

  it("answers Node's and Fastify's own refusals in the one error shape: 431, 413, 400", async () => {
    const huge = await trickle(
      `GET /api/site HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      '',
      10,
    );
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body)).toEqual({ message: 'The request headers are too large' });
    expect(huge.headers).toContain("default-src 'none'");
    // A JSON body past the limit, refused on its Content-Length.
    const big = await trickle(requestHead('POST', '/api/inquiries/createPublic', 10_000_000), '{', 10);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toEqual({ message: 'The request body is too large' });
    const malformed = await trickle('NOT A REQUEST\r\n\r\n', '', 10);
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toEqual({ message: 'The request is not valid' });
  });

  it('logs a client that aborts mid-body as an aborted request, not as the database at error level', async () => {
    const before = t.logs.length;
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(requestHead('POST', '/api/inquiries/createPublic', 500) + '{"name":"Gone');
        setTimeout(() => socket.destroy(), 150);
      });
      socket.on('close', () => setTimeout(resolve, 300));
      socket.on('error', () => undefined);
    });
    const lines = t.logs.slice(before).map((l) => JSON.parse(l) as { level: number; msg: string; event?: string });
    expect(lines.some((l) => l.event === 'request_aborted' && l.level === 30)).toBe(true);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.some((l) => l.msg === 'database unavailable')).toBe(false);
  });

  it('marks signed-in answers no-store, and leaves public ones cacheable', async () => {
    for (const url of ['/api/profile', '/api/inquiries']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer('not.a.token') });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const site = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(site.headers['cache-control']).toBe('public, max-age=300');
  });
});
