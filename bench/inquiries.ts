// `npm run bench:inquiries`: the inquiry list at a million rows (decisions §8) on SQLite and PostgreSQL. Seeds a
// temporary database per engine (or reuses one), then times GET /api/inquiries through the whole app (app.inject:
// routing, validation, queries, serialisation) over a grid: every sort and order × each kind of search × each
// kind of status filter × pages 1, 10 and 100 of 50, plus pages 1 and 10 of 200; then status counts and dashboard
// stats. Each cell is requested REPEATS times, in turns with the other pages of its sort and order, so its p95
// leaves out the first request of a search that the cache then keeps; the slowest single request of the run is
// reported apart; a cell over budget says how much of its p95 request was the garbage collector's pauses.
// Writes bench/results/inquiries.*.
//
//   npm run bench:inquiries -- [--count 1000000] [--engines sqlite,postgres] [--repeats 20]
//                              [--sqlite <data dir to reuse>] [--postgres <database url to reuse>] [--keep]
//                              [--grep <regexp>] [--markdown-only]
// --grep times only the cells whose label matches (for example 'search one letter', '^workflow today', 'p100x50$')
// and prints them without saving: a full grid takes 3–30 minutes an engine (by machine), a question about a few cells should not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { INQUIRY_SORTS } from '@safarnama/contract';
import type { App } from '../apps/api/src/app';
import { SQLITE_FILE_NAME } from '../apps/api/src/db/connection';
import type { Engine } from '../apps/api/src/db/dialect';
import { resultsDir, saveResult } from './lib';
import { benchToken, fmt, prepareTarget, startApp } from './seeded-app';

const BUDGET_MS = 20;
const SLOWEST_BUDGET_MS = 300;

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '1000000' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    repeats: { type: 'string', default: '20' },
    sqlite: { type: 'string' },
    postgres: { type: 'string' },
    keep: { type: 'boolean', default: false },
    grep: { type: 'string' },
    'markdown-only': { type: 'boolean', default: false },
  },
});
const GREP = args.grep === undefined ? undefined : new RegExp(args.grep);
const COUNT = Number(args.count);
const REPEATS = Number(args.repeats);
const ENGINES = args.engines.split(',').filter((e): e is Engine => e === 'sqlite' || e === 'postgres');

/** The searches of the grid; the seed's generator makes "sharma" a common surname and "k" a common letter. */
const SEARCHES: Record<string, string> = { none: '', rare: '', common: 'sharma', 'one letter': 'k', 'two words': '' };
const STATUSES: Record<string, string | undefined> = { none: undefined, rare: 'Booking Pending', common: 'New' };
/** D26's "my work" filters (a seed handler's id stands in for {staffId}; the bench's own Staff handles none). */
const WORKFLOWS: Record<string, string> = {
  handler: 'assignedTo=',
  unassigned: 'assignedTo=unassigned',
  overdue: 'followUp=overdue',
  today: 'followUp=today',
  upcoming: 'followUp=upcoming',
  'no follow-up': 'followUp=none',
  'handler overdue': 'followUp=overdue&assignedTo=',
};
const PAGES = [
  { page: 1, pageSize: 50 },
  { page: 10, pageSize: 50 },
  { page: 100, pageSize: 50 },
  { page: 1, pageSize: 200 },
  { page: 10, pageSize: 200 },
];

/** A cell's label, which --grep matches: `[workflow W|]search S|status S|sort order|pPAGExSIZE`. */
const cellLabel = (c: Omit<Cell, 'p95'>) =>
  `${c.workflow ? `workflow ${c.workflow}|` : ''}search ${c.search}|status ${c.status}|${c.sort} ${c.order}|` +
  `p${c.page}x${c.pageSize}`;

const p = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? 0;
};
const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));

/**
 * The garbage collector's pauses in this process, which runs the app: a cell over budget then says how much of
 * the request at its p95 was a pause rather than its own work. Cleared at each cell group's start.
 */
