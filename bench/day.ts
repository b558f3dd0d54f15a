// `npm run bench:day` (issue 54): a busy agency's day on one server core. Seeds (or reuses) a database per engine
// with the demo catalogue, N inquiries and a working set of papers (day-setup.ts), starts the built server pinned
// to core 0 and drives it from core 1 with an open-loop mix at a constant rate (day-load.ts): visitors, staff and
// customers, with a CSV export of every row, a steady stream of PDFs and an image upload now and then in the
// background. Steps the rate up (doubling, then bisection) to the highest at which every interactive call's p99
// is ≤ 100 ms, the event loop's delay p99 ≤ 20 ms and nothing fails (the capacity), measures a longer run there,
// and with `--soak 30m` runs at 70% of it, checking RSS grows ≤ 10% and nothing fails. The loop's delay is the
// server's own monitorEventLoopDelay, read from GET /metrics (prom-client resets it at each scrape, so a scrape
// before and after a step gives that step's). Writes bench/results/day.{md,json}.
//
//   npm run bench:day -- [--inquiries 1000000] [--engines sqlite,postgres] [--papers 1000] [--step 20]
//                        [--sqlite <data dir> | --postgres <url>] [--keep] [--capacity <req/s>] [--soak 30m]
//                        [--pdf-rate 1] [--upload-every 15] [--export-every 30]   (0: none of that background)
//                        [--listed-edits 0.25]   (the share of edits that also move a follow-up; 0: none)
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { Engine } from '../apps/api/src/db/dialect';
import { multipart } from '../apps/api/src/test/upload-kit';
import { BUDGET, judgeStep, parseDuration, rssGrowth, searchCapacity, summarize, type Summary } from './day-stats';
import { runOpenLoop, send, weightedMix, type Call, type Samples, type Stream } from './day-load';
import { ensureBenchAccounts, ensurePapers, loadTargets, login, prepareDay, startServer } from './day-setup';
import { cpuSeconds, requireBuild, root, saveResult, serverNodeVersion, stop, waitFor } from './lib';
import { fmt } from './seeded-app';

