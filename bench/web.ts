// Web budgets (decisions §8, issue 29): Lighthouse 12 mobile on every public page of the production build (median
// of 5 runs, Debian's Chromium): performance ≥ 95 with TBT ≤ 100 ms, and 100 in accessibility, best practices
// and SEO; every public page's first-load JavaScript against a React 19 hello-world built in the same run; and
// the caching and compression headers.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { median, requireBuild, root, saveResult, serverNodeVersion, startPinned, stop, tempDir, waitFor } from './lib';
import { BUDGET_BYTES, pageBudgets } from '../scripts/bundle-size.mjs';
import { PRIVATE_PATH_PREFIXES, UNLISTED_PUBLIC_PATHS, WEB_ROUTE_PATTERNS } from '@safarnama/contract';

/** The pages decisions §8 holds to 1.45× a React hello-world and to LCP ≤ 2.0 s. */
const RATIO_PAGES = new Set(['/', '/packages', '/packages/{id}']);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const PORT = 3421;
const BASE = `http://127.0.0.1:${PORT}`;
/** Comma-separated page names (`/`, `/packages/{id}`, …) to measure only those: a quicker look at one page. */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
/** A folder to keep every run's Lighthouse JSON in, to read a failing audit's details. */
const KEEP = process.env.BENCH_LIGHTHOUSE_KEEP;

/**
 * Every public page the web routes (packages/contract/src/site.ts), named as the bundle check names them:
 * all but the back office and the customer area, the unlisted public pages (noindex) included.
 */
const publicPages = WEB_ROUTE_PATTERNS.filter(
  (pattern) =>
    (UNLISTED_PUBLIC_PATHS as readonly string[]).includes(pattern) ||
    !PRIVATE_PATH_PREFIXES.some((prefix) => `${pattern}/`.startsWith(prefix.replace(/\/?$/, '/'))),
).map((pattern) => pattern.replace(':id', '{id}'));

/** The SEO audit a page the server marks `noindex` (on purpose) cannot pass. */
const CRAWLABLE = 'is-crawlable';

/** Builds a React 19 hello-world with the same Vite and returns its JavaScript, gzip bytes. */
function helloWorldGzip(): number {
  const dir = fs.mkdtempSync(path.join(root, '.tmp-hello-'));
  try {
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<div id="root"></div><script type="module" src="/main.js"></script>',
    );
    // createElement rather than JSX, so the figure does not depend on how this throwaway project compiles JSX.
    fs.writeFileSync(
      path.join(dir, 'main.js'),
      "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
        "createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello, world'));\n",
    );
    fs.writeFileSync(path.join(dir, 'vite.config.mjs'), 'export default { logLevel: "error" };\n');
    execSync(`${path.join(root, 'node_modules/.bin/vite')} build`, { cwd: dir, stdio: 'inherit' });
    const assets = path.join(dir, 'dist/assets');
    return fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(assets, f)), { level: 9 }).length, 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface PageScore {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Audits of accessibility, best practices and SEO that did not pass, by id. */
  failed: string[];
  /** Lighthouse's measure of the CPU it had in this run (higher is faster): a busy machine lowers it. */
  benchmarkIndex: number;
}

/** One Lighthouse run; a run whose trace Lighthouse could not read (NO_NAVSTART and the like) is run again. */
async function audit(url: string, port: number, keepAs?: string, attempt = 1): Promise<PageScore> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    logLevel: 'error',
  });
  const lhr = result!.lhr;
  if (lhr.runtimeError) {
    if (attempt >= 3) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code}`);
    console.info(`  ${lhr.runtimeError.code}; running again`);
    return audit(url, port, keepAs, attempt + 1);
  }
  if (KEEP && keepAs) {
    fs.mkdirSync(KEEP, { recursive: true });
    fs.writeFileSync(path.join(KEEP, `${keepAs}.json`), JSON.stringify(lhr));
  }
  const failed = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    failed,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** `1.2, 0.9, 0.7` */
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** What the server names in each page's <head> (apps/api/src/plugins/page-hints.ts). */
async function hintsOf(pages: Record<string, string>) {
  const out: Record<string, string> = {};
  for (const [name, url] of Object.entries(pages)) {
    const html = await (await fetch(`${BASE}${url}`)).text();
    const count = (re: RegExp) => (html.match(re) ?? []).length;
    out[name] = [
      `${count(/rel="preload" as="image"[^>]*imagesrcset=/g)} image (with srcset)`,
      `${count(/rel="preload" as="fetch"/g)} API`,
      `${count(/rel="modulepreload"/g)} chunk`,
    ].join(', ');
  }
  return out;
}

async function headerChecks() {
  const html = await fetch(`${BASE}/packages`, { headers: { 'accept-encoding': 'br, gzip' } });
  const json = await fetch(`${BASE}/api/packages`, { headers: { 'accept-encoding': 'br, gzip' } });
  const indexHtml = await (await fetch(`${BASE}/`)).text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)?.[1];
  const assetRes = asset ? await fetch(`${BASE}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } }) : undefined;
  const pkgs = (await (await fetch(`${BASE}/api/packages`)).json()) as { images: string[] }[];
  const image = pkgs[0]?.images[0];
  const imageRes = image ? await fetch(`${BASE}${image}`) : undefined;
  return {
    htmlEncoding: html.headers.get('content-encoding') ?? 'none',
    htmlCache: html.headers.get('cache-control') ?? '',
    jsonEncoding: json.headers.get('content-encoding') ?? 'none',
    assetCache: assetRes?.headers.get('cache-control') ?? 'missing',
    assetEncoding: assetRes?.headers.get('content-encoding') ?? 'none',
    imageType: imageRes?.headers.get('content-type') ?? 'missing',
    imageCache: imageRes?.headers.get('cache-control') ?? 'missing',
  };
}

