// Memory under a 5-minute mixed load (reads, searches, inquiry writes, logins): the server's RSS may grow less
// than 10% between the first and the last minute.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { requireBuild, root, saveResult, serverNodeVersion, startPinned, stop, tempDir, waitFor } from './lib';

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 300);
const PORT = 3411;
const BASE = `http://127.0.0.1:${PORT}`;

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function main() {
  requireBuild();
  const dataDir = tempDir('memory');
  const server = startPinned([path.join(root, 'apps/api/dist/server.js')], {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    RATE_LIMIT_FACTOR: '1000000',
  });
  await waitFor(`${BASE}/readyz`);
  const packages = (await (await fetch(`${BASE}/api/packages`)).json()) as { _id: string }[];
  const inquiry = JSON.stringify({
    name: 'Load Test',
    email: 'load@example.com',
    whatsappNumber: '+91 90000 00000',
    location: 'Goa',
    noOfAdults: 2,
    budget: 40000,
  });
  // The demo Customer's password is generated for this data folder at seed (D24): "role e-mail password" a line.
  const customerLine = fs
    .readFileSync(path.join(dataDir, 'demo-logins.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((fields) => fields[1] === 'customer@safarnama.example');
  const login = JSON.stringify({ email: customerLine?.[1], password: customerLine?.[2] });
  const get = (p: string) => ({ method: 'GET' as const, path: p });
  const post = (p: string, body: string) => ({
    method: 'POST' as const,
    path: p,
    body,
    headers: { 'content-type': 'application/json' },
  });
  // 20 requests a cycle: 12 reads, 4 searches, 3 inquiry writes, 1 login.
  const mix = [
    ...packages.slice(0, 6).map((p) => get(`/api/packages/${p._id}`)),
    get('/api/packages'),
    get('/api/backgrounds'),
    get('/api/site'),
    get('/'),
    get('/packages'),
    get('/api/packages'),
    get('/api/packages/search?search=kerala'),
    get('/api/packages/search?minPrice=20000&maxPrice=60000'),
    get('/api/packages/search?search=beach&maxDuration=6'),
    get('/api/packages/search?minDuration=5'),
    post('/api/inquiries/createPublic', inquiry),
    post('/api/inquiries/createPublic', inquiry),
    post('/api/inquiries/createPublic', inquiry),
    post('/api/auth/login', login),
  ];
  let i = 0;
  const samples: { t: number; rss: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => samples.push({ t: (Date.now() - started) / 1000, rss: rssKb(server.pid!) }), 1000);
  let result;
  try {
    result = await autocannon({
      url: BASE,
      connections: 20,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (req) => {
            const next = mix[i++ % mix.length]!;
            return { ...req, ...next };
          },
        },
      ],
    });
  } finally {
    clearInterval(sampler);
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const window = Math.min(60, Math.floor(SECONDS / 5));
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const first = avg(samples.filter((s) => s.t <= window).map((s) => s.rss));
  const last = avg(samples.filter((s) => s.t > SECONDS - window).map((s) => s.rss));
  const growth = (last - first) / first;
  const md = `## Memory under mixed load

${SECONDS} s of autocannon at 20 connections over a mix of package reads, searches, public inquiry writes and
logins (argon2id); the server's RSS sampled every second from /proc.

| figure | value |
| --- | ---: |
| requests | ${result.requests.total} (${Math.round(result.requests.average)} req/s), ${result.errors + result.non2xx} errors |
| mean RSS, first ${window} s | ${(first / 1024).toFixed(1)} MiB |
| mean RSS, last ${window} s | ${(last / 1024).toFixed(1)} MiB |
| growth | ${(growth * 100).toFixed(1)}% (budget < 10%: ${growth < 0.1 ? 'held' : '**not held**'}) |
`;
  saveResult(
    'memory',
    { seconds: SECONDS, first, last, growth, samples, requests: result.requests.total },
    md,
    serverNodeVersion(),
  );
  console.info(md);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