const { values: args } = parseArgs({
  options: {
    inquiries: { type: 'string', default: '1000000' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    papers: { type: 'string', default: '1000' },
    sqlite: { type: 'string' },
    postgres: { type: 'string' },
    keep: { type: 'boolean', default: false },
    step: { type: 'string', default: '20' },
    report: { type: 'string', default: '60' },
    start: { type: 'string', default: '50' },
    max: { type: 'string', default: '4000' },
    capacity: { type: 'string' },
    soak: { type: 'string' },
    'pdf-rate': { type: 'string', default: '1' },
    'upload-every': { type: 'string', default: '15' },
    'export-every': { type: 'string', default: '30' },
    /** The share of edits that also move a follow-up (a column the list's filters read, so its kept lists go). */
    'listed-edits': { type: 'string', default: '0.25' },
    port: { type: 'string', default: '3434' },
    /** The results' name (bench/results/<name>.md): a variant run keeps the main one's. */
    name: { type: 'string', default: 'day' },
  },
});
const COUNT = Number(args.inquiries);
const ENGINES = args.engines.split(',').filter((e): e is Engine => e === 'sqlite' || e === 'postgres');
const STEP_S = Number(args.step);
const PORT = Number(args.port);
const PDF_RATE = Number(args['pdf-rate']);
const UPLOAD_EVERY_S = Number(args['upload-every']);
const EXPORT_EVERY_S = Number(args['export-every']);
const LISTED_EDITS = Number(args['listed-edits']);
const SOAK_S = args.soak ? parseDuration(args.soak) : 0;
/** Issue 54's item 5: the soak's rate, as a share of the capacity. */
const SOAK_SHARE = 0.7;
const SOAK_RSS_BUDGET = 0.1;
const BASE = new URL(`http://127.0.0.1:${PORT}`);

/**
 * The interactive mix, by weight (a hundred calls): visitors 60 (home data 20, search 15, package pages 20,
 * sitemap 5), staff 32 (lists with filters and searches 14, opening an inquiry 10, an edit of a trip's details 4, a note 4),
 * customers' trip pages 8.
 */
const MIX = { home: 20, search: 15, package: 20, sitemap: 5, list: 14, open: 10, edit: 4, note: 4, trip: 8 };
const VISITOR_SHARE = (MIX.home + MIX.search + MIX.package + MIX.sitemap) / 100;
const STAFF_SHARE = (MIX.list + MIX.open + MIX.edit + MIX.note) / 100;
/**
 * What the plain-words line assumes: a visit asks for about 8 of the visitors' calls (the home page's three, a
 * search or two, a few package pages); a staff member at work makes one of staff's calls every 10 s.
 */
const CALLS_A_VISIT = 8;
const STAFF_CALLS_A_MINUTE = 6;

const INTERACTIVE = [
  'home data',
  'package search',
  'package page',
  'sitemap',
  'inquiry list',
  'open inquiry',
  'edit inquiry',
  'add note',
  'trip page',
] as const;
const BACKGROUND = ['PDF', 'image upload', 'CSV export (every row)'] as const;

const SEARCHES = [
  '/api/packages/search?search=kerala',
  '/api/packages/search?search=goa&maxPrice=30000',
  '/api/packages/search?minPrice=20000&maxPrice=60000',
  '/api/packages/search?minDuration=5&maxDuration=8',
  '/api/packages/search?search=himalaya&minDuration=6',
  '/api/packages/search',
];
const LISTS = [
  '/api/inquiries?page=1&pageSize=50',
  '/api/inquiries?page=1&pageSize=50&status=New',
  '/api/inquiries?page=1&pageSize=50&q=sharma',
  '/api/inquiries?page=2&pageSize=50&assignedTo=unassigned',
  '/api/inquiries?page=1&pageSize=50&followUp=overdue',
  '/api/inquiries?page=1&pageSize=50&status=Follow%20Up&q=k',
  '/api/inquiries?page=1&pageSize=50&sort=contact&order=asc',
  '/api/inquiries?page=1&pageSize=50&q=Dev%20Menon',
  '/api/inquiries?page=10&pageSize=50&assignedTo=me',
  '/api/dashboard/stats',
];

const rotate = <T>(xs: readonly T[]) => {
  let i = 0;
  return () => xs[i++ % xs.length]!;
};

interface World {
  staffToken: string;
  ownerToken: string;
  packages: string[];
  tokens: string[];
  payments: string[];
  quoted: string[];
  inquiries: string[];
  upload: { payload: Buffer; headers: Record<string, string> };
}

/** The interactive calls by kind, each with its weight in the mix and a maker that rotates over its targets. */
function interactiveKinds(world: World): { weight: number; next: () => Call }[] {
  const staff = { authorization: `Bearer ${world.staffToken}` };
  const json = { ...staff, 'content-type': 'application/json' };
  const home = rotate(['/api/site', '/api/packages', '/api/backgrounds']);
  const search = rotate(SEARCHES);
  const pkg = rotate(world.packages.flatMap((id) => [`/api/packages/${id}`, `/packages/${id}`]));
  const list = rotate(LISTS);
  const inquiry = rotate(world.inquiries);
  const open = rotate(['', '/events', '/payments']);
  const trip = rotate(world.tokens);
  // LISTED_EDITS of the edits, evenly spread: the k-th is one when the running share crosses a whole number.
  let edits = 0;
  const listedEdit = () => Math.floor(++edits * LISTED_EDITS) > Math.floor((edits - 1) * LISTED_EDITS);
  return [
    { weight: MIX.home, next: () => get('home data', home()) },
    { weight: MIX.search, next: () => get('package search', search()) },
    { weight: MIX.package, next: () => get('package page', pkg()) },
    { weight: MIX.sitemap, next: () => get('sitemap', '/sitemap.xml') },
    { weight: MIX.list, next: () => get('inquiry list', list(), staff) },
    { weight: MIX.open, next: () => get('open inquiry', `/api/inquiries/${inquiry()}${open()}`, staff) },
    {
      weight: MIX.edit,
      next: () => ({
        type: 'edit inquiry',
        method: 'PUT',
        path: `/api/inquiries/${inquiry()}`,
        headers: json,
        body: JSON.stringify({
          extraInfo: `Called back at ${new Date().toISOString()}; wants a sea view.`,
          ...(listedEdit() ? { followUpAt: new Date(Date.now() + 86_400_000).toISOString() } : {}),
        }),
      }),
    },
    {
      weight: MIX.note,
      next: () => ({
        type: 'add note',
        method: 'POST',
        path: `/api/inquiries/${inquiry()}/notes`,
        headers: json,
        body: JSON.stringify({ text: 'Spoke to the customer; sending two hotel options tomorrow.' }),
      }),
    },
    { weight: MIX.trip, next: () => get('trip page', `/api/trips/${trip()}`) },
  ];
}

const get = (type: string, p: string, headers: Record<string, string> = {}): Call => ({
  type,
  method: 'GET',
  path: p,
  headers,
});

/** The interactive mix at `rate` and the background streams (PDFs, uploads) at their own fixed rates. */
function streams(world: World, rate: number): Stream[] {
  const staff = { authorization: `Bearer ${world.staffToken}` };
  const mix = weightedMix(interactiveKinds(world));
  const quotation = rotate(world.quoted);
  const receipt = rotate(world.payments);
  let pdfs = 0;
  const pdf = () =>
    get(
      'PDF',
      pdfs++ % 2 || world.payments.length === 0
        ? `/api/inquiries/${quotation()}/quotation.pdf`
        : `/api/payments/${receipt()}/receipt.pdf`,
      staff,
    );
  // An upload, then the next time round its deletion, so the catalogue stays the same size over a soak.
  const uploaded: string[] = [];
  const owner = { authorization: `Bearer ${world.ownerToken}` };
  const upload = (): Call => {
    const id = uploaded.shift();
    if (id) return { type: 'image upload', method: 'DELETE', path: `/api/backgrounds/${id}`, headers: owner };
    return {
      type: 'image upload',
      method: 'POST',
      path: '/api/backgrounds',
      headers: { ...owner, ...world.upload.headers },
      body: world.upload.payload,
      then: (_status, body) => {
        const made = JSON.parse(body) as { _id: string }[];
        uploaded.push(...made.map((b) => b._id));
      },
    };
  };
  return [
    { rate, next: mix },
    ...(PDF_RATE > 0 ? [{ rate: PDF_RATE, next: pdf }] : []),
    ...(UPLOAD_EVERY_S > 0 ? [{ rate: 2 / UPLOAD_EVERY_S, next: upload }] : []),
  ];
}

/**
 * The background export: a client process (bench/export-client.mjs, on this core) downloads every row as a
 * browser does, one at a time, a new one every EXPORT_EVERY_S seconds or as soon as the last ends if it took
 * longer. Its duration is its sample.
 */
function exportLoop(staffToken: string, samples: Samples) {
  let stopped = false;
  let running = false;
  const s = (samples['CSV export (every row)'] ??= { latencies: [], errors: 0, examples: [] });
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      let out = '';
      const child = spawn(
        process.execPath,
        [path.join(root, 'bench/export-client.mjs'), `${BASE.origin}/api/inquiries/export.csv`, staffToken],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.once('exit', (code) => {
        if (code === 0) s.latencies.push(performance.now() - started);
        else {
          s.errors++;
          if (s.examples.length < 3) s.examples.push(out.slice(0, 200));
        }
        resolve();
      });
    });
  const loop = async () => {
    while (!stopped) {
      const started = performance.now();
      running = true;
      await once();
      running = false;
      const wait = EXPORT_EVERY_S * 1000 - (performance.now() - started);
      const until = performance.now() + wait;
      while (!stopped && performance.now() < until) await new Promise((r) => setTimeout(r, 100));
    }
  };
  const looping = loop();
  return {
    /** Whether an export is downloading now: its thread's heap and buffers are then in the server's memory. */
    exporting: () => running,
    stop: async () => {
      stopped = true;
      await looping;
    },
  };
}

