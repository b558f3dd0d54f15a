// Issue 8, item 9, decisions §8: kill -9 of the built server during a stream of acknowledged public inquiries
// loses none of them (SQLite: integrity_check ok too); on PostgreSQL the same, and also when PostgreSQL
// itself is stopped with `-m immediate` mid-stream. PostgreSQL runs as a throwaway cluster of this test.
import crypto from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from '../../db/sqlite-driver';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../db/connection';
import { recordFigures } from '../security/security-kit';
import {
  buildServerBundle,
  findPostgresBin,
  spawnServer,
  startThrowawayPostgres,
  streamEmail,
  streamInquiries,
  waitFor,
  type SpawnedServer,
  type ThrowawayPostgres,
  type WriteStream,
} from './reliability-kit';

const JWT_SECRET = 'durability-test-secret-0123456789abcdef';
/** Acknowledged writes to collect before pulling the plug (the stream is 8 clients wide). */
const ACKS_BEFORE_CRASH = 150;
const CRASH_CYCLES = 2;

let bundle: ReturnType<typeof buildServerBundle>;
beforeAll(() => {
  bundle = buildServerBundle();
}, 120_000);
afterAll(() => bundle?.remove());

interface Tally {
  acknowledged: number;
  lost: number;
  unacknowledged: number;
}

/**
 * Runs `cycles` rounds of: start the server, stream writes, kill -9 once enough are acknowledged.
 * Answers every acknowledged e-mail.
 */
async function crashCycles(env: Record<string, string>, tag: string, cycles: number) {
  const acked: string[] = [];
  let unacknowledged = 0;
  for (let cycle = 0; cycle < cycles; cycle++) {
    const server = await spawnServer(bundle.dir, env);
    let stream: WriteStream | undefined;
    try {
      await server.ready();
      const writes = (stream = streamInquiries(() => server.url, `${tag}${cycle}`));
      const reached = await waitFor(() => writes.acknowledged.size >= ACKS_BEFORE_CRASH, 60_000);
      expect(
        reached,
        `only ${writes.acknowledged.size} acknowledged: ${[...writes.statuses].join(' ')}\n${server.output()}`,
      ).toBe(true);
    } finally {
      // Also on failure: no server or client loop outlives the test.
      await server.crash();
      await stream?.stop();
    }
    for (const n of stream!.acknowledged) acked.push(streamEmail(`${tag}${cycle}`, n));
    unacknowledged += stream!.unacknowledged;
  }
  return { acked, unacknowledged };
}

describe('durability on sqlite: kill -9 mid-stream', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-durability-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('loses no acknowledged inquiry and passes integrity_check after each crash', async () => {
    const env = { DATA_DIR: dataDir, JWT_SECRET };
    const { acked, unacknowledged } = await crashCycles(env, 's', CRASH_CYCLES);

    // A restart must come up on the crashed files (WAL recovery) and serve.
    const server = await spawnServer(bundle.dir, env);
    try {
      await server.ready();
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const db = new SQLite(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set(
        (db.prepare('select customer_email from inquiries').all() as { customer_email: string }[]).map(
          (r) => r.customer_email,
        ),
      );
      const lost = acked.filter((e) => !stored.has(e));
      const tally: Tally = { acknowledged: acked.length, lost: lost.length, unacknowledged };
      recordFigures('durability', 'sqlite', { ...tally, crashes: CRASH_CYCLES, integrityCheck: 'ok' });
      expect(lost, `${lost.length} acknowledged inquiries lost`).toEqual([]);
      expect(acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_CRASH * CRASH_CYCLES);
    } finally {
      db.close();
    }
  }, 180_000);

  it('on SIGTERM finishes a request in flight, answers no 5xx, keeps every acknowledged inquiry and exits 0', async () => {
    const env = { DATA_DIR: dataDir, JWT_SECRET };
    const server = await spawnServer(bundle.dir, env);
    let stream: WriteStream | undefined;
    let code: number | null;
    let inFlight: Promise<{ status: number; body: string; connection?: string }> | undefined;
    try {
      await server.ready();
      const writes = (stream = streamInquiries(() => server.url, 'term'));
      expect(await waitFor(() => writes.acknowledged.size >= 100, 60_000)).toBe(true);
      // A request whose body is still arriving when the signal comes: the server has it in hand and must answer.
      const body = JSON.stringify({
        name: 'Arriving Late',
        email: streamEmail('term', 0),
        whatsappNumber: '+91 98765 43210',
        location: 'Goa',
        noOfAdults: 2,
        budget: 40000,
      });
      const { url } = server;
      // `Expect: 100-continue` makes the server say when it has parsed the headers and begun the request, so the
      // signal is sent only once the request is in hand — a fixed wait here let a busy machine's server see SIGTERM
      // first and answer 503.
      let inHand!: () => void;
      const headersParsed = new Promise<void>((resolve) => (inHand = resolve));
      let finishBody!: () => void;
      inFlight = new Promise((resolve, reject) => {
        const req = http.request(`${url}/api/inquiries/createPublic`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            expect: '100-continue',
          },
        });
        req.on('error', reject);
        req.on('continue', () => {
          req.write(body.slice(0, 20));
          finishBody = () => req.end(body.slice(20));
          inHand();
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
        });
        req.flushHeaders();
      });
      await headersParsed;
      const stopped = server.stop();
      // The rest of the body arrives while the server is draining.
      setTimeout(() => finishBody(), 500);
      const answer = await inFlight;
      expect(answer.status, answer.body).toBe(201);
      expect(answer.connection).toBe('close');
      code = await stopped;
    } finally {
      await server.crash();
      await stream?.stop();
    }
    expect(code, server.output()).toBe(0);
    // Refused connections after the listener closed are expected, and so is Fastify's 503 to a request written on a
    // keep-alive connection as the close began (counted apart: it never ran); any other 5xx would be a request cut
    // short.
    const serverErrors = [...stream!.statuses].filter(([status]) => /^5\d\d$/.test(status));
    expect(serverErrors, [...stream!.statuses].join(' ')).toEqual([]);

    const db = new SQLite(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      const stored = new Set(
        (
          db.prepare(`select customer_email from inquiries where customer_email like 'durability-term%'`).all() as {
            customer_email: string;
          }[]
        ).map((r) => r.customer_email),
      );
      const lost = [0, ...stream!.acknowledged].map((n) => streamEmail('term', n)).filter((e) => !stored.has(e));
      recordFigures('durability', 'sqlite', {
        sigtermInFlight: 'answered 201, Connection: close',
        sigtermAcknowledged: stream!.acknowledged.size + 1,
        sigtermLost: lost.length,
        sigtermExitCode: code ?? 'none',
      });
      expect(lost).toEqual([]);
    } finally {
      db.close();
    }
  }, 120_000);
});

