// API overhead and search throughput (decisions §8): /healthz against a plain Fastify app sending the same bytes on
// the same Node (a floor that catches regressions: ≥ 0.6×) and a bare node:http server (reported), search against
// /healthz (plain and as browsers ask), and the same search on a small Express 5 server; wrk at 50 connections,
// each server pinned to core 0 and wrk to core 1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cpuSeconds,
  load,
  median,
  requireBuild,
  requireWrk,
  root,
  saveResult,
  serverNodeVersion,
  startPinned,
  stop,
  tempDir,
  waitFor,
  type LoadResult,
} from './lib';
import { BARE_RESPONSE_HEADERS } from '../apps/api/src/plugins/security';
import { hasValgrind, instructionsPerRequest } from './instructions';

/** Instructions a `/healthz` request (bench/instructions.ts), by server. */
interface InstructionCounts {
  bareSame: number;
  fastify: number;
  healthz: number;
}

/** decisions §8's floor: our /healthz against the plain Fastify app, same bytes, same Node. */
const OVERHEAD_FLOOR = 0.6;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
/** Rounds: the issue asks for three; more narrow the spread on a shared machine (BENCH_ROUNDS). */
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 5));
const SEARCHES = [
  '/api/packages/search?search=kerala',
  '/api/packages/search?search=goa&maxPrice=30000',
  '/api/packages/search?minPrice=20000&maxPrice=60000',
  '/api/packages/search?minDuration=5&maxDuration=8',
  '/api/packages/search?search=himalaya&minDuration=6',
  '/api/packages/search?search=beach',
  '/api/packages/search',
  '/api/packages/search?search=fort&maxPrice=50000',
  '/api/packages/search?maxDuration=4',
  '/api/packages/search?search=tea%20gardens',
];

