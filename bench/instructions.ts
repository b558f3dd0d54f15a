// User-space instructions a request, counted by valgrind's callgrind: an overhead figure that moves about 1% run to
// run where wrk's throughput ratios move far more on a shared or throttled machine (bench:api reports both).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { root, serverNode, stop } from './lib';

const WARM_UP = 4000;
const COUNTED = 4000;
const CONNECTIONS = 20;

export const hasValgrind = () => !spawnSync('valgrind', ['--version']).error;

/** `count` GETs of `url` over `CONNECTIONS` keep-alive connections; rejects on the first failure. */
async function requests(port: number, url: string, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let sent = 0;
  let done = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const next = () => {
        if (sent === count) return;
        sent++;
        http
          .get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
            if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
            res.resume();
            res.on('end', () => (++done === count ? resolve() : next()));
          })
          .on('error', reject);
      };
      for (let i = 0; i < CONNECTIONS; i++) next();
    });
  } finally {
    agent.destroy();
  }
}

async function answers(port: number, url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const up = await requests(port, url, 1).then(
      () => true,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`port ${port} did not answer under valgrind`);
}

/**
 * Starts `args` under callgrind on core 0, sends WARM_UP requests (V8 compiles the hot path), zeroes the counters,
 * sends COUNTED more and returns the instructions executed per counted request, in every thread of the process.
 */
export async function instructionsPerRequest(
  args: string[],
  env: Record<string, string>,
  port: number,
  url = '/healthz',
): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-callgrind-'));
  const out = path.join(dir, 'callgrind.out');
  const serverEnv = { ...process.env, ...env, PORT: String(port) };
  const child = spawn(
    'taskset',
    ['-c', '0', 'valgrind', '--tool=callgrind', `--callgrind-out-file=${out}`, serverNode, ...args],
    { cwd: root, env: serverEnv, stdio: 'ignore' },
  );
  // The same environment: valgrind names its command pipes after $USER and $HOST, which the server's HOST sets.
  const control = (command: string) => {
    const result = spawnSync('callgrind_control', [command, String(child.pid)], { encoding: 'utf8', env: serverEnv });
    if (result.status !== 0) throw new Error(`callgrind_control ${command} failed: ${result.stderr}`);
  };
  try {
    // Starting a server under valgrind is some fifty times slower than without it.
    await answers(port, url, 600_000);
    await requests(port, url, WARM_UP);
    control('-z');
    await requests(port, url, COUNTED);
    control('-d');
    const summary = await dumpedSummary(dir);
    return summary / COUNTED;
  } finally {
    await stop(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The instruction total of the dump `callgrind_control -d` asked for (`callgrind.out.1`), once it is written. */
async function dumpedSummary(dir: string): Promise<number> {
  const dump = path.join(dir, 'callgrind.out.1');
  for (let waited = 0; waited < 60_000; waited += 500) {
    const summary = fs.existsSync(dump) && /^summary: (\d+)/m.exec(fs.readFileSync(dump, 'utf8'));
    if (summary) return Number(summary[1]);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`callgrind wrote no summary: ${fs.readdirSync(dir).join(', ')}`);
}
