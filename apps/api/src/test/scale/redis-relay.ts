// A TCP relay in front of the test Redis that a test can cut and restore, to take "Redis" away from an app without
// stopping the Redis other suites use.
import net from 'node:net';

export interface RedisRelay {
  /** redis://127.0.0.1:<relay port> */
  url: string;
  /** Drops every connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startRedisRelay(target: string): Promise<RedisRelay> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    const upstream = net.connect(Number(targetPort || 6379), hostname);
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    socket.pipe(upstream).pipe(socket);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const cut = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut,
    restore: () => listen(port),
    close: () => (server.listening ? cut() : Promise.resolve()),
  };
}
