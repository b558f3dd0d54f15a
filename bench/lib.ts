// Shared benchmark plumbing: start pinned servers, wait for them, load them with wrk, take medians, write results.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const resultsDir = path.join(root, 'bench/results');

/**
 * The Node that runs the servers: BENCH_NODE (for example the deployment's Node 24, `npx -y -p node@24 which node`),
 * else the one running the benchmark.
 */
export const serverNode = process.env.BENCH_NODE || process.execPath;

/** serverNode's version, as `process.version` prints it. */
export const serverNodeVersion = (): string =>
  serverNode === process.execPath
    ? process.version
    : spawnSync(serverNode, ['--version'], { encoding: 'utf8' }).stdout.trim() || 'unknown';

/** Servers go on core 0; the load generator (this process, started under `taskset -c 1`) on core 1. */
export function startPinned(args: string[], env: Record<string, string>): ChildProcess {
  const useTaskset = os.cpus().length > 1 && fs.existsSync('/usr/bin/taskset');
  const [cmd, ...rest] = useTaskset ? ['taskset', '-c', '0', serverNode, ...args] : [serverNode, ...args];
  return spawn(cmd!, rest, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

export async function waitFor(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

export interface LoadResult {
  rps: number;
  requests: number;
  /** The server's CPU time per request (µs), when the caller measured it (cpuSeconds). */
  cpuUs?: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * The load generator of bench:api: wrk (C), so that the generator is not the bottleneck as a JavaScript one on
 * one core is. Debian and Ubuntu: `sudo apt-get install wrk`; macOS: `brew install wrk`.
 */
export function requireWrk() {
  const found = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (found.error) throw new Error('bench:api needs wrk on the PATH: sudo apt-get install wrk (or brew install wrk)');
}

/** One wrk run of `connections` connections on one thread; `paths` rotate request by request. */
export async function load(
  baseUrl: string,
  paths: string[],
  seconds: number,
  connections = 50,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const script = path.join(os.tmpdir(), `safarnama-wrk-${process.pid}.lua`);
  fs.writeFileSync(
    script,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(', ')}}
local i = 0
request = function()
  i = i + 1
  return wrk.format(nil, paths[(i % #paths) + 1])
end
`,
  );
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', [...args, baseUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`))));
  });
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  /** wrk prints latencies as 1.23ms, 456.78us or 1.02s. */
  const latency = (pct: string) => {
    const m = new RegExp(`^\\s*${pct}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
    if (!m) return 0;
    const scale = { us: 0.001, ms: 1, s: 1000 }[m[2] as 'us' | 'ms' | 's'];
    return Number(m[1]) * scale;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    requests: num(/(\d+) requests in/),
    p50: latency('50'),
    p99: latency('99'),
    errors:
      num(/Non-2xx or 3xx responses: (\d+)/) +
      (socketErrors ? socketErrors.slice(1).reduce((a, n) => a + Number(n), 0) : 0),
  };
}

/**
 * A process's CPU seconds so far (user + system, from /proc; Linux), or NaN. CPU time per request is the figure a
 * shared machine disturbs least: another process's burst takes wall time from a run, not CPU time.
 */
export function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The machine, and the Node that ran what was measured (the servers' for a part that starts them). */
export function machine(nodeVersion = process.version) {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${nodeVersion}, ${os.platform()} ${os.release()}`;
}

/** Saves one part's figures and markdown; bench/report.ts assembles docs/performance.md from them. */
export function saveResult(part: string, data: unknown, markdown: string, nodeVersion?: string) {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, `${part}.json`),
    JSON.stringify({ date: new Date().toISOString(), machine: machine(nodeVersion), data }, null, 2),
  );
  fs.writeFileSync(path.join(resultsDir, `${part}.md`), markdown);
}

export function requireBuild() {
  if (
    !fs.existsSync(path.join(root, 'apps/api/dist/server.js')) ||
    !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))
  ) {
    throw new Error('Build first: npm run build');
  }
}

export const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `safarnama-bench-${name}-`));