const gcPauses: { start: number; ms: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcPauses.push({ start: e.startTime, ms: e.duration });
}).observe({ entryTypes: ['gc'] });
/** The pause time that began within a request timed from `at` for `took` ms. */
const gcWithin = (at: number, took: number) =>
  gcPauses.filter((g) => g.start >= at && g.start < at + took).reduce((sum, g) => sum + g.ms, 0);
/** Lets the observer's entries of the last requests arrive (they are delivered a few immediates later). */
const gcSettled = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** Reads a file to its end, so the OS holds its pages. */
function readThrough(file: string) {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(16 << 20);
    while (fs.readSync(fd, buffer, 0, buffer.length, null) > 0);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * SQLite: the file read through, then every page touched by the app. SQLite maps the file (db/dialect.ts), so a page
 * the OS holds still costs the app's process a page fault the first time a query touches it, which on a virtual
 * machine can double a common search's first sort. `PRAGMA quick_check` on the app's own connection touches every
 * page once, as a server that has run a while has. Says what it did, for the summary.
 */
async function warmSqlite(app: App, file: string): Promise<string> {
  readThrough(file);
  const { rows } = await sql<{ quick_check: string }>`PRAGMA quick_check`.execute(app.db);
  if (rows[0]?.quick_check !== 'ok') throw new Error(`quick_check: ${JSON.stringify(rows)}`);
  return 'file read through, every page touched by the app';
}

/**
 * PostgreSQL: the database's tables and indexes read through once with pg_prewarm, into shared_buffers when they fit
 * there (docs/deployment.md sizes it so), else into the OS's cache only ('read' mode), where every first read of a
 * page is still a copy from the kernel. Says which, for the summary; skipped, and said, without the extension.
 */
async function readThroughPostgres(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: sizes } = await client.query<{ buffers: string; database: string; fits: boolean; huge: string }>(
      `SELECT pg_size_pretty(b) AS buffers, pg_size_pretty(d) AS database, d < b AS fits,
          current_setting('huge_pages') AS huge FROM (
        SELECT pg_database_size(current_database()) AS d,
          (SELECT setting::bigint FROM pg_settings WHERE name = 'shared_buffers')
            * current_setting('block_size')::bigint AS b) s`,
    );
    // On a VM, huge pages decide what a server process pays to touch shared_buffers first (docs/deployment.md).
    const { buffers, database, fits, huge } = sizes[0]!;
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    const { rows } = await client.query<{ oid: number }>(
      `SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'i')`,
    );
    for (const { oid } of rows) await client.query(`SELECT pg_prewarm($1, $2)`, [oid, fits ? 'buffer' : 'read']);
    return fits
      ? `shared_buffers ${buffers} (huge_pages ${huge}), the database's ${database} read into it`
      : `shared_buffers ${buffers} (huge_pages ${huge}), under the database's ${database}: read into the OS's cache only`;
  } catch (error) {
    console.warn(`[postgres] not read through (pg_prewarm): ${(error as Error).message}`);
    return 'not read through (pg_prewarm missing)';
  } finally {
    await client.end();
  }
}

/**
 * One request's time, its answer read as the stream a client would read: app.inject's default also joins the
 * chunks and decodes them into a string, the client's work, which a real server never does in its own process.
 */
