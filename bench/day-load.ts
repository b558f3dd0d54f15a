// bench:day's load generator: open loop at constant rates. Each stream sends its calls on a fixed schedule (call
// i at start + i / rate) whether or not earlier ones have answered, over as many keep-alive connections as it
// takes, and a call's latency counts from the moment it was due, not from when a free connection sent it: a
// server that stalls is charged for every call that waited behind the stall (no coordinated omission).
//
// Why not wrk: wrk is closed-loop (a connection sends its next request only after the answer), its Lua state is
// per thread rather than per connection, so response() cannot tell which kind of request an answer belongs to
// (per-call-type percentiles are the point here), and its Lua has no wall clock to pace a constant rate by;
// wrk2 (which fixes pacing) is not packaged. Node's http client on a core of its own sends a few thousand
// requests a second, far above what one server core answers for this mix, so it is not the bottleneck.
import http from 'node:http';

export interface Call {
  /** The call type the tables report it under. */
  type: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Answers that are not failures (for example 404 on a DELETE racing another); 2xx and 3xx always are. */
  accept?: readonly number[];
  /** Runs with the answer's status and body (for calls whose next step needs the answer). */
  then?: (status: number, body: string) => void;
}

export interface Stream {
  /** Calls a second. */
  rate: number;
  next: () => Call;
}

export interface CallSamples {
  latencies: number[];
  errors: number;
  /** A few failures, for the log. */
  examples: string[];
}

export type Samples = Record<string, CallSamples>;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
const TIMEOUT_MS = 30_000;

function record(samples: Samples, type: string, latency: number, failure?: string) {
  const s = (samples[type] ??= { latencies: [], errors: 0, examples: [] });
  if (failure === undefined) s.latencies.push(latency);
  else {
    s.errors++;
    if (s.examples.length < 3) s.examples.push(failure);
  }
}

/** Sends one call; records its latency from `due` (performance.now() time) or its failure. */
export function send(base: URL, call: Call, due: number, samples: Samples): Promise<void> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...call.headers };
    if (call.body !== undefined) headers['content-length'] = Buffer.byteLength(call.body);
    const req = http.request(
      { host: base.hostname, port: base.port, method: call.method, path: call.path, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const latency = performance.now() - due;
          const status = res.statusCode ?? 0;
          const body = Buffer.concat(chunks).toString('utf8');
          const ok = (status >= 200 && status < 400) || (call.accept ?? []).includes(status);
          record(
            samples,
            call.type,
            latency,
            ok ? undefined : `${status} ${call.method} ${call.path} ${body.slice(0, 120)}`,
          );
          if (ok) call.then?.(status, body);
          resolve();
        });
        res.on('error', (err) => {
          record(samples, call.type, 0, `${call.path}: ${err.message}`);
          resolve();
        });
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (err) => {
      record(samples, call.type, 0, `${call.method} ${call.path}: ${err.message}`);
      resolve();
    });
    req.end(call.body);
  });
}

/**
 * Runs the streams for `seconds` on their schedules and waits for the calls still out; answers each call type's
 * samples and how late the generator sent each call (ms after it was due). `onTick` runs about once a second (for sampling the server).
 */
export async function runOpenLoop(
  base: URL,
  streams: readonly Stream[],
  seconds: number,
  onTick?: (elapsedSeconds: number) => void,
): Promise<{ samples: Samples; lateness: number[] }> {
  const samples: Samples = {};
  const lateness: number[] = [];
  const pending = new Set<Promise<void>>();
  const sent = streams.map(() => 0);
  const start = performance.now();
  let lastTick = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      const elapsed = Math.min(now - start, seconds * 1000);
      streams.forEach((stream, i) => {
        // Call n is due at start + n / rate (call 0 at once); the run holds ⌈rate × seconds⌉ of them.
        const due = Math.min(Math.floor((stream.rate * elapsed) / 1000) + 1, Math.ceil(stream.rate * seconds));
        while (sent[i]! < due) {
          const at = start + (sent[i]! * 1000) / stream.rate;
          sent[i]!++;
          // How late the generator itself sent it: on a busy machine this process waits for its core too, and
          // that wait is in the latencies; reported so that a reader can tell it from the server's.
          lateness.push(performance.now() - at);
          const p = send(base, stream.next(), at, samples).then(() => void pending.delete(p));
          pending.add(p);
        }
      });
      if (onTick && now - start - lastTick >= 1000) {
        lastTick = now - start;
        onTick(lastTick / 1000);
      }
      // A timer rather than setImmediate: a millisecond's pacing is enough, and the core stays free for answers.
      if (now - start < seconds * 1000) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(pending);
  return { samples, lateness };
}

/**
 * A smooth weighted round robin over call makers (nginx's): each kind comes up in proportion to its weight, spread
 * evenly rather than in runs, and the same sequence every run.
 */
export function weightedMix(kinds: readonly { weight: number; next: () => Call }[]): () => Call {
  const total = kinds.reduce((a, k) => a + k.weight, 0);
  const current = kinds.map(() => 0);
  return () => {
    let best = 0;
    kinds.forEach((k, i) => {
      current[i]! += k.weight;
      if (current[i]! > current[best]!) best = i;
    });
    current[best]! -= total;
    return kinds[best]!.next();
  };
}
