// Shared benchmark plumbing: start pinned servers, wait for them, run autocannon, take medians, write results.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const resultsDir = path.join(root, 'bench/results');

/** Servers go on core 0; the load generator (this process, started under `taskset -c 1`) on core 1. */
export function startPinned(args: string[], env: Record<string, string>): ChildProcess {
  const useTaskset = os.cpus().length > 1 && fs.existsSync('/usr/bin/taskset');
  const [cmd, ...rest] = useTaskset ? ['taskset', '-c', '0', process.execPath, ...args] : [process.execPath, ...args];
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
  p50: number;
  p99: number;
  errors: number;
}

/** One autocannon run; `paths` rotate request by request. */
export async function load(
  baseUrl: string,
  paths: string[],
  seconds: number,
  connections = 50,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  let i = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers,
    requests: [
      {
        setupRequest: (req) => {
          req.path = paths[i++ % paths.length]!;
          return req;
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** Saves one part's figures and markdown; bench/report.ts assembles docs/performance.md from them. */
export function saveResult(part: string, data: unknown, markdown: string) {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, `${part}.json`),
    JSON.stringify({ date: new Date().toISOString(), machine: machine(), data }, null, 2),
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
