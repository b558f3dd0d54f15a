// `npm run bench:reports`: the owner's one-year summary at a million inquiries (decisions §8: ≤ 500 ms p95 on SQLite
// and PostgreSQL) and the CSV export of every row in flat memory. Seeds a temporary database per engine (or reuses
// one seeded by `npm run bench:inquiries -- --seed-only`), times GET /api/reports/summary through the whole app
// (app.inject), then streams GET /api/inquiries/export.csv while sampling the process's RSS. Writes
// bench/results/reports.{md,json}.
//
//   npm run bench:reports -- [--count 1000000] [--engines sqlite,postgres] [--runs 20]
//                            [--sqlite <data dir to reuse>] [--postgres <database url to reuse>] [--no-export]
import { parseArgs } from 'node:util';
import { kolkataDate } from '@safarnama/contract/kolkata-time';
import type { App } from '../apps/api/src/app';
import type { Engine } from '../apps/api/src/db/dialect';
import { saveResult } from './lib';
import { benchToken, fmt, prepareTarget, startApp } from './seeded-app';

const BUDGET_MS = 500;
const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '1000000' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    runs: { type: 'string', default: '20' },
    sqlite: { type: 'string' },
    postgres: { type: 'string' },
    'no-export': { type: 'boolean', default: false },
  },
});
const COUNT = Number(args.count);
const RUNS = Number(args.runs);
const ENGINES = args.engines.split(',').filter((e): e is Engine => e === 'sqlite' || e === 'postgres');

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)]!;
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

/** The last twelve whole months up to today, as the page's "last 12 months" preset asks. */
function lastYear() {
  const to = kolkataDate(Date.now());
  const today = new Date(`${to}T00:00:00Z`);
  const from = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate() + 1));
  return { from: from.toISOString().slice(0, 10), to };
}

async function timeSummary(app: App, token: string) {
  const { from, to } = lastYear();
  const url = `/api/reports/summary?from=${from}&to=${to}`;
  const times: number[] = [];
  let received = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const took = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    received = (res.json() as { totals: { received: number } }).totals.received;
    if (i >= 3) times.push(took);
  }
  return { url, received, p95: p95(times), max: Math.max(...times) };
}

/**
 * Streams the whole export over HTTP, sampling RSS every 100 ms: the growth over the start, and the peak in each
 * quarter of the rows — flat memory shows as quarters that stop growing, whatever the row count.
 */
async function measureExport(app: App, token: string, expected: number) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const before = process.memoryUsage().rss;
  let peak = before;
  const quarters = [0, 0, 0, 0];
  let lines = 0;
  const timer = setInterval(() => {
    const rss = process.memoryUsage().rss;
    peak = Math.max(peak, rss);
    const q = Math.min(3, Math.floor((lines / Math.max(1, expected)) * 4));
    quarters[q] = Math.max(quarters[q]!, mib(rss - before));
  }, 100);
  const started = performance.now();
  let bytes = 0;
  try {
    const res = await fetch(`${address}/api/inquiries/export.csv`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
    // A reader, not for-await: with the DOM's types in the program (jsdom's), a web stream is not async-iterable.
    const reader = res.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.length;
      for (const b of chunk.value) if (b === 10) lines++;
    }
  } finally {
    clearInterval(timer);
  }
  return {
    rows: lines - 1,
    bytes,
    seconds: (performance.now() - started) / 1000,
    rssBeforeMiB: mib(before),
    rssGrowthMiB: mib(peak - before),
    rssGrowthByQuarterMiB: quarters,
  };
}

async function main() {
  const results: Record<string, unknown> = {};
  const lines = [
    '## Reports and export',
    '',
    `${fmt(COUNT)} inquiries; the one-year summary over ${RUNS} timed runs.`,
    '',
  ];
  lines.push(
    '| engine | inquiries in the year | summary p95 | max | budget | export rows | export time | RSS growth |',
  );
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const engine of ENGINES) {
    const target = await prepareTarget(engine, {
      name: 'reports',
      count: COUNT,
      reuse: engine === 'sqlite' ? args.sqlite : args.postgres,
    });
    const app = await startApp(target);
    try {
      const token = await benchToken(app, 'Owner');
      const summary = await timeSummary(app, token);
      const visible = await app.db
        .selectFrom('inquiries')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      const exported = args['no-export'] ? undefined : await measureExport(app, token, Number(visible.n));
      results[engine] = { summary, exported };
      lines.push(
        `| ${engine} | ${fmt(summary.received)} | ${summary.p95.toFixed(0)} ms | ${summary.max.toFixed(0)} ms | ` +
          `${summary.p95 <= BUDGET_MS ? 'met' : 'MISSED'} (≤ ${BUDGET_MS} ms) | ${exported ? fmt(exported.rows) : '–'} | ` +
          `${exported ? `${exported.seconds.toFixed(0)} s` : '–'} | ${exported ? `${exported.rssGrowthMiB} MiB (${exported.rssGrowthByQuarterMiB.join(' / ')})` : '–'} |`,
      );
      console.info(lines.at(-1));
    } finally {
      await app.close();
      await target.drop();
    }
  }
  saveResult('reports', results, `${lines.join('\n')}\n`);
}

await main();
