// `npm run bench:inquiries`: inquiries at a million rows (DESIGN §8) on SQLite and PostgreSQL. Seeds a temporary
// database per engine (or reuses one), then times GET /api/inquiries through the whole app (app.inject: routing,
// validation, queries, serialisation) for pages 1–100 × every sort × both orders × every status filter × with
// and without q, plus status counts, dashboard stats and a Customer's list, and indexed search against
// LIKE '%q%' on the same data. Writes bench/results/inquiries.{md,json} for docs/performance.md.
//
//   npm run bench:inquiries -- [--count 1000000] [--engines sqlite,postgres] [--pages 1,2,5,10,25,50,75,100]
//                              [--sqlite <data dir to reuse>] [--postgres <database url to reuse>] [--keep]
//                              [--seed-only]   (seed, keep, print what to pass back as --sqlite / --postgres)
//                              [--versus-only] (only the indexed search against LIKE, printed)
//                              [--query <q> ...] (with --versus-only: these searches too, e.g. other names)
// A seeded database records its seed time in a bench_seed table, so a later run that reuses it reports it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { INQUIRY_SORTS, INQUIRY_STATUSES, SEARCH_COUNT_LIMIT } from '@safarnama/contract';
import { buildApp, type App } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { SQLITE_FILE_NAME, migrateToLatest, openDatabase } from '../apps/api/src/db/connection';
import type { Engine } from '../apps/api/src/db/dialect';
import { PG_SEARCH_EXPR, SQLITE_SEARCH_EXPR } from '../apps/api/src/db/migrations/004-inquiry-indexes';
import { seedInquiries } from '../apps/api/src/inquiries/inquiry-seed';
import { countSearchMatches, findCandidateMatches } from '../apps/api/src/inquiries/inquiry-search.repository';
import { normaliseSearch, prepareSearch, type PreparedSearch } from '../apps/api/src/inquiries/inquiry-search-text';
import { findUserByEmail, insertUser, newAccountRow } from '../apps/api/src/users/user.repository';
import { newId } from '../apps/api/src/lib/ids';
import { resultsDir, saveResult, tempDir } from './lib';

const BUDGET_MS = 20;
/** Timed searches per query, each after a write; the median is reported (the machine's page cache wobbles). */
const REQUEST_RUNS = 9;
/** Untimed searches per query before those, each after a write too. */
const WARM_RUNS = 20;
/**
 * `--versus-only`: untimed rounds over every query before the table, each request after a write. The full run's
 * list pass has compiled the search path by then; without these the first query (the full name) was timed in a
 * process that had answered 30 requests (7.1 ms against 4.6-6.0 ms once warmed).
 */
const WARM_ROUNDS = 25;

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '1000000' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    pages: { type: 'string', default: '1,2,5,10,25,50,75,100' },
    sqlite: { type: 'string' },
    postgres: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'seed-only': { type: 'boolean', default: false },
    'markdown-only': { type: 'boolean', default: false },
    'versus-only': { type: 'boolean', default: false },
    query: { type: 'string', multiple: true, default: [] },
  },
});
const COUNT = Number(args.count);
const PAGES = args.pages.split(',').map(Number);
const ENGINES = args.engines.split(',').filter((e): e is Engine => e === 'sqlite' || e === 'postgres');
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const p95 = (xs: number[]) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)]!;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
const mb = (bytes: number) => `${fmt(Math.round(bytes / 2 ** 20))} MiB`;
const fmt = (n: number) => n.toLocaleString('en-IN');

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface Target {
  engine: Engine;
  dataDir: string;
  databaseUrl?: string;
  seeded: boolean;
  seedSeconds?: number;
  drop(): Promise<void>;
}

