// The second yardstick for API overhead: a plain Fastify app answering the same JSON as /healthz with the same
// headers as bare-server.mjs (BARE_HEADERS), and nothing else: what the framework alone costs.
import Fastify from 'fastify';

const headers = JSON.parse(process.env.BARE_HEADERS ?? '{}');
const app = Fastify({ logger: false });
app.get('/healthz', (_req, reply) => {
  reply.headers(headers).type('application/json; charset=utf-8').send('{"status":"ok"}');
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