async function main() {
  requireBuild();
  const dataDir = tempDir('web');
  const server = startPinned([path.join(root, 'apps/api/dist/server.js')], {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
  });
  const chromePath =
    process.env.CHROMIUM_PATH ?? execSync('command -v chromium', { shell: '/bin/sh' }).toString().trim();
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const scores: Record<string, PageScore[]> = {};
  let headers;
  let hints: Record<string, string> = {};
  const noindex = new Set<string>();
  let loadBefore = '';
  let loadAfter = '';
  try {
    await waitFor(`${BASE}/readyz`);
    const pkgs = (await (await fetch(`${BASE}/api/packages`)).json()) as { _id: string }[];
    const pages = Object.fromEntries(
      publicPages
        .filter((name) => !ONLY || ONLY.includes(name))
        .map((name) => [name, name.replace('{id}', encodeURIComponent(pkgs[0]!._id))]),
    );
    for (const [name, url] of Object.entries(pages)) {
      const html = await (await fetch(`${BASE}${url}`)).text();
      if (/<meta name="robots" content="noindex/.test(html)) noindex.add(name);
    }
    loadBefore = loadAverage();
    for (let run = 1; run <= RUNS; run++) {
      for (const [name, url] of Object.entries(pages)) {
        // A browser of its own for each run, as the lighthouse command starts one for each page it is given,
        // rather than one browser through every run: at load average 9–10, five runs of /login and /register
        // had TBT medians of 104 and 80 ms in one browser, 68 and 42 ms in a fresh one each run.
        chrome = await chromeLauncher.launch({
          chromePath,
          chromeFlags: [
            '--headless=new',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        });
        const s = await audit(`${BASE}${url}`, chrome.port, `${name.replace(/\W+/g, '_') || 'home'}-${run}`);
        console.info(
          `run ${run} ${name}: perf ${s.performance}, a11y ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo}, LCP ${Math.round(s.lcp)} ms, TBT ${Math.round(s.tbt)} ms, CLS ${s.cls.toFixed(3)}, CPU index ${Math.round(s.benchmarkIndex)}${s.failed.length ? `; failed: ${s.failed.join(', ')}` : ''} (load ${loadAverage()})`,
        );
        (scores[name] ??= []).push(s);
        await chrome.kill();
        chrome = undefined;
      }
    }
    loadAfter = loadAverage();
    headers = await headerChecks();
    hints = await hintsOf(pages);
  } finally {
    await chrome?.kill();
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const hello = helloWorldGzip();
  const dist = path.join(root, 'apps/web/dist');
  const budgets = pageBudgets(dist).map((b) => ({
    ...b,
    brotli: b.files.reduce((sum, f) => {
      const file = path.join(dist, f);
      return sum + (fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : fs.statSync(file).size);
    }, 0),
  }));
  const ok = (b: boolean) => (b ? 'yes' : '**no**');
  const rows = Object.entries(scores).map(([name, runs]) => {
    const m = {
      performance: median(runs.map((r) => r.performance)),
      accessibility: median(runs.map((r) => r.accessibility)),
      bestPractices: median(runs.map((r) => r.bestPractices)),
      seo: median(runs.map((r) => r.seo)),
      lcp: median(runs.map((r) => r.lcp)),
      tbt: median(runs.map((r) => r.tbt)),
      cls: median(runs.map((r) => r.cls)),
      benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
    };
    // Audits that failed in any run; a noindex page is held to every SEO audit but being indexable.
    const failed = [...new Set(runs.flatMap((r) => r.failed))];
    const expectedToFail = noindex.has(name) ? [CRAWLABLE] : [];
    const unexpected = failed.filter((id) => !expectedToFail.includes(id));
    const held =
      m.performance >= 95 &&
      (m.lcp <= 2000 || !RATIO_PAGES.has(name)) &&
      m.tbt <= 100 &&
      m.cls <= 0.05 &&
      m.accessibility === 100 &&
      m.bestPractices === 100 &&
      (m.seo === 100 || (noindex.has(name) && !runs.some((r) => r.failed.some((id) => id !== CRAWLABLE)))) &&
      unexpected.length === 0;
    return { name, ...m, failed, held, noindex: noindex.has(name), tbtRuns: runs.map((r) => Math.round(r.tbt)) };
  });
  const md = `## Web: Lighthouse and first-load JavaScript

Lighthouse 12, mobile preset (simulated throttling), Debian's Chromium headless, median of ${RUNS} runs per page,
against the production build served by the API on the demo seed, every public page of
packages/contract/src/site.ts. Load average (1, 5, 15 min) ${loadBefore} before the runs, ${loadAfter} after:
Total Blocking Time is simulated from the main thread's measured tasks, so a busy machine inflates it; Lighthouse's
CPU benchmark index (median of the page's runs; higher is faster) shows how much processor each page had.

| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms (median; each run) | CLS | CPU index | audits failed in any run | budget held (≥ 95, 100, 100, 100, LCP ≤ 2000 on the first three, ≤ 100, ≤ 0.05) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | :---: |
${rows.map((r) => `| \`${r.name}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo}${r.noindex ? ' (noindex)' : ''} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} (${r.tbtRuns.join(', ')}) | ${r.cls.toFixed(3)} | ${Math.round(r.benchmarkIndex)} | ${r.failed.join(', ') || 'none'} | ${ok(r.held)} |`).join('\n')}

${
  noindex.size
    ? `Pages marked (noindex) are public but have nothing for a search engine (a password reset, an unsubscribe link's
landing page): the server marks them \`noindex\` and robots.txt disallows them (docs/public-reach.md), so Lighthouse's
\`${CRAWLABLE}\` audit fails there on purpose; every other SEO audit must pass.
`
    : ''
}
First-load JavaScript of every public page (gzip -9), from the Vite manifest: the entry chunk with its static imports
plus the chunk the page's route renders at first paint (scripts/bundle-size.mjs; the test command's check prints the
same figures).
A React 19 hello-world built with the same Vite in this run: ${(hello / 1024).toFixed(1)} KB.

The server sends the build's pre-compressed brotli files (quality 11) to browsers that accept them: the
last column is what actually crosses the network.

The 1.45× hello-world budget is decisions §8's for the three Lighthouse pages (\`/\`, \`/packages\`,
\`/packages/{id}\`); the other pages' ratios are reported. The form pages carry react-hook-form at first paint
(their validation schemas load after it), so they sit closer to the 100 KB budget that holds for all.

| page | KB gzip | ≤ ${BUDGET_BYTES / 1024} KB | ratio to hello-world (≤ 1.45 for the first three) | KB brotli, as served |
| --- | ---: | :---: | ---: | ---: |
${budgets.map((b) => `| \`${b.page}\` | ${(b.bytes / 1024).toFixed(1)} | ${ok(b.bytes <= BUDGET_BYTES)} | ${(b.bytes / hello).toFixed(2)} ${!RATIO_PAGES.has(b.page) || b.bytes / hello <= 1.45 ? '' : '**over**'} | ${(b.brotli / 1024).toFixed(1)} |`).join('\n')}

Headers: HTML \`content-encoding: ${headers?.htmlEncoding}\`, \`cache-control: ${headers?.htmlCache}\`; JSON \`content-encoding: ${headers?.jsonEncoding}\`;
hashed assets \`cache-control: ${headers?.assetCache}\`, \`content-encoding: ${headers?.assetEncoding}\`; package images \`${headers?.imageType}\`, \`cache-control: ${headers?.imageCache}\`.

Preload hints in each page's HTML (the largest image, the first API data, the page's chunks):
${Object.entries(hints)
  .map(([page, h]) => `\`${page}\` ${h}`)
  .join('; ')}.
`;
  saveResult(
    'web',
    { load: { before: loadBefore, after: loadAfter }, scores, rows, hello, budgets, headers, hints },
    md,
    serverNodeVersion(),
  );
  console.info(md);
  const missed = rows.filter((r) => !r.held).map((r) => r.name);
  if (missed.length) {
    console.error(`Budget missed on ${missed.join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