/** A reused database, or a fresh temporary one seeded with COUNT inquiries. */
async function prepare(engine: Engine): Promise<Target> {
  const reuse = engine === 'sqlite' ? args.sqlite : args.postgres;
  if (reuse) {
    const target: Target =
      engine === 'sqlite'
        ? { engine, dataDir: path.resolve(reuse), seeded: false, drop: async () => undefined }
        : { engine, dataDir: tempDir('inquiries-pg'), databaseUrl: reuse, seeded: false, drop: async () => undefined };
    const handle = openDatabase({ DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl });
    try {
      const seed = await sql<{ seconds: number }>`SELECT seconds FROM bench_seed`.execute(handle.db);
      if (seed.rows[0]) Object.assign(target, { seeded: true, seedSeconds: Number(seed.rows[0].seconds) });
    } catch {
      // Not seeded by this script: no seed time to report.
    } finally {
      await handle.db.destroy();
    }
    return target;
  }
  const dataDir = tempDir(`inquiries-${engine}`);
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (engine === 'postgres') {
    dbName = `safarnama_bench_${crypto.randomBytes(5).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const handle = openDatabase({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  console.info(`[${engine}] seeding ${fmt(COUNT)} inquiries…`);
  const started = performance.now();
  try {
    await migrateToLatest(handle);
    let last = 0;
    await seedInquiries(handle, {
      count: COUNT,
      onProgress: (done, seconds) => {
        if (done - last >= 200_000 || done === COUNT) {
          last = done;
          console.info(`[${engine}]   ${fmt(done)} rows, ${seconds.toFixed(0)} s`);
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    await sql`CREATE TABLE bench_seed (count integer NOT NULL, seconds double precision NOT NULL)`.execute(handle.db);
    await sql`INSERT INTO bench_seed VALUES (${COUNT}, ${seconds})`.execute(handle.db);
  } finally {
    await handle.db.destroy();
  }
  return {
    engine,
    dataDir,
    databaseUrl,
    seeded: true,
    seedSeconds: (performance.now() - started) / 1000,
    async drop() {
      if (args.keep) {
        console.info(`[${engine}] kept: ${databaseUrl ?? dataDir}`);
        return;
      }
      if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function tokenFor(app: App, role: 'Staff' | 'Customer', email: string) {
  const existing = await findUserByEmail(app.db, email);
  if (existing) return app.tokens.sign({ id: existing.id, role, name: existing.name, tokensValidAfter: 0 });
  const id = newId();
  const at = Date.now();
  const name = `Bench ${role}`;
  await insertUser(
    app.db,
    newAccountRow({ id, name, email, passwordHash: 'not-a-password-hash', role, verified: true, at }),
  );
  return app.tokens.sign({ id, role, name, tokensValidAfter: 0 });
}

/** Representative searches taken from the data itself, from one match to a tenth of the table. */
async function pickQueries(app: App) {
  const sample = await app.db
    .selectFrom('inquiries')
    .select(['customer_name', 'customer_email', 'customer_whatsapp', 'location'])
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .offset(12_345 % Math.max(1, COUNT))
    .limit(1)
    .executeTakeFirstOrThrow();
  const staff = await app.db
    .selectFrom('inquiries')
    .select('staff_name')
    .where('deleted_at', 'is', null)
    .where('staff_name', '!=', '')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  // A name whose first word is short ("Om Jain"), which the word pairs find by its end of the word.
  const names = await app.db
    .selectFrom('inquiries')
    .select('customer_name')
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  const short = names.map((r) => r.customer_name).find((n) => /^\p{L}{1,3} /u.test(n)) ?? 'Om Jain';
  const digits = sample.customer_whatsapp.replace(/\D/g, '');
  // A first name and the first letter of the next word, as typed on the way to a full name ("Om J"): the last
  // word begins hundreds of words, which the word pairs walk head by head.
  const andALetter = (name: string) => /^\S+ \p{L}/u.exec(name)?.[0] ?? 'om j';
  return [
    { kind: 'full name', q: sample.customer_name },
    { kind: 'short full name', q: short },
    { kind: 'first name and a letter', q: andALetter(sample.customer_name) },
    { kind: 'short first name and a letter', q: andALetter(short) },
    { kind: 'e-mail', q: sample.customer_email.split('@')[0]! },
    { kind: 'phone digits', q: digits.slice(4, 9) },
    { kind: 'destination', q: sample.location.toLowerCase() },
    { kind: 'staff first name', q: (staff?.staff_name ?? 'anita').split(' ')[0]! },
    { kind: 'status word', q: 'booked' },
    { kind: 'two letters', q: sample.customer_name.slice(0, 2).toLowerCase() },
    { kind: 'one letter', q: sample.location.slice(0, 1).toLowerCase() },
  ];
}

interface Cell {
  samples: number[];
}

/**
 * Runs the LIKE baseline as PostgreSQL runs it by default, with parallel workers: the API's pool turns them off
 * (apps/api/src/db/dialect.ts), which suits its paged reads but would slow a full scan and flatter the ratio.
 * Nor does the pool's 15 s statement timeout apply: a full scan while this machine's page cache is being taken
 * back once ran past it and ended the run.
 */
async function asPlainDatabase<T>(app: App, engine: Engine, run: (db: App['db']) => Promise<T>): Promise<T> {
  if (engine !== 'postgres') return run(app.db);
  return app.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL max_parallel_workers_per_gather = 2`.execute(trx);
    await sql`SET LOCAL statement_timeout = '10min'`.execute(trx);
    return run(trx);
  });
}

async function timeRequest(app: App, url: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const elapsed = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return elapsed;
}

/**
 * Every match of a search counted through the index as the API counts: a long query by its three candidate
 * trigrams (then tested), unless they are too common; anything else by all its trigrams.
 */
async function countAllMatches(db: App['db'], search: PreparedSearch): Promise<number> {
  const viaCandidates = await findCandidateMatches(db, search, Number.MAX_SAFE_INTEGER);
  return viaCandidates?.length ?? countSearchMatches(db, search, Number.MAX_SAFE_INTEGER);
}

/**
 * Indexed search against LIKE '%q%' over the same rows, median of three: (1) every match counted both ways; (2)
 * what a search request does — its first page and count — through the API, against the same done with LIKE
 * (count every match, then the newest 50). Each request comes after the data version moved on, as after any
 * write, so it finds nothing the API keeps per version (sorted matches, a letter's word starts).
 */
async function measureVersus(app: App, engine: Engine, queries: { kind: string; q: string }[], staffToken: string) {
  const versus: {
    kind: string;
    q: string;
    matches: number;
    indexedMs: number;
    likeMs: number;
    apiMs: number;
    naiveMs: number;
  }[] = [];
  for (const { kind, q } of queries) {
    const search = await prepareSearch(app.db, engine, normaliseSearch(q));
    const indexed: number[] = [];
    let matches = 0;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      matches = await countAllMatches(app.db, search);
      indexed.push(performance.now() - t0);
    }
    // The API's requests before any LIKE: a LIKE scans the whole table, which leaves SQLite's page cache and the
    // CPU's caches holding table rows, not the indexes a real request finds there (a full name's first page took
    // 10 ms right after a scan, 5 ms otherwise).
    // Untimed first: a server that has run for a while has this path compiled (the list pass above mostly
    // answers from the cache, so it never warms it; cold, a full name's first page took twice as long).
    const api: number[] = [];
    for (let i = 0; i < WARM_RUNS + REQUEST_RUNS; i++) {
      await sql`UPDATE inquiry_list_version SET v = v + 1 WHERE id = 1`.execute(app.db);
      const ms = await timeRequest(app, `/api/inquiries?q=${encodeURIComponent(q)}`, staffToken);
      if (i >= WARM_RUNS) api.push(ms);
    }
    const like: number[] = [];
    const expr = engine === 'postgres' ? `(${PG_SEARCH_EXPR} || '')` : `(${SQLITE_SEARCH_EXPR})`;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const r = await asPlainDatabase(app, engine, (db) =>
        sql<{
          n: number;
        }>`SELECT count(*) AS n FROM inquiries WHERE deleted_at IS NULL AND ${sql.raw(expr)} LIKE ${search.like} ${sql.raw(engine === 'sqlite' ? "ESCAPE '\\'" : '')}`.execute(
          db,
        ),
      );
      like.push(performance.now() - t0);
      if (Number(r.rows[0]!.n) !== matches)
        throw new Error(`${kind} ${q}: index found ${matches}, LIKE ${r.rows[0]!.n}`);
    }
    const naive: number[] = [];
    const escape = sql.raw(engine === 'sqlite' ? "ESCAPE '\\'" : '');
    for (let i = 0; i < REQUEST_RUNS; i++) {
      const t0 = performance.now();
      await asPlainDatabase(app, engine, async (db) => {
        await sql`SELECT count(*) AS n FROM inquiries WHERE deleted_at IS NULL AND ${sql.raw(expr)} LIKE ${search.like} ${escape}`.execute(
          db,
        );
        await sql`SELECT id FROM inquiries WHERE deleted_at IS NULL AND ${sql.raw(expr)} LIKE ${search.like} ${escape}
          ORDER BY created_at DESC, id DESC LIMIT 50`.execute(db);
      });
      naive.push(performance.now() - t0);
    }
    versus.push({
      kind,
      q,
      matches,
      indexedMs: median(indexed),
      likeMs: median(like),
      apiMs: median(api),
      naiveMs: median(naive),
    });
  }
  return versus;
}

