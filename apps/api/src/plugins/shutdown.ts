// While the server shuts down, the answers of requests still in flight carry `Connection: close`. A keep-alive
// client then opens a new connection for its next request, which is refused (plainly not sent), instead of
// writing it on a connection the server is about to drop: a reset, after which the client cannot tell whether
// its inquiry was stored. Requests that arrive during the close get Fastify's 503 (return503OnClosing).
import fp from 'fastify-plugin';

export const shutdownPlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    // A callback hook, not an async one: it runs on every answer, and a promise per answer costs throughput.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'shutdown' },
);