const pgBin = findPostgresBin();
if (!pgBin) {
  console.warn(
    '\n!!! initdb/pg_ctl not found (set PG_BIN): the PostgreSQL durability and outage tests are SKIPPED !!!\n',
  );
}

describe.skipIf(!pgBin)('durability and outage on postgres (a throwaway cluster)', () => {
  let cluster: ThrowawayPostgres;
  let databaseUrl: string;
  let server: SpawnedServer | undefined;
  let stream: WriteStream | undefined;

  beforeAll(async () => {
    cluster = await startThrowawayPostgres(pgBin!);
    const dbName = `safarnama_durability_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    databaseUrl = cluster.url.replace(/\/postgres$/, `/${dbName}`);
  }, 120_000);
  afterAll(async () => {
    await stream?.stop();
    await server?.stop();
    cluster?.destroy();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const storedEmails = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ customer_email: string }>('select customer_email from inquiries');
      return new Set(rows.map((r) => r.customer_email));
    } finally {
      await client.end();
    }
  };

  const dataDirs: string[] = [];
  const env = () => {
    dataDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-durability-pg-')));
    return { DATA_DIR: dataDirs.at(-1)!, DATABASE_URL: databaseUrl, JWT_SECRET };
  };

  it('loses no acknowledged inquiry when the server is killed with -9', async () => {
    const { acked, unacknowledged } = await crashCycles(env(), 'p', CRASH_CYCLES);
    const stored = await storedEmails();
    const lost = acked.filter((e) => !stored.has(e));
    recordFigures('durability', 'postgres', {
      acknowledged: acked.length,
      lost: lost.length,
      unacknowledged,
      crashes: CRASH_CYCLES,
    });
    expect(lost).toEqual([]);
  }, 180_000);

  it('loses no acknowledged inquiry when PostgreSQL stops with -m immediate, answers 503 meanwhile and recovers by itself', async () => {
    server = await spawnServer(bundle.dir, env());
    await server.ready();
    const url = server.url;
    stream = streamInquiries(() => url, 'pgcrash');
    const writes = stream;
    expect(await waitFor(() => writes.acknowledged.size >= ACKS_BEFORE_CRASH, 60_000)).toBe(true);
    const ackedBeforeStop = new Set(writes.acknowledged);

    cluster.crash();
    // While the database is down: the process stays up and answers fast, with 503 and a message.
    const outage = { readyz: 0, api: 0, slowest: 0 };
    for (let i = 0; i < 5; i++) {
      for (const [kind, path_, init] of [
        ['readyz', '/readyz', {}],
        ['api', '/api/packages', {}],
      ] as const) {
        const started = Date.now();
        const res = await fetch(`${url}${path_}`, { ...init, signal: AbortSignal.timeout(10_000) }).catch(
          (err: unknown) => {
            throw new Error(
              `${path_} failed during the outage (${String(err)}); server alive: ${server!.child.exitCode === null}\n${server!.output()}`,
            );
          },
        );
        outage.slowest = Math.max(outage.slowest, Date.now() - started);
        expect(res.status, `${path_} during the outage`).toBe(503);
        const body = (await res.json()) as { message?: string };
        expect(body.message).toMatch(/temporarily unavailable/);
        outage[kind]++;
      }
    }
    expect(outage.slowest, 'answers during the outage must not hang').toBeLessThan(5000);
    expect(server.child.exitCode).toBeNull();

    cluster.start();
    const recovered = await waitFor(async () => {
      try {
        return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(3000) })).status === 200;
      } catch {
        return false;
      }
    }, 30_000);
    expect(recovered, 'readyz after PostgreSQL came back').toBe(true);
    // Writes flow again without a restart.
    const before = writes.acknowledged.size;
    expect(await waitFor(() => writes.acknowledged.size >= before + 50, 30_000)).toBe(true);
    await writes.stop();
    stream = undefined;
    const code = await server.stop();
    expect(code, server.output()).toBe(0);
    server = undefined;

    const stored = await storedEmails();
    const acked = [...writes.acknowledged].map((n) => streamEmail('pgcrash', n));
    const lost = acked.filter((e) => !stored.has(e));
    recordFigures('durability', 'postgres', {
      pgImmediateStopAcknowledged: acked.length,
      pgImmediateStopAckedBeforeStop: ackedBeforeStop.size,
      pgImmediateStopLost: lost.length,
      pgImmediateStopUnacknowledged: writes.unacknowledged,
      outageAnswers503: outage.readyz + outage.api,
      outageSlowestMs: outage.slowest,
    });
    expect(lost).toEqual([]);
  }, 180_000);
});