/**
 * The database's size on disk (SQLite: the file and its write-ahead log); on PostgreSQL also the inquiries table
 * with its indexes (SQLite's dbstat took 44 s to say the same of a 2 GB file, which is nearly all inquiries).
 */
async function diskSize(app: App, target: Target): Promise<{ database: number; inquiries?: number }> {
  if (target.engine === 'postgres') {
    const r = await sql<{ database: string; inquiries: string }>`
      SELECT pg_database_size(current_database()) AS database, pg_total_relation_size('inquiries') AS inquiries`.execute(
      app.db,
    );
    return { database: Number(r.rows[0]!.database), inquiries: Number(r.rows[0]!.inquiries) };
  }
  const file = path.join(target.dataDir, SQLITE_FILE_NAME);
  const bytes = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
  return { database: bytes(file) + bytes(`${file}-wal`) };
}

/** The app on a prepared target, as it runs in production but quiet and without rate limits. */
async function startApp(target: Target) {
  const config = loadConfig({
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    API_DOCS: 'false',
    RATE_LIMIT_FACTOR: '1000000',
    WEB_DIR: path.join(target.dataDir, 'no-web'),
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  });
  const app = await buildApp({ config });
  await app.ready();
  return app;
}

/** `--versus-only`: the indexed search against LIKE table alone, printed (for working on the search). */
async function benchVersusOnly(engine: Engine) {
  const target = await prepare(engine);
  const app = await startApp(target);
  try {
    const queries = [...(await pickQueries(app)), ...args.query.map((q) => ({ kind: 'asked', q }))];
    const staffToken = await tokenFor(app, 'Staff', `bench-staff-${newId()}@bench.example`);
    for (let round = 0; round < WARM_ROUNDS; round++) {
      for (const { q } of queries) {
        await sql`UPDATE inquiry_list_version SET v = v + 1 WHERE id = 1`.execute(app.db);
        await timeRequest(app, `/api/inquiries?q=${encodeURIComponent(q)}`, staffToken);
      }
    }
    for (const v of await measureVersus(app, engine, queries, staffToken)) {
      console.info(
        `[${engine}] ${(v.kind === 'asked' ? v.q : v.kind).padEnd(18)} ${fmt(v.matches).padStart(9)}  count ${ms(v.indexedMs)} / ${ms(v.likeMs)} ms` +
          ` = ${(v.likeMs / v.indexedMs).toFixed(0)}x   request ${ms(v.apiMs)} / ${ms(v.naiveMs)} ms = ${(v.naiveMs / v.apiMs).toFixed(0)}x`,
      );
    }
  } finally {
    await app.close();
    await target.drop();
  }
}

