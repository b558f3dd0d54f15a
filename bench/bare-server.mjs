// The yardstick for API overhead: a bare node:http server answering the same JSON as /healthz.
import http from 'node:http';

const body = '{"status":"ok"}';
http
  .createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
