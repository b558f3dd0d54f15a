// A small reverse proxy for the two-instance test (node:http): each request goes to the next instance in turn, as
// nginx's upstream does. An instance that refuses a connection is skipped for a while (nginx's max_fails); a request
// that fails on its way is answered 502 and not retried (nginx does not resend a POST). Requests without an
// X-Forwarded-For get a fresh client address each, standing in for many visitors behind one proxy.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** Requests each instance answered, by its base URL. */
  servedBy: Map<string, number>;
  /**
   * Replaces the instances (nginx: edit the upstream, `nginx -s reload`); requests under way finish where they are.
   * Resolves once none is left on an instance no longer listed (nginx's old workers have exited), so that instance
   * can be stopped: a request picked for it just before the switch may still be connecting.
   */
  setUpstreams(list: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

const SKIP_FAILED_MS = 10_000;

export async function startRoundRobinProxy(initial: readonly string[]): Promise<RoundRobinProxy> {
  let upstreams = [...initial];
  const servedBy = new Map<string, number>();
  const downUntil = new Map<string, number>();
  const inFlight = new Map<string, number>();
  let settled: () => void = () => {};
  let next = 0;
  let client = 0;
  // A connection per request, as nginx's upstreams have by default. A pooled connection to an instance that is
  // killed can fail while the pool hands it to the next request, before that request listens for its errors: an
  // uncaught ECONNRESET in the test process.
  const agent = new http.Agent({ keepAlive: false });

  const pick = () => {
    for (let i = 0; i < upstreams.length; i++) {
      const upstream = upstreams[next++ % upstreams.length]!;
      if ((downUntil.get(upstream) ?? 0) <= Date.now()) return upstream;
    }
    return upstreams[next++ % upstreams.length]!;
  };

  const server = http.createServer((req, res) => {
    const upstream = pick();
    inFlight.set(upstream, (inFlight.get(upstream) ?? 0) + 1);
    res.on('close', () => {
      inFlight.set(upstream, inFlight.get(upstream)! - 1);
      settled();
    });
    client++;
    const headers = { ...req.headers };
    headers['x-forwarded-for'] ??= `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
    const out = http.request(`${upstream}${req.url}`, { method: req.method, headers, agent }, (answer) => {
      servedBy.set(upstream, (servedBy.get(upstream) ?? 0) + 1);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      // An instance killed mid-answer: the client's answer is cut too (it was never acknowledged).
      answer.on('error', () => res.destroy());
      answer.pipe(res);
    });
    req.on('error', () => out.destroy());
    res.on('error', () => out.destroy());
    out.on('error', () => {
      downUntil.set(upstream, Date.now() + SKIP_FAILED_MS);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    servedBy,
    setUpstreams(list) {
      upstreams = [...list];
      const left = () => [...inFlight].every(([upstream, n]) => n === 0 || upstreams.includes(upstream));
      return new Promise<void>((resolve) => {
        settled = () => {
          if (left()) resolve();
        };
        settled();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