async function main() {
  requireBuild();
  requireWrk();
  const dataDir = tempDir('api');
  const oursEnv = {
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '100000',
  };
  const ours = startPinned([path.join(root, 'apps/api/dist/server.js')], {
    ...oursEnv,
    PORT: '3401',
    SEED_DEMO: 'true',
  });
  const bare = startPinned([path.join(root, 'bench/bare-server.mjs')], { PORT: '3402' });
  // The same server sending our five security headers too, so the two answers are byte for byte alike and
  // the ratio is the cost of the framework and our code, not of header bytes the load generator must parse.
  const sameHeaders = { BARE_HEADERS: JSON.stringify(BARE_RESPONSE_HEADERS) };
  const bareSame = startPinned([path.join(root, 'bench/bare-server.mjs')], { ...sameHeaders, PORT: '3405' });
  const fastify = startPinned([path.join(root, 'bench/fastify-server.mjs')], { ...sameHeaders, PORT: '3406' });
  await waitFor('http://127.0.0.1:3401/readyz');
  // The same build with the default LOG_LEVEL=info (a JSON line per request and per response), to show what
  // request logging costs; its output goes to /dev/null, as cheap a sink as a log file gets.
  const oursInfo = startPinned([path.join(root, 'apps/api/dist/server.js')], {
    ...oursEnv,
    PORT: '3404',
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
  });
  await waitFor('http://127.0.0.1:3404/readyz');
  const express = startPinned([path.join(root, 'bench/express-search.mjs')], {
    PORT: '3403',
    DB_FILE: path.join(dataDir, 'safarnama.db'),
  });
  await waitFor('http://127.0.0.1:3402/');
  await waitFor('http://127.0.0.1:3405/');
  await waitFor('http://127.0.0.1:3406/healthz');
  await waitFor('http://127.0.0.1:3403/api/packages/search');

  // wrk sends no Accept-Encoding, so answers go uncompressed, as Express's do; `searchBrotli` asks for
  // compression as a browser would (@fastify/compress), held to its own budget.
  const COMPRESSED = { 'accept-encoding': 'br, gzip' };
  const servers: Record<string, { pid?: number }> = {
    bare,
    bareSame,
    fastify,
    healthz: ours,
    search: ours,
    express,
    healthzInfo: oursInfo,
    searchBrotli: ours,
  };
  const targets = {
    bare: (s: number) => load('http://127.0.0.1:3402', ['/healthz'], s),
    bareSame: (s: number) => load('http://127.0.0.1:3405', ['/healthz'], s),
    fastify: (s: number) => load('http://127.0.0.1:3406', ['/healthz'], s),
    healthz: (s: number) => load('http://127.0.0.1:3401', ['/healthz'], s),
    search: (s: number) => load('http://127.0.0.1:3401', SEARCHES, s),
    express: (s: number) => load('http://127.0.0.1:3403', SEARCHES, s),
    healthzInfo: (s: number) => load('http://127.0.0.1:3404', ['/healthz'], s),
    searchBrotli: (s: number) => load('http://127.0.0.1:3401', SEARCHES, s, 50, COMPRESSED),
  };
  type Target = keyof typeof targets;
  const names = Object.keys(targets) as Target[];
  const runs = Object.fromEntries(names.map((n) => [n, [] as LoadResult[]])) as Record<Target, LoadResult[]>;
  let instructions: InstructionCounts | undefined;
  try {
    for (const name of names) {
      console.info(`warm-up ${name}`);
      await targets[name](3);
    }
    for (let round = 1; round <= ROUNDS; round++) {
      // Every other round runs the targets in reverse, so a drift in the machine's load favours none.
      for (const name of round % 2 ? names : [...names].reverse()) {
        const cpu0 = cpuSeconds(servers[name]!.pid);
        const r = await targets[name](SECONDS);
        r.cpuUs = ((cpuSeconds(servers[name]!.pid) - cpu0) * 1e6) / Math.max(1, r.requests);
        console.info(
          `round ${round} ${name}: ${Math.round(r.rps)} req/s, ${r.cpuUs.toFixed(1)} µs CPU a request, ` +
            `p99 ${r.p99} ms, errors ${r.errors}`,
        );
        runs[name].push(r);
      }
    }
    if (hasValgrind()) {
      console.info('instructions a request under callgrind (a few minutes)');
      instructions = {
        bareSame: await instructionsPerRequest([path.join(root, 'bench/bare-server.mjs')], sameHeaders, 3407),
        fastify: await instructionsPerRequest([path.join(root, 'bench/fastify-server.mjs')], sameHeaders, 3408),
        healthz: await instructionsPerRequest(
          [path.join(root, 'apps/api/dist/server.js')],
          { ...oursEnv, SEED_DEMO: 'false' },
          3409,
        ),
      };
    }
  } finally {
    await Promise.all([stop(ours), stop(oursInfo), stop(bare), stop(bareSame), stop(fastify), stop(express)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const m = Object.fromEntries(
    Object.entries(runs).map(([k, rs]) => [
      k,
      {
        rps: median(rs.map((r) => r.rps)),
        cpuUs: median(rs.map((r) => r.cpuUs ?? NaN)),
        p99: median(rs.map((r) => r.p99)),
        errors: rs.reduce((a, r) => a + r.errors, 0),
      },
    ]),
  ) as Record<Target, { rps: number; cpuUs: number; p99: number; errors: number }>;
  // Each ratio is taken within a round (the two runs a few seconds apart), then the median over rounds:
  // another process's burst then spoils one round's ratio rather than one side of every ratio.
  const ratio = (a: Target, b: Target) => median(runs[a].map((r, i) => r.rps / runs[b][i]!.rps));
  const overhead = ratio('healthz', 'fastify');
  // The same ratios from the server's CPU time per request (a request per µs of one core), which another
  // process on the machine disturbs far less than requests per second.
  const cpuRatio = (a: Target, b: Target) => median(runs[a].map((r, i) => runs[b][i]!.cpuUs! / r.cpuUs!));
  const overheadCpu = cpuRatio('healthz', 'fastify');
  const overheadBare = ratio('healthz', 'bareSame');
  const overheadBareCpu = cpuRatio('healthz', 'bareSame');
  const fastifyCpu = cpuRatio('fastify', 'bareSame');
  const searchCpu = cpuRatio('search', 'healthz');
  const brotliCpu = cpuRatio('searchBrotli', 'healthz');
  const overheadPlain = ratio('healthz', 'bare');
  const fastifyRatio = ratio('fastify', 'bareSame');
  const brotliRatio = ratio('searchBrotli', 'healthz');
  const searchRatio = ratio('search', 'healthz');
  const vsExpress = ratio('search', 'express');
  const infoCost = 1 - ratio('healthzInfo', 'healthz');
  const ok = (b: boolean) => (b ? 'yes' : '**no**');
  const md = `## API throughput

wrk (C, one thread), 50 connections, ${SECONDS} s per run after a 3 s warm-up of each target, ${ROUNDS} rounds (the
order reversed every other round); the first table gives medians over rounds, each ratio the median of the
rounds' ratios. Each server is pinned to core 0 and wrk to core 1 (taskset), so the load generator is not the
bottleneck. The CPU column is the server's own CPU time (from /proc) over the requests it answered; its ratios
(the other server's CPU time a request over this one's) are what each would serve on a core of its own, and are
the figures a busy machine disturbs least (load average at the end of this run: ${os.loadavg()[0]!.toFixed(1)}). Every server runs on the Node named below (\`BENCH_NODE\`, else the bench's own); ours is the production build on the demo SQLite database with \`LOG_LEVEL=warn\`. The bare
node:http server and the plain Fastify app send the same body and our five security headers
(\`BARE_RESPONSE_HEADERS\`). Search rotates ${SEARCHES.length} filters; wrk asks for no compression unless said.
The machine is shared with other work: rerun a figure that looks off.

| target | req/s (median) | server CPU µs a request | p99 ms | errors |
| --- | ---: | ---: | ---: | ---: |
| bare node:http \`/healthz\`, same headers as ours | ${Math.round(m.bareSame.rps)} | ${m.bareSame.cpuUs.toFixed(1)} | ${ms(m.bareSame.p99)} | ${m.bareSame.errors} |
| plain Fastify \`/healthz\`, same headers | ${Math.round(m.fastify.rps)} | ${m.fastify.cpuUs.toFixed(1)} | ${ms(m.fastify.p99)} | ${m.fastify.errors} |
| bare node:http, no security headers (reference) | ${Math.round(m.bare.rps)} | ${m.bare.cpuUs.toFixed(1)} | ${ms(m.bare.p99)} | ${m.bare.errors} |
| Safarnama \`/healthz\` | ${Math.round(m.healthz.rps)} | ${m.healthz.cpuUs.toFixed(1)} | ${ms(m.healthz.p99)} | ${m.healthz.errors} |
| Safarnama \`/api/packages/search\` | ${Math.round(m.search.rps)} | ${m.search.cpuUs.toFixed(1)} | ${ms(m.search.p99)} | ${m.search.errors} |
| Safarnama search, \`Accept-Encoding: br, gzip\` | ${Math.round(m.searchBrotli.rps)} | ${m.searchBrotli.cpuUs.toFixed(1)} | ${ms(m.searchBrotli.p99)} | ${m.searchBrotli.errors} |
| Express 5 + better-sqlite3, same search | ${Math.round(m.express.rps)} | ${m.express.cpuUs.toFixed(1)} | ${ms(m.express.p99)} | ${m.express.errors} |
| Safarnama \`/healthz\`, \`LOG_LEVEL=info\` (reference) | ${Math.round(m.healthzInfo.rps)} | ${m.healthzInfo.cpuUs.toFixed(1)} | ${ms(m.healthzInfo.p99)} | ${m.healthzInfo.errors} |

| budget | req/s ratio | CPU ratio | held |
| --- | ---: | ---: | :---: |
| \`/healthz\` ≥ ${OVERHEAD_FLOOR}× plain Fastify (same bytes, same Node; a regression floor) | ${overhead.toFixed(2)}× | ${overheadCpu.toFixed(2)}× | ${ok(overhead >= OVERHEAD_FLOOR)} |
| \`/healthz\` against bare node:http (same bytes, reported) | ${overheadBare.toFixed(2)}× | ${overheadBareCpu.toFixed(2)}× | — |
| plain Fastify against bare node:http (reported) | ${fastifyRatio.toFixed(2)}× | ${fastifyCpu.toFixed(2)}× | — |
| \`/healthz\` against bare node:http without our headers (reported) | ${overheadPlain.toFixed(2)}× | | — |
| search ≥ 0.5× \`/healthz\` | ${searchRatio.toFixed(2)}× | ${searchCpu.toFixed(2)}× | ${ok(searchRatio >= 0.5)} |
| search as browsers ask ≥ 0.3× \`/healthz\` | ${brotliRatio.toFixed(2)}× | ${brotliCpu.toFixed(2)}× | ${ok(brotliRatio >= 0.3)} |
| search p99 ≤ 10 ms | ${ms(m.search.p99)} ms | | ${ok(m.search.p99 <= 10)} |
| 0 errors | ${m.healthz.errors + m.search.errors} | | ${ok(m.healthz.errors + m.search.errors === 0)} |
| search vs Express 5 (reported) | ${vsExpress.toFixed(2)}× | | — |
| throughput lost to \`info\` request logging (reported) | ${(infoCost * 100).toFixed(0)}% | | — |

${instructionsLine(instructions)}`;
  saveResult(
    'api',
    {
      medians: m,
      runs,
      overhead,
      overheadCpu,
      overheadBare,
      overheadBareCpu,
      overheadPlain,
      fastifyRatio,
      fastifyCpu,
      searchRatio,
      searchCpu,
      brotliRatio,
      brotliCpu,
      vsExpress,
      infoCost,
      instructions,
      load: os.loadavg()[0],
    },
    md,
    serverNodeVersion(),
  );
  console.info(md);
}

/** The callgrind counts, or how to get them. */
function instructionsLine(counts: InstructionCounts | undefined) {
  if (!counts)
    return 'Instructions a request: not counted, valgrind was not found (`sudo apt-get install valgrind`).\n';
  const k = (n: number) => `${(n / 1000).toFixed(1)}k`;
  return `Instructions a \`/healthz\` request (callgrind, all threads, 4,000 after 4,000 of warm-up; steady within 1%, but blind
to the kernel, caches and V8's runtime paths): bare node:http ${k(counts.bareSame)}, plain Fastify ${k(counts.fastify)} (${(counts.bareSame / counts.fastify).toFixed(2)}× bare), Safarnama ${k(counts.healthz)} (${(counts.fastify / counts.healthz).toFixed(2)}× plain Fastify).
`;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
