// Kit of the reliability suite: the built server in a child process (so kill -9 is a real crash), a
// throwaway PostgreSQL cluster of its own (stopping the shared one would break other suites), and a
// stream of acknowledged public inquiries.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Bundles the server and CLIs with the project's tsup config into a private folder under
 * apps/api/.reliability (node_modules still resolve from there). A private folder, because `npm run build`
 * by anyone else cleans apps/api/dist under a running test's feet.
 */
export function buildServerBundle(): { dir: string; remove(): void } {
  const dir = path.join(apiDir, '.reliability', `build-${process.pid}-${crypto.randomBytes(3).toString('hex')}`);
  const result = spawnSync('npx', ['tsup', '--out-dir', dir, '--silent'], { cwd: apiDir, encoding: 'utf8' });
  if (result.status !== 0 || !fs.existsSync(path.join(dir, 'server.js'))) {
    throw new Error(`building the server failed:\n${result.stdout}\n${result.stderr}`);
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves when /healthz answers; rejects if the process exits or `timeoutMs` passes. */
  ready(timeoutMs?: number): Promise<void>;
  /** kill -9: no shutdown hook, no flush, no goodbye. */
  crash(): Promise<void>;
  /** SIGTERM and wait for the graceful exit. */
  stop(): Promise<number | null>;
}

/** Starts `<bundle>/server.js` with `env` on a free port. */
export async function spawnServer(bundleDir: string, env: Record<string, string>): Promise<SpawnedServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(bundleDir, 'server.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      API_DOCS: 'false',
      RATE_LIMIT_FACTOR: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  return {
    child,
    url,
    output: () => out,
    async ready(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${out}`);
        }
        try {
          const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
          if (res.ok) return;
        } catch {
          // not listening yet
        }
        await sleep(50);
      }
      throw new Error(`server not ready after ${timeoutMs} ms:\n${out}`);
    },
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
  };
}

// ---------- a throwaway PostgreSQL cluster ----------

const PG_BIN_CANDIDATES = [
  process.env.PG_BIN,
  '/usr/lib/postgresql/17/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/15/bin',
];

/** Where initdb and pg_ctl live, or undefined (the PostgreSQL parts then skip, loudly). */
export function findPostgresBin(): string | undefined {
  return PG_BIN_CANDIDATES.find(
    (dir): dir is string => !!dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
  );
}

export interface ThrowawayPostgres {
  url: string;
  port: number;
  /** `pg_ctl stop -m immediate`: the server processes are killed, no checkpoint (a crash for the data). */
  crash(): void;
  start(): void;
  destroy(): void;
}

/**
 * initdb + pg_ctl start on a temp folder and a free port. initdb refuses to run as root, so under root
 * the commands run as the `postgres` user (runuser) and the folder is handed to it.
 */
export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const port = await freePort();
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-pg-'));
  const dataDir = path.join(base, 'data');
  const isRoot = process.getuid?.() === 0;
  if (isRoot) spawnSync('chown', ['postgres:postgres', base]);
  const run = (tool: string, args: string[]) => {
    const [cmd, full] = isRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    const result = spawnSync(cmd, full, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  };
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(base, 'server.log'),
      '-o',
      `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=on -c synchronous_commit=on`,
      '-w',
      '-t',
      '30',
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    crash: () => run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

// ---------- a stream of acknowledged writes ----------

export interface WriteStream {
  /** Sequence numbers the server acknowledged (2xx). */
  acknowledged: Set<number>;
  /** Requests that got no 2xx (refused, 503, connection dropped): not promised, so not counted as lost. */
  unacknowledged: number;
  /** Statuses seen, with counts ('503 while closing' for Fastify's refusal of a request reaching a closing server). */
  statuses: Map<string, number>;
  stop(): Promise<void>;
}

/**
 * What Fastify answers a request that reaches a closing server (return503OnClosing) without running it: a request
 * written on a keep-alive connection just as the close began, before its client read `Connection: close`.
 */
const CLOSING_ANSWER = '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}';

/** The e-mail each inquiry of a stream carries, so it can be found after the crash whatever the response holds. */
export const streamEmail = (tag: string, seq: number) => `durability-${tag}-${seq}@example.com`;

/** `concurrency` clients each POSTing createPublic back to back until stop(). */
export function streamInquiries(baseUrl: () => string, tag: string, concurrency = 8): WriteStream {
  const acknowledged = new Set<number>();
  const statuses = new Map<string, number>();
  let seq = 0;
  let unacknowledged = 0;
  let running = true;
  const note = (s: string) => statuses.set(s, (statuses.get(s) ?? 0) + 1);
  const worker = async () => {
    while (running) {
      const n = ++seq;
      try {
        const res = await fetch(`${baseUrl()}/api/inquiries/createPublic`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Durable ${n}`,
            email: streamEmail(tag, n),
            whatsappNumber: '+91 98765 43210',
            location: 'Goa',
            noOfAdults: 2,
            budget: 40000,
            extraInfo: `stream ${tag} #${n}`,
          }),
          signal: AbortSignal.timeout(10_000),
        });
        const text = await res.text();
        note(res.status === 503 && text === CLOSING_ANSWER ? '503 while closing' : String(res.status));
        if (res.ok) acknowledged.add(n);
        else unacknowledged++;
      } catch (err) {
        unacknowledged++;
        note((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name);
        // The server is down: do not spin.
        await sleep(20);
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    acknowledged,
    get unacknowledged() {
      return unacknowledged;
    },
    statuses,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** Waits until `check` is true, polling every `everyMs`; false when `timeoutMs` passes. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 25) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return false;
}
