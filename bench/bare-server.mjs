// The yardstick for API overhead: a bare node:http server answering the same JSON as /healthz, with the
// extra response headers given as JSON in BARE_HEADERS (bench/api.ts passes our security headers, so both
// servers send the same bytes).
import http from 'node:http';

const body = '{"status":"ok"}';
const headers = {
  ...JSON.parse(process.env.BARE_HEADERS ?? '{}'),
  'content-type': 'application/json; charset=utf-8',
  'content-length': Buffer.byteLength(body),
};
http
  .createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