/**
 * Seconds the server's threads spent ready to run but waiting for the core (the second field of each thread's
 * /proc schedstat; Linux): on a machine shared with other work this is time the server lost to it, and it is in
 * every latency of the step.
 */
function runQueueWait(pid: number): number {
  let ns = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[1] ?? 0);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return ns / 1e9;
}

/**
 * The server's resident memory (VmRSS) and the anonymous part of it (RssAnon: heaps, buffers, native allocations).
 * The rest is mostly SQLite's memory-mapped database file, pages of the OS's file cache that fill in as more of the
 * file is read and that the kernel takes back when it needs them: RSS grows with them and is no leak.
 */
function memoryMiB(pid: number): { rss: number; anon: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, anon: kib('RssAnon') / 1024 };
}

/** A second's memory reading, and whether the background export was running then. */
interface MemorySample {
  t: number;
  rss: number;
  anon: number;
  exporting: boolean;
}

/**
 * prom-client's monitorEventLoopDelay samples every 10 ms (its eventLoopMonitoringPrecision) and records the whole
 * interval between samples, so an idle loop reads 10 ms: the delay is what lies beyond it.
 */
const LOOP_RESOLUTION_MS = 10;

/** The server's event-loop delay since the last scrape (prom-client's monitorEventLoopDelay, reset by a scrape). */
async function scrapeLoopDelay(metricsToken: string) {
  const res = await fetch(`${BASE.origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const text = await res.text();
  const value = (name: string) => {
    const seconds = Number(new RegExp(`^${name} ([\\d.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN);
    return Math.max(0, seconds * 1000 - LOOP_RESOLUTION_MS);
  };
  return { p99: value('nodejs_eventloop_lag_p99_seconds'), max: value('nodejs_eventloop_lag_max_seconds') };
}

/**
 * decisions §8's "close to the limit": each interactive kind timed alone (calls one after another, nothing else
 * running) by the server's CPU time a call; the mix's mean by weight; one core running the mix back to back
 * would answer 1 ÷ that mean a second. The capacity should be at least 0.7 of it.
 */
async function calibrate(world: World, server: { pid: number }, calls = 200) {
  const perKind: Record<string, number> = {};
  let weighted = 0;
  let weights = 0;
  for (const kind of interactiveKinds(world)) {
    const samples: Samples = {};
    let type = '';
    const cpu0 = cpuSeconds(server.pid);
    for (let i = 0; i < calls; i++) {
      const call = kind.next();
      type = call.type;
      await send(BASE, call, performance.now(), samples);
    }
    const cpuMs = ((cpuSeconds(server.pid) - cpu0) * 1000) / calls;
    if (samples[type]?.errors) throw new Error(`${type} alone: ${samples[type]!.examples.join('; ')}`);
    perKind[type] = cpuMs;
    weighted += cpuMs * kind.weight;
    weights += kind.weight;
  }
  const meanCpuMs = weighted / weights;
  return { perKind, meanCpuMs, backToBack: 1000 / meanCpuMs };
}

/** decisions §8: the capacity found should be at least this share of the mix's back-to-back rate. */
const CLOSE_TO_LIMIT = 0.7;

interface StepResult {
  rate: number;
  seconds: number;
  achieved: number;
  interactive: Record<string, Summary>;
  background: Record<string, Summary>;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** How late the load generator itself sent calls (p99, ms): its own wait for its core, included in latencies. */
  generatorLateP99Ms: number;
  /** The server's CPU time over the step's wall time (1 = the whole core). */
  cpu: number;
  /** Seconds a second the server's threads waited for the core while ready to run (other work's share). */
  waitedForCore: number;
  /** The server's CPU time over the interactive calls answered (ms), background work included. */
  cpuMsPerCall: number;
  rssStartMiB: number;
  rssEndMiB: number;
  rssMaxMiB: number;
  rssSamples: MemorySample[];
  ok: boolean;
  reasons: string[];
  load: [number, number];
}

async function step(world: World, server: { pid: number }, metricsToken: string, rate: number, seconds: number) {
  const load0 = os.loadavg()[0]!;
  await scrapeLoopDelay(metricsToken);
  const cpu0 = cpuSeconds(server.pid);
  const wait0 = runQueueWait(server.pid);
  const wall0 = performance.now();
  const rssSamples: MemorySample[] = [{ t: 0, exporting: false, ...memoryMiB(server.pid) }];
  const exportSamples: Samples = {};
  const exports = EXPORT_EVERY_S > 0 ? exportLoop(world.staffToken, exportSamples) : undefined;
  const { samples, lateness } = await runOpenLoop(BASE, streams(world, rate), seconds, (t) =>
    rssSamples.push({ t, exporting: exports?.exporting() ?? false, ...memoryMiB(server.pid) }),
  );
  const generatorLateP99Ms = summarize(lateness, 0).p99;
  const loop = await scrapeLoopDelay(metricsToken);
  const cpuUsed = cpuSeconds(server.pid) - cpu0;
  const wall = (performance.now() - wall0) / 1000;
  const cpu = cpuUsed / wall;
  const waitedForCore = (runQueueWait(server.pid) - wait0) / wall;
  await exports?.stop();
  Object.assign(samples, exportSamples);
  const pick = (names: readonly string[]) =>
    Object.fromEntries(
      names.filter((n) => samples[n]).map((n) => [n, summarize(samples[n]!.latencies, samples[n]!.errors)]),
    );
  const interactive = pick(INTERACTIVE);
  const background = pick(BACKGROUND);
  const verdict = judgeStep(interactive, background, loop.p99);
  const achieved = INTERACTIVE.reduce((a, n) => a + (samples[n]?.latencies.length ?? 0), 0) / seconds;
  for (const [name, s] of Object.entries(samples)) {
    for (const e of s.examples) console.warn(`  ${name}: ${e}`);
  }
  const result: StepResult = {
    rate,
    seconds,
    achieved,
    interactive,
    background,
    loopDelayP99Ms: loop.p99,
    loopDelayMaxMs: loop.max,
    generatorLateP99Ms,
    cpu,
    cpuMsPerCall: (cpuUsed * 1000) / Math.max(1, achieved * seconds),
    waitedForCore,
    rssStartMiB: rssSamples[0]!.rss,
    rssEndMiB: rssSamples.at(-1)!.rss,
    rssMaxMiB: Math.max(...rssSamples.map((s) => s.rss)),
    rssSamples,
    ok: verdict.ok,
    reasons: verdict.reasons,
    load: [load0, os.loadavg()[0]!],
  };
  const worst = Math.max(0, ...Object.values(interactive).map((s) => s.p99));
  console.info(
    `  ${rate} req/s for ${seconds} s: worst interactive p99 ${worst.toFixed(0)} ms, loop p99 ${loop.p99.toFixed(1)} ms, ` +
      `generator late p99 ${generatorLateP99Ms.toFixed(1)} ms, CPU ${(cpu * 100).toFixed(0)}%, ` +
      `waited for the core ${(waitedForCore * 1000).toFixed(0)} ms a second, ` +
      `RSS ${result.rssEndMiB.toFixed(0)} MiB, load ${result.load[1].toFixed(1)} — ${verdict.ok ? 'held' : `missed (${verdict.reasons.join('; ')})`}`,
  );
  return result;
}

const ms = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : n.toFixed(0));