async function timeRequest(app: App, url: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
    payloadAsStream: true,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) if (res.statusCode !== 200) chunks.push(chunk as Buffer);
  const elapsed = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${Buffer.concat(chunks).toString()}`);
  return elapsed;
}

/** A rare search (one inquiry's e-mail) and a full name, taken from the data. */
async function pickSearches(app: App): Promise<Record<string, string>> {
  const newest = await app.db
    .selectFrom('inquiries')
    .select(['customer_name', 'customer_email'])
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .offset(12_345 % Math.max(1, COUNT))
    .limit(1)
    .executeTakeFirstOrThrow();
  return { ...SEARCHES, rare: newest.customer_email.split('@')[0]!, 'two words': newest.customer_name };
}

/** A seed handler's id, for the handler cells. */
async function pickHandler(app: App): Promise<string> {
  const row = await app.db
    .selectFrom('inquiries')
    .select('staff_id')
    .where('staff_id', 'is not', null)
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.staff_id!;
}

interface Cell {
  search: string;
  status: string;
  /** D26's workflow filter ('' for none). */
  workflow?: string;
  sort: string;
  order: string;
  page: number;
  pageSize: number;
  p95: number;
  /** Over budget only: the garbage collector's pauses (ms) within the request at the p95. */
  gcMs?: number;
}

async function benchEngine(engine: Engine) {
  const target = await prepareTarget(engine, {
    name: 'inquiries',
    count: COUNT,
    reuse: engine === 'sqlite' ? args.sqlite : args.postgres,
    keep: args.keep,
  });
  const app = await startApp(target);
  // The machine's load average at the start and end of the timed part (the bench shares the machine).
  const load = [os.loadavg()[0]!];
  try {
    const token = await benchToken(app, 'Staff');
    const searches = await pickSearches(app);
    console.info(`[${engine}] searches: ${JSON.stringify(searches)}`);
    const url = (q: string, status: string | undefined, sort: string, order: string, page: number, size: number) =>
      `/api/inquiries?sort=${sort}&order=${order}&page=${page}&pageSize=${size}` +
      (status ? `&status=${encodeURIComponent(status)}` : '') +
      (q ? `&q=${encodeURIComponent(q)}` : '');
    // The database read through once, so no cell times the disk or a page's first touch: a new search's first
    // trigram reads on a cold SQLite file, or a common word's first sort, which reads its rows' table pages.
    const warmed =
      engine === 'sqlite'
        ? await warmSqlite(app, path.join(target.dataDir, SQLITE_FILE_NAME))
        : await readThroughPostgres(target.databaseUrl!);
    // Warm-up: every sort's first page without a search, so the first cells do not time cold index pages.
    for (const sort of INQUIRY_SORTS) await timeRequest(app, url('', undefined, sort, 'desc', 1, 50), token);

    const cells: Cell[] = [];
    let slowest = { url: '', ms: 0 };
    /**
     * The p95 of each of one sort and order's page cells over REPEATS requests, taken in turns (page 1, 10, 100, …,
     * then again): a few seconds of a busy host then slow one request of several cells, not every request of one.
     * The pages share what the cache keeps for their sort and order, so only the first request of the group pays
     * for it. The slowest single request of the run is kept apart.
     */
    const timeCells = async <C extends Omit<Cell, 'p95'>>(group: { cell: C; url: string }[]) => {
      const samples = group.map((): number[] => []);
      const startedAt = group.map((): number[] => []);
      gcPauses.length = 0;
      for (let i = 0; i < REPEATS; i++)
        for (const [k, { url: u }] of group.entries()) {
          startedAt[k]!.push(performance.now());
          samples[k]!.push(await timeRequest(app, u, token));
        }
      await gcSettled();
      return group.map(({ cell, url: u }, k): Cell => {
        const worst = Math.max(...samples[k]!);
        if (worst > slowest.ms) slowest = { url: u, ms: worst };
        const p95 = p(samples[k]!, 0.95);
        if (p95 <= BUDGET_MS) {
          if (GREP) console.info(`  ok: ${u} p95 ${ms(p95)} ms, slowest ${ms(worst)} ms`);
          return { ...cell, p95 };
        }
        const at = samples[k]!.indexOf(p95);
        const gcMs = gcWithin(startedAt[k]![at]!, p95);
        console.info(`  over: ${u} p95 ${ms(p95)} ms (GC pauses ${ms(gcMs)} ms of it), slowest ${ms(worst)} ms`);
        return { ...cell, p95, gcMs };
      });
    };
    /** The page cells of one sort and order that --grep keeps. */
    const pagesOf = <C extends Omit<Cell, 'p95' | 'page' | 'pageSize'>>(
      base: C,
      urlOf: (page: number, size: number) => string,
    ) =>
      PAGES.map(({ page, pageSize }) => ({ cell: { ...base, page, pageSize }, url: urlOf(page, pageSize) })).filter(
        ({ cell }) => !GREP || GREP.test(cellLabel(cell)),
      );
    for (const [search, q] of Object.entries(searches))
      for (const [status, statusValue] of Object.entries(STATUSES))
        for (const sort of INQUIRY_SORTS)
          for (const order of ['desc', 'asc']) {
            const group = pagesOf({ search, status, sort, order }, (page, size) =>
              url(q, statusValue, sort, order, page, size),
            );
            cells.push(...(await timeCells(group)));
          }
    // D26's workflow filters: each one, alone and with a common search and a common status, every sort and page.
    const handler = await pickHandler(app);
    const workflowCells: Cell[] = [];
    for (const [workflow, filter] of Object.entries(WORKFLOWS))
      for (const [search, q, status, statusValue] of [
        ['none', '', 'none', undefined],
        ['common', searches.common!, 'none', undefined],
        ['none', '', 'common', STATUSES.common],
      ] as const)
        for (const sort of INQUIRY_SORTS)
          for (const order of ['desc', 'asc']) {
            const group = pagesOf({ search, status, workflow, sort, order }, (page, size) => {
              const f = filter.endsWith('=') ? filter + handler : filter;
              return `${url(q, statusValue, sort, order, page, size)}&${f}`;
            });
            workflowCells.push(...(await timeCells(group)));
          }
    cells.push(...workflowCells);
    const repeat = async (u: string) => {
      const xs: number[] = [];
      for (let i = 0; i < 200; i++) xs.push(await timeRequest(app, u, token));
      return p(xs, 0.95);
    };
    const statusCounts = await repeat('/api/inquiries/statuses');
    const stats = await repeat('/api/dashboard/stats');
    const over = cells.filter((c) => c.p95 > BUDGET_MS);
    load.push(os.loadavg()[0]!);
    console.info(
      `[${engine}] ${cells.length} cells, ${over.length} over ${BUDGET_MS} ms p95; slowest request ${ms(slowest.ms)} ms (${slowest.url})`,
    );
    return {
      engine,
      repeats: REPEATS,
      seedSeconds: target.seedSeconds,
      searches,
      cells,
      over,
      slowest,
      statusCounts,
      stats,
      load,
      warmed,
    };
  } finally {
    await app.close();
    await target.drop();
  }
}

type EngineResult = Awaited<ReturnType<typeof benchEngine>> & { cellCount?: number };

/**
 * What is saved of an engine's run: the worst cell of each table entry (search × status, workflow × companion) and
 * every cell over budget, so bench/results stays a summary; the tables read the same from it as from every cell.
 */
function summarise(r: EngineResult): EngineResult {
  const worst = new Map<string, Cell>();
  for (const c of r.cells) {
    const key = `${c.workflow ?? ''}|${c.search}|${c.status}`;
    const kept = worst.get(key);
    if (!kept || c.p95 > kept.p95) worst.set(key, c);
  }
  const cells = [...new Set([...worst.values(), ...r.over])];
  return { ...r, cellCount: r.cellCount ?? r.cells.length, cells };
}

/** A cell over budget only because the request at its p95 waited on the garbage collector. */
const byPause = (c: Cell) => c.gcMs !== undefined && c.p95 - c.gcMs <= BUDGET_MS;

/**
 * The worst p95 of each search × status kind and of each workflow filter × companion (over every sort, order and
 * page), the engines side by side, then each engine's summary.
 */
function markdown(results: EngineResult[]) {
  const name = (r: EngineResult) => (r.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL');
  const worst = (r: EngineResult, keep: (c: Cell) => boolean) =>
    ms(Math.max(...r.cells.filter(keep).map((c) => c.p95)));
  const header = (first: string, columns: string[]) => [
    `| ${first} | ${results.flatMap((r) => columns.map((c, i) => (i === 0 ? `${name(r)}: ${c}` : c))).join(' | ')} |`,
    `| --- |${' ---: |'.repeat(columns.length * results.length)}`,
  ];
  const out = [
    `## Inquiries at ${fmt(COUNT)} rows`,
    '',
    `Each cell: ${REPEATS} requests through app.inject (answers read as streams), in turns with its sort and order's`,
    `other pages; the tables show the worst p95 (ms) over every sort × order × page (1, 10, 100 of 50; 1, 10 of 200).`,
    `Budget ${BUDGET_MS} ms p95 a cell, ${SLOWEST_BUDGET_MS} ms for the slowest single request. The machine is shared: figures are noisy.`,
    '',
    ...header(
      'search',
      Object.keys(STATUSES).map((s) => (s === 'none' ? 'no status' : `${s} status`)),
    ),
  ];
  for (const search of Object.keys(SEARCHES)) {
    const row = results.flatMap((r) =>
      Object.keys(STATUSES).map((status) => worst(r, (c) => !c.workflow && c.search === search && c.status === status)),
    );
    out.push(`| ${search} (\`${results[0]?.searches[search] || '—'}\`) | ${row.join(' | ')} |`);
  }
  out.push('', ...header('workflow filter (D26)', ['alone', 'common search', 'common status']));
  for (const workflow of Object.keys(WORKFLOWS)) {
    const row = results.flatMap((r) =>
      [
        ['none', 'none'],
        ['common', 'none'],
        ['none', 'common'],
      ].map(([search, status]) =>
        worst(r, (c) => c.workflow === workflow && c.search === search && c.status === status),
      ),
    );
    out.push(`| ${workflow} | ${row.join(' | ')} |`);
  }
  out.push('');
  for (const r of results) {
    const over = [...r.over].sort((a, b) => b.p95 - a.p95).slice(0, 4);
    out.push(
      `**${name(r)}**: ${r.repeats} requests a cell` +
        (r.seedSeconds ? `; seeded in ${r.seedSeconds.toFixed(0)} s` : '') +
        (r.load ? `; load average ${r.load.map((l) => l.toFixed(1)).join(' at the start, ')} at the end` : '') +
        (r.warmed ? `; ${r.warmed}` : '') +
        `. Cells over budget: ${r.over.length} of ${r.cellCount ?? r.cells.length}` +
        (r.over.some((c) => c.gcMs !== undefined)
          ? ` (${r.over.filter(byPause).length} of them within it but for a GC pause)`
          : '') +
        (over.length
          ? `; the worst: ${over
              .map(
                (c) =>
                  `${c.workflow ? `${c.workflow}/` : ''}${c.search}/${c.status}/${c.sort} ${c.order} ` +
                  `p${c.page}×${c.pageSize} ${ms(c.p95)} ms` +
                  (c.gcMs ? ` (${ms(c.gcMs)} ms GC)` : ''),
              )
              .join('; ')}`
          : '') +
        `. Slowest request: ${ms(r.slowest.ms)} ms (\`${r.slowest.url}\`). Status counts p95 ${ms(r.statusCounts)} ms,` +
        ` dashboard stats p95 ${ms(r.stats)} ms.`,
      '',
    );
  }
  return out.join('\n');
}