async function benchEngine(engine: Engine) {
  const target = await prepare(engine);
  const app = await startApp(target);
  try {
    const rows = Number(
      (
        await app.db
          .selectFrom('inquiry_status_counts')
          .select((eb) => eb.fn.sum<number>('n').as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
    const staffToken = await tokenFor(app, 'Staff', `bench-staff-${newId()}@bench.example`);
    const someone = await app.db
      .selectFrom('inquiries')
      .select('customer_email')
      .where('deleted_at', 'is', null)
      .limit(1)
      .executeTakeFirstOrThrow();
    const customerToken = await tokenFor(app, 'Customer', someone.customer_email);
    const queries = await pickQueries(app);
    const disk = await diskSize(app, target);
    console.info(
      `[${engine}] ${fmt(rows)} visible inquiries; searches: ${queries.map((q) => JSON.stringify(q.q)).join(', ')}`,
    );

    const statuses = [undefined, ...INQUIRY_STATUSES];
    const kinds = [{ kind: 'no search', q: '' }, ...queries];
    const url = (o: { sort: string; order: string; status?: string; q: string; page: number; pageSize?: number }) =>
      `/api/inquiries?sort=${o.sort}&order=${o.order}&page=${o.page}&pageSize=${o.pageSize ?? 50}` +
      (o.status ? `&status=${encodeURIComponent(o.status)}` : '') +
      (o.q ? `&q=${encodeURIComponent(o.q)}` : '');

    // Warm-up: one pass over every sort and search, and an untimed pass over every page without a search, reads
    // the indexes into the caches. This VM's kernel gives back cold page cache within minutes (buff/cache stays
    // near 1.3 GB with 22 GB free), so without the second pass the first cells measured disk reads.
    for (const { q } of kinds)
      for (const sort of INQUIRY_SORTS) await timeRequest(app, url({ sort, order: 'desc', q, page: 1 }), staffToken);
    for (const sort of INQUIRY_SORTS)
      for (const order of ['desc', 'asc'])
        for (const status of statuses)
          for (const page of PAGES) await timeRequest(app, url({ sort, order, status, q: '', page }), staffToken);

    // cells[kind][sort] gathers every order × status × page sample of that combination.
    const cells = new Map<string, Map<string, Cell>>();
    const worst: { url: string; ms: number }[] = [];
    const started = performance.now();
    for (const { kind, q } of kinds) {
      const bySort = new Map<string, Cell>();
      cells.set(kind, bySort);
      for (const sort of INQUIRY_SORTS) {
        const cell: Cell = { samples: [] };
        bySort.set(sort, cell);
        for (const order of ['desc', 'asc'])
          for (const status of statuses)
            for (const page of PAGES) {
              const u = url({ sort, order, status, q, page });
              const t = await timeRequest(app, u, staffToken);
              cell.samples.push(t);
              worst.push({ url: u, ms: t });
            }
      }
      console.info(`[${engine}]   ${kind}: p95 ${ms(p95([...bySort.values()].flatMap((c) => c.samples)))} ms`);
    }
    const listSeconds = (performance.now() - started) / 1000;

    // Deep pages at the largest page size (OFFSET up to 19,800), no search.
    const deep: number[] = [];
    for (const sort of INQUIRY_SORTS)
      for (const order of ['desc', 'asc'])
        for (const status of [undefined, 'New', 'Booking Pending'])
          for (const page of [1, 25, 50, 75, 100])
            deep.push(await timeRequest(app, url({ sort, order, status, q: '', page, pageSize: 200 }), staffToken));

    const repeat = async (u: string, token: string, n = 200) => {
      const xs: number[] = [];
      for (let i = 0; i < n; i++) xs.push(await timeRequest(app, u, token));
      return xs;
    };
    const statusCounts = await repeat('/api/inquiries/statuses', staffToken);
    const stats = await repeat('/api/dashboard/stats', staffToken);
    const customerList = await repeat('/api/inquiries', customerToken);
    const customerStatuses = await repeat('/api/inquiries/statuses', customerToken);

    const versus = await measureVersus(app, engine, queries, staffToken);

    const withQ = [...cells.entries()]
      .filter(([k]) => k !== 'no search')
      .flatMap(([, m]) => [...m.values()].flatMap((c) => c.samples));
    const noQ = [...(cells.get('no search')?.values() ?? [])].flatMap((c) => c.samples);
    return {
      engine,
      rows,
      seeded: target.seeded,
      seedSeconds: target.seedSeconds,
      disk,
      queries,
      listSeconds,
      requests: worst.length,
      table: [...cells.entries()].map(([kind, bySort]) => ({
        kind,
        q: kinds.find((k) => k.kind === kind)!.q,
        bySort: Object.fromEntries([...bySort.entries()].map(([s, c]) => [s, p95(c.samples)])),
        p95: p95([...bySort.values()].flatMap((c) => c.samples)),
        max: Math.max(...[...bySort.values()].flatMap((c) => c.samples)),
      })),
      noQ: { p95: p95(noQ), max: Math.max(...noQ) },
      withQ: { p95: p95(withQ), max: Math.max(...withQ) },
      deep: { p95: p95(deep), max: Math.max(...deep) },
      statusCounts: p95(statusCounts),
      stats: p95(stats),
      customerList: p95(customerList),
      customerStatuses: p95(customerStatuses),
      overBudget: worst.filter((w) => w.ms > BUDGET_MS).length,
      worst: worst.sort((a, b) => b.ms - a.ms).slice(0, 8),
      versus,
    };
  } finally {
    await app.close();
    await target.drop();
  }
}

type EngineResult = Awaited<ReturnType<typeof benchEngine>>;

function markdown(results: EngineResult[], count: number, pages: number[]) {
  const out: string[] = ['## Inquiries at a million rows', ''];
  out.push(
    `\`npm run bench:inquiries\` seeds ${fmt(count)} inquiries per engine into a temporary database (batched`,
    'multi-row inserts; `npm run seed:inquiries -- --count N` does the same to a configured one), times',
    '`GET /api/inquiries` through the whole app in-process (`app.inject`: routing, zod validation, queries,',
    `serialisation; no network) and drops the database. Pages ${pages.join(', ')} × every sort × both orders × no`,
    `status and each of the eight statuses, without a search and with ${results[0]?.queries.length ?? 0} searches taken from the data (one`,
    `match up to a third of the table), 50 a page, after one warm-up pass. Budget (DESIGN §8): p95 ≤ ${BUDGET_MS} ms.`,
    'A cell is the p95 over orders × statuses × pages of that search and sort; **bold** is over budget. The',
    'machine is shared with other work, so single figures wobble by a few milliseconds between runs.',
    '',
  );
  for (const r of results) {
    out.push(`### ${r.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`, '');
    out.push(
      `${fmt(r.rows)} visible inquiries${r.seeded ? `, seeded in ${r.seedSeconds!.toFixed(0)} s` : ''}; ` +
        `${r.disk ? `${mb(r.disk.database)} on disk${r.disk.inquiries ? ` (the inquiries with their indexes ${mb(r.disk.inquiries)})` : ''}; ` : ''}` +
        `${fmt(r.requests)} list requests in ${r.listSeconds.toFixed(0)} s.`,
      '',
    );
    out.push(
      `| search | ${INQUIRY_SORTS.join(' | ')} | p95 | max |`,
      `|---|${INQUIRY_SORTS.map(() => '--:').join('|')}|--:|--:|`,
    );
    for (const row of r.table) {
      const flag = (n: number) => (n > BUDGET_MS ? `**${ms(n)}**` : ms(n));
      out.push(
        `| ${row.kind}${row.q ? ` \`${row.q}\`` : ''} | ${INQUIRY_SORTS.map((s) => flag(row.bySort[s]!)).join(' | ')} | ${flag(row.p95)} | ${ms(row.max)} |`,
      );
    }
    out.push(
      '',
      `- Without a search: p95 ${ms(r.noQ.p95)} ms (max ${ms(r.noQ.max)}); with a search: p95 ${ms(r.withQ.p95)} ms (max ${ms(r.withQ.max)}).`,
      `- Largest pages (200 rows, pages 1–100, OFFSET up to 19,800), no search: p95 ${ms(r.deep.p95)} ms (max ${ms(r.deep.max)}).`,
      `- \`GET /api/inquiries/statuses\` p95 ${ms(r.statusCounts)} ms; \`GET /api/dashboard/stats\` p95 ${ms(r.stats)} ms; a Customer's list p95 ${ms(r.customerList)} ms and statuses p95 ${ms(r.customerStatuses)} ms.`,
      `- Requests over ${BUDGET_MS} ms: ${fmt(r.overBudget)} of ${fmt(r.requests)}. Slowest: ${r.worst
        .slice(0, 3)
        .map((w) => `\`${w.url.replace('/api/inquiries?', '')}\` ${ms(w.ms)} ms`)
        .join('; ')}.`,
      '',
      `Indexed search (${r.engine === 'sqlite' ? 'FTS5 trigram' : 'pg_trgm GIN'} and word pairs) against \`LIKE '%q%'\` on the same rows: *count* is every`,
      `match counted both ways (the index as the API reads it: a long query by a word pair or its three candidate trigrams, then`,
      'tested); *request* is a search as the API answers it (first page, newest first, with its X-Total-Count) right',
      'after a write, so nothing is cached, against the same done with LIKE (count every match, then the newest 50);',
      `medians of three counts and of ${REQUEST_RUNS} requests, after ${WARM_RUNS} untimed ones.`,
      '',
      '| search | matches | count: index ms | count: LIKE ms | × | request: API ms | request: LIKE ms | × |',
      '|---|--:|--:|--:|--:|--:|--:|--:|',
      ...r.versus.map(
        (v) =>
          `| ${v.kind} \`${v.q}\` | ${fmt(v.matches)} | ${ms(v.indexedMs)} | ${ms(v.likeMs)} | ${(v.likeMs / v.indexedMs).toFixed(0)} | ` +
          `${ms(v.apiMs)} | ${ms(v.naiveMs)} | ${(v.naiveMs / v.apiMs).toFixed(0)} |`,
      ),
      '',
    );
  }
  out.push(HOW);
  return out.join('\n');
}

/** What makes these figures; kept with the bench so the section always explains its own numbers. */
const HOW = `### How the list stays fast (migration 004)

- **An index per sort.** Every sort key (customer → customer_name, email → customer_email, contact →
  customer_whatsapp, staff → staff_name, destination → location, createdAt, updatedAt) has two partial B-tree
  indexes over the rows lists show (\`WHERE deleted_at IS NULL\`): \`(key, id)\` and \`(status, key, id)\`; the
  status sort has \`(status, id)\`. \`id\` breaks ties in both directions, so pages never overlap. A page without a
  search is one ordered index walk with OFFSET; 20,000 rows deep it stays within budget, so no keyset paging.
- **One order on both engines.** No sort column is NULL: an unassigned inquiry has the empty staff name, which
  sorts first ascending and last descending (the spec's "nulls first"). Text sorts byte by byte on both engines
  (SQLite BINARY; PostgreSQL columns altered to \`COLLATE "C"\`), so capitals come before small letters, as the
  original app's JavaScript sort did.
- **Counts without COUNT(*).** Triggers keep \`inquiry_status_counts\` (visible rows per status) and
  \`inquiry_month_counts\` (per creation month in Asia/Kolkata) in the writing transaction (statement-level with
  transition tables on PostgreSQL, so a 1,000-row insert updates each counter once). X-Unfiltered-Count is their
  sum, a status filter's X-Total-Count one row, \`/statuses\` the table, and the dashboard adds the latest ten
  from the updatedAt index. A Customer's counts are counted over their own rows, found by the customer indexes.
- **Index-backed search.** The searchable text is \`' name email whatsapp destination status staff '\`.
  SQLite: an FTS5 trigram table with external content (a view over the table) kept by triggers; its rowid is
  \`seq = created_at × 4096 + n\`, so FTS5's own rowid order *is* the createdAt order and the default sort of a
  search pages inside the index; statuses are one-trigram codes in a second column, so a status filter stays
  there too; after a bulk load the seed merges the index into one segment (FTS5 \`optimize\`, 7 s at a million
  rows), as a search reads each term's doclist once per segment. PostgreSQL: the same text lower-cased in a
  stored generated column (migration 007) under a partial GIN \`gin_trgm_ops\` index; the column has no planner
  statistics, so the planner judges a pattern by its letters (with them it took \`%nepal%\` for 6% of the rows and
  scanned the table to count it).
- **Short queries.** Trigrams need three characters, so one or two characters match the start of a word
  (\`go\` finds "Goa", not "Agomoni"): two characters are the trigram " go"; one character is the OR of the
  trigrams " g?" read from the FTS5 vocabulary; PostgreSQL's \`LIKE '% g%'\` uses pg_trgm's word-start trigrams.
- **Bounded totals.** A search's X-Total-Count counts up to ${fmt(SEARCH_COUNT_LIMIT)} matches, then says
  ${fmt(SEARCH_COUNT_LIMIT)} with \`X-Total-Count-Capped: true\`; pages past it are still answered exactly.
- **A floor under common searches** (\`inquiries/inquiry-search-floor.ts\`). Before counting through the text
  index, the API counts the matches it can see without reading any text: every inquiry of a status whose name
  holds the query (the status counters), and the rows whose customer name, destination, staff name, e-mail or
  WhatsApp number starts with the query as people write it (title case, lower case), up to 1,001 per range of
  the sort indexes, in one statement. When one field alone passes ${fmt(SEARCH_COUNT_LIMIT)}, the total is
  capped without a doclist read: \`booked\`, a staff member's name, a destination, a first name. ASCII only,
  where JavaScript, FTS5 and PostgreSQL fold case alike; fields are never added up, as one inquiry can match by
  two.
- **Long queries by three trigrams** (\`inquiries/inquiry-search-candidates.ts\`). A query with five trigrams or
  more (on PostgreSQL, of letters and digits) is looked up by three far apart, and the rows holding all three are
  tested against the whole query: reading every trigram cost one doclist or posting list each, fifteen for a full
  name, most of them common ("sh ", "ava"). The three are the rarest of each third of the query by the counts of
  a 2,000-row sample of the newest inquiries (\`inquiry-trigram-sample.ts\`, read again in the background every
  ten minutes), or its first, middle and last before a sample is in. Over 5,000 candidates fall back to every
  trigram.
  SQLite does it for ASCII queries, as the test is LIKE.
- **Queries of two words by a word pair (migration 008 on SQLite, 009 on PostgreSQL).** Every trigram of a full
  name is common (its three rarest still have 55,000 FTS5 postings between them for 314 matches, as first and last
  names are drawn apart; on PostgreSQL pg_trgm's word trigrams " om" and "om " are in every row's e-mail), so
  both engines also keep a pair for each space with a letter on either side: up to six letters that start the
  next word, a bar, and up to four letters that end the word before, backwards, with a caret when that word has
  fewer ("srivas|hser" for Suresh Srivastava, "jain|mo^" for Om Jain), in a B-tree keyed by the pair and the
  row that triggers keep (SQLite's row triggers; PostgreSQL's statement triggers over a set-returning function).
  Backwards, so that a query's first word, which may end a longer word, is a prefix as well: "om jain" reads
  "jain|mo…" (Om Jain, Tom Jain) in one range. A query's last word may begin a longer word, so when it is short
  its pairs are read word by word: the words it begins are found in order by a skip scan of the primary key (one
  probe each, past the previous word's pairs, up to 500 words), and each word's pairs with the tail are one
  range ("om j": "jain|mo…", "jaya|mo…", …). The fewest of a query's pairs gives its candidates, tested with
  LIKE like the trigram candidates; over 5,000 rows, or a last word that begins more than 500 words, it goes by
  its trigrams. A search capped by its floor (\`ravi k\`: 1,832 matches, most of them names starting so) also
  takes its page from a rare pair rather than walking the newest rows for it. About 5.2 pairs an inquiry: 143 MB
  at a million rows on SQLite (7% of the file), about 1 GB on PostgreSQL (a heap row and an index entry each,
  keyed by the text id).
- **A page from the pairs alone (PostgreSQL, migration 010).** SQLite's pairs are keyed by seq, which is in
  createdAt order already; PostgreSQL's keep each inquiry's created_at in their primary key's leaf. A page
  newest or oldest first through a rare pair sorts the pair's index entries and fetches only the page's rows,
  where fetching each candidate to sort it cost about 4 µs a row (\`ravi k\`'s 1,832: 8–10 ms). Two words of
  letters, the first no longer than a pair's tail and the second than its head (\`om j\`, \`ravi k\`), are
  exactly the rows holding their pair, so they are counted from the entries too, without testing a row.
- **Two ways to a searched page, chosen per request.** Take every match from the text index and sort them
  (cost ∝ matches), or walk the sort index and test each row's text until the page is full (cost ∝ page depth ×
  rows ÷ matches). The count, SQLite's FTS5 vocabulary or a 0.2% block sample on PostgreSQL estimates the
  matches; a walk is bounded to three times its estimate and falls back to the index when matches are bunched
  in the sort order (a destination searched and sorted by destination).
- **A cache of sorted matches (migration 005).** When a back-office search's page would cost reading
  thousands of rows, the request instead reads every match once, sorted by the requested column with each
  match's status, and keeps the list (\`inquiries/inquiry-search-cache.ts\`; at most 4,00,000 matches an entry and
  8,00,000 in all, least recently used first out). The next pages, the other order and every status filter of
  that search and sort are then a slice of the list, without the text index. A counter row that triggers move
  on with every write to inquiries, in the writing transaction, says whether an entry still shows the data:
  one primary-key read a request, and writes from any process (a second server, the seed) count. The first
  deep page of a common search pays the whole sort once (the *max* column); later requests do not.
- **What a search was last time (migration 006).** The search cache also remembers, for the last 1,000
  searches and status filters, how each counted: a *rare* one (fewer matches than the count limit) is counted
  next time without reading its floor, which could only have shortcut a common one; a *common* one (capped by its
  floor before any estimate) has its first page, newest first, walked on PostgreSQL at once, alongside the
  counters' read. Its floor is counted 1,000 past the cap and kept with the data version it was read at, and since
  migration 006 every write moves that version on by at least the rows it changed (PostgreSQL's statement
  triggers add their transition table's rows; SQLite's row triggers always did), so the floor less the versions
  since is still a floor: a common search reads no floor again until a thousand rows have changed. A wrong guess
  costs time, never an answer (tested both ways).
- **Only the reads a page needs.** On SQLite the estimate of all matches comes from the FTS5 vocabulary, which
  counts a trigram's documents by reading its whole doclist (about 10 ms for a word in one inquiry of ten): it is
  read only when a page must choose between walking a sort index and taking every match, never for the
  createdAt order that FTS5's rowid serves. A one-letter search's word-start trigrams are listed once; after a
  write, only the gaps between the terms already known are looked at for new ones (a seek each: 0.2 ms where the
  list took 7 ms, as the vocabulary counts every term's documents while listing it). On PostgreSQL a common word is counted by walking the newest rows until the 1,001st match (the
  sample says whether that beats pg_trgm gathering every candidate: from one inquiry in sixteen), and the pool
  runs without parallel workers, whose start-up cost more than the 50-row walks they were planned for. When the
  floor has already capped a search, PostgreSQL finds its first four pages, newest first, by walking the newest
  5,000 rows before any estimate, and builds no cache entry for them (the first page of a word in one inquiry of
  fifty walks 2,500 rows in 5 ms, where reading its 20,000 matches took 90 ms); the block sample (2–5 ms) is
  read only if that walk falls short.
- **Few statements, cheaply run.** A page's ids and their rows are one statement; a long query's candidates come
  back in the list's order with their statuses; the counters and the data version are one read, and PostgreSQL
  reads a search's floor alongside them on a second connection. SQLite keeps its 200 most recent prepared
  statements (\`db/sqlite-statement-cache.ts\`) and 16 MiB of pages in the process. PostgreSQL tests the rows it
  walks or samples by their stored, lower-cased text: building and lowering it was about two thirds of a walk.

### Where the budget is met, where not, and why

**How a first search is timed, and a correction.** Until 2026-11-23 the *request* columns were timed after the
list pass above, whose searches had left their sorted matches in the cache at the same data version, so a
selective search's first page came from memory (1.8–3.9 ms). The benchmark now moves the data version on before
each timed request, as any write does, which empties everything the API keeps per version. Timed that way, with
only the floor below already in place, a full name took 28 ms on SQLite and 41 ms on PostgreSQL, an e-mail 18 and
25 ms, and the first page of \`nepal\` on PostgreSQL 129 ms: it read all 20,000 matches into the cache for a page
that a 5 ms walk finds. The ratios published before that were too kind for selective searches.

The first page of a search, newest first, right after a write (the tables above), and what changed it
(2026-11-23, night):
- *A floor under common searches*: \`booked\`, a staff member's first name, two letters and \`nepal\` are capped
  from the status counters or a name, place or staff index range, without counting through the text index
  (where the published 18–30 ms on PostgreSQL came from walking up to 23,000 rows or gathering every pg_trgm
  candidate).
- *Long queries by three trigrams*: a full name 28 → 9.0 ms on SQLite and 41 → 14 ms on PostgreSQL, an e-mail
  18 → 3.7 ms and 25 → 5.4–11 ms.
- *PostgreSQL's newest-first walk before any estimate, without a cache build*: \`nepal\` 129 → 8.0 ms.
- *A letter's word starts read from the gaps after a write* (SQLite): a single letter 13–19 → 5.5 ms.
- *FTS5 merged into one segment after the load*: a long phrase read 11 → 8 ms, an e-mail 12 → 5 ms, the
  newest 50 of \`booked\` 0.9 → 0.1 ms.

And later that night (each timed statement by statement on the first search after a write, old and new code
alternated, since single runs here move by half; bench/results/notes.md has the details):
- *A page's rows in the statement that finds it* (its ids, then their rows by key), where a second statement
  of 50 parameters cost PostgreSQL a round trip and a plan: about 0.8 ms a page, searched or not.
- *A long query's candidates come back sorted* with their ids and statuses, so its few matches need no second
  read: a full name 7.3 → 5.9 ms on SQLite and 11 → 9 ms on PostgreSQL.
- *SQLite's statements kept prepared* (Kysely prepared each one anew: 0.1–0.3 ms a request) and *16 MiB of its
  pages kept in the process* instead of 2 MiB (a full name 8–11 → 6.5–7 ms on a slow hour); the status counters
  and the data version read together.
- *PostgreSQL lowers walked ASCII rows byte-wise* (the default collation's lower() was a third of a walk), and
  *reads a search's floor on a second connection* while the first reads the counters.
- *How the benchmark times it*: the API's searches before the LIKE baseline's full scans, which had left SQLite's
  page cache full of table rows (a full name 10 ms after a scan, 5 ms otherwise); twenty untimed searches after
  writes first, as the list pass answers most searches from the cache and never compiles the first-search path
  (cold, it took twice as long); the median of nine; the count column counting through the index as the API does.

And on 2026-11-24 (timed the same way; bench/results/notes.md has the details):
- *Searches remember how they counted* (the search cache, last 1,000 searches and filters): a rare one's floor is
  not read again (a full name on PostgreSQL 10.1 → 8.3 ms, an e-mail 5.4 → 4.1 ms, alternated in one process),
  and a common one's first page, newest first, is walked on PostgreSQL at once, alongside the counters.
- *A common search's floor read once per thousand rows changed* (migration 006: the data version moves on by the
  rows a write changed, so a floor counted 1,000 past the cap at one version is known at the next): \`nepal\`,
  a staff first name and two letters no longer wait for the floor's statement (0.5–1.2 ms each).
- *Verified tokens kept until they expire* (\`auth/token.service.ts\`): jose's WebCrypto HMAC check was 0.2 ms of
  every authenticated request; revocation is still read on every request.
- *A long query's candidates by its rarest trigrams* (the rarest of each third, from a sample's counts): a full
  name's FTS5 candidates on SQLite 3.1–3.9 → 2.5 ms, its first page 5.5–6.6 → 4.6 ms in a process of its own.
- *PostgreSQL stores each inquiry's lower-cased search text* (migration 007, a generated column in place of the
  index on the expression, then a VACUUM at start-up as the rewrite leaves no page marked all-visible): the walk
  of \`nepal\`'s first page 4.2 → 1.8 ms and a two-letter one 2.1 → 1.3 ms (the statement alone, alternated), the
  table 341 → 430 MB, the seed 177 → 205 s. The request for \`nepal\` went from 6.3–8.0 ms in the day's earlier
  runs to 2.9 and 3.4 ms in the two full runs since (the second on a database seeded with the column).

And on the evening of 2026-11-24 (bench/results/notes.md has the details):
- *PostgreSQL keeps the word pairs too* (migration 009): \`Uma Srivastava\` 32 → 7.1 ms (36× → 169×), \`Om Jain\`
  62 → 5.1 ms (19× → 239×), as one B-tree range each instead of pg_trgm's common trigrams.
- *An open last word walks its words by a skip scan* (one primary-key probe each): "om j" read up to 5,000
  "j…" pairs, testing each tail, then gave up for its trigrams (\`Om J\` 256 ms on PostgreSQL, 3×; 14 ms on
  SQLite, 38×); now 4.6 and 3.1 ms.
- *A search capped by its floor pages through a rare pair* (\`ravi k\`, 1,832 matches mostly names starting so,
  which a walk of the newest rows found too few of): PostgreSQL 18 → 13 ms, then, with *created_at in the pairs'
  primary key* (migration 010), 3.3–3.6 ms, as only the page's rows are fetched; *two short words are counted from
  their pair* without testing a row (\`Om J\` 4.6 → 2.5 ms).
- *A search capped by the status counters keeps that as its floor*, so the next one reads no name or place range
  beside its walk: PostgreSQL's one letter 2.1–2.7 → 1.4–1.8 ms.
- *SQLite pages an exact pair's search from its entries too*, whose seq is already in createdAt order: \`Dev T\`
  (725 matches) 2.3–3.5 → 1.4 ms.

Indexed search against \`LIKE '%q%'\` (DESIGN §8 asks ≥ 100×), as the API answers it after a write, in the run
above: SQLite 196–558×, PostgreSQL 182–505×, every search, including the two added this evening (a first name
and the first letter of the last, as typed on the way to a full name: \`Suresh S\` 276× and 207×, a short one
\`Dev T\` 242× and \`Om A\` 188×). The run before it (without SQLite's exact pair page) gave SQLite 138–652× and
PostgreSQL 136–480×; the two before that (without the status counters' floor kept either) held every search on
both engines except PostgreSQL's one letter in the first, 93× (105× in the second; 4.4–5.1 ms, against 1.6 ms in
a run of the table alone). \`--query\` runs of the table alone on PostgreSQL: \`Om J\` 202×, \`Uma I\` 311×,
\`Ravi K\` 138×. What fell short before, and why:
- *SQLite's full name before the word pairs* (migration 008) was the one search not held in every run: 4.6 ms,
  116× in the last full run without them, and 75–154× across the runs of this table alone over two days, as the
  machine's speed moved. It read three FTS5 doclists (55,000 postings of "sur", "h s" and "vas" for 314
  matches: 1.0–1.2 ms alone, 2.3–3.0 ms with the rest of a request in the CPU's caches), joined, tested and
  sorted the 314 rows (0.5 ms) and read the page's 50 (0.7 ms). Its pair "srivas|hser" reads the same 314
  candidates as one B-tree range (0.03 ms): the candidates statement 1.7 → 0.6 ms alone; the table alone on one
  file, just before and after the migration, 3.5 → 2.6 ms (154× → 200×), its count 3.7 → 1.2 ms. The seed takes
  about a third longer (241–275 s → 325–333 s) and the file 7% more (1,939 → 2,072 MiB).
- *PostgreSQL*, the eight searches timed before: 150–473× in the runs since its stored search text (migration 007); 108–155× in the six runs
  before it, and 78–93× for \`nepal\` before migration 006. Earlier runs are in bench/results/notes.md.

PostgreSQL's first page of \`nepal\` walks 2,109 of the newest rows (1.6–2.0 ms of execution, reading each row's
stored text) alongside the counters' read. The
count alone, every match counted, stays bounded near n/m (1–20× for a word in a tenth to a third of the table):
counting m matches through an index reads m entries, which is why the API caps the total at
${fmt(SEARCH_COUNT_LIMIT)}.

Every cell of the list tables above is within budget on both engines. This machine pages out memory idle for a
minute (the host's DAMON reclaim: \`pageout\` for regions untouched over twelve 5-second intervals), so a page of
the database not read lately comes from disk: the benchmark warms every page without a search first (the first
cells measured 57–158 ms of disk reads without it), cells that walk a name index read the table in name order,
which that loss hurts most (SQLite's \`nepal\` by customer: 5.1 ms here, 4.0–18 ms in earlier runs), and the
200-row pages, run last, gave p95 9.4 ms on SQLite and 10 ms on PostgreSQL here (13 and 12 ms in the run before,
24 and 18 ms before that, 23 ms to 1.2 s across the runs of 2026-11-23's night).

Reported, not held to 20 ms:
- *The first request that builds an entry for a very common word* (the *max* column: 0.4–0.6 s for \`booked\`,
  up to 1.6 s for a single letter matching a third of the table), once per search and sort until the next write.
  It is the price of the cache: the k-th match in a column's order needs every match m read and sorted, or a
  walk of that column's index until k matches have passed (about k·n/m rows of n), and no index serves both a
  text match and an arbitrary order.

On PostgreSQL the LIKE side runs with PostgreSQL's default two parallel workers, which the API's pool turns off,
and tests the text built from the fields, as a table without a search structure has it: an application would
write an OR of \`ILIKE '%q%'\` over the six fields, which takes the same (590–620 ms here). The stored lower-cased
column is part of the search structure; a LIKE scan of it takes about 240 ms, so against that PostgreSQL's
ratios would be about 2.5 times lower (\`nepal\` about 80×).
`;

async function main() {
  if (args['markdown-only']) {
    // Rewrites the markdown from the last run's figures (after editing the text below).
    const saved = JSON.parse(fs.readFileSync(path.join(resultsDir, 'inquiries.json'), 'utf8')) as {
      date: string;
      machine: string;
      data: { count: number; pages: number[]; results: EngineResult[] };
    };
    fs.writeFileSync(
      path.join(resultsDir, 'inquiries.md'),
      markdown(saved.data.results, saved.data.count, saved.data.pages),
    );
    return;
  }
  if (args['seed-only']) {
    for (const engine of ENGINES) {
      const target = await prepare(engine);
      console.info(
        `[${engine}] seeded in ${target.seedSeconds?.toFixed(0)} s; reuse with --${engine} ${target.databaseUrl ?? target.dataDir}`,
      );
    }
    return;
  }
  if (args['versus-only']) {
    for (const engine of ENGINES) await benchVersusOnly(engine);
    return;
  }
  const results: EngineResult[] = [];
  for (const engine of ENGINES) results.push(await benchEngine(engine));
  const md = markdown(results, COUNT, PAGES);
  saveResult('inquiries', { count: COUNT, pages: PAGES, results }, md);
  console.info(`\n${md}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