function table(r: StepResult) {
  const rows = [
    '| call | kind | calls | p50 ms | p95 ms | p99 ms | max ms | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [kind, group] of [
    ['interactive', r.interactive],
    ['background', r.background],
  ] as const) {
    for (const [name, s] of Object.entries(group)) {
      rows.push(
        `| ${name} | ${kind} | ${fmt(s.count)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${s.errors} |`,
      );
    }
  }
  return rows.join('\n');
}

/** "about N staff working and M visitors an hour" at a rate of interactive calls. */
function plainWords(rate: number) {
  const staff = Math.floor((rate * STAFF_SHARE * 60) / STAFF_CALLS_A_MINUTE / 10) * 10;
  const visitors = Math.floor((rate * VISITOR_SHARE * 3600) / CALLS_A_VISIT / 1000) * 1000;
  return { staff, visitors };
}

async function runEngine(engine: Engine, uploadImage: World['upload']) {
  const target = await prepareDay(engine, {
    count: COUNT,
    reuse: engine === 'sqlite' ? args.sqlite : args.postgres,
    keep: args.keep,
    port: PORT,
  });
  const metricsToken = crypto.randomBytes(16).toString('hex');
  let server: ReturnType<typeof startServer> | undefined;
  try {
    await ensureBenchAccounts(target);
    server = startServer(target, PORT, metricsToken);
    await waitFor(`${BASE.origin}/readyz`);
    const staff = await login(BASE.origin, 'staff');
    const owner = await login(BASE.origin, 'owner');
    console.info(`[${engine}] papers for up to ${fmt(Number(args.papers))} inquiries…`);
    const papers = await ensurePapers(BASE.origin, target, staff, Number(args.papers));
    console.info(`[${engine}] ${JSON.stringify(papers)}`);
    const world: World = {
      staffToken: staff.token,
      ownerToken: owner.token,
      upload: uploadImage,
      ...(await loadTargets(BASE.origin, target, staff.token)),
    };
    const pid = { pid: server.pid! };
    console.info(`[${engine}] warm-up`);
    await step(world, pid, metricsToken, Number(args.start), 10);
    const alone = await calibrate(world, pid);
    console.info(
      `[${engine}] alone: ${Object.entries(alone.perKind)
        .map(([k, v]) => `${k} ${v.toFixed(2)}`)
        .join(', ')} ms CPU a call; the mix back to back ${alone.backToBack.toFixed(0)} a second`,
    );
    const steps: StepResult[] = [];
    let capacity = Number(args.capacity ?? NaN);
    if (Number.isNaN(capacity)) {
      console.info(`[${engine}] searching for the capacity, ${STEP_S} s a step`);
      const found = await searchCapacity(
        async (rate) => {
          const r = await step(world, pid, metricsToken, rate, STEP_S);
          steps.push(r);
          return r.ok;
        },
        { start: Number(args.start), max: Number(args.max), precision: 0.1 },
      );
      capacity = found.capacity;
    }
    // Below the first step nothing held: the table then shows the first step's rate, marked as missed.
    const reportRate = capacity > 0 ? capacity : Number(args.start);
    console.info(`[${engine}] capacity ${capacity} req/s; a ${args.report} s run at ${reportRate}`);
    const report = await step(world, pid, metricsToken, reportRate, Number(args.report));
    let soak: (StepResult & { growth: number; anonGrowth: number; anonGrowthWithExports: number }) | undefined;
    if (SOAK_S > 0) {
      const rate = Math.max(1, Math.round(reportRate * SOAK_SHARE));
      console.info(`[${engine}] soak: ${rate} req/s for ${SOAK_S} s`);
      const r = await step(world, pid, metricsToken, rate, SOAK_S);
      // The first tenth is warm-up (caches, the export's first buffers); then the first and last windows compared.
      const settled = r.rssSamples.filter((s) => s.t >= SOAK_S / 10);
      const window = Math.min(60, SOAK_S / 5);
      const anon = (samples: MemorySample[]) => samples.map((x) => ({ t: x.t, rss: x.anon }));
      soak = {
        ...r,
        growth: rssGrowth(settled, window),
        // What the server keeps is read between exports: an export's thread holds a batch's rows and lines while it
        // runs (its transient, up to ~100 MiB), and a window that happens to end inside one reads that as growth.
        anonGrowth: rssGrowth(anon(settled.filter((s) => !s.exporting)), window),
        anonGrowthWithExports: rssGrowth(anon(settled), window),
      };
    }
    return { engine, papers, alone, steps, capacity, report, soak, seedSeconds: target.seedSeconds };
  } finally {
    if (server) await stop(server);
    await target.drop();
  }
}