async function main() {
  const results: EngineResult[] = [];
  if (args['markdown-only']) return rewriteMarkdown();
  // One engine at a time: two at once would share the two cores.
  for (const engine of ENGINES) results.push(await benchEngine(engine));
  if (GREP) return; // a partial grid is printed as it runs, not saved
  // An engine not run this time keeps its last results (engines may be benched one at a time).
  const file = path.join(resultsDir, 'inquiries.json');
  if (fs.existsSync(file)) {
    const last = JSON.parse(fs.readFileSync(file, 'utf8')) as { data?: { count?: number; results?: EngineResult[] } };
    if (last.data?.count === COUNT) {
      for (const r of last.data.results ?? []) if (!ENGINES.includes(r.engine)) results.push(r);
    }
  }
  results.sort((a, b) => a.engine.localeCompare(b.engine)).reverse();
  const md = markdown(results);
  saveResult('inquiries', { count: COUNT, repeats: REPEATS, results: results.map(summarise) }, md);
  console.info(`\n${md}`);
}

/** --markdown-only: the saved results written out again as markdown (after a change to the tables' layout). */
function rewriteMarkdown() {
  const saved = JSON.parse(fs.readFileSync(path.join(resultsDir, 'inquiries.json'), 'utf8')) as {
    data: { results: EngineResult[] };
  };
  fs.writeFileSync(path.join(resultsDir, 'inquiries.md'), markdown(saved.data.results));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