type EngineResult = Awaited<ReturnType<typeof runEngine>>;

function markdown(results: EngineResult[]) {
  const quiet = PDF_RATE <= 0 && UPLOAD_EVERY_S <= 0 && EXPORT_EVERY_S <= 0;
  const lines = [
    quiet ? "## A day's load without the background work" : "## A day's load",
    '',
    ...(quiet
      ? [
          `The same bench at ${fmt(COUNT)} inquiries with no PDFs, uploads or exports`,
          '(`--pdf-rate 0 --upload-every 0 --export-every 0`): what the interactive calls alone make of the core.',
        ]
      : [
          `\`npm run bench:day\`: ${fmt(COUNT)} inquiries (seeded by bench/seed), the demo catalogue, and papers made through the`,
          "API for the newest inquiries in a day's proportions (each quoted and sent; 40% accepted, of those 90% paid an",
          'advance and 70% had bookings requested). The built server runs pinned to core 0, the load generator on core 1:',
          'an open loop at a constant rate (bench/day-load.ts; latency counts from when a call was due), mixing visitors',
          `(${MIX.home}% home data, ${MIX.search}% search, ${MIX.package}% package pages and their HTML, ${MIX.sitemap}% sitemap), staff (${MIX.list}% lists with`,
          `filters and searches, ${MIX.open}% opening an inquiry, ${MIX.edit}% an edit of a trip's details${LISTED_EDITS ? ` (${Math.round(LISTED_EDITS * 100)}% of them also moving a follow-up)` : ''}, ${MIX.note}% a note) and customers (${MIX.trip}% trip pages), with in`,
          `the background ${PDF_RATE} PDF a second (quotations and receipts), an image upload and its deletion every ${UPLOAD_EVERY_S} s, and`,
          `a CSV export of every row every ${EXPORT_EVERY_S} s (one at a time). The capacity is the highest rate (doubling, then bisection,`,
          `${STEP_S} s a step) at which every interactive call's p99 is ≤ ${BUDGET.interactiveP99Ms} ms, the event loop's delay p99 (the server's`,
          `monitorEventLoopDelay via GET /metrics, less its 10 ms sampling interval) ≤ ${BUDGET.loopDelayP99Ms} ms and nothing fails; each table is a ${args.report} s run at that rate.`,
        ]),
    "On PostgreSQL the database's own processes run unpinned, beside the generator, and the server's CPU leaves them out.",
    'The machine is shared with other work: the load average is given with each table.',
    '',
  ];
  for (const r of results) {
    const rep = r.report;
    const words = plainWords(r.capacity);
    lines.push(
      `### ${r.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
      '',
      `Capacity **${r.capacity} interactive calls a second** (${r.report.ok ? 'held again in the run below' : `the run below missed: ${rep.reasons.join('; ')}`}); ` +
        (r.capacity > 0
          ? `about ${fmt(words.staff)} staff at work and ${fmt(words.visitors)} visitors an hour. `
          : 'no rate tried held the budgets in this run. ') +
        'Steps tried: ' +
        (r.steps.length
          ? r.steps.map((s) => `${s.rate} ${s.ok ? 'held' : 'missed'}`).join(', ')
          : 'none (`--capacity` given)') +
        '.',
      '',
      table(rep),
      '',
      `Each kind alone (server CPU a call, ms): ${Object.entries(r.alone.perKind)
        .map(([k, v]) => `${k} ${v.toFixed(2)}`)
        .join(', ')}; the mix back to back would take ${r.alone.meanCpuMs.toFixed(2)} ms a call, ` +
        `${r.alone.backToBack.toFixed(0)} a second on one core; the capacity is ${(r.capacity / r.alone.backToBack).toFixed(2)}× that ` +
        `(decisions §8 asks ≥ ${CLOSE_TO_LIMIT}×: ${r.capacity >= CLOSE_TO_LIMIT * r.alone.backToBack ? 'held' : '**missed**'}).`,
      '',
      `Achieved ${rep.achieved.toFixed(0)} interactive calls a second; event-loop delay p99 ${ms(rep.loopDelayP99Ms)} ms (max ${ms(rep.loopDelayMaxMs)} ms); ` +
        `the generator sent its calls up to ${ms(rep.generatorLateP99Ms)} ms late (p99; counted in the latencies); ` +
        `server CPU ${(rep.cpu * 100).toFixed(0)}% of its core, ${rep.cpuMsPerCall.toFixed(1)} ms a call with the background work ` +
        `(a whole core would answer about ${Math.round(1000 / rep.cpuMsPerCall)} a second); its threads waited ` +
        `${(rep.waitedForCore * 1000).toFixed(0)} ms a second for the core, ready to run while other work had it; RSS ${rep.rssStartMiB.toFixed(0)} → ${rep.rssEndMiB.toFixed(0)} MiB (max ${rep.rssMaxMiB.toFixed(0)}); ` +
        `papers: ${fmt(r.papers.quotes)} quotations, ${fmt(r.papers.accepted)} accepted, ${fmt(r.papers.payments)} payments, ${fmt(r.papers.bookings)} supplier bookings (one a supplier); ` +
        `load average ${rep.load[0].toFixed(1)} at the start, ${rep.load[1].toFixed(1)} at the end.`,
      '',
    );
    if (r.soak) {
      const s = r.soak;
      const errors = [...Object.values(s.interactive), ...Object.values(s.background)].reduce(
        (a, x) => a + x.errors,
        0,
      );
      const worst = Math.max(...Object.values(s.interactive).map((x) => x.p99));
      lines.push(
        `Soak: ${s.rate} calls a second (${SOAK_SHARE * 100}% of the rate above) for ${(s.seconds / 60).toFixed(0)} min: ` +
          `anonymous memory (RssAnon) between exports ${(s.anonGrowth * 100).toFixed(1)}% over the run after its first tenth (budget ≤ ${SOAK_RSS_BUDGET * 100}%: ${s.anonGrowth <= SOAK_RSS_BUDGET ? 'held' : '**missed**'}; ` +
          `${(s.anonGrowthWithExports * 100).toFixed(1)}% counting the readings taken during an export, ` +
          `RSS with the mapped database file's pages ${(s.growth * 100).toFixed(1)}%), ` +
          `${errors} errors (${errors === 0 ? 'held' : '**missed**'}), worst interactive p99 ${ms(worst)} ms, loop delay p99 ${ms(s.loopDelayP99Ms)} ms, ` +
          `CPU ${(s.cpu * 100).toFixed(0)}%, RSS max ${s.rssMaxMiB.toFixed(0)} MiB; load average ${s.load[0].toFixed(1)} → ${s.load[1].toFixed(1)}.`,
        '',
      );
    }
  }
  return lines.join('\n');
}

async function main() {
  requireBuild();
  const image = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2a9d8f' } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const upload = multipart([{ name: 'images', file: image, filename: 'hero.jpg', contentType: 'image/jpeg' }]);
  const results: EngineResult[] = [];
  for (const engine of ENGINES) results.push(await runEngine(engine, upload));
  const md = markdown(results);
  console.info(md);
  // Memory over time is kept for the soak only, a sample every 10 s (bench/results keeps no file over 200 KB).
  const slim = results.map((r) => ({
    ...r,
    steps: r.steps.map(({ rssSamples: _, ...s }) => s),
    report: { ...r.report, rssSamples: undefined },
    soak: r.soak && { ...r.soak, rssSamples: r.soak.rssSamples.filter((x, i) => i === 0 || x.t % 10 < 1) },
  }));
  saveResult(args.name, { inquiries: COUNT, results: slim }, md, serverNodeVersion());
  const soakFailed = results.some(
    (r) =>
      r.soak &&
      (r.soak.anonGrowth > SOAK_RSS_BUDGET ||
        [...Object.values(r.soak.interactive), ...Object.values(r.soak.background)].some((s) => s.errors > 0)),
  );
  if (soakFailed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
